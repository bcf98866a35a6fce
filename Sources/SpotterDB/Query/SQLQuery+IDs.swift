public import SpotterIDs
import SpotterJSON

/// The product's ids in statements. An id is bound as text with no declared type: PostgreSQL
/// infers the type of the column it meets (bigint, uuid or text), so `u.id = $1` and
/// `u.id = ANY($1)` still use the index on a bigint or uuid key. SQLite converts the text to an
/// integer when it meets an INTEGER column (type affinity).
extension SQLQuery.StringInterpolation {
    /// A placeholder bound to an id (untyped text).
    public mutating func appendInterpolation<Entity>(id value: EntityID<Entity>) {
        pieces.append(.bind(SQLValue(value)))
    }

    /// A placeholder bound to an id, or NULL.
    public mutating func appendInterpolation<Entity>(id value: EntityID<Entity>?) {
        pieces.append(.bind(value.map(SQLValue.init) ?? .null))
    }

    /// "is one of `ids`", after a column of any id type: `= ANY($n)` with an untyped array
    /// literal on PostgreSQL (the array takes the column's type), `IN (SELECT value FROM
    /// json_each($n))` on SQLite; one bind either way.
    public mutating func appendInterpolation<Entity>(oneOf ids: [EntityID<Entity>]) {
        pieces.append(.oneOfIDs(ids.map(EntityID<UntypedEntity>.init)))
    }
}

/// The tag of an id list inside a statement, whatever its ids name: SQL sees only the values.
public enum UntypedEntity: IDEntity {
    /// "id".
    public static var noun: String { "id" }
}

extension SQLValue {
    /// An id as untyped text (see ``SQLQuery/StringInterpolation/appendInterpolation(id:)``).
    public init<Entity>(_ id: EntityID<Entity>) {
        self = .text(id.text)
    }
}

/// Id lists spelled for each backend.
public enum IDLists {
    /// `{"42","3f1c…"}`: every element quoted, `"` and `\` escaped.
    public static func postgresArray<Entity>(_ ids: [EntityID<Entity>]) -> String {
        var text = "{"
        for (index, id) in ids.enumerated() {
            if index > 0 { text += "," }
            if let integer = id.integer {
                text += String(integer)
                continue
            }
            text += "\""
            for character in id.text {
                if character == "\"" || character == "\\" { text += "\\" }
                text.append(character)
            }
            text += "\""
        }
        return text + "}"
    }

    /// `["42","3f1c…"]`: every id a JSON string. A string meets an INTEGER column (an input's
    /// bigint key, or a result table's id over one: `Migrator.followKeyAffinities`) as the
    /// integer, by the column's affinity, and a TEXT column as itself; a JSON number would never equal the text '42'
    /// inside `IN (SELECT value FROM json_each(…))`, which applies no affinity to a TEXT column.
    public static func jsonArray<Entity>(_ ids: [EntityID<Entity>]) -> String {
        var text = "["
        for (index, id) in ids.enumerated() {
            if index > 0 { text += "," }
            if let integer = id.integer {
                text += "\""
                text += String(integer)
                text += "\""
            } else {
                text += JSONString.quoted(id.text)
            }
        }
        return text + "]"
    }

}

/// The key type of an input relation. `spotter.user_key` and the others are domains migrations
/// 022 and 024 create with the input relations' id types; the result tables' id columns are in
/// them (028), so a result id meets the product's id without a cast.
public enum InputKey: String, Sendable {
    case user = "user_key"
    case conversation = "conversation_key"
    case message = "message_key"
    case program = "program_key"
    case workout = "workout_key"
}
