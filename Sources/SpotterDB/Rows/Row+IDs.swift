public import SpotterIDs

/// Ids read from a result: a bigint column decodes as an integer, a uuid or text column as text;
/// either becomes the same ``EntityID``. An empty id or one with a control character throws
/// `.decoding`, naming the column (never the value).
extension Row {
    /// The column's value as an id; throws `.decoding` for NULL, a missing column or an unusable id.
    public func id<Entity>(_ column: String, as type: EntityID<Entity>.Type = EntityID<Entity>.self) throws
        -> EntityID<Entity>
    {
        // Every loader reads an id per row: this is `require(…, Self.readID)` written out, so that
        // no `Optional<EntityID<Entity>>` metadata is instantiated per call in unspecialised code.
        let value = try value(named: column)
        switch value {
        case .int(let integer): return EntityID(integer)
        case .text(let text): if let id = try? EntityID<Entity>(text) { return id }
        case .null: throw DatabaseError(.decoding, "column '\(column)' is NULL, expected an id")
        default: break
        }
        throw DatabaseError(.decoding, "column '\(column)' holds \(value.kindName), expected an id")
    }

    /// The column's value as an id, or nil for NULL.
    public func optionalID<Entity>(_ column: String, as type: EntityID<Entity>.Type = EntityID<Entity>.self) throws
        -> EntityID<Entity>?
    {
        try decode(value(named: column), "'\(column)'", as: "an id", Self.readID)
    }

    static func readID<Entity>(_ value: SQLValue) -> EntityID<Entity>? {
        switch value {
        case .int(let integer): EntityID(integer)
        case .text(let text): try? EntityID(text)
        default: nil
        }
    }
}

/// A record property read from its SQL form rather than through its own `Codable` coding (see
/// ``Row/decode(_:)``; ``ColumnValue`` is the way back): an id is read from a bigint, uuid or text
/// column, keeping the text exactly ("042" stays "042"), never as EntityID's JSON form.
protocol SQLColumnValue {
    /// The value a column holds, or nil when it is not one.
    static func fromSQLColumn(_ value: SQLValue) -> Self?
}

extension EntityID: SQLColumnValue {
    static func fromSQLColumn(_ value: SQLValue) -> Self? { Row.readID(value) }
}
