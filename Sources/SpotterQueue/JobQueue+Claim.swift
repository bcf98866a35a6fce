import Foundation
public import SpotterDB

/// Which jobs a worker claims.
public struct ClaimFilter: Sendable, Hashable {
    /// Only these queues (nil: all).
    public var queues: [String]?
    /// Only these kinds (nil: all; unknown kinds are then claimed and marked dead).
    public var kinds: [String]?
    /// Never these kinds (nil: none excluded); a worker excludes the test kinds this way.
    public var excludedKinds: [String]?

    /// Creates a filter.
    public init(queues: [String]? = nil, kinds: [String]? = nil, excludedKinds: [String]? = nil) {
        self.queues = queues
        self.kinds = kinds
        self.excludedKinds = excludedKinds
    }
}

extension JobQueue {
    /// Claims up to `limit` runnable jobs in one statement, oldest first within priority, and
    /// leases them to `owner` until `lease` from now. On PostgreSQL concurrent claimers skip each
    /// other's rows (`FOR UPDATE SKIP LOCKED`); on SQLite the claim runs in `BEGIN IMMEDIATE`.
    ///
    /// `acks` (this owner's finished jobs, as for ``acknowledge(_:owner:in:)``) are written in
    /// the same transaction, before the claim, so that a worker draining short jobs pays one
    /// round trip and one commit for both; on PostgreSQL in the same statement. A job being
    /// acknowledged is never claimed by the same statement.
    public func claim(
        limit: Int, owner: String, lease: Duration, filter: ClaimFilter = ClaimFilter(), acknowledging acks: [JobAck] = [],
        in session: DatabaseSession
    ) throws -> [Job] {
        let leaseMS = Int64(lease.milliseconds)
        let rows: [Row]
        switch session.backend {
        case .postgres:
            let (json, ids) = acks.isEmpty ? (SQLValue.null, SQLValue.null) : Self.postgresAcks(acks)
            rows = try session.query(
                Self.postgresClaim,
                [
                    .int(Int64(limit)), .text(owner), .int(leaseMS),
                    filter.queues.map { PostgresArray.text($0) } ?? .null,
                    filter.kinds.map { PostgresArray.text($0) } ?? .null,
                    filter.excludedKinds.map { PostgresArray.text($0) } ?? .null,
                    json, ids,
                ])
        case .sqlite where !acks.isEmpty:
            return try session.withTransaction(immediate: true) {
                try acknowledge(acks, owner: owner, in: session)
                return try claim(limit: limit, owner: owner, lease: lease, filter: filter, in: session)
            }
        case .sqlite:
            // SQLite has one writer at a time and a busy handler that backs off in coarse steps,
            // so an idle worker must not take the write lock ten times a second only to find
            // nothing: a plain read decides whether a claim transaction is worth starting.
            let queues = Self.jsonList(filter.queues), kinds = Self.jsonList(filter.kinds)
            let excluded = Self.jsonList(filter.excludedKinds)
            let runnable = try session.query(
                """
                SELECT 1 FROM jobs
                WHERE state IN ('available', 'retryable') AND run_at <= $1
                  AND ($2 IS NULL OR queue IN (SELECT value FROM json_each($2)))
                  AND ($3 IS NULL OR kind IN (SELECT value FROM json_each($3)))
                  AND ($4 IS NULL OR kind NOT IN (SELECT value FROM json_each($4)))
                  AND queue NOT IN (SELECT queue FROM queue_pauses)
                LIMIT 1
                """, [.timestamp(Date()), queues, kinds, excluded])
            guard !runnable.isEmpty else { return [] }
            rows = try session.withTransaction(immediate: true) {
                let now = Date()  // once the write lock is ours: started_at and the lease start now
                let selection = """
                    SELECT id FROM jobs
                    WHERE state IN ('available', 'retryable') AND run_at <= $4
                      AND ($5 IS NULL OR queue IN (SELECT value FROM json_each($5)))
                      AND ($6 IS NULL OR kind IN (SELECT value FROM json_each($6)))
                      AND ($7 IS NULL OR kind NOT IN (SELECT value FROM json_each($7)))
                      AND queue NOT IN (SELECT queue FROM queue_pauses)
                    ORDER BY priority, run_at, id
                    LIMIT $1
                    """
                let binds: [SQLValue] = [
                    .int(Int64(limit)), .text(owner), .timestamp(now.addingTimeInterval(lease.seconds)),
                    .timestamp(now), queues, kinds, excluded,
                ]
                // The same selection twice under one write lock picks the same jobs: first their
                // previous attempts go to the history, then they are claimed.
                try session.execute(
                    """
                    WITH next AS (
                        SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM jobs
                        WHERE id IN (\(selection)))
                    \(Self.historyInsert(from: "next", orIgnore: true))
                    """, binds)
                return try session.query(
                    """
                    UPDATE jobs
                    SET state = 'running', attempt = attempt + 1, lease_owner = $2, attempted_by = $2,
                        lease_expires_at = $3, started_at = $4, finished_at = NULL
                    WHERE id IN (\(selection))
                    RETURNING id, kind, queue, payload, attempt, max_attempts, unique_key, created_at, priority
                    """, binds)
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

    /// The statement that copies the previous attempt of jobs about to be claimed again (the
    /// rows of CTE `source`, read before the claim overwrites them) into `job_attempts`. Jobs
    /// that never ran have no `started_at` and write nothing. A hand-back took its attempt back,
    /// so the handed-back run was attempt + 1.
    static func historyInsert(from source: String, orIgnore: Bool = false) -> String {
        """
        INSERT\(orIgnore ? " OR IGNORE" : "") INTO spotter.job_attempts (job_id, attempt, worker, started_at, finished_at, outcome, error)
        SELECT id, CASE WHEN state = 'available' THEN attempt + 1 ELSE attempt END, attempted_by, started_at,
               finished_at, CASE WHEN state = 'available' THEN 'handed_back' ELSE state END,
               CASE WHEN state = 'available' THEN NULL ELSE last_error END
        FROM \(source) WHERE started_at IS NOT NULL\(orIgnore ? "" : "\nON CONFLICT DO NOTHING")
        """
    }

    /// The PostgreSQL claim: $1 limit, $2 owner, $3 lease in ms, $4 queues, $5 kinds (NULL: all),
    /// $6 kinds never to claim (NULL: none), $7 and $8 the acknowledgements to write first
    /// (``postgresAcks``; NULL: none). The acknowledgement is a CTE of its own: it runs whether
    /// or not anything is claimed, and the claim skips the jobs it names (one statement must not
    /// update a row twice). The claimed rows are found again by primary key from an array of
    /// their ids: joined with the CTE instead, a claim of a thousand jobs was planned as a hash
    /// join over a sequential scan of the whole table (22 ms instead of 8 ms at 50,000 rows).
    static let postgresClaim = """
    WITH acked AS (
        \(postgresAcknowledge(json: "$7", ids: "$8", owner: "$2"))
    ), next AS (
        SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM spotter.jobs
        WHERE state IN ('available', 'retryable') AND run_at <= now()
          AND ($8::bigint[] IS NULL OR id <> ALL($8::bigint[]))
          AND ($4::text[] IS NULL OR queue = ANY($4::text[]))
          AND ($5::text[] IS NULL OR kind = ANY($5::text[]))
          AND ($6::text[] IS NULL OR kind <> ALL($6::text[]))
          AND \(notPaused)
        ORDER BY priority, run_at, id
        LIMIT $1
        FOR UPDATE SKIP LOCKED
    ), history AS (
        \(historyInsert(from: "next"))
    )
    UPDATE spotter.jobs j
    SET state = 'running', attempt = j.attempt + 1, lease_owner = $2, attempted_by = $2,
        lease_expires_at = now() + $3 * interval '1 millisecond', started_at = now(), finished_at = NULL
    WHERE j.id = ANY(ARRAY(SELECT id FROM next))
    RETURNING j.id, j.kind, j.queue, j.payload::text AS payload, j.attempt, j.max_attempts, j.unique_key,
              j.created_at, j.priority
    """

    /// Skips paused queues without changing the claim's plan: as a hashed subplan (and an
    /// init plan that short-circuits when nothing is paused) the planner keeps walking the
    /// claim index in order. `queue <> ALL (ARRAY(…))` looked selective enough to it that it
    /// sorted the whole table for every claim instead (4 ms → 19 ms at 20,000 waiting jobs).
    static let notPaused =
        "(NOT EXISTS (SELECT 1 FROM spotter.queue_pauses) OR queue NOT IN (SELECT p.queue FROM spotter.queue_pauses p))"

    static func jsonList(_ values: [String]?) -> SQLValue {
        guard let values else { return .null }
        return .json(JSONText.array(values))
    }

    static func jsonList(_ values: [Int64]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }
}
