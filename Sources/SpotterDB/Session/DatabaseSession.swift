import Logging

/// A synchronous handle lent to a closure that runs on the connection's own thread.
///
/// Not Sendable: never let it escape the closure it was lent to (it stops working when that
/// closure returns). Every C call happens through it, on the connection's serial queue.
///
/// Placeholders are `$1, $2, …` on both backends. On SQLite the schema qualifier `spotter.`
/// (an unquoted `spotter.` before an identifier, outside string literals and comments) is removed
/// before preparing, so shared SQL can say `spotter.jobs`.
public final class DatabaseSession {
    let driver: any DatabaseDriver
    private let logger: Logger
    private var isOpen = true
    /// ``afterCommit(_:)`` callbacks with the transaction depth they were registered at.
    private var commitHooks: [(depth: Int, run: () -> Void)] = []

    init(driver: any DatabaseDriver, logger: Logger) {
        self.driver = driver
        self.logger = logger
    }

    /// Which engine this session talks to.
    public var backend: DatabaseBackend { driver.backend }

    /// True inside ``withTransaction(immediate:_:)``.
    public var isInTransaction: Bool { driver.transactionDepth > 0 }

    /// Runs `body` once the current transaction commits; drops it if the transaction (or the
    /// savepoint it was registered in) rolls back. Outside a transaction it runs at once.
    public func afterCommit(_ body: @escaping () -> Void) {
        let depth = driver.transactionDepth
        if depth == 0 { body() } else { commitHooks.append((depth, body)) }
    }

    /// Runs one statement and returns all its rows.
    public func query(_ sql: String, _ binds: [SQLValue] = []) throws -> [Row] {
        try checkOpen()
        return try driver.query(sql, binds)
    }

    /// Runs one statement and returns the number of rows it inserted, updated or deleted; for a
    /// SELECT, the number of rows it returned; 0 for other statements (DDL, SET). Rows a
    /// `RETURNING` clause produces are discarded.
    @discardableResult
    public func execute(_ sql: String, _ binds: [SQLValue] = []) throws -> Int {
        try checkOpen()
        return try driver.execute(sql, binds)
    }

    /// Streams the rows of one statement to `body` without materialising the whole result
    /// (PostgreSQL single-row mode; SQLite's step loop). `body` must not use this session. If
    /// `body` throws, the rest of the result is drained and the error rethrown.
    public func forEachRow(_ sql: String, _ binds: [SQLValue] = [], _ body: (Row) throws -> Void) throws {
        try checkOpen()
        try driver.forEachRow(sql, binds, body)
    }

    /// Runs several `;`-separated statements without binds (migrations).
    /// PostgreSQL: `PQexec` (one implicit transaction unless the script has its own);
    /// SQLite: `sqlite3_exec` (each statement on its own unless the script has BEGIN/COMMIT).
    public func executeScript(_ sql: String) throws {
        try checkOpen()
        try driver.executeScript(sql)
    }

    /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
    ///
    /// Nested calls use savepoints, so an inner failure that the outer body catches keeps the
    /// outer work. On SQLite a transaction takes the write lock up front (`BEGIN IMMEDIATE`) by
    /// default: in WAL mode a deferred transaction that reads and then writes fails at once with
    /// `.busy` (SQLITE_BUSY_SNAPSHOT) when another connection wrote in between, without waiting
    /// for the busy timeout. Pass `immediate: false` only for read-only snapshots. PostgreSQL
    /// ignores the flag. If the
    /// transaction failed inside `body` (an error the body caught without a nested transaction),
    /// committing throws instead of silently rolling back.
    @discardableResult
    public func withTransaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try checkOpen()
        let depth = driver.transactionDepth
        let savepoint = "spotter_savepoint_\(depth)"
        if depth == 0 {
            try driver.beginTransaction(immediate: immediate)
        } else {
            try driver.execute("SAVEPOINT \(savepoint)", [])
        }
        driver.transactionDepth = depth + 1
        let result: T
        do {
            result = try body()
        } catch {
            driver.transactionDepth = depth
            rollBack(depth: depth, savepoint: savepoint)
            commitHooks.removeAll { $0.depth > depth }
            throw error
        }
        driver.transactionDepth = depth
        if depth == 0 {
            do {
                try commit()
            } catch {
                commitHooks.removeAll()
                throw error
            }
            let hooks = commitHooks
            commitHooks.removeAll()
            for hook in hooks { hook.run() }
        } else {
            try driver.execute("RELEASE SAVEPOINT \(savepoint)", [])
        }
        return result
    }

    /// Prepares a statement for repeated use with different binds in this session.
    public func prepare(_ sql: String) throws -> PreparedStatement {
        try checkOpen()
        return PreparedStatement(try driver.prepare(sql), session: self)
    }

    /// Bulk insert of `rows` (each with one value per column, in `columns` order) into `table`.
    ///
    /// PostgreSQL: `COPY table (columns) FROM STDIN` in text format, sent in ~256 KB chunks.
    /// SQLite: one prepared INSERT stepped per row inside a savepoint. Either way a failure
    /// (a constraint, a row of the wrong width) leaves nothing behind. `table` and `columns`
    /// must be plain identifiers (`spotter.facts`, `user_id`). Returns the number of rows written.
    @discardableResult
    public func copy(into table: String, columns: [String], rows: some Sequence<[SQLValue]>) throws -> Int {
        try checkOpen()
        try SQLIdentifier.validate(table: table, columns: columns)
        return try driver.copy(into: table, columns: columns, rows: rows)
    }

    func checkOpen() throws {
        guard isOpen else {
            throw DatabaseError(.misuse, "a DatabaseSession was used after the closure it was lent to returned")
        }
    }

    /// Ends the loan: rolls back a transaction the body left open, then disables the session.
    func finish() {
        isOpen = false
        if driver.transactionDepth == 0, driver.transactionState != .idle {
            logger.warning("a database session ended inside a transaction it opened itself; rolling it back")
            driver.uncancellable { _ = try? driver.execute("ROLLBACK", []) }
        }
    }

    private func commit() throws {
        try driver.uncancellable {
            if driver.isBroken {
                throw DatabaseError(.connectionLost, "the connection was lost before COMMIT; nothing was committed")
            }
            switch driver.transactionState {
            case .failed:
                _ = try? driver.execute("ROLLBACK", [])
                throw DatabaseError(
                    .server,
                    "the transaction failed on an error caught inside it and was rolled back; nothing was committed")
            case .idle:
                throw DatabaseError(.server, "the transaction was rolled back by the database before it could commit")
            case .active:
                do {
                    try driver.execute("COMMIT", [])
                } catch {
                    if driver.transactionState != .idle { _ = try? driver.execute("ROLLBACK", []) }
                    throw error
                }
            }
        }
    }

    private func rollBack(depth: Int, savepoint: String) {
        driver.uncancellable {
            do {
                if depth == 0 {
                    if driver.transactionState != .idle { try driver.execute("ROLLBACK", []) }
                } else {
                    try driver.execute("ROLLBACK TO SAVEPOINT \(savepoint)", [])
                    try driver.execute("RELEASE SAVEPOINT \(savepoint)", [])
                }
            } catch {
                logger.warning("rollback failed", metadata: ["error": "\(error)"])
            }
        }
    }
}
