import Foundation

extension Row {
    /// The row as a `Decodable` record whose coding keys are column names: each property is
    /// read by name, with the same lenient reading as the typed getters (`int("x")`, `date("x")`…)
    /// and the mapping of ``EncodedRows`` in reverse (`[String]` and `[Bool]` from a JSON array,
    /// an id from a bigint, uuid or text column (``readID(_:)``, the text kept exactly), other
    /// types through their own single-value decoding: `LocalDate` from its text).
    ///
    /// A missing column throws `.decoding` even for an optional property (a reader must select
    /// every column of the record; extra columns, a join's `display_name`, are ignored); NULL is
    /// nil for an optional and throws otherwise. Errors name the column, never its content.
    public func decode<Record: Decodable>(_ type: Record.Type = Record.self) throws -> Record {
        try Record(from: RowDecoding(row: self))
    }

    /// The column's value as `T` (see ``decode(_:)``); throws `.decoding` for NULL, a missing
    /// column or an unreadable value.
    public func value<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T {
        try decodeColumn(T.self, column)
    }

    /// The column's value as `T`, or nil for NULL; throws for a missing column or an unreadable value.
    public func optionalValue<T: Decodable>(_ column: String, as type: T.Type = T.self) throws -> T? {
        try value(named: column).isNull ? nil : decodeColumn(T.self, column)
    }

    func decodeColumn<T: Decodable>(_ type: T.Type, _ column: String) throws -> T {
        let value = try value(named: column)
        switch type {
        case is SQLValue.Type: return value as! T
        case let columnType as any SQLColumnValue.Type:
            return try require(value, "'\(column)'", as: "an id", { columnType.fromSQLColumn($0) }) as! T
        case is Date.Type: return try require(value, "'\(column)'", as: "a timestamp", { $0.date }) as! T
        case is [String].Type:
            return try require(value, "'\(column)'", as: "a JSON array of strings", { $0.tags }) as! T
        case is [Bool].Type:
            return try require(value, "'\(column)'", as: "a JSON array of booleans", { $0.json.flatMap(Self.booleans) })
                as! T
        default:
            if value.isNull { throw DatabaseError(.decoding, "column '\(column)' is NULL, expected \(T.self)") }
            return try T(from: ColumnDecoding(row: self, column: column, value: value))
        }
    }

    /// `[true,false]` (the form `JSONText.booleans` writes, any spacing; SQLite's JSON functions
    /// write `1` and `0`); nil for anything else.
    static func booleans(_ json: String) -> [Bool]? {
        let inner = json.trimmingCharacters(in: .whitespacesAndNewlines)
        guard inner.hasPrefix("["), inner.hasSuffix("]") else { return nil }
        let body = inner.dropFirst().dropLast().trimmingCharacters(in: .whitespacesAndNewlines)
        if body.isEmpty { return [] }
        var flags: [Bool] = []
        for item in body.split(separator: ",", omittingEmptySubsequences: false) {
            switch item.trimmingCharacters(in: .whitespacesAndNewlines) {
            case "true", "1": flags.append(true)
            case "false", "0": flags.append(false)
            default: return nil
            }
        }
        return flags
    }
}

/// Decodes a record from one row, a property per column.
private struct RowDecoding: Decoder {
    let row: Row
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowColumns<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(.decoding, "a row decodes as keyed columns, not as a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DatabaseError(.decoding, "a row decodes as keyed columns, not as a single value")
    }
}

/// The columns of a row by name. Every `decodeIfPresent` requires the column (nil only for NULL).
private struct RowColumns<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { row.columnNames.compactMap(Key.init(stringValue:)) }

    func contains(_ key: Key) -> Bool { row.hasColumn(key.stringValue) }
    func decodeNil(forKey key: Key) throws -> Bool { try row.value(named: key.stringValue).isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try row.bool(key.stringValue) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try row.string(key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try row.double(key.stringValue) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try row.double(key.stringValue)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try row.int(key.stringValue) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try row.int64(key.stringValue) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try row.decodeColumn(T.self, key.stringValue)
    }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        let value = try row.int64(key.stringValue)
        guard let exact = T(exactly: value) else {
            throw DatabaseError(.decoding, "column '\(key.stringValue)' holds an integer out of range for \(T.self)")
        }
        return exact
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { try optional(type, key) }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try decodeNil(forKey: key) ? nil : decode(T.self, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DatabaseError(.decoding, "column '\(key.stringValue)' holds one value, not keys")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(.decoding, "column '\(key.stringValue)' holds one value, not a list")
    }

    func superDecoder() throws -> any Decoder { RowDecoding(row: row) }
    func superDecoder(forKey key: Key) throws -> any Decoder { RowDecoding(row: row) }
}

/// One column's value, for a type that decodes itself from a single value (a raw-value enum,
/// an id, `LocalDate`).
private struct ColumnDecoding: Decoder, SingleValueDecodingContainer {
    let row: Row
    let column: String
    let value: SQLValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw DatabaseError(.decoding, "column '\(column)' holds one value, not keys")
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DatabaseError(.decoding, "column '\(column)' holds one value, not a list")
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    private func read<T>(_ expected: String, _ accessor: (SQLValue) -> T?) throws -> T {
        try row.require(value, "'\(column)'", as: expected, accessor)
    }
    private func integer<T: FixedWidthInteger>() throws -> T {
        try read("an integer that fits \(T.self)", { $0.int64.flatMap { T(exactly: $0) } })
    }

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try read("a boolean", { $0.bool }) }
    func decode(_ type: String.Type) throws -> String { try read("text", { $0.string }) }
    func decode(_ type: Double.Type) throws -> Double { try read("a double", { $0.double }) }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try row.decodeColumn(T.self, column) }
}
