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

/// Which jobs a worker claims.
public struct ClaimFilter: Sendable, Hashable {
    /// Only these queues (nil: all).
    public var queues: [String]?
    /// Only these kinds (nil: all; unknown kinds are then claimed and marked dead).
    public var kinds: [String]?

    /// Creates a filter.
    public init(queues: [String]? = nil, kinds: [String]? = nil) {
        self.queues = queues
        self.kinds = kinds
    }
}

extension JobQueue {
    /// Claims up to `limit` runnable jobs in one statement, oldest first within priority, and
    /// leases them to `owner` until `lease` from now. On PostgreSQL concurrent claimers skip each
    /// other's rows (`FOR UPDATE SKIP LOCKED`); on SQLite the claim runs in `BEGIN IMMEDIATE`.
    public func claim(
        limit: Int, owner: String, lease: Duration, filter: ClaimFilter = ClaimFilter(), in session: DatabaseSession
    ) throws -> [Job] {
        let leaseMS = Int64(lease.milliseconds)
        let rows: [Row]
        switch session.backend {
        case .postgres:
            rows = try session.query(
                """
                WITH next AS (
                    SELECT id FROM spotter.jobs
                    WHERE state IN ('available', 'retryable') AND run_at <= now()
                      AND ($4::text[] IS NULL OR queue = ANY($4::text[]))
                      AND ($5::text[] IS NULL OR kind = ANY($5::text[]))
                    ORDER BY priority, run_at, id
                    LIMIT $1
                    FOR UPDATE SKIP LOCKED
                )
                UPDATE spotter.jobs j
                SET state = 'running', attempt = j.attempt + 1, lease_owner = $2,
                    lease_expires_at = now() + $3 * interval '1 millisecond', started_at = now(), finished_at = NULL
                FROM next WHERE j.id = next.id
                RETURNING j.id, j.kind, j.queue, j.payload::text AS payload, j.attempt, j.max_attempts, j.unique_key,
                          j.created_at, j.priority
                """,
                [
                    .int(Int64(limit)), .text(owner), .int(leaseMS),
                    filter.queues.map { PostgresArray.text($0) } ?? .null,
                    filter.kinds.map { PostgresArray.text($0) } ?? .null,
                ])
        case .sqlite:
            let now = Date()
            rows = try session.withTransaction(immediate: true) {
                try session.query(
                    """
                    UPDATE jobs
                    SET state = 'running', attempt = attempt + 1, lease_owner = $2, lease_expires_at = $3,
                        started_at = $4, finished_at = NULL
                    WHERE id IN (
                        SELECT id FROM jobs
                        WHERE state IN ('available', 'retryable') AND run_at <= $4
                          AND ($5 IS NULL OR queue IN (SELECT value FROM json_each($5)))
                          AND ($6 IS NULL OR kind IN (SELECT value FROM json_each($6)))
                        ORDER BY priority, run_at, id
                        LIMIT $1)
                    RETURNING id, kind, queue, payload, attempt, max_attempts, unique_key, created_at, priority
                    """,
                    [
                        .int(Int64(limit)), .text(owner), .timestamp(now.addingTimeInterval(lease.seconds)),
                        .timestamp(now), Self.jsonList(filter.queues), Self.jsonList(filter.kinds),
                    ])
            }
        }
        return try rows.map { row in
            Job(
                id: try row.int64("id"), kind: try row.string("kind"), queue: try row.string("queue"),
                payload: try row.string("payload"), attempt: try row.int("attempt"),
                maxAttempts: try row.int("max_attempts"), uniqueKey: try row.optionalString("unique_key"),
                createdAt: try row.date("created_at"), priority: try row.int("priority"))
        }
        .sorted { ($0.priority, $0.id) < ($1.priority, $1.id) }
    }

