public import Foundation
import SpotterCalendar

/// Lenient accessors: each returns nil for NULL or for a value that cannot be read as the asked
/// type, and accepts every representation either backend produces for it.
extension SQLValue {
    /// Whether the value is SQL NULL.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// Text as is; JSON text; numbers, booleans and timestamps (ISO 8601, UTC) formatted.
    /// Nil for NULL and tags.
    public var string: String? {
        switch self {
        case .text(let value), .json(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .bool(let value): value ? "true" : "false"
        case .timestamp(let value): TimestampFormat.format(value)
        case .null, .tags: nil
        }
    }

    /// An `Int` from an integer, an integral double, a boolean (0/1) or decimal text; nil when out of range.
    public var int: Int? {
        int64.flatMap { Int(exactly: $0) }
    }

    /// An `Int64` from an integer, an integral double, a boolean (0/1) or decimal text.
    public var int64: Int64? {
        switch self {
        case .int(let value): value
        case .double(let value): Int64(exactly: value)
        case .bool(let value): value ? 1 : 0
        case .text(let value): Int64(value.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// A `Double` from a double, an integer or numeric text.
    public var double: Double? {
        switch self {
        case .double(let value): value
        case .int(let value): Double(value)
        case .text(let value): Double(value.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    /// A `Bool` from a boolean, an integer (0 is false, anything else true) or text such as
    /// `t`/`f`, `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`.
    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .int(let value): return value != 0
        case .text(let value):
            switch value.trimmingCharacters(in: .whitespaces).lowercased() {
            case "t", "true", "1", "yes", "y", "on": return true
            case "f", "false", "0", "no", "n", "off": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A `Date` from a timestamp or ISO 8601 text in any common form (`T` or space separator,
    /// optional fraction, `Z` or a numeric offset, or a bare date meaning UTC midnight).
    public var date: Date? {
        switch self {
        case .timestamp(let value): value
        case .text(let value): TimestampFormat.parse(value)
        default: nil
        }
    }

    /// Tags from `.tags`, a JSON array of strings, or a PostgreSQL array literal (`{a,"b c"}`).
    public var tags: [String]? {
        switch self {
        case .tags(let value): return value
        case .text(let value), .json(let value):
            guard let first = value.utf8.first(where: { $0 != UInt8(ascii: " ") }) else { return nil }
            if first == UInt8(ascii: "[") {
                // JSON, or a PostgreSQL literal with dimension decoration (`[0:1]={a,b}`).
                return JSONStringArray.decode(value) ?? PostgresArrayLiteral.decode(value)
            }
            if first == UInt8(ascii: "{") { return PostgresArrayLiteral.decode(value) }
            return nil
        default: return nil
        }
    }

    /// JSON text from `.json` or `.text`; tags as a JSON array.
    public var json: String? {
        switch self {
        case .json(let value), .text(let value): value
        case .tags(let value): JSONStringArray.encode(value)
        default: nil
        }
    }
}
