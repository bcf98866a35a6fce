public import Foundation
public import SpotterCalendar
public import SpotterIDs

/// A property's value as a result table's column holds it: ``EncodedRows`` maps a record's
/// properties through this (see its mapping).
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
