import CLibPQ
import Dispatch
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A libpq connection (`PGconn`) and the statements run on it. Used only on its connection's
/// serial queue; only ``interrupter`` is touched from other threads.
final class PostgresDriver: DatabaseDriver {
    let connection: OpaquePointer
    let logger: Logger
    let target: String
    let broken: ConnectionFlag
    let interrupter: PostgresInterrupter
    private let noticeSink: Unmanaged<NoticeSink>
    var cancellation: StatementCancellation?
    var transactionDepth = 0
    var inputKeyTypes: [String: (type: String, generation: Int)] = [:]
    /// True while forEachRow is reading a result: libpq cannot start another statement then.
    var streaming = false
    var nextStatementNumber = 0
    /// The statements this connection keeps prepared (``StatementCache``).
    var keptStatements: StatementCache
    /// Server-side prepared statements whose owners went away, deallocated before the next statement.
    var pendingDeallocations: [String] = []
    /// Opened read-only (``DatabaseConfiguration/readOnly``): a refused write is the caller's
    /// mistake, not a sign that the server stopped being the primary.
    var opensReadOnly = false
    private(set) var isClosed = false

    var backend: DatabaseBackend { .postgres }

    private init(
        connection: OpaquePointer, logger: Logger, target: String, broken: ConnectionFlag, keptStatements: Int
    ) {
        self.connection = connection
        self.keptStatements = StatementCache(capacity: keptStatements)
        self.logger = logger
        self.target = target
        self.broken = broken
        self.interrupter = PostgresInterrupter(cancel: PQgetCancel(connection))
        self.noticeSink = Unmanaged.passRetained(NoticeSink(logger: logger))
        PQsetNoticeReceiver(
            connection,
            { argument, result in
                guard let argument, let result else { return }
                Unmanaged<NoticeSink>.fromOpaque(argument).takeUnretainedValue().receive(result)
            }, noticeSink.toOpaque())
    }

    deinit {
        close()
    }

