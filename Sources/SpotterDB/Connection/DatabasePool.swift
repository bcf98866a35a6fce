public import Logging
import Synchronization

/// A small fixed-size pool of connections.
///
/// Connections open lazily, up to `size`. A caller waits when all are in use. Broken connections
/// (seen broken by a failed statement, or by a cheap check on checkout that reads what the server
/// sent while idle) are discarded and replaced on next use, reconnecting with backoff.
public final class DatabasePool: Sendable {
    /// Where the pool's connections point.
    public let configuration: DatabaseConfiguration
    /// The most connections open at once.
    public let size: Int
    private let logger: Logger
    private let backoff: Backoff
    private let reconnectWindow: Duration?
    private let state = Mutex(State())

    /// How many times a replacement connection is tried before the checkout fails (without a
    /// reconnect window).
    static let openAttempts = 5

    /// The longest wait between two connection attempts within a reconnect window, so that the
    /// pool is back within about this long of the server (or a promoted standby) taking
    /// connections again.
    static let reconnectDelay: Duration = .seconds(1)

    private enum Lease: Sendable {
        case connection(DatabaseConnection)
        case openNew
    }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Lease, any Error>
    }

    private struct State {
        var idle: [DatabaseConnection] = []
        /// Connections open, being opened, or in use: at most `size`.
        var slotsInUse = 0
        var waiters: [Waiter] = []
        var nextWaiterID = 0
        var isClosed = false
    }

    /// A pool of at most `size` connections (at least 1) to `configuration`. A connection that
    /// cannot be opened is tried again with `backoff`: `openAttempts` times (about 1.5 s), or,
    /// with a `reconnectWindow`, until that long has passed since the first try, waiting at most
    /// `reconnectDelay` between tries (for callers that would rather wait out a failover than
    /// fail: a worker's job slots).
    public init(
        configuration: DatabaseConfiguration, size: Int, logger: Logger, backoff: Backoff = Backoff(),
        reconnectWindow: Duration? = nil
    ) {
        self.configuration = configuration
        self.size = max(1, size)
        self.logger = logger
        self.backoff = backoff
        self.reconnectWindow = reconnectWindow
    }

    /// Lends a connection to `body`, waiting for one if all are in use, and takes it back after.
    /// Throws `.misuse` once the pool is closed, or the connection error if none can be opened.
    @discardableResult
    public func withConnection<T: Sendable>(_ body: @Sendable (DatabaseConnection) async throws -> T) async throws -> T
    {
        let connection = try await checkOut()
        do {
            let result = try await body(connection)
            await checkIn(connection)
            return result
        } catch {
            await checkIn(connection)
            throw error
        }
    }

    /// Closes idle connections now and in-use ones when they come back; waiting callers fail.
    public func close() async {
        let (idle, waiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.idle = []
                state.waiters = []
            }
            return (state.idle, state.waiters)
        }
        for waiter in waiters { waiter.continuation.resume(throwing: Self.closedError) }
        for connection in idle { await connection.close() }
    }

    private static var closedError: DatabaseError { DatabaseError(.misuse, "the database pool is closed") }

    private func checkOut() async throws -> DatabaseConnection {
        switch try await lease() {
        case .connection(let connection):
            if await connection.checkHealth() { return connection }
            logger.info("discarding a broken database connection", metadata: ["database": "\(configuration)"])
            await connection.close()
            return try await openInSlot()
        case .openNew:
            return try await openInSlot()
        }
    }

    private func openInSlot() async throws -> DatabaseConnection {
        do {
            if let reconnectWindow {
                var backoff = self.backoff
                backoff.maximum = min(backoff.maximum, Self.reconnectDelay)
                return try await DatabaseConnection.open(
                    configuration, logger: logger, retrying: backoff, within: reconnectWindow)
            }
            return try await DatabaseConnection.open(
                configuration, logger: logger, retrying: backoff, attempts: Self.openAttempts)
        } catch {
            freeSlot()
            throw error
        }
    }

    /// A slot was given up: hand it to a waiter (who opens a connection) or release it.
    private func freeSlot() {
        let waiter = state.withLock { state -> Waiter? in
            if !state.waiters.isEmpty { return state.waiters.removeFirst() }
            state.slotsInUse -= 1
            return nil
        }
        waiter?.continuation.resume(returning: .openNew)
    }

    private func checkIn(_ connection: DatabaseConnection) async {
        if connection.isBroken {
            await connection.close()
            freeSlot()
            return
        }
        enum Next { case handedOver(Waiter), kept, close }
        let next = state.withLock { state -> Next in
            if state.isClosed {
                state.slotsInUse -= 1
                return .close
            }
            if !state.waiters.isEmpty { return .handedOver(state.waiters.removeFirst()) }
            state.idle.append(connection)
            return .kept
        }
        switch next {
        case .handedOver(let waiter): waiter.continuation.resume(returning: .connection(connection))
        case .kept: break
        case .close: await connection.close()
        }
    }

    private func lease() async throws -> Lease {
        func immediate(_ state: inout State) throws -> Lease? {
            if state.isClosed { throw Self.closedError }
            if let connection = state.idle.popLast() { return .connection(connection) }
            if state.slotsInUse < size {
                state.slotsInUse += 1
                return .openNew
            }
            return nil
        }
        if let lease = try state.withLock({ try immediate(&$0) }) { return lease }
        let id = state.withLock { state in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let now = Result<Lease?, any Error> {
                    try state.withLock { state in
                        if let lease = try immediate(&state) { return lease }
                        if Task.isCancelled { throw CancellationError() }
                        state.waiters.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                }
                switch now {
                case .success(let lease?): continuation.resume(returning: lease)
                case .success(nil): break
                case .failure(let error): continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }
}
