public import Foundation
public import SpotterDB

/// A paused queue: no worker claims its jobs until it is resumed.
public struct QueuePause: Sendable, Hashable {
    /// The queue's name.
    public var queue: String
    /// When it was paused.
    public var pausedAt: Date
    /// The database user who paused it (PostgreSQL; empty on SQLite).
    public var pausedBy: String
    /// Why, if the operator said.
    public var reason: String?

    /// Pauses `queue`. Returns false when it was already paused. On PostgreSQL through
    /// `spotter.pause_queue`, the function the operator role may call.
    public static func pause(_ queue: String, reason: String?, in session: DatabaseSession) throws -> Bool {
        try validate(queue)
        let reason = reason.map(SQLValue.text) ?? .null
        // Not only spelled differently: PostgreSQL goes through the function, which records who
        // paused and wakes the workers, and which the operator role may call.
        guard session.backend.storesRoutines else {
            return try session.execute(
                "INSERT INTO queue_pauses (queue, reason) VALUES (\(bind: queue), \(bind: reason)) ON CONFLICT DO NOTHING"
            ) > 0
        }
        return try session.query("SELECT spotter.pause_queue(\(bind: queue), \(bind: reason)) AS done")
            .first?.bool("done") ?? false
    }

    /// Resumes `queue` (and wakes PostgreSQL workers). Returns false when it was not paused.
    public static func resume(_ queue: String, in session: DatabaseSession) throws -> Bool {
        try validate(queue)
        // PostgreSQL through the function the operator role may call, which also wakes the workers.
        guard session.backend.storesRoutines else {
            return try session.execute("DELETE FROM queue_pauses WHERE queue = \(bind: queue)") > 0
        }
        return try session.query("SELECT spotter.resume_queue(\(bind: queue)) AS done").first?.bool("done") ?? false
    }

    /// Every paused queue, by name.
    public static func all(in session: DatabaseSession) throws -> [QueuePause] {
        try session.query("SELECT queue, paused_at, paused_by, reason FROM spotter.queue_pauses ORDER BY queue").map {
            QueuePause(
                queue: try $0.string("queue"), pausedAt: try $0.date("paused_at"), pausedBy: try $0.string("paused_by"),
                reason: try $0.optionalString("reason"))
        }
    }

    static func validate(_ queue: String) throws {
        guard !queue.isEmpty, queue.count <= 100 else {
            throw QueueError(.invalidRequest, "queue name must be 1 to 100 characters")
        }
    }
}
