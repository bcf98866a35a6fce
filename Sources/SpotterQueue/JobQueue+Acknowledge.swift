import Foundation
public import SpotterDB

/// How a job's attempt ended, as reported by its worker.
public enum JobOutcome: Sendable, Hashable {
    /// The handler succeeded; the result JSON is stored.
    case succeeded(result: String)
    /// Failed; run again after `delay`.
    case retry(error: String, delay: Duration)
    /// Failed for good (permanent error, or attempts exhausted).
    case dead(error: String)
    /// Stopped because a cancel was requested.
    case cancelled
    /// Not run to the end (worker shutting down): back to `available` without using an attempt.
    case handBack
}

/// One acknowledgement: which attempt of which job ended how.
public struct JobAck: Sendable, Hashable {
    /// The job.
    public var id: Int64
    /// The attempt it was claimed for; a late ack for an older attempt changes nothing.
    public var attempt: Int
    /// How it ended.
    public var outcome: JobOutcome

    /// Creates an acknowledgement.
    public init(id: Int64, attempt: Int, outcome: JobOutcome) {
        self.id = id
        self.attempt = attempt
        self.outcome = outcome
    }
}

extension JobQueue {
    /// Records how many jobs ended, in one statement. `finished_at` becomes the end of the
    /// attempt for every outcome but a hand-back (so a retryable job's `run_at - finished_at` is
    /// exactly the backoff it got); `run_at` moves only for retries and hand-backs. Guarded: only the attempt this owner
    /// claimed is touched, and only while it is still running under that owner, or was rescued
    /// after its lease expired but not yet claimed again — `retryable`, or `dead` when the
    /// rescue used its last attempt — so a late ack completes it instead of letting it run
    /// twice or leaving a finished job dead. `lease_owner` stays set only on running and
    /// rescued jobs (every ack, cancel and retry clears it), which is what tells them apart. A
    /// job claimed again by anyone is never overwritten, and an ack resent after a lost
    /// connection changes nothing. Returns the ids that were updated.
    @discardableResult
    public func acknowledge(_ acks: [JobAck], owner: String, in session: DatabaseSession) throws -> Set<Int64> {
        guard !acks.isEmpty else { return [] }
        let rows: [Row]
        switch session.backend {
        case .postgres:
            let (json, ids) = Self.postgresAcks(acks)
            rows = try session.query(
                Self.postgresAcknowledge(json: "$1", ids: "$2", owner: "$3") + "\nRETURNING j.id",
                [json, ids, .text(owner)])
        case .sqlite:
            let json = Self.sqliteAcks(acks)
            rows = try session.withTransaction(immediate: true) {
                let now = Date()  // once the write lock is ours
                return try session.query(Self.sqliteAcknowledge, [.json(json), .timestamp(now), .text(owner)])
            }
        }
        return Set(try rows.map { try $0.int64("id") })
    }

    /// The PostgreSQL acknowledgement of the acks `postgresAcks` encodes, with the binds named:
    /// an UPDATE of `spotter.jobs j` without RETURNING (the claim runs it as a CTE).
    ///
    /// No join with the acks (an `unnest` in FROM): planned from statistics taken before a burst
    /// (every job `available`, no owner), the planner guessed one matching job and rescanned the
    /// whole ack list for each real one — seconds for a thousand acks. The acks travel as one
    /// JSON object keyed by "id:attempt" instead: the jobs are found by primary key and each
    /// looks up the ack for its current attempt (no key, no update), linear whatever the
    /// statistics say.
    static func postgresAcknowledge(json: String, ids: String, owner: String) -> String {
        """
        UPDATE spotter.jobs j
        SET (state, attempt, run_at, finished_at, last_error, result) = (
                SELECT a.state,
                       CASE WHEN a.state = 'available' THEN j.attempt - 1 ELSE j.attempt END,
                       CASE a.state WHEN 'retryable' THEN now() + a.delay_ms * interval '1 millisecond'
                                    WHEN 'available' THEN now() ELSE j.run_at END,
                       CASE WHEN a.state <> 'available' THEN now() END,
                       coalesce(a.error, j.last_error), a.result::jsonb
                FROM jsonb_to_record(\(json)::jsonb -> (j.id || ':' || j.attempt))
                     AS a(state text, delay_ms bigint, error text, result text)),
            lease_owner = NULL, lease_expires_at = NULL
        WHERE j.id = ANY(\(ids)::bigint[]) AND \(json)::jsonb ? (j.id || ':' || j.attempt)
          AND j.lease_owner = \(owner) AND j.state IN ('running', 'retryable', 'dead')
        """
    }

