import Foundation
import SpotterCalendar
import SpotterIDs

/// Turns `Encodable` records into table rows: the coding keys are the column names and each
/// property one value, so a table's columns are spelled once, in the record's declaration (the
/// idea of GRDB's `EncodableRecord`).
///
/// A property maps to a ``SQLValue`` by its type: `String` → `.text`; integers → `.int`;
/// `Double` and `Float` → `.double`; `Bool` → `.bool`; `Date` → `.timestamp`; `[String]` and
/// `[Bool]` → `.json` (a JSON array: result tables keep lists as JSON); an optional that is nil
/// → `.null` (never a missing column); an ``SQLValue`` as is; `LocalDate` → its ISO text; an id
/// (`UserID`…) → its untyped text bind (`SQLValue(id)`, not its own `Codable` form): each its
/// ``ColumnValue``. Any other value goes through its own single-value encoding (a `String`
/// raw-value enum → its raw value).
///
/// ```swift
/// struct Visit: Codable { var user_id: Int64; var seen_at: Date; var note: String? }
/// let rows = try EncodedRows([Visit(user_id: 7, seen_at: now, note: nil)])
/// // rows.columns == ["user_id", "seen_at", "note"]; rows.values == [[.int(7), .timestamp(now), .null]]
/// ```
public struct EncodedRows: Sendable {
    /// The column names, in the records' coding-key order.
    public private(set) var columns: [String]
    /// One array of values per record, in ``columns`` order.
    public private(set) var values: [[SQLValue]]

    /// Encodes `records`; throws an `EncodingError` for a value no column can hold (a nested
    /// keyed or unkeyed value) or records whose columns differ. No records: no columns.
    public init<Record: Encodable>(_ records: some Sequence<Record>) throws {
        columns = []
        values = []
        values.reserveCapacity(records.underestimatedCount)
        let encoding = RowEncoding()  // one for all records: it is reset by each finish()
        for record in records {
            try record.encode(to: encoding)
            let row = try encoding.finish()
            if values.isEmpty { columns = encoding.columns }
            values.append(row)
        }
    }

    /// The number of rows.
    public var count: Int { values.count }

    /// Whether there are no rows.
    public var isEmpty: Bool { values.isEmpty }

    /// Adds a column holding `value` in every row (a run's `as_of` stamp, say).
    public mutating func append(column: String, value: SQLValue) {
        columns.append(column)
        for index in values.indices { values[index].append(value) }
    }

    /// Adds a column holding `columnValues[i]` in row `i`.
    public mutating func append(column: String, values columnValues: [SQLValue]) {
        precondition(columnValues.count == values.count, "EncodedRows.append: one value per row")
        columns.append(column)
        for index in values.indices { values[index].append(columnValues[index]) }
    }
}

extension DatabaseSession {
    /// Bulk insert of `records` into `table` (see ``copy(into:columns:rows:)``), the columns taken
    /// from the records' coding keys (see ``EncodedRows``). Returns the number of rows written.
    @discardableResult
    public func copy<Record: Encodable>(into table: String, records: some Sequence<Record>) throws -> Int {
        try copy(into: table, rows: EncodedRows(records))
    }

    /// Bulk insert of encoded rows into `table`; nothing to write is no statement.
    @discardableResult
    public func copy(into table: String, rows: EncodedRows) throws -> Int {
        rows.isEmpty ? 0 : try copy(into: table, columns: rows.columns, rows: rows.values)
    }
}

extension SQLValue {
    /// The column value of an encodable property (see ``EncodedRows`` for the mapping).
    /// `path` is built only for a value that needs its own encoding (one array a column less).
    static func encoding<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey]) throws -> SQLValue {
        // Every non-primitive property of every row comes here, unspecialised: the common types
        // are told apart by their metatypes (a pointer comparison) before any dynamic cast.
        if T.self == Date.self { return unsafeBitCast(value, to: Date.self).columnValue }
        if T.self == LocalDate.self { return unsafeBitCast(value, to: LocalDate.self).columnValue }
        if T.self == [String].self { return unsafeBitCast(value, to: [String].self).columnValue }
        if T.self == [Bool].self { return unsafeBitCast(value, to: [Bool].self).columnValue }
        if T.self == SQLValue.self { return unsafeBitCast(value, to: SQLValue.self) }
        // The result tables' id columns: without these, a dynamic cast to `ColumnValue` per id.
        if T.self == UserID.self { return unsafeBitCast(value, to: UserID.self).columnValue }
        if T.self == ProgramID.self { return unsafeBitCast(value, to: ProgramID.self).columnValue }
        if T.self == WorkoutID.self { return unsafeBitCast(value, to: WorkoutID.self).columnValue }
        switch value {
        case let value as any ColumnValue: return value.columnValue
        default:
            let path = path()
            let single = SingleValueEncoding(codingPath: path)
            try value.encode(to: single)
            guard !single.refused, let encoded = single.value else {
                throw EncodingError.invalidValue(
                    value,
                    .init(codingPath: path, debugDescription: "\(T.self) encodes no single value a column can hold"))
            }
            return encoded
        }
    }
}

