/// The column names of a result, shared by all its rows so that each row is only its values.
///
/// Every value read by name looks its column up here, once per value per row, so the lookup is
/// on the hot path of every loader: a result of up to ``scanLimit`` columns (all of Spotter's)
/// is scanned, comparing byte lengths first and the names only when they agree, which costs
/// less than hashing the name; wider results use a dictionary.
@usableFromInline
final class ColumnTable: Sendable {
    let names: [String]
    /// Each name's UTF-8 length, compared before the name.
    private let lengths: [Int]
    /// Set for results wider than ``scanLimit``.
    private let indexByName: [String: Int]?

    /// The widest result whose columns are scanned rather than hashed.
    static let scanLimit = 32

    init(names: [String]) {
        self.names = names
        lengths = names.map(\.utf8.count)
        if names.count > Self.scanLimit {
            var indexByName: [String: Int] = [:]
            for (index, name) in names.enumerated() where indexByName[name] == nil {
                indexByName[name] = index  // the first of duplicate names wins
            }
            self.indexByName = indexByName
        } else {
            indexByName = nil
        }
    }

    /// The position of the first column named `name`, or nil.
    func index(of name: String) -> Int? {
        if let indexByName { return indexByName[name] }
        let length = name.utf8.count
        for index in lengths.indices where lengths[index] == length && names[index] == name {
            return index  // the first of duplicate names wins
        }
        return nil
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
