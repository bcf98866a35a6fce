public import Foundation
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
    /// Not run yet, by the handler's choice (``JobSnooze``): back to `available` after `delay`,
    /// without using an attempt or leaving an entry in the job's attempt history.
    case snooze(reason: String, delay: Duration)
}

/// One acknowledgement: which attempt of which job, under which claim, ended how.
public struct JobAck: Sendable, Hashable {
    /// The job.
    public var id: Int64
    /// The attempt it was claimed for; a late ack for an older attempt changes nothing.
    public var attempt: Int
    /// The claim that held it (``Job/claimID``); an ack for another claim of the job, even one
    /// with the same attempt number, changes nothing.
    public var claimID: UUID
    /// How it ended.
    public var outcome: JobOutcome

    /// Creates an acknowledgement.
    public init(id: Int64, attempt: Int, claimID: UUID, outcome: JobOutcome) {
        self.id = id
        self.attempt = attempt
        self.claimID = claimID
        self.outcome = outcome
    }

    /// The acknowledgement of `job`'s attempt under the claim that holds it.
    public init(_ job: Job, outcome: JobOutcome) {
        self.init(id: job.id, attempt: job.attempt, claimID: job.claimID, outcome: outcome)
    }

    /// The job and claim it acknowledges.
    var lease: JobLease { JobLease(id: id, claimID: claimID) }
}

extension JobQueue {
    /// Records how many jobs ended, in one statement. `finished_at` becomes the end of the
    /// attempt for every outcome but a hand-back or a snooze (so a retryable job's `run_at - finished_at` is
    /// exactly the backoff it got); `run_at` moves only for retries, hand-backs and snoozes. A snooze
    /// also clears `started_at`: it was not a run, so the next claim records no attempt for it.
    /// `waiting_since` (when a nightly shard began waiting for the night's other kinds) is set by
    /// a job's first snooze to the start of the run that snoozed, kept by later snoozes and
    /// hand-backs, and cleared by every other outcome. Guarded: only the attempt this owner
    /// claimed, under the claim the ack names (``JobAck/claimID``), is touched, and only while it
    /// is still running under that owner, or was rescued
    /// after its lease expired but not yet claimed again — `retryable`, or `dead` when the
    /// rescue used its last attempt — so a late ack completes it instead of letting it run
    /// twice or leaving a finished job dead. `lease_owner` stays set only on running and
    /// rescued jobs (every ack, cancel and retry clears it), which is what tells them apart. A
    /// job claimed again by anyone is never overwritten, and an ack resent after a lost
    /// connection changes nothing. A job handed back or snoozed while a cancel was requested
    /// (`spotter cancel` of a running job) is cancelled instead of going back to `available`: it
    /// never ran, and the request would otherwise wait for its next run's heartbeat. Returns the
    /// ids that were updated.
    ///
    /// `starts` are jobs claimed ahead (``Job/claimedAhead``) that a slot has since started:
    /// their `started_at` is written (if they still run under `owner` and that claim), so that the attempt they
    /// were claimed for is theirs for good. A job acknowledged before its start was written gets
    /// the acknowledgement's time as its start (a hand-back or a snooze leaves it unstarted).
    ///
    /// A worker's acknowledgements (alone or inside its claim) and its heartbeat touch
    /// overlapping sets of its own running jobs from separate connections, each locking rows
    /// in whatever order its plan visits them (index order, or physical order for a bitmap
    /// scan). They cannot deadlock: the heartbeat never waits for a row lock
    /// (``heartbeat(_:owner:lease:in:)``), and the worker takes its acknowledgements and starts
    /// at one instant (`takePendingWrites`), so two of its statements never cross.
    @discardableResult
    public func acknowledge(
        _ acks: [JobAck], starts: [JobLease] = [], owner: String, in session: DatabaseSession
    ) throws -> Set<Int64> {
        guard !acks.isEmpty || !starts.isEmpty else { return [] }
        let rows: [Row]
        // One statement either way, spelled per backend: PostgreSQL looks each job's ack up in a
        // JSON object (a join planned badly, see below) and runs the same UPDATE inside the claim;
        // SQLite joins `json_each` of an array under its write lock.
        switch session.backend.writers {
        case .concurrent:
            let returned: SQLQuery = acks.isEmpty ? "SELECT id FROM started WHERE false" : "SELECT id FROM acked"
            rows = try session.query(
                "WITH \(fragment: Self.postgresAcknowledgement(acks, starts: starts, owner: owner))\n\(fragment: returned)"
            )
        case .oneAtATime:
            rows = try session.withTransaction(immediate: true) {
                let now = Date()  // once the write lock is ours
                if !starts.isEmpty { try session.execute(Self.recordStarts(starts, owner: owner, now: now)) }
                return acks.isEmpty ? [] : try session.query(Self.sqliteAcknowledge(acks, now: now, owner: owner))
            }
        }
        return Set(try rows.map { try $0.int64("id") })
    }

