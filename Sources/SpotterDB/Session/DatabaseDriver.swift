/// Where a connection stands with respect to transactions.
enum TransactionState {
    /// No transaction open.
    case idle
    /// A transaction is open and usable.
    case active
    /// A transaction is open but failed (PostgreSQL rejects everything until ROLLBACK).
    case failed
}

/// One backend's engine behind ``DatabaseSession``. Implementations own a C handle and are used
/// only on their connection's serial queue.
protocol DatabaseDriver: AnyObject {
    var backend: DatabaseBackend { get }
    /// The running call's cancellation token; nil while none is installed.
    var cancellation: StatementCancellation? { get set }
    /// How many scoped transactions (`withTransaction`) are open on this connection.
    var transactionDepth: Int { get set }
    /// The input keys' id types this connection read (``InputKey/idType(in:)``), each with the
    /// ``InputKeyTypes`` generation it was read in. Used on the connection's queue only.
    var inputKeyTypes: [String: (type: String, generation: Int)] { get set }
    var transactionState: TransactionState { get }
    /// Whether the connection is gone (lost, or closed).
    var isBroken: Bool { get }

    func query(_ sql: String, _ binds: [SQLValue]) throws -> [Row]
    @discardableResult func execute(_ sql: String, _ binds: [SQLValue]) throws -> Int
    func forEachRow(_ sql: String, _ binds: [SQLValue], _ body: (Row) throws -> Void) throws
    func executeScript(_ sql: String) throws
    func prepare(_ sql: String) throws -> any PreparedDriverStatement
    func copy<Rows: Sequence>(into table: String, columns: [String], rows: Rows) throws -> Int
    where Rows.Element == [SQLValue]
    func beginTransaction(immediate: Bool) throws
    /// A cheap local check (no round trip) that the connection still works; false marks it broken.
    func checkHealth() -> Bool
    /// Releases the C handle; later calls fail with `.misuse`.
    func close()
}

extension DatabaseDriver {
    /// Runs `body` with cancellation switched off, for clean-up (ROLLBACK) that must run even
    /// when the call was cancelled.
    func uncancellable<T>(_ body: () throws -> T) rethrows -> T {
        let saved = cancellation
        cancellation = nil
        defer { cancellation = saved }
        return try body()
    }
}

/// A prepared statement of one driver.
protocol PreparedDriverStatement: AnyObject {
    func query(_ binds: [SQLValue]) throws -> [Row]
    func execute(_ binds: [SQLValue]) throws -> Int
}

/// Table and column names for `copy(into:columns:rows:)`: plain identifiers only, optionally
/// schema-qualified, so they can be spliced into SQL without quoting games.
enum SQLIdentifier {
    static func validate(table: String, columns: [String]) throws {
        let parts = table.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ isPlain($0) }) else {
            throw DatabaseError(
                .misuse, "copy: '\(table)' is not a plain table name (letters, digits, _; optional schema.)")
        }
        guard !columns.isEmpty else { throw DatabaseError(.misuse, "copy into \(table): no columns given") }
        for column in columns where !isPlain(column[...]) {
            throw DatabaseError(.misuse, "copy into \(table): '\(column)' is not a plain column name")
        }
    }

    private static func isPlain(_ name: Substring) -> Bool {
        guard let first = name.utf8.first,
            first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z"))
        else { return false }
        return name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
        }
    }

    /// `"name"` with embedded quotes doubled (LISTEN channels).
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension DatabaseError {
    /// Refuses a copied row (`number` counts from 1) whose values are not one per column.
    static func checkCopied(_ row: [SQLValue], number: Int, columns: [String], table: String, sql: String) throws {
        guard row.count != columns.count else { return }
        throw DatabaseError(
            .misuse, "copy into \(table): row \(number) has \(row.count) values for \(columns.count) columns", sql: sql)
    }
}
