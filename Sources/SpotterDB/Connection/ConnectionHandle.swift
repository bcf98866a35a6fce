import Dispatch
import Logging

/// The driver of one ``DatabaseConnection`` and the flags other threads may read.
///
/// `@unchecked Sendable`: `driver` is only read or written on the connection's serial `queue`
/// (every access is inside a block submitted to it); `broken`, `closed` and `interrupter` are
/// `Locked` and safe from any thread.
final class ConnectionHandle: @unchecked Sendable {
    let queue: DispatchQueue
    let logger: Logger
    let broken = Locked(false)
    let closed = Locked(false)
    private let interrupter = Locked<(@Sendable (_ stillRunning: @escaping @Sendable () -> Bool) -> Void)?>(nil)
    /// Touched only on `queue`.
    var driver: (any DatabaseDriver)?

    private static let counter = Locked(0)

    init(backend: DatabaseBackend, logger: Logger) {
        let number = Self.counter.withLock { counter in
            counter += 1
            return counter
        }
        self.queue = DispatchQueue(label: "spotter.db.\(backend.rawValue).\(number)")
        self.logger = logger
    }

    /// Connects or opens on the queue (the C calls block).
    func open(_ configuration: DatabaseConfiguration) async throws {
        try await perform {
            switch configuration.backend {
            case .postgres:
                let driver = try PostgresDriver.connect(configuration, logger: self.logger, broken: self.broken)
                self.interrupter.withLock { [interrupter = driver.interrupter] in
                    $0 = { interrupter.interrupt(ifStillRunning: $0) }
                }
                self.driver = driver
            case .sqlite:
                let driver = try SQLiteDriver.open(configuration, logger: self.logger, broken: self.broken)
                self.interrupter.withLock { [interrupter = driver.interrupter] in
                    $0 = { interrupter.interrupt(ifStillRunning: $0) }
                }
                self.driver = driver
            }
        }
    }

    /// Interrupts the statement running now, from any thread, without blocking, if
    /// `stillRunning` holds when the interrupt is about to go out.
    func interrupt(ifStillRunning stillRunning: @escaping @Sendable () -> Bool) {
        interrupter.withLock { $0 }?(stillRunning)
    }

    /// Runs `body` on the queue and returns its result. `body` must not escape.
    func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                continuation.resume(with: Result { try body() })
            }
        }
    }

    /// On the queue: lends a session to `body` with `cancellation` installed.
    func runSession<T>(_ body: (DatabaseSession) throws -> T, cancellation: StatementCancellation?) throws -> T {
        guard let driver, !closed.withLock({ $0 }) else {
            throw DatabaseError(.misuse, "the database connection is closed")
        }
        driver.cancellation = cancellation
        defer { driver.cancellation = nil }
        let session = DatabaseSession(driver: driver, logger: logger)
        defer { session.finish() }
        return try body(session)
    }

    /// On the queue: closes the driver.
    func closeDriver() {
        driver?.close()
        driver = nil
    }
}

/// Carries a non-escaping session body to the connection's queue and back.
///
/// `@unchecked Sendable`: `body` is set once before the job is submitted and taken (set to nil)
/// once on the queue, so it is never touched by two threads at once; the caller waits for the
/// job to finish before the body goes out of scope.
final class SessionJob<T>: @unchecked Sendable {
    private var body: ((DatabaseSession) throws -> T)?

    init(_ body: @escaping (DatabaseSession) throws -> T) {
        self.body = body
    }

    func take() -> ((DatabaseSession) throws -> T)? {
        defer { body = nil }
        return body
    }
}