    /// The statement that writes the start of jobs claimed ahead (SQLite; PostgreSQL runs the
    /// same UPDATE as a CTE of ``postgresAcknowledgement(_:starts:owner:)``).
    static func recordStarts(_ starts: [JobLease], owner: String, now: Date) -> SQLQuery {
        """
        UPDATE spotter.jobs SET started_at = \(timestamp: now)
        WHERE id \(oneOf: starts.map(\.id)) AND state = 'running' AND lease_owner = \(bind: owner) AND started_at IS NULL
          AND \(fragment: held(starts))
        """
    }

    /// "the row is held by one of `leases`": its `id:claim_id` is one of theirs. A row without a
    /// claim id (claimed before migration 033) matches none. After the id list, which finds the
    /// rows by primary key; this only filters them.
    static func held(_ leases: [JobLease]) -> SQLQuery {
        "(id || ':' || claim_id) \(oneOf: leases.map(\.key))"
    }

    /// The PostgreSQL acknowledgement of `acks` and `starts` by `owner`, as CTEs for a `WITH`
    /// (the claim adds its own after them; ``acknowledge(_:starts:owner:in:)`` selects from
    /// `acked`, or from `started` when there are no acks).
    ///
    /// No join with the acks (an `unnest` in FROM): planned from statistics taken before a burst
    /// (every job `available`, no owner), the planner guessed one matching job and rescanned the
    /// whole ack list for each real one — seconds for a thousand acks. The acks travel as one
    /// JSON object keyed by "id:attempt" instead (``postgresAcks(_:)``), bound once as the
    /// one-row `acks`, which the planner folds into a constant: the jobs are found by primary
    /// key and each looks up the ack for its current attempt (no key, no update), linear
    /// whatever the statistics say. The key names the claim too ("id:attempt:claim"), and a row
    /// without a claim id has no key. A start named in `acks` too is left to the acknowledgement
    /// (one statement must not update a row twice).
    static func postgresAcknowledgement(_ acks: [JobAck], starts: [JobLease], owner: String) -> SQLQuery {
        let (json, ids) = postgresAcks(acks)
        let acked = Set(ids)
        let starts = starts.filter { !acked.contains($0.id) }
        var ctes: SQLQuery = ""
        if !starts.isEmpty || acks.isEmpty {
            ctes = """
                started AS (
                    UPDATE spotter.jobs SET started_at = now()
                    WHERE id \(oneOf: starts.map(\.id)) AND state = 'running' AND lease_owner = \(bind: owner)
                      AND started_at IS NULL AND \(fragment: held(starts))
                    RETURNING id)
                """
        }
        guard !acks.isEmpty else { return ctes }
        let before: SQLQuery = starts.isEmpty && !acks.isEmpty ? "" : "\(fragment: ctes), "
        return """
            \(fragment: before)acked AS (
                UPDATE spotter.jobs j
                SET (state, attempt, run_at, finished_at, last_error, result, started_at, waiting_since) = (
                        SELECT CASE WHEN a.state = 'available' AND j.cancel_requested THEN 'cancelled' ELSE a.state END,
                               CASE WHEN a.state = 'available' THEN j.attempt - 1 ELSE j.attempt END,
                               CASE WHEN a.state = 'available' AND j.cancel_requested THEN j.run_at
                                    WHEN a.state IN ('retryable', 'available') THEN now() + a.delay_ms * interval '1 millisecond'
                                    ELSE j.run_at END,
                               CASE WHEN a.state <> 'available' OR j.cancel_requested THEN now() END,
                               coalesce(a.error, CASE WHEN a.state = 'available' AND j.cancel_requested
                                                      THEN 'cancelled before it ran' END, j.last_error),
                               a.result::jsonb,
                               CASE WHEN a.snoozed THEN NULL WHEN a.state = 'available' THEN j.started_at
                                    ELSE coalesce(j.started_at, now()) END,
                               CASE WHEN a.state <> 'available' OR j.cancel_requested THEN NULL
                                    WHEN a.snoozed THEN coalesce(j.waiting_since, j.started_at, now())
                                    ELSE j.waiting_since END
                        FROM jsonb_to_record(acks.doc -> (j.id || ':' || j.attempt || ':' || j.claim_id))
                             AS a(state text, delay_ms bigint, error text, result text, snoozed boolean)),
                    lease_owner = NULL, lease_expires_at = NULL
                FROM (SELECT \(json: json)::jsonb AS doc) AS acks
                WHERE j.id \(oneOf: ids) AND acks.doc ? (j.id || ':' || j.attempt || ':' || j.claim_id)
                  AND j.lease_owner = \(bind: owner) AND j.state IN ('running', 'retryable', 'dead')
                RETURNING j.id)
            """
    }

