public import Foundation

/// A bound parameter or a decoded column value.
///
/// The same value binds on both backends: PostgreSQL receives it in text format with an explicit
/// type where one matters (see each case); SQLite stores it in the storage class noted. Decoding
/// follows the column type on PostgreSQL and the storage class on SQLite, so a timestamp written
/// on SQLite reads back as `.text`; the lenient accessors (``date``, ``bool``, ``tags``…) and
/// ``Row``'s typed getters accept either representation.
public enum SQLValue: Sendable, Hashable {
    /// SQL NULL.
    case null
    /// Text. PostgreSQL: untyped (the server infers the type from context); SQLite: TEXT.
    case text(String)
    /// A 64-bit integer. PostgreSQL: `int8`; SQLite: INTEGER.
    case int(Int64)
    /// A double. PostgreSQL: `float8`; SQLite: REAL.
    case double(Double)
    /// A boolean. PostgreSQL: `bool`; SQLite: INTEGER 0 or 1.
    case bool(Bool)
    /// An instant. PostgreSQL: `timestamptz` (microsecond precision); SQLite: TEXT
    /// `YYYY-MM-DDTHH:MM:SS.ffffffZ` (UTC, fixed width, so it sorts lexically).
    case timestamp(Date)
    /// A JSON document as text. PostgreSQL: `jsonb`; SQLite: TEXT.
    case json(String)
    /// A set of tags. PostgreSQL: `text[]`; SQLite: TEXT holding a JSON array of strings.
    case tags([String])

    /// A PostgreSQL array literal (`{1,2,3}`) of integers, as `.text`; bind it as `$1::bigint[]`
    /// (for `= ANY($1::bigint[])`). SQLite has no arrays: use ``jsonArray(_:)`` with `json_each`.
    public static func int64Array(_ values: [Int64]) -> SQLValue {
        .text("{" + values.map(String.init).joined(separator: ",") + "}")
    }

    /// A JSON array of integers (`[1,2,3]`) as `.text`, for SQLite's `json_each($1)` (and
    /// PostgreSQL's `jsonb_array_elements_text($1::jsonb)`).
    public static func jsonArray(_ values: [Int64]) -> SQLValue {
        .text("[" + values.map(String.init).joined(separator: ",") + "]")
    }

    /// A short name of the value's kind, for error messages that must never show the content.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .text: "text"
        case .int: "int"
        case .double: "double"
        case .bool: "bool"
        case .timestamp: "timestamp"
        case .json: "json"
        case .tags: "tags"
        }
    }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A `.text` value.
    public init(stringLiteral value: String) {
        self = .text(value)
    }
}

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An `.int` value.
    public init(integerLiteral value: Int64) {
        self = .int(value)
    }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// `.null`.
    public init(nilLiteral: ()) {
        self = .null
    }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// A `.bool` value.
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A `.double` value.
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}
