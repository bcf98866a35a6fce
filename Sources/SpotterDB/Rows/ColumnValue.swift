public import Foundation
public import SpotterCalendar
public import SpotterIDs

/// A property's value as a result table's column holds it. ``EncodedRows`` maps a record's
/// properties through this (see its mapping), and a ``RowValues`` record lists its values with
/// it, so both ways of writing a row produce the same values by construction.
public protocol ColumnValue {
    /// The value as a column holds it.
    var columnValue: SQLValue { get }
}

extension String: ColumnValue {
    /// `.text`.
    public var columnValue: SQLValue { .text(self) }
}

extension Int: ColumnValue {
    /// `.int`.
    public var columnValue: SQLValue { .int(Int64(self)) }
}

extension Int64: ColumnValue {
    /// `.int`.
    public var columnValue: SQLValue { .int(self) }
}

extension Double: ColumnValue {
    /// `.double`.
    public var columnValue: SQLValue { .double(self) }
}

extension Bool: ColumnValue {
    /// `.bool`.
    public var columnValue: SQLValue { .bool(self) }
}

extension Date: ColumnValue {
    /// `.timestamp`.
    public var columnValue: SQLValue { .timestamp(self) }
}

extension LocalDate: ColumnValue {
    /// Its ISO text, `YYYY-MM-DD`.
    public var columnValue: SQLValue { .text(description) }
}

extension EntityID: ColumnValue {
    /// Its untyped text bind (``SQLValue/init(_:)``), never its own `Codable` form.
    public var columnValue: SQLValue { SQLValue(self) }
}

extension SQLValue: ColumnValue {
    /// Itself.
    public var columnValue: SQLValue { self }
}

extension Optional: ColumnValue where Wrapped: ColumnValue {
    /// `.null` for nil.
    public var columnValue: SQLValue { self?.columnValue ?? .null }
}

/// An element of a list a result table keeps as a JSON array.
public protocol JSONListElement {
    /// `values` as a JSON array.
    static func jsonList(_ values: [Self]) -> String
}

extension String: JSONListElement {
    /// `["a","b"]`.
    public static func jsonList(_ values: [String]) -> String { JSONText.array(values) }
}

extension Bool: JSONListElement {
    /// `[true,false]`.
    public static func jsonList(_ values: [Bool]) -> String { JSONText.booleans(values) }
}

extension Array: ColumnValue where Element: JSONListElement {
    /// `.json`: a JSON array (result tables keep lists as JSON).
    public var columnValue: SQLValue { .json(Element.jsonList(self)) }
}

/// A record that lists its own column values, in its coding keys' order, so that a bulk write of
/// many rows does not go through the `Encoder` protocol for each one (about 6 µs for a row of 14
/// columns, against a fraction of that for the list).
///
/// The column names still come from the record's `Codable` coding keys, spelled once:
/// ``EncodedRows`` encodes the first record through `Codable` for the names and checks that its
/// ``rowValues`` are the same values in the same order, so a list that drifts from the
/// properties fails the first write (and every test that writes one) instead of writing a value
/// into the wrong column. Write each value with ``ColumnValue/columnValue``.
public protocol RowValues: Encodable {
    /// The column values, in coding-key order.
    var rowValues: [SQLValue] { get }
}