    /// The acks as PostgreSQL wants them: the JSON object keyed by "id:attempt:claim", and the ids.
    static func postgresAcks(_ acks: [JobAck]) -> (json: String, ids: [Int64]) {
        let json = JSONText.object(
            acks.map { ack in
                let (state, delay, error, result, snoozed) = encode(ack.outcome)
                var entry = [(key: "state", json: JSONText.string(state)), ("delay_ms", "\(delay)")]
                if let error { entry.append(("error", JSONText.string(error))) }
                if let result { entry.append(("result", JSONText.string(result))) }
                if snoozed { entry.append(("snoozed", "true")) }
                return (key: "\(ack.id):\(ack.attempt):\(ack.lease.claimText)", json: JSONText.object(entry))
            })
        return (json, acks.map(\.id))
    }

    /// The acks as SQLite's JSON array of {id, attempt, claim, state, delay_ms, error, result}.
    static func sqliteAcks(_ acks: [JobAck]) -> String {
        "["
            + acks.map { ack in
                let (state, delay, error, result, snoozed) = encode(ack.outcome)
                var entry: [(key: String, json: String)] = [
                    ("id", "\(ack.id)"), ("attempt", "\(ack.attempt)"), ("claim", JSONText.string(ack.lease.claimText)),
                    ("state", JSONText.string(state)),
                ]
                if delay > 0 { entry.append(("delay_ms", "\(delay)")) }
                if let error { entry.append(("error", JSONText.string(error))) }
                if let result { entry.append(("result", JSONText.string(result))) }
                if snoozed { entry.append(("snoozed", "true")) }
                return JSONText.object(entry)
            }.joined(separator: ",") + "]"
    }

    /// The state an outcome writes, its retry delay in ms, its error, its result, and whether it
    /// is a snooze (which also clears `started_at`: it was not a run).
    private static func encode(_ outcome: JobOutcome) -> (String, Int64, String?, String?, Bool) {
        switch outcome {
        case .succeeded(let result): ("succeeded", 0, nil, result, false)
        case .retry(let error, let delay): ("retryable", Int64(delay.milliseconds), error, nil, false)
        case .dead(let error): ("dead", 0, error, nil, false)
        case .cancelled: ("cancelled", 0, "cancelled while running", nil, false)
        case .handBack: ("available", 0, nil, nil, false)
        case .snooze(_, let delay): ("available", Int64(delay.milliseconds), nil, nil, true)
        }
    }

