/// Cancellation of one `withSession` call: set from whatever thread cancels the task, read on
/// the connection's queue before and during each statement.
final class StatementCancellation: Sendable {
    private struct State {
        var cancelled = false
        var running = false
    }

    private let state = Locked(State())
    private let interrupt: @Sendable () -> Void

    /// `interrupt` stops the statement running now (PQcancel, sqlite3_interrupt); it must not block.
    init(interrupt: @escaping @Sendable () -> Void) {
        self.interrupt = interrupt
    }

    var isCancelled: Bool { state.withLock { $0.cancelled } }

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
        if running { interrupt() }
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
