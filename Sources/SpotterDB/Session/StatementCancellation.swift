import Synchronization

/// Cancellation of one `withSession` call: set from whatever thread cancels the task, read on
/// the connection's queue before and during each statement.
final class StatementCancellation: Sendable {
    private struct State {
        var cancelled = false
        var running = false
    }

    private let state = Mutex(State())
    private let interrupt: @Sendable (_ stillRunning: @escaping @Sendable () -> Bool) -> Void

    /// `interrupt` stops the statement running now (PQcancel, sqlite3_interrupt); it must not
    /// block. It gets a check to make right before acting, because an interrupt that arrives after
    /// this call's statement ended could hit the next caller's statement on the same connection.
    init(interrupt: @escaping @Sendable (_ stillRunning: @escaping @Sendable () -> Bool) -> Void) {
        self.interrupt = interrupt
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Whether one of this call's statements is running now.
    var isRunning: Bool { state.withLock { $0.running } }

    /// Marks a statement as running; throws `.cancelled` if the call was already cancelled.
    func beginStatement(_ sql: String?) throws {
        try state.withLock { state in
            if state.cancelled { throw DatabaseError(.cancelled, "the task was cancelled", sql: sql) }
            state.running = true
        }
    }

    func endStatement() {
        state.withLock { $0.running = false }
    }

    /// Cancels the call; interrupts the statement if one is running.
    func cancel() {
        let running = state.withLock { state in
            state.cancelled = true
            return state.running
        }
        if running { interrupt({ [weak self] in self?.isRunning ?? false }) }
    }
}

extension DatabaseDriver {
    /// Brackets one C-level statement so task cancellation can interrupt it.
    func cancellable<T>(_ sql: String?, _ body: () throws -> T) throws -> T {
        guard let cancellation else { return try body() }
        try cancellation.beginStatement(sql)
        defer { cancellation.endStatement() }
        return try body()
    }
}
