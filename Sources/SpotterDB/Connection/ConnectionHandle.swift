import Logging
import Synchronization

/// The driver of one ``DatabaseConnection``, confined to the connection's own serial queue: an
/// actor whose executor is that queue (``DispatchQueueExecutor``), so the compiler checks that
/// the C handle is only touched there and its blocking calls never run on the cooperative pool.
/// `broken`, `closed` and the interrupter are safe from any thread.
actor ConnectionHandle {
    private nonisolated let executor: DispatchQueueExecutor
    nonisolated let logger: Logger
    nonisolated let broken = ConnectionFlag()
    nonisolated let closed = ConnectionFlag()
    private nonisolated let interrupter = Mutex<(@Sendable (_ stillRunning: @escaping @Sendable () -> Bool) -> Void)?>(
        nil)
    private var driver: (any DatabaseDriver)?

    private static let counter = Atomic<Int>(0)

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(backend: DatabaseBackend, logger: Logger) {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        self.executor = DispatchQueueExecutor(label: "spotter.db.\(backend.rawValue).\(number)")
        self.logger = logger
    }

    /// Connects or opens, on the queue (the C calls block).
    func open(_ configuration: DatabaseConfiguration) throws {
        switch configuration.backend {
        case .postgres:
            let driver = try PostgresDriver.connect(configuration, logger: logger, broken: broken)
            interrupter.withLock { [interrupter = driver.interrupter] in
                $0 = { interrupter.interrupt(ifStillRunning: $0) }
            }
            self.driver = driver
        case .sqlite:
            let driver = try SQLiteDriver.open(configuration, logger: logger, broken: broken)
            interrupter.withLock { [interrupter = driver.interrupter] in
                $0 = { interrupter.interrupt(ifStillRunning: $0) }
            }
            self.driver = driver
        }
    }

    /// Interrupts the statement running now, from any thread, without blocking, if
    /// `stillRunning` holds when the interrupt is about to go out.
    nonisolated func interrupt(ifStillRunning stillRunning: @escaping @Sendable () -> Bool) {
        interrupter.withLock { $0 }?(stillRunning)
    }

    /// Lends a session to `body` on the queue with `cancellation` installed.
    func runSession<T: Sendable>(
        _ body: @Sendable (DatabaseSession) throws -> T, cancellation: StatementCancellation?
    ) throws -> T {
        guard let driver, !closed.isSet else {
            throw DatabaseError(.misuse, "the database connection is closed")
        }
        driver.cancellation = cancellation
        defer { driver.cancellation = nil }
        let session = DatabaseSession(driver: driver, logger: logger)
        defer { session.finish() }
        return try body(session)
    }

    /// The driver's cheap local health check; false once closed.
    func checkHealth() -> Bool {
        driver?.checkHealth() ?? false
    }

    /// Closes the driver.
    func closeDriver() {
        driver?.close()
        driver = nil
    }
}
