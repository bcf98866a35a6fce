import Dispatch
public import Logging

/// One database connection, confined to its own serial DispatchQueue (its own thread, never
/// Swift's cooperative pool). Sendable: every method hops to that queue.
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

    /// Which engine this connection talks to.
    public var backend: DatabaseBackend { configuration.backend }

    /// True once a connection-level error was seen (the server went away) or after ``close()``;
    /// pools discard such connections.
    public var isBroken: Bool {
        handle.broken.withLock { $0 } || handle.closed.withLock { $0 }
    }

    /// Lends a ``DatabaseSession`` to `body` on the connection's thread and returns its result.
    /// A transaction `body` leaves open is rolled back (and logged) when it returns.
    @discardableResult
    public func withSession<T: Sendable>(_ body: @Sendable (DatabaseSession) throws -> T) async throws -> T {
        let cancellation: StatementCancellation? =
            Task.isCancelled
            ? nil : StatementCancellation(interrupt: { [handle] in handle.interrupt(ifStillRunning: $0) })
        return try await withoutActuallyEscaping(body) { body in
            let job = SessionJob(body)
            let submit = { [handle] () async throws -> T in
                try await withCheckedThrowingContinuation { continuation in
                    handle.queue.async {
                        // Take the body out of the job so nothing retains it once the result is back.
                        let result: Result<T, any Error> = {
                            guard let body = job.take() else {
                                return .failure(DatabaseError(.misuse, "a session body ran twice"))
                            }
                            return Result { try handle.runSession(body, cancellation: cancellation) }
                        }()
                        continuation.resume(with: result)
                    }
                }
            }
            guard let cancellation else { return try await submit() }
            return try await withTaskCancellationHandler(operation: submit, onCancel: { cancellation.cancel() })
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
        return (try? await handle.perform { [handle] in handle.driver?.checkHealth() ?? false }) ?? false
    }

    /// Closes the connection after the work already queued on it. Later calls throw `.misuse`.
    public func close() async {
        handle.closed.withLock { $0 = true }
        _ = try? await handle.perform { [handle] in handle.closeDriver() }
    }
}