    /// Connects (blocking): `application_name` and `connect_timeout` from the configuration unless
    /// the conninfo sets them, `client_encoding=UTF8` always, DateStyle ISO for parseable dates.
    static func connect(_ configuration: DatabaseConfiguration, logger: Logger, broken: ConnectionFlag) throws
        -> PostgresDriver
    {
        let timeout = configuration.connectTimeout.components
        let seconds = max(1, timeout.seconds + (timeout.attoseconds > 0 ? 1 : 0))
        let keywords = ["application_name", "connect_timeout", "dbname", "client_encoding"]
        let values = [configuration.applicationName, String(seconds), configuration.conninfo, "UTF8"]
        let target = configuration.description
        let connection = withCStrings(keywords) { keywordPointers in
            withCStrings(values) { valuePointers in
                PQconnectdbParams(keywordPointers, valuePointers, 1)
            }
        }
        guard let connection else {
            throw DatabaseError(.connectionFailed, "cannot connect to \(target): libpq is out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = String(cString: PQerrorMessage(connection))
            PQfinish(connection)
            var redacted = message
            for secret in ConninfoRedaction.secrets(in: configuration.conninfo) {
                redacted = redacted.replacingAll(secret, with: ConninfoRedaction.mask)
            }
            throw DatabaseError(.connectionFailed, "cannot connect to \(target): \(redacted)")
        }
        let driver = PostgresDriver(
            connection: connection, logger: logger, target: target, broken: broken,
            keptStatements: configuration.keptStatements)
        if let dateStyle = PQparameterStatus(connection, "DateStyle"), !String(cString: dateStyle).hasPrefix("ISO") {
            try driver.executeScript("SET DateStyle TO ISO")
        }
        var settings = configuration.settings
        if configuration.readOnly {
            // A read path (a hot standby, or the primary by default) never writes.
            settings["default_transaction_read_only"] = "on"
            driver.opensReadOnly = true
        }
        if !settings.isEmpty {
            try driver.executeScript(try setStatements(settings))
        }
        return driver
    }

    /// `SET name TO 'value'; …` for `settings`, in name order; a name that is not a plain
    /// (optionally dotted) identifier is refused rather than spliced.
    static func setStatements(_ settings: [String: String]) throws -> String {
        try settings.keys.sorted().map { name in
            let valid =
                !name.isEmpty
                && name.utf8.allSatisfy { byte in
                    (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                        || byte == 0x5F || byte == 0x2E
                }
            guard valid, let value = settings[name] else {
                throw DatabaseError(.invalidConfiguration, "invalid PostgreSQL setting name \"\(name)\"")
            }
            return "SET \(name) TO '\(value.replacingAll("'", with: "''"))'"
        }.joined(separator: "; ")
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        interrupter.invalidate()
        PQfinish(connection)
        noticeSink.release()
    }

    var transactionState: TransactionState {
        switch PQtransactionStatus(connection) {
        case PQTRANS_IDLE: .idle
        case PQTRANS_INTRANS, PQTRANS_ACTIVE: .active
        default: .failed
        }
    }

    var isBroken: Bool {
        isClosed || broken.isSet || PQstatus(connection) != CONNECTION_OK
    }

    func checkHealth() -> Bool {
        guard !isClosed, !broken.isSet else { return false }
        // Reads whatever the server sent while idle without blocking. A terminated backend sends
        // a FATAL message (which libpq treats as a notice) and then closes the socket, so keep
        // reading while the socket stays readable, until EOF shows up as a bad status.
        for _ in 0..<8 {
            if PQconsumeInput(connection) == 0 || PQstatus(connection) != CONNECTION_OK {
                broken.set()
                return false
            }
            var descriptor = pollfd(fd: PQsocket(connection), events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 0) <= 0 { break }
        }
        while let notification = PQnotifies(connection) { PQfreemem(notification) }
        return true
    }

    /// Throws unless a statement may start now; deallocates abandoned prepared statements.
    func checkUsable(_ sql: String?) throws {
        guard !isClosed else { throw DatabaseError(.misuse, "the connection is closed", sql: sql) }
        guard !streaming else {
            throw DatabaseError(
                .misuse, "cannot run a statement inside forEachRow's body on the same session", sql: sql)
        }
        if broken.isSet || PQstatus(connection) != CONNECTION_OK {
            broken.set()
            throw DatabaseError(.connectionLost, "the connection to \(target) was lost earlier", sql: sql)
        }
        if !pendingDeallocations.isEmpty, transactionState != .failed {
            let names = pendingDeallocations
            pendingDeallocations = []
            for name in names {
                if let result = PQexec(connection, "DEALLOCATE \(name)") { PQclear(result) }
            }
        }
    }

    /// Takes ownership of `result`: returns it if it succeeded, else clears it and throws.
    func checked(_ result: OpaquePointer?, sql: String?, binds: [SQLValue]) throws -> OpaquePointer {
        if let result {
            let status = PQresultStatus(result)
            if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN {
                return result
            }
            if status == PGRES_COPY_OUT || status == PGRES_COPY_BOTH {
                PQclear(result)
                throw DatabaseError(.misuse, "COPY TO STDOUT is not supported here", sql: sql)
            }
        }
        let error = self.error(from: result, sql: sql, binds: binds)
        if let result { PQclear(result) }
        throw error
    }

    /// The ``DatabaseError`` for a failed result (or a NULL one), with bound values redacted.
    func error(from result: OpaquePointer?, sql: String?, binds: [SQLValue]) -> DatabaseError {
        func field(_ code: UInt8) -> String? {
            guard let result, let value = PQresultErrorField(result, Int32(code)) else { return nil }
            return String(cString: value)
        }
        let sqlState = field(UInt8(ascii: "C"))
        var message = field(UInt8(ascii: "M")) ?? ""
        if message.isEmpty, let result { message = String(cString: PQresultErrorMessage(result)) }
        if message.isEmpty { message = String(cString: PQerrorMessage(connection)) }
        if message.isEmpty { message = "unknown libpq error" }
        message = ErrorRedaction.redact(DatabaseError.oneLine(message), binds: binds, sqlState: sqlState)
        let connectionBad = PQstatus(connection) == CONNECTION_BAD
        let code: DatabaseError.Code
        switch sqlState {
        case _ where connectionBad: code = .connectionLost
        case "23505": code = .uniqueViolation
        case let state? where state.hasPrefix("23"): code = .constraintViolation
        case "57014": code = .cancelled
        case let state? where state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state):
            code = .connectionLost
        case "25006": code = .readOnly
        default: code = .server
        }
        // A read-write session refused a write: the server is a standby, or a primary fenced by a
        // failover. Drop the connection, so that the next one goes to whichever server takes writes.
        if code == .connectionLost || (code == .readOnly && !opensReadOnly) { broken.set() }
        return DatabaseError(code, message, sqlState: sqlState, sql: sql)
    }
}

/// Sends `PQcancel` for the statement running on a connection, from any thread.
///
/// The `PGcancel` handle is only used under its mutex, and libpq documents `PQcancel` as safe to
/// call from a thread other than the connection's.
final class PostgresInterrupter: Sendable {
    private let cancelHandle: Mutex<OpaquePointer?>
    private static let queue = DispatchQueue(label: "spotter.db.cancel", attributes: .concurrent)

    init(cancel: OpaquePointer?) {
        // The mutex gets its own copy of the address (a value in a region of its own): from now
        // on the handle is only used under it.
        let address = cancel.map { UInt(bitPattern: $0) } ?? 0
        self.cancelHandle = Mutex(OpaquePointer(bitPattern: address))
    }

    /// Asks the server to cancel the running statement. Returns at once: `PQcancel` opens a
    /// network connection, so it runs on a dispatch queue, never on the caller's thread. Skipped
    /// if `stillRunning` no longer holds by then (the statement ended; another may have begun).
    func interrupt(ifStillRunning stillRunning: @escaping @Sendable () -> Bool) {
        Self.queue.async { [self] in
            guard stillRunning() else { return }
            cancelHandle.withLock { handle in
                guard let handle else { return }
                var buffer = [CChar](repeating: 0, count: 256)
                _ = PQcancel(handle, &buffer, Int32(buffer.count))
            }
        }
    }

    func invalidate() {
        cancelHandle.withLock { handle in
            if let handle { PQfreeCancel(handle) }
            handle = nil
        }
    }
}

/// Routes server NOTICE/WARNING messages to the logger at debug instead of stderr.
final class NoticeSink {
    let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func receive(_ result: OpaquePointer) {
        let severity = PQresultErrorField(result, Int32(UInt8(ascii: "V"))).map { String(cString: $0) } ?? "NOTICE"
        let message = PQresultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) } ?? ""
        logger.debug("postgres \(severity.lowercased()): \(DatabaseError.oneLine(message))")
    }
}

/// Calls `body` with a NULL-terminated array of C strings for `strings`.
func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
    let duplicates = strings.map { strdup($0) }
    defer { duplicates.forEach { free($0) } }
    let pointers = duplicates.map { UnsafePointer($0) } + [nil]
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