    /// The SQLite acknowledgement of `acks` (``sqliteAcks(_:)``) by `owner`, as of `now`.
    static func sqliteAcknowledge(_ acks: [JobAck], now: Date, owner: String) -> SQLQuery {
        """
        UPDATE jobs
        SET state = CASE WHEN json_extract(r.value, '$.state') = 'available' AND jobs.cancel_requested THEN 'cancelled'
                         ELSE json_extract(r.value, '$.state') END,
            attempt = CASE WHEN json_extract(r.value, '$.state') = 'available' THEN jobs.attempt - 1
                           ELSE jobs.attempt END,
            run_at = CASE WHEN json_extract(r.value, '$.state') = 'available' AND jobs.cancel_requested THEN jobs.run_at
                          WHEN json_extract(r.value, '$.state') IN ('retryable', 'available')
                          THEN strftime('%Y-%m-%dT%H:%M:%fZ', \(timestamp: now),
                                        '+' || (coalesce(json_extract(r.value, '$.delay_ms'), 0) / 1000.0) || ' seconds')
                          ELSE jobs.run_at END,
            finished_at = CASE WHEN json_extract(r.value, '$.state') <> 'available' OR jobs.cancel_requested
                               THEN \(timestamp: now) END,
            last_error = coalesce(json_extract(r.value, '$.error'),
                                  CASE WHEN json_extract(r.value, '$.state') = 'available' AND jobs.cancel_requested
                                       THEN 'cancelled before it ran' END, jobs.last_error),
            result = json_extract(r.value, '$.result'),
            started_at = CASE WHEN json_extract(r.value, '$.snoozed') THEN NULL
                              WHEN json_extract(r.value, '$.state') = 'available' THEN jobs.started_at
                              ELSE coalesce(jobs.started_at, \(timestamp: now)) END,
            waiting_since = CASE WHEN json_extract(r.value, '$.state') <> 'available' OR jobs.cancel_requested THEN NULL
                                 WHEN json_extract(r.value, '$.snoozed')
                                 THEN coalesce(jobs.waiting_since, jobs.started_at, \(timestamp: now))
                                 ELSE jobs.waiting_since END,
            lease_owner = NULL, lease_expires_at = NULL
        FROM json_each(\(json: sqliteAcks(acks))) AS r
        WHERE jobs.id = json_extract(r.value, '$.id') AND jobs.attempt = json_extract(r.value, '$.attempt')
          AND jobs.claim_id = json_extract(r.value, '$.claim') AND jobs.lease_owner = \(bind: owner) AND jobs.state IN ('running', 'retryable', 'dead')
        RETURNING jobs.id
        """
    }

    /// Extends the owner's `leases` of running jobs. Returns the ids still held (running under
    /// `owner` and the lease's claim), and those of them whose cancellation was requested. A job
    /// missing from the answer was rescued by another worker, or is held by another claim: its
    /// handler should stop.
    public func heartbeat(
        _ leases: [JobLease], owner: String, lease: Duration, in session: DatabaseSession
    ) throws -> (held: Set<Int64>, cancelRequested: Set<Int64>) {
        guard !leases.isEmpty else { return ([], []) }
        let ids = leases.map(\.id)
        // Under the write lock on SQLite (see `withTransaction`), so `now` is read once it is ours.
        // On PostgreSQL the heartbeat never waits for a row lock (`SKIP LOCKED`): a row locked now
        // is being acknowledged or started by this worker (or rescued), so it cannot deadlock
        // with them; such a job is still held if it still runs under this owner, and its lease
        // is renewed at the next heartbeat.
        let renewable: SQLQuery = """
            \(postgres: "= ANY(ARRAY(SELECT id FROM spotter.jobs WHERE id \(oneOf: ids) FOR UPDATE SKIP LOCKED))",
               sqlite: "\(oneOf: ids)")
            """
        let (rows, busy) = try session.withTransaction(immediate: true) { () -> ([Row], [Row]) in
            let rows = try session.query(
                """
                UPDATE spotter.jobs SET lease_expires_at = \(now: Date(), plus: lease)
                WHERE id \(fragment: renewable) AND state = 'running' AND lease_owner = \(bind: owner)
                  AND \(fragment: Self.held(leases))
                RETURNING id, cancel_requested
                """)
            guard session.backend.writers == .concurrent, rows.count < ids.count else { return (rows, []) }
            let renewed = try Set(rows.map { try $0.int64("id") })
            let skipped = ids.filter { !renewed.contains($0) }
            return (
                rows,
                try session.query(
                    """
                    SELECT id, cancel_requested FROM spotter.jobs
                    WHERE id \(oneOf: skipped) AND state = 'running' AND lease_owner = \(bind: owner)
                      AND \(fragment: Self.held(leases))
                    """)
            )
        }
        var held = Set<Int64>(), cancel = Set<Int64>()
        for row in rows + busy {
            let id = try row.int64("id")
            held.insert(id)
            if try row.bool("cancel_requested") { cancel.insert(id) }
        }
        return (held, cancel)
    }

}
