public import Foundation
public import SpotterDB

/// One attempt of a job, from the `job_history` view.
public struct JobAttempt: Sendable, Hashable {
    /// 1 for the first run.
    public var attempt: Int
    /// The worker that ran it (`host:pid:random`), when known.
    public var worker: String?
    /// When it started.
    public var startedAt: Date
    /// When it ended (nil while running, or for a hand-back).
    public var finishedAt: Date?
    /// The state it left the job in: running, succeeded, retryable, dead, cancelled, handed_back.
    public var outcome: String
    /// Its error, for failures.
    public var error: String?
}

/// Everything `spotter job ID` shows about one job.
public struct JobDetails: Sendable, Hashable {
    /// The job's id.
    public var id: Int64
    /// Its kind.
    public var kind: String
    /// Its queue.
    public var queue: String
    /// available, running, succeeded, retryable, dead or cancelled.
    public var state: String
    /// Lower runs first.
    public var priority: Int
    /// Attempts used so far (of the current set: `spotter retry` starts a new one).
    public var attempt: Int
    /// Attempts allowed.
    public var maxAttempts: Int
    /// The unique key, if any.
    public var uniqueKey: String?
    /// The payload (JSON text).
    public var payload: String
    /// The handler's result (JSON text), once succeeded.
    public var result: String?
    /// The last error.
    public var lastError: String?
    /// When it was enqueued.
    public var createdAt: Date
    /// When it may (or may again) run.
    public var runAt: Date
    /// The worker holding its lease while running.
    public var leaseOwner: String?
    /// When that lease expires.
    public var leaseExpiresAt: Date?
    /// A cancel was requested while it ran.
    public var cancelRequested: Bool
    /// Every attempt, oldest first.
    public var attempts: [JobAttempt]

    /// Reads one job and its attempts; nil when there is no such job (or it was pruned).
    public static func read(id: Int64, in session: DatabaseSession) throws -> JobDetails? {
        guard
            let row = try session.query(
                """
                SELECT id, kind, queue, state, priority, attempt, max_attempts, unique_key,
                       \(jsonText: "payload") AS payload, \(jsonText: "result") AS result, last_error,
                       created_at, run_at, lease_owner, lease_expires_at, cancel_requested
                FROM spotter.jobs WHERE id = \(bind: id)
                """
            ).first
        else { return nil }
        let attempts = try session.query(
            """
            SELECT attempt, worker, started_at, finished_at, outcome, error FROM spotter.job_history
            WHERE job_id = \(bind: id) ORDER BY started_at, attempt
            """
        ).map { row in
            JobAttempt(
                attempt: try row.int("attempt"), worker: try row.optionalString("worker"),
                startedAt: try row.date("started_at"), finishedAt: try row.optionalDate("finished_at"),
                outcome: try row.string("outcome"), error: try row.optionalString("error"))
        }
        return JobDetails(
            id: try row.int64("id"), kind: try row.string("kind"), queue: try row.string("queue"),
            state: try row.string("state"), priority: try row.int("priority"), attempt: try row.int("attempt"),
            maxAttempts: try row.int("max_attempts"), uniqueKey: try row.optionalString("unique_key"),
            payload: try row.string("payload"), result: try row.optionalString("result"),
            lastError: try row.optionalString("last_error"), createdAt: try row.date("created_at"),
            runAt: try row.date("run_at"), leaseOwner: try row.optionalString("lease_owner"),
            leaseExpiresAt: try row.optionalDate("lease_expires_at"), cancelRequested: try row.bool("cancel_requested"),
            attempts: attempts)
    }
}
