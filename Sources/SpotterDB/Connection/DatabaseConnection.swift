import Dispatch
public import Logging

/// One database connection, confined to its own serial DispatchQueue (its own thread, never
/// Swift's cooperative pool). Sendable: every method hops to that queue, the executor of the
/// actor that owns the C handle.
///
/// Cancelling the task while a statement runs interrupts it (PostgreSQL `PQcancel`, SQLite
/// `sqlite3_interrupt`) and the call throws `.cancelled`; later statements in the same call also
/// throw `.cancelled`. A call begun in a task that was already cancelled runs normally, so
/// clean-up after cancellation (handing jobs back) can still write.
public final class DatabaseConnection: Sendable {
    /// Where this connection points.
    public let configuration: DatabaseConfiguration
    private let handle: ConnectionHandle

    private init(configuration: DatabaseConfiguration, handle: ConnectionHandle) {
        self.configuration = configuration
        self.handle = handle
    }

    /// Connects (PostgreSQL) or opens the file (SQLite). Fails with `.connectionFailed`,
    /// `.readOnly` or `.invalidConfiguration` and a one-line message naming the target.
    public static func open(_ configuration: DatabaseConfiguration, logger: Logger) async throws -> DatabaseConnection {
        let handle = ConnectionHandle(backend: configuration.backend, logger: logger)
        try await handle.open(configuration)
        logger.debug("database connection opened", metadata: ["database": "\(configuration)"])
        return DatabaseConnection(configuration: configuration, handle: handle)
    }

    /// ``open(_:logger:)``, retrying `.connectionFailed` on PostgreSQL with `backoff` until
    /// `attempts` tries are spent; each retry is logged at warning with the redacted target.
    /// SQLite failures (a missing directory, a read-only file) do not heal by waiting and are
    /// thrown at once.
    public static func open(
        _ configuration: DatabaseConfiguration, logger: Logger, retrying backoff: Backoff, attempts: Int
    ) async throws -> DatabaseConnection {
        var attempt = 1
        while true {
            do {
                return try await open(configuration, logger: logger)
            } catch let error as DatabaseError
                where error.code == .connectionFailed && configuration.backend == .postgres && attempt < attempts
            {
                let delay = backoff.delay(forAttempt: attempt)
                logger.warning(
                    "cannot connect to the database; retrying",
                    metadata: [
                        "database": "\(configuration)", "attempt": "\(attempt)", "delay": "\(delay)",
                        "error": "\(error.message)",
                    ])
                try await Task.sleep(for: delay)
                attempt += 1
            }
        }
    }

    /// ``open(_:logger:)``, retrying `.connectionFailed` on PostgreSQL with `backoff` until
    /// `window` has passed since the first try (the try under way when it passes is the last).
    /// Each retry is logged at warning with the redacted target; SQLite failures are thrown at
    /// once, as by ``open(_:logger:retrying:attempts:)``.
    public static func open(
        _ configuration: DatabaseConfiguration, logger: Logger, retrying backoff: Backoff, within window: Duration
    ) async throws -> DatabaseConnection {
        let deadline = ContinuousClock.now.advanced(by: window)
        var attempt = 1
        while true {
            do {
                return try await open(configuration, logger: logger)
            } catch let error as DatabaseError
                where error.code == .connectionFailed && configuration.backend == .postgres
                && ContinuousClock.now < deadline
            {
                let delay = min(backoff.delay(forAttempt: attempt), deadline - ContinuousClock.now)
                logger.warning(
                    "cannot connect to the database; retrying",
                    metadata: [
                        "database": "\(configuration)", "attempt": "\(attempt)", "delay": "\(delay)",
                        "error": "\(error.message)",
                    ])
                try await Task.sleep(for: max(delay, .zero))
                attempt += 1
            }
        }
    }

    /// Which engine this connection talks to.
    public var backend: DatabaseBackend { configuration.backend }

    /// True once a connection-level error was seen (the server went away) or after ``close()``;
    /// pools discard such connections.
    public var isBroken: Bool {
        handle.broken.isSet || handle.closed.isSet
    }

    /// Lends a ``DatabaseSession`` to `body` on the connection's thread and returns its result.
    /// A transaction `body` leaves open is rolled back (and logged) when it returns.
    @discardableResult
    public func withSession<T: Sendable>(_ body: @Sendable (DatabaseSession) throws -> T) async throws -> T {
        let cancellation: StatementCancellation? =
            Task.isCancelled
            ? nil : StatementCancellation(interrupt: { [handle] in handle.interrupt(ifStillRunning: $0) })
        guard let cancellation else { return try await handle.runSession(body, cancellation: nil) }
        return try await withTaskCancellationHandler {
            try await handle.runSession(body, cancellation: cancellation)
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// ``withSession(_:)`` with `body` inside ``DatabaseSession/withTransaction(immediate:_:)``.
    @discardableResult
    public func withTransaction<T: Sendable>(
        immediate: Bool = true, _ body: @Sendable (DatabaseSession) throws -> T
    ) async throws -> T {
        try await withSession { session in
            try session.withTransaction(immediate: immediate) { try body(session) }
        }
    }

    /// Runs one statement and returns its rows.
    public func query(_ sql: String, _ binds: [SQLValue] = []) async throws -> [Row] {
        try await withSession { try $0.query(sql, binds) }
    }

    /// Runs one statement and returns the number of rows affected.
    @discardableResult
    public func execute(_ sql: String, _ binds: [SQLValue] = []) async throws -> Int {
        try await withSession { try $0.execute(sql, binds) }
    }

    /// A cheap local check (no round trip) that the connection still works: on PostgreSQL it
    /// reads what the server sent while idle, which reveals a terminated backend.
    func checkHealth() async -> Bool {
        guard !isBroken else { return false }
        return await handle.checkHealth()
    }

    /// Closes the connection after the work already queued on it. Later calls throw `.misuse`.
    public func close() async {
        handle.closed.set()
        await handle.closeDriver()
    }
}
