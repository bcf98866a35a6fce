import CSQLite
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libsqlite3 connection and the statements run on it. Used only on its connection's serial
/// queue; only ``interrupter`` is touched from other threads.
final class SQLiteDriver: DatabaseDriver {
    let database: OpaquePointer
    let path: String
    let logger: Logger
    let broken: ConnectionFlag
    let interrupter: SQLiteInterrupter
    var cancellation: StatementCancellation?
    var transactionDepth = 0
    var inputKeyTypes: [String: (type: String, generation: Int)] = [:]
    /// Idle prepared statements by their original SQL; a statement in use is not in here.
    var statementCache: [String: SQLiteStatement] = [:]
    static let statementCacheLimit = 64
    private(set) var isClosed = false

    var backend: DatabaseBackend { .sqlite }

    private init(database: OpaquePointer, path: String, logger: Logger, broken: ConnectionFlag) {
        self.database = database
        self.path = path
        self.logger = logger
        self.broken = broken
        self.interrupter = SQLiteInterrupter(database: database)
    }

    deinit {
        close()
    }

    /// Opens (creating if missing, unless read-only) with WAL journal mode, `synchronous=NORMAL`,
    /// `foreign_keys=ON` and the configured busy timeout.
    static func open(_ configuration: DatabaseConfiguration, logger: Logger, broken: ConnectionFlag) throws
        -> SQLiteDriver
    {
        let path = configuration.path
        try checkPath(path, readOnly: configuration.readOnly)
        var handle: OpaquePointer?
        let flags =
            (configuration.readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
            | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw DatabaseError(
                .connectionFailed, "cannot open SQLite database '\(path)': \(message)", sqliteCode: status)
        }
        sqlite3_extended_result_codes(handle, 1)
        let driver = SQLiteDriver(database: handle, path: path, logger: logger, broken: broken)
        if !configuration.readOnly, sqlite3_db_readonly(handle, "main") == 1 {
            driver.close()
            throw DatabaseError(
                .readOnly,
                "SQLite database '\(path)' is read-only (file permissions); use sqlite:\(path)?mode=ro to read it")
        }
        sqlite3_busy_timeout(handle, Int32(clamping: configuration.busyTimeout.milliseconds))
        do {
            if !configuration.readOnly {
                let mode = try driver.switchToWAL(within: configuration.busyTimeout)
                if mode != "wal" && path != ":memory:" && !path.isEmpty {
                    logger.warning(
                        "SQLite database '\(path)' could not switch to WAL (journal mode: \(mode ?? "unknown"))")
                }
                try driver.executeScript("PRAGMA synchronous=NORMAL")
            }
            try driver.executeScript("PRAGMA foreign_keys=ON")
        } catch let error as DatabaseError {
            driver.close()
            var error = error
            error.message = "cannot set up SQLite database '\(path)': \(error.message)"
            throw error
        }
        return driver
    }

    /// `PRAGMA journal_mode=WAL`, retried while another connection holds the database: switching
    /// needs an exclusive lock, and SQLite returns SQLITE_BUSY for it at once instead of calling the
    /// busy handler (two processes opening a new file together both try to switch). Gives up, with
    /// the `.busy` error, after `timeout`. Returns the journal mode in force.
    private func switchToWAL(within timeout: Duration) throws -> String? {
        let deadline = ContinuousClock.now + timeout
        var pauseMilliseconds: UInt32 = 5
        while true {
            do {
                return try query("PRAGMA journal_mode=WAL", []).first?[0].string?.lowercased()
            } catch let error as DatabaseError
                where error.code == .busy && ContinuousClock.now + .milliseconds(pauseMilliseconds) < deadline
            {
                // A blocking wait on the connection's own thread, never on the cooperative pool.
                usleep(pauseMilliseconds * 1000)
                pauseMilliseconds = min(pauseMilliseconds * 2, 200)
            }
        }
    }

    /// Fails early, naming the path, where SQLite would only say "unable to open database file".
    private static func checkPath(_ path: String, readOnly: Bool) throws {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !directory.isEmpty,
            !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue
        {
            throw DatabaseError(
                .connectionFailed, "cannot open SQLite database '\(path)': directory '\(directory)' does not exist")
        }
        if FileManager.default.fileExists(atPath: path) {
            if !readOnly, access(path, W_OK) != 0 {
                throw DatabaseError(
                    .readOnly,
                    "SQLite database '\(path)' is not writable (file permissions); use sqlite:\(path)?mode=ro to read it"
                )
            }
        } else if readOnly {
            throw DatabaseError(
                .connectionFailed, "cannot open SQLite database '\(path)' read-only: the file does not exist")
        } else if access(directory.isEmpty ? "." : directory, W_OK) != 0 {
            throw DatabaseError(
                .connectionFailed, "cannot create SQLite database '\(path)': directory '\(directory)' is not writable")
        }
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        statementCache = [:]  // finalizes them
        interrupter.invalidate()
        // close_v2 defers the close until statements still held by PreparedStatement objects finish.
        sqlite3_close_v2(database)
    }

    var transactionState: TransactionState {
        isClosed || sqlite3_get_autocommit(database) != 0 ? .idle : .active
    }

    var isBroken: Bool { isClosed }

    func checkHealth() -> Bool {
        !isClosed
    }

    func beginTransaction(immediate: Bool) throws {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED", [])
    }

    func checkUsable(_ sql: String?) throws {
        guard !isClosed else { throw DatabaseError(.misuse, "the connection is closed", sql: sql) }
    }

    /// The ``DatabaseError`` for SQLite result `status`, with bound values redacted.
    func error(_ status: Int32, sql: String?, binds: [SQLValue]) -> DatabaseError {
        let message = ErrorRedaction.redact(String(cString: sqlite3_errmsg(database)), binds: binds, sqlState: nil)
        let code: DatabaseError.Code
        switch status & 0xFF {
        case SQLITE_CONSTRAINT:
            code =
                status == SQLiteCodes.constraintUnique || status == SQLiteCodes.constraintPrimaryKey
                ? .uniqueViolation : .constraintViolation
        case SQLITE_BUSY, SQLITE_LOCKED: code = .busy
        case SQLITE_READONLY: code = .readOnly
        case SQLITE_CANTOPEN: code = .connectionFailed
        case SQLITE_INTERRUPT: code = .cancelled
        case SQLITE_MISUSE, SQLITE_RANGE: code = .misuse
        default: code = .server
        }
        return DatabaseError(code, message, sqliteCode: status, sql: sql)
    }
}

/// SQLite extended result codes that are function-like macros in sqlite3.h.
enum SQLiteCodes {
    static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
    static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    /// `SQLITE_TRANSIENT`: SQLite copies bound text before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// Calls `sqlite3_interrupt` for the statement running on a connection, from any thread.
///
/// The handle is only used under its mutex, it is cleared before the connection closes, and
/// SQLite documents `sqlite3_interrupt` as safe from other threads.
final class SQLiteInterrupter: Sendable {
    private let handle: Mutex<OpaquePointer?>

    init(database: OpaquePointer) {
        // The mutex gets its own copy of the address (a value in a region of its own), which the
        // driver keeps using on the connection's queue: sharing it is what the mutex is for.
        self.handle = Mutex(OpaquePointer(bitPattern: UInt(bitPattern: database)))
    }

    func interrupt(ifStillRunning stillRunning: @escaping @Sendable () -> Bool) {
        handle.withLock { handle in
            if let handle, stillRunning() { sqlite3_interrupt(handle) }
        }
    }

    func invalidate() {
        handle.withLock { $0 = nil }
    }
}