    /// Records how many jobs ended, in one statement. Guarded: only the attempt this owner
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
        var ids: [Int64?] = [], attempts: [Int64?] = [], states: [String?] = []
        var delays: [Int64?] = [], errors: [String?] = [], results: [String?] = []
        for ack in acks {
            ids.append(ack.id)
            attempts.append(Int64(ack.attempt))
            switch ack.outcome {
            case .succeeded(let result):
                states.append("succeeded"); delays.append(0); errors.append(nil); results.append(result)
            case .retry(let error, let delay):
                states.append("retryable"); delays.append(Int64(delay.milliseconds)); errors.append(error)
                results.append(nil)
            case .dead(let error):
                states.append("dead"); delays.append(0); errors.append(error); results.append(nil)
            case .cancelled:
                states.append("cancelled"); delays.append(0); errors.append("cancelled while running")
                results.append(nil)
            case .handBack:
                states.append("available"); delays.append(0); errors.append(nil); results.append(nil)
            }
        }
        let rows: [Row]
        switch session.backend {
        case .postgres:
            rows = try session.query(
                """
                UPDATE spotter.jobs j
                SET state = r.state,
                    attempt = CASE WHEN r.state = 'available' THEN j.attempt - 1 ELSE j.attempt END,
                    run_at = CASE WHEN r.state = 'retryable' THEN now() + r.delay_ms * interval '1 millisecond'
                                  WHEN r.state = 'available' THEN now() ELSE j.run_at END,
                    finished_at = CASE WHEN r.state IN ('succeeded', 'dead', 'cancelled') THEN now() END,
                    last_error = coalesce(r.error, j.last_error),
                    result = r.result::jsonb,
                    lease_owner = NULL, lease_expires_at = NULL
                FROM unnest($1::bigint[], $2::int[], $3::text[], $4::bigint[], $5::text[], $6::text[])
                     AS r(id, attempt, state, delay_ms, error, result)
                WHERE j.id = r.id AND j.attempt = r.attempt AND j.lease_owner = $7
                  AND j.state IN ('running', 'retryable', 'dead')
                RETURNING j.id
                """,
                [
                    PostgresArray.integers(ids), PostgresArray.integers(attempts), PostgresArray.text(states),
                    PostgresArray.integers(delays), PostgresArray.text(errors), PostgresArray.text(results),
                    .text(owner),
                ])
        case .sqlite:
            let now = Date()
            var entries: [[String: Any]] = []
            for index in acks.indices {
                var entry: [String: Any] = [
                    "id": ids[index]!, "attempt": attempts[index]!, "state": states[index]!,
                    "run_at": Timestamp.iso(now.addingTimeInterval(Double(delays[index]!) / 1000)),
                ]
                if let error = errors[index] { entry["error"] = error }
                if let result = results[index] { entry["result"] = result }
                entries.append(entry)
            }
            let json = String(decoding: try JSONSerialization.data(withJSONObject: entries), as: UTF8.self)
            rows = try session.withTransaction(immediate: true) {
                try session.query(
                    """
                    UPDATE jobs
                    SET state = json_extract(r.value, '$.state'),
                        attempt = CASE WHEN json_extract(r.value, '$.state') = 'available' THEN jobs.attempt - 1
                                       ELSE jobs.attempt END,
                        run_at = CASE WHEN json_extract(r.value, '$.state') IN ('retryable', 'available')
                                      THEN json_extract(r.value, '$.run_at') ELSE jobs.run_at END,
                        finished_at = CASE WHEN json_extract(r.value, '$.state') IN ('succeeded', 'dead', 'cancelled')
                                           THEN $2 END,
                        last_error = coalesce(json_extract(r.value, '$.error'), jobs.last_error),
                        result = json_extract(r.value, '$.result'),
                        lease_owner = NULL, lease_expires_at = NULL
                    FROM json_each($1) AS r
                    WHERE jobs.id = json_extract(r.value, '$.id') AND jobs.attempt = json_extract(r.value, '$.attempt')
                      AND jobs.lease_owner = $3 AND jobs.state IN ('running', 'retryable', 'dead')
                    RETURNING jobs.id
                    """, [.json(json), .timestamp(now), .text(owner)])
            }
        }
        return Set(try rows.map { try $0.int64("id") })
    }

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

    static func jsonList(_ values: [String]?) -> SQLValue {
        guard let values else { return .null }
        return .json(String(decoding: (try? JSONSerialization.data(withJSONObject: values)) ?? Data("[]".utf8), as: UTF8.self))
    }

    static func jsonList(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }
}

extension Duration {
    /// Whole milliseconds.
    var milliseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
    }

    /// Seconds as a Double.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