/// Encodes records one after the other: a keyed container whose keys are the columns.
private final class RowEncoding: Encoder {
    let codingPath: [any CodingKey] = []
    let userInfo: [CodingUserInfoKey: Any] = [:]
    // One encoder serves one EncodedRows call on one thread, and no access to these overlaps
    // another: the dynamic exclusivity checks of a class's properties (an eighth of the
    // encoding's samples when measured) are left out.
    /// The first record's columns, which every other record must repeat; nil for the first.
    @exclusivity(unchecked) private var expected: [String]?
    @exclusivity(unchecked) private(set) var columns: [String] = []
    @exclusivity(unchecked) private var values: [SQLValue] = []
    @exclusivity(unchecked) private var failure: (any Error)?

    init() {
        values.reserveCapacity(16)
    }

    func add(_ value: SQLValue, for key: some CodingKey) {
        let name = key.stringValue
        if let expected {
            guard values.count < expected.count, expected[values.count] == name else {
                fail("column \(name) at position \(values.count) differs from the first record's columns")
                return
            }
        } else {
            columns.append(name)
        }
        values.append(value)
    }

    func fail(_ message: String) {
        if failure == nil { failure = EncodingError.invalidValue((), .init(codingPath: [], debugDescription: message)) }
    }

    /// The record's values; the next record starts empty and must repeat this one's columns.
    func finish() throws -> [SQLValue] {
        if let failure { throw failure }
        if let expected, values.count != expected.count {
            fail("a record has \(values.count) columns, the first had \(expected.count)")
            throw failure!
        }
        if expected == nil { expected = columns }
        defer { values.removeAll(keepingCapacity: true) }
        return values
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowContainer<Key>(encoding: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fail("a record encodes as keyed columns, not as a list")
        return Discarded(codingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        fail("a record encodes as keyed columns, not as a single value")
        return SingleValueEncoding(codingPath: [])
    }

    /// An encoding whose values go nowhere, for the containers of a value that has already failed.
    static var discarding: RowEncoding { RowEncoding() }
}

/// The columns of one record. Every `encodeIfPresent` writes `.null` for nil, so that every
/// record has every column; an optional `Int64` or `String` goes through its own `encode`, not
/// the generic one (which would cast it to ``ColumnValue``).
private struct RowContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoding: RowEncoding
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { encoding.add(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { encoding.add(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { encoding.add(.text(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { encoding.add(.double(value), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { encoding.add(.double(Double(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { encoding.add(.int(value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encode(UInt64(value), forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { encoding.add(.int(Int64(value)), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        guard let exact = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [key], debugDescription: "beyond Int64"))
        }
        encoding.add(.int(exact), for: key)
    }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        encoding.add(try SQLValue.encoding(value, at: [key]), for: key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoding.fail("column \(key.stringValue): a nested keyed value has no column type")
        return RowEncoding.discarding.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoding.fail("column \(key.stringValue): a nested list has no column type")
        return Discarded(codingPath: [key])
    }

    mutating func superEncoder() -> any Encoder {
        encoding.fail("a record's super-class values have no columns")
        return RowEncoding.discarding
    }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

/// Encodes one column's value from a type's own single-value encoding (a raw-value enum,
/// `LocalDate`). Keyed and unkeyed values are refused: they have no column type.
private final class SingleValueEncoding: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    private(set) var value: SQLValue?
    /// Set when the value asked for keys or a list, which no column can hold.
    private(set) var refused = false

    init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        refused = true
        return RowEncoding.discarding.container(keyedBy: type)
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        refused = true
        return Discarded(codingPath: codingPath)
    }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { value = .null }
    func encode(_ value: Bool) throws { self.value = .bool(value) }
    func encode(_ value: String) throws { self.value = .text(value) }
    func encode(_ value: Double) throws { self.value = .double(value) }
    func encode(_ value: Float) throws { self.value = .double(Double(value)) }
    func encode(_ value: Int) throws { self.value = .int(Int64(value)) }
    func encode(_ value: Int8) throws { self.value = .int(Int64(value)) }
    func encode(_ value: Int16) throws { self.value = .int(Int64(value)) }
    func encode(_ value: Int32) throws { self.value = .int(Int64(value)) }
    func encode(_ value: Int64) throws { self.value = .int(value) }
    func encode(_ value: UInt) throws { try encode(UInt64(value)) }
    func encode(_ value: UInt8) throws { self.value = .int(Int64(value)) }
    func encode(_ value: UInt16) throws { self.value = .int(Int64(value)) }
    func encode(_ value: UInt32) throws { self.value = .int(Int64(value)) }
    func encode(_ value: UInt64) throws {
        guard let exact = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "beyond Int64"))
        }
        self.value = .int(exact)
    }
    func encode<T: Encodable>(_ value: T) throws { self.value = try SQLValue.encoding(value, at: codingPath) }
}

/// Where the values of a refused nested list go: nowhere (the encoding has already failed).
private struct Discarded: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    { RowEncoding.discarding.container(keyedBy: keyType) }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RowEncoding.discarding }
}
