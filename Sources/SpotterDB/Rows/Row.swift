/// The column names of a result, shared by all its rows so that each row is only its values.
final class ColumnTable: Sendable {
    let names: [String]
    private let indexByName: [String: Int]

    init(names: [String]) {
        self.names = names
        var indexByName: [String: Int] = [:]
        for (index, name) in names.enumerated() where indexByName[name] == nil {
            indexByName[name] = index  // the first of duplicate names wins
        }
        self.indexByName = indexByName
    }

    func index(of name: String) -> Int? {
        indexByName[name]
    }
}

/// One result row.
///
/// Look columns up by name (the first column of that name wins when a join repeats one) or by
/// position. `row["x"]` returns `.null` for a missing column; the typed getters (`int("x")`,
/// `date("x")`…) throw a ``DatabaseError`` with code `.decoding` instead, naming the column and
/// the kind of value found, never its content.
public struct Row: Sendable {
    let columns: ColumnTable
    /// The values, in column order.
    public let values: [SQLValue]

    init(columns: ColumnTable, values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The number of columns.
    public var count: Int { values.count }

    /// The column names, in order.
    public var columnNames: [String] { columns.names }

    /// The value at `index`; traps when out of range, like an array.
    public subscript(index: Int) -> SQLValue { values[index] }

    /// The value of the column named `name`, or `.null` if there is no such column.
    public subscript(name: String) -> SQLValue {
        columns.index(of: name).map { values[$0] } ?? .null
    }

    /// Whether the result has a column named `name`.
    public func hasColumn(_ name: String) -> Bool {
        columns.index(of: name) != nil
    }
}
