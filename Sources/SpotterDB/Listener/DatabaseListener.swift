public import Logging

/// LISTEN/NOTIFY on a dedicated PostgreSQL connection (SQLite has none: poll instead).
///
/// ``next(timeout:)`` waits on the connection's socket with `poll(2)` on the listener's own
/// thread — no sleeping loop — so a notification is returned as soon as it arrives. A self-pipe
/// lets ``close()`` and task cancellation wake the wait. Notifications are a wake-up hint: if
/// the connection is lost, open a new listener and poll for whatever was missed.
public final class DatabaseListener: Sendable {
    private let handle: ListenerHandle

    private init(handle: ListenerHandle) {
        self.handle = handle
    }

    /// Connects and LISTENs on every channel (names are quoted, so any text works).
    /// Throws `.misuse` for a SQLite configuration.
    public static func open(
        _ configuration: DatabaseConfiguration, channels: [String], logger: Logger
    ) async throws -> DatabaseListener {
        guard configuration.backend == .postgres else {
            throw DatabaseError(.misuse, "LISTEN/NOTIFY needs PostgreSQL; on SQLite, poll instead")
        }
        let handle = ListenerHandle(logger: logger)
        try await handle.open(configuration, channels: channels)
        return DatabaseListener(handle: handle)
    }

    /// The notifications that arrived (possibly several, in order), or [] once `timeout` passes.
    /// Returns [] promptly if the task is cancelled. Throws `.connectionLost` if the server goes
    /// away and `.misuse` after ``close()``.
    public func next(timeout: Duration) async throws -> [DatabaseNotification] {
        if Task.isCancelled { return [] }
        let cancelled = ConnectionFlag()
        return try await withTaskCancellationHandler {
            try await handle.wait(timeout: timeout, cancelled: cancelled)
        } onCancel: { [handle] in
            cancelled.set()
            handle.wake()
        }
    }

    /// Stops listening and closes the connection, waking a ``next(timeout:)`` in progress.
    public func close() async {
        handle.closed.set()
        handle.wake()
        await handle.closeResources()
    }
}
