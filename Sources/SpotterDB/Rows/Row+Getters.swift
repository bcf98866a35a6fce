public import Foundation

/// Typed getters. Each reads leniently (see ``SQLValue``'s accessors), so `date("x")`,
/// `bool("x")` and `tags("x")` work on either backend's representation. The required forms
/// throw `.decoding` for NULL, a missing column or an unreadable value; the `optional…` forms
/// return nil for NULL and throw for the rest. Errors name the column and the kind of value,
/// never its content.
///
/// Read by name (a whole result row: ``decode(_:)``). Only `int`, `int64` and `string` also
/// read by position, for statements whose columns have no name worth spelling (`PRAGMA`,
/// `EXPLAIN`, an anonymous `count(*)` in a test).
extension Row {
    func value(named column: String) throws -> SQLValue {
        guard let index = columns.index(of: column) else {
            throw DatabaseError(.decoding, "no column named '\(column)' in the result")
        }
        return values[index]
    }

    func value(at index: Int) throws -> SQLValue {
        guard values.indices.contains(index) else {
            throw DatabaseError(.decoding, "no column at index \(index); the result has \(values.count)")
        }
        return values[index]
    }

    func decode<T>(_ value: SQLValue, _ label: @autoclosure () -> String, as expected: String, _ read: (SQLValue) -> T?)
        throws -> T?
    {
        if value.isNull { return nil }
        guard let result = read(value) else {
            throw DatabaseError(.decoding, "column \(label()) holds \(value.kindName), expected \(expected)")
        }
        return result
    }

    func require<T>(
        _ value: SQLValue, _ label: @autoclosure () -> String, as expected: String, _ read: (SQLValue) -> T?
    )
        throws -> T
    {
        guard let result = try decode(value, label(), as: expected, read) else {
            throw DatabaseError(.decoding, "column \(label()) is NULL, expected \(expected)")
        }
        return result
    }

    /// The column's value as an integer; throws `.decoding` for NULL, a missing column or another kind.
    public func int(_ column: String) throws -> Int {
        try require(value(named: column), "'\(column)'", as: "an integer", { $0.int })
    }

    /// The column's value as an integer, or nil for NULL; throws for a missing column or another kind.
    public func optionalInt(_ column: String) throws -> Int? {
        try decode(value(named: column), "'\(column)'", as: "an integer", { $0.int })
    }

    /// The value at `index` as an integer; throws `.decoding` for NULL, a bad index or another kind.
    public func int(at index: Int) throws -> Int {
        try require(value(at: index), "\(index)", as: "an integer", { $0.int })
    }

    /// The column's value as a 64-bit integer; throws `.decoding` for NULL, a missing column or another kind.
    public func int64(_ column: String) throws -> Int64 {
        try require(value(named: column), "'\(column)'", as: "a 64-bit integer", { $0.int64 })
    }

    /// The column's value as a 64-bit integer, or nil for NULL; throws for a missing column or another kind.
    public func optionalInt64(_ column: String) throws -> Int64? {
        try decode(value(named: column), "'\(column)'", as: "a 64-bit integer", { $0.int64 })
    }

    /// The value at `index` as a 64-bit integer; throws `.decoding` for NULL, a bad index or another kind.
    public func int64(at index: Int) throws -> Int64 {
        try require(value(at: index), "\(index)", as: "a 64-bit integer", { $0.int64 })
    }

    /// The column's value as a double; throws `.decoding` for NULL, a missing column or another kind.
    public func double(_ column: String) throws -> Double {
        try require(value(named: column), "'\(column)'", as: "a double", { $0.double })
    }

    /// The column's value as a double, or nil for NULL; throws for a missing column or another kind.
    public func optionalDouble(_ column: String) throws -> Double? {
        try decode(value(named: column), "'\(column)'", as: "a double", { $0.double })
    }

    /// The column's value as a boolean; throws `.decoding` for NULL, a missing column or another kind.
    public func bool(_ column: String) throws -> Bool {
        try require(value(named: column), "'\(column)'", as: "a boolean", { $0.bool })
    }

    /// The column's value as a boolean, or nil for NULL; throws for a missing column or another kind.
    public func optionalBool(_ column: String) throws -> Bool? {
        try decode(value(named: column), "'\(column)'", as: "a boolean", { $0.bool })
    }

    /// The column's value as text; throws `.decoding` for NULL, a missing column or another kind.
    public func string(_ column: String) throws -> String {
        try require(value(named: column), "'\(column)'", as: "text", { $0.string })
    }

    /// The column's value as text, or nil for NULL; throws for a missing column or another kind.
    public func optionalString(_ column: String) throws -> String? {
        try decode(value(named: column), "'\(column)'", as: "text", { $0.string })
    }

    /// The value at `index` as text; throws `.decoding` for NULL, a bad index or another kind.
    public func string(at index: Int) throws -> String {
        try require(value(at: index), "\(index)", as: "text", { $0.string })
    }

    /// The column's value as a timestamp; throws `.decoding` for NULL, a missing column or another kind.
    public func date(_ column: String) throws -> Date {
        try require(value(named: column), "'\(column)'", as: "a timestamp", { $0.date })
    }

    /// The column's value as a timestamp, or nil for NULL; throws for a missing column or another kind.
    public func optionalDate(_ column: String) throws -> Date? {
        try decode(value(named: column), "'\(column)'", as: "a timestamp", { $0.date })
    }

    /// The column's value as tags; throws `.decoding` for NULL, a missing column or another kind.
    public func tags(_ column: String) throws -> [String] {
        try require(value(named: column), "'\(column)'", as: "tags", { $0.tags })
    }

    /// The column's value as tags, or nil for NULL; throws for a missing column or another kind.
    public func optionalTags(_ column: String) throws -> [String]? {
        try decode(value(named: column), "'\(column)'", as: "tags", { $0.tags })
    }

    /// The column's value as JSON text; throws `.decoding` for NULL, a missing column or another kind.
    public func json(_ column: String) throws -> String {
        try require(value(named: column), "'\(column)'", as: "JSON text", { $0.json })
    }

    /// The column's value as JSON text, or nil for NULL; throws for a missing column or another kind.
    public func optionalJSON(_ column: String) throws -> String? {
        try decode(value(named: column), "'\(column)'", as: "JSON text", { $0.json })
    }
}