    /// The acks as PostgreSQL binds: the JSON object keyed by "id:attempt", and the ids.
    static func postgresAcks(_ acks: [JobAck]) -> (json: SQLValue, ids: SQLValue) {
        let json = JSONText.object(
            acks.map { ack in
                let (state, delay, error, result) = encode(ack.outcome)
                var entry = [(key: "state", json: JSONText.string(state)), ("delay_ms", "\(delay)")]
                if let error { entry.append(("error", JSONText.string(error))) }
                if let result { entry.append(("result", JSONText.string(result))) }
                return (key: "\(ack.id):\(ack.attempt)", json: JSONText.object(entry))
            })
        return (.json(json), PostgresArray.integers(acks.map(\.id)))
    }

    /// The acks as SQLite's JSON array of {id, attempt, state, delay_ms, error, result}.
    static func sqliteAcks(_ acks: [JobAck]) -> String {
        "["
            + acks.map { ack in
                let (state, delay, error, result) = encode(ack.outcome)
                var entry: [(key: String, json: String)] = [
                    ("id", "\(ack.id)"), ("attempt", "\(ack.attempt)"), ("state", JSONText.string(state)),
                ]
                if delay > 0 { entry.append(("delay_ms", "\(delay)")) }
                if let error { entry.append(("error", JSONText.string(error))) }
                if let result { entry.append(("result", JSONText.string(result))) }
                return JSONText.object(entry)
            }.joined(separator: ",") + "]"
    }

    /// The state an outcome writes, its retry delay in ms, its error and its result.
    private static func encode(_ outcome: JobOutcome) -> (String, Int64, String?, String?) {
        switch outcome {
        case .succeeded(let result): ("succeeded", 0, nil, result)
        case .retry(let error, let delay): ("retryable", Int64(delay.milliseconds), error, nil)
        case .dead(let error): ("dead", 0, error, nil)
        case .cancelled: ("cancelled", 0, "cancelled while running", nil)
        case .handBack: ("available", 0, nil, nil)
        }
    }

    /// The SQLite acknowledgement: $1 the acks (`sqliteAcks`), $2 now, $3 the owner.
    static let sqliteAcknowledge = """
        UPDATE jobs
        SET state = json_extract(r.value, '$.state'),
            attempt = CASE WHEN json_extract(r.value, '$.state') = 'available' THEN jobs.attempt - 1
                           ELSE jobs.attempt END,
            run_at = CASE WHEN json_extract(r.value, '$.state') IN ('retryable', 'available')
                          THEN strftime('%Y-%m-%dT%H:%M:%fZ', $2,
                                        '+' || (coalesce(json_extract(r.value, '$.delay_ms'), 0) / 1000.0) || ' seconds')
                          ELSE jobs.run_at END,
            finished_at = CASE WHEN json_extract(r.value, '$.state') <> 'available' THEN $2 END,
            last_error = coalesce(json_extract(r.value, '$.error'), jobs.last_error),
            result = json_extract(r.value, '$.result'),
            lease_owner = NULL, lease_expires_at = NULL
        FROM json_each($1) AS r
        WHERE jobs.id = json_extract(r.value, '$.id') AND jobs.attempt = json_extract(r.value, '$.attempt')
          AND jobs.lease_owner = $3 AND jobs.state IN ('running', 'retryable', 'dead')
        RETURNING jobs.id
        """


    /// Extends the leases of the owner's running jobs. Returns the ids still held, and those of
    /// them whose cancellation was requested. A job missing from the answer was rescued by
    /// another worker: its handler should stop.
    public func heartbeat(
        _ ids: [Int64], owner: String, lease: Duration, in session: DatabaseSession
    ) throws -> (held: Set<Int64>, cancelRequested: Set<Int64>) {
        guard !ids.isEmpty else { return ([], []) }
        let rows: [Row]
        switch session.backend {
        case .postgres:
            rows = try session.query(
                """
                UPDATE spotter.jobs SET lease_expires_at = now() + $3 * interval '1 millisecond'
                WHERE id = ANY($1::bigint[]) AND state = 'running' AND lease_owner = $2
                RETURNING id, cancel_requested
                """, [PostgresArray.integers(ids), .text(owner), .int(Int64(lease.milliseconds))])
        case .sqlite:
            rows = try session.withTransaction(immediate: true) {
                try session.query(
                    """
                    UPDATE jobs SET lease_expires_at = $3
                    WHERE id IN (SELECT value FROM json_each($1)) AND state = 'running' AND lease_owner = $2
                    RETURNING id, cancel_requested
                    """,
                    [
                        .json(Self.jsonList(ids)), .text(owner),
                        .timestamp(Date().addingTimeInterval(lease.seconds)),
                    ])
            }
        }
        var held = Set<Int64>(), cancel = Set<Int64>()
        for row in rows {
            let id = try row.int64("id")
            held.insert(id)
            if try row.bool("cancel_requested") { cancel.insert(id) }
        }
        return (held, cancel)
    }

}
