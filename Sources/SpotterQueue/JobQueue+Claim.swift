public import Foundation
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
    ///
    /// Only `startingNow` of the jobs (nil: all of them) start at once, the first found:
    /// the rest are claimed ahead of free slots, leased and counted as an attempt but not
    /// started (`started_at` stays NULL, ``Job/claimedAhead``) until the worker reports their
    /// start (`starts`, written with the claim like `acks`, or by ``acknowledge(_:starts:owner:in:)``).
    /// A claimed-ahead job whose worker dies before starting it gets its attempt back
    /// (``rescueAbandonedClaims(staleAfter:deadOwners:in:)``).
    ///
    /// Every claim writes a fresh claim id (``Job/claimID``) to the jobs it takes: the owner and
    /// the attempt number alone cannot tell two claims of a job apart once a failover lost one.
    ///
    /// `claimID` names the claim before it is sent: a worker whose claim failed with its reply
    /// unknown (the connection broke after the commit) gives that claim's jobs back by it
    /// (``releaseLostClaims(_:owner:in:)``).
    public func claim(
        limit: Int, startingNow: Int? = nil, owner: String, lease: Duration, filter: ClaimFilter = ClaimFilter(),
        acknowledging acks: [JobAck] = [], starting starts: [JobLease] = [], claimID: UUID = UUID(),
        in session: DatabaseSession
    ) throws -> [Job] {
        let startingNow = min(max(startingNow ?? limit, 0), limit)
        let claimText = JobLease(id: 0, claimID: claimID).claimText
        let rows: [Row]
        // The claim's shape differs with the backend's locking, not only its spelling: PostgreSQL
        // claimers run side by side and skip each other's rows (`FOR UPDATE SKIP LOCKED`) in one
        // statement that also writes the acknowledgements; SQLite has one writer, so a cheap read
        // decides whether to take the write lock, and the claim is two statements under it.
        switch session.backend.writers {
        case .concurrent:
            rows = try session.query(
                Self.postgresClaim(
                    limit: limit, startingNow: startingNow, owner: owner, claim: claimText, lease: lease,
                    filter: filter, acknowledging: acks, starting: starts))
        case .oneAtATime where !acks.isEmpty || !starts.isEmpty:
            return try session.withTransaction(immediate: true) {
                try acknowledge(acks, starts: starts, owner: owner, in: session)
                return try claim(
                    limit: limit, startingNow: startingNow, owner: owner, lease: lease, filter: filter,
                    claimID: claimID, in: session)
            }
        case .oneAtATime:
            // SQLite has one writer at a time and a busy handler that backs off in coarse steps,
            // so an idle worker must not take the write lock ten times a second only to find
            // nothing: a plain read decides whether a claim transaction is worth starting.
            let runnable = try session.query(
                """
                SELECT 1 FROM spotter.jobs
                WHERE state IN ('available', 'retryable') AND run_at <= \(timestamp: Date())
                  AND \(fragment: Self.filtered(filter)) AND queue NOT IN (SELECT queue FROM spotter.queue_pauses)
                LIMIT 1
                """)
            guard !runnable.isEmpty else { return [] }
            rows = try session.withTransaction(immediate: true) {
                let now = Date()  // once the write lock is ours: started_at and the lease start now
                // The jobs are picked once, under the write lock, and then named by id: their
                // previous attempts go to the history, then they are claimed, the first
                // `startingNow` of them (by priority, then id) started.
                let picked = try session.query(
                    """
                    SELECT id, priority, claim_group FROM spotter.jobs
                    WHERE state IN ('available', 'retryable') AND run_at <= \(timestamp: now)
                      AND \(fragment: Self.filtered(filter)) AND queue NOT IN (SELECT queue FROM spotter.queue_pauses)
                    ORDER BY priority, run_at, id
                    LIMIT \(bind: limit)
                    """
                ).map {
                    (
                        id: try $0.int64("id"), priority: try $0.int("priority"),
                        group: try $0.optionalString("claim_group")
                    )
                }
                guard !picked.isEmpty else { return [] }
                // The claim groups' other runnable jobs come along, beyond the limit, and start.
                let groups = Array(Set(picked.compactMap(\.group)))
                let partners =
                    groups.isEmpty
                    ? []
                    : try session.query(
                        """
                        SELECT id FROM spotter.jobs
                        WHERE claim_group \(oneOf: groups) AND state IN ('available', 'retryable')
                          AND run_at <= \(timestamp: now) AND id \(noneOf: picked.map(\.id))
                          AND \(fragment: Self.filtered(filter))
                          AND queue NOT IN (SELECT queue FROM spotter.queue_pauses)
                        """
                    ).map { try $0.int64("id") }
                let ids = picked.map(\.id) + partners
                let startIDs =
                    picked.sorted { ($0.priority, $0.id) < ($1.priority, $1.id) }.prefix(startingNow).map(\.id)
                    + partners
                try session.execute(
                    """
                    WITH next AS (
                        SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM spotter.jobs
                        WHERE id \(oneOf: ids))
                    \(fragment: Self.historyInsert(from: "next"))
                    """)
                return try session.query(
                    """
                    UPDATE spotter.jobs
                    SET state = 'running', attempt = attempt + 1, lease_owner = \(bind: owner), attempted_by = \(bind: owner),
                        claim_id = \(bind: claimText), lease_expires_at = \(timestamp: now.addingTimeInterval(lease.seconds)),
                        started_at = CASE WHEN id \(oneOf: startIDs) THEN \(timestamp: now) END,
                        finished_at = NULL
                    WHERE id \(oneOf: ids)
                    RETURNING id, kind, queue, payload, attempt, max_attempts, unique_key, created_at, priority,
                              started_at IS NULL AS claimed_ahead
                    """)
            }
        }
        return try rows.map { row in
            Job(
                id: try row.int64("id"), kind: try row.string("kind"), queue: try row.string("queue"),
                payload: try row.string("payload"), attempt: try row.int("attempt"),
                maxAttempts: try row.int("max_attempts"), uniqueKey: try row.optionalString("unique_key"),
                createdAt: try row.date("created_at"), priority: try row.int("priority"),
                claimedAhead: try row.bool("claimed_ahead"), claimID: claimID)
        }
        .sorted { ($0.priority, $0.id) < ($1.priority, $1.id) }
    }

    /// Gives back the jobs that `owner`'s claims `claims` took and that are still running under
    /// them: claims whose reply never reached the worker (the connection broke after the commit,
    /// as when a primary dies while its synchronous standby already has the claim). The worker
    /// never saw those jobs, so none of them ran: each goes back to `available` with its attempt
    /// returned and no start (its next claim writes no attempt to the history for it), at once
    /// instead of after its lease; a cancel requested meanwhile cancels it. A claim that never
    /// committed, or whose jobs were rescued and claimed again since, matches nothing. Returns
    /// the ids given back.
    @discardableResult
    public func releaseLostClaims(_ claims: [UUID], owner: String, in session: DatabaseSession) throws -> [Int64] {
        guard !claims.isEmpty else { return [] }
        let texts = claims.map { JobLease(id: 0, claimID: $0).claimText }
        // The running jobs are few and indexed (`jobs_running`); the claim id is compared as text.
        let lost: SQLQuery = """
            state = 'running' AND lease_owner = \(bind: owner)
            AND \(postgres: "claim_id::text", sqlite: "claim_id") \(oneOf: texts)
            """
        let rows = try session.withTransaction(immediate: true) {
            let now = Date()
            return try session.query(
                """
                UPDATE spotter.jobs
                SET \(fragment: Self.givenBackUnrun(now: "\(timestamp: now)")), claim_id = NULL, started_at = NULL
                WHERE \(fragment: lost)
                RETURNING id
                """)
        }
        return try rows.map { try $0.int64("id") }.sorted()
    }

    /// The statement that copies the previous attempt of jobs about to be claimed again (the
    /// rows of CTE `source`, read before the claim overwrites them) into `job_attempts`. Jobs
    /// that never ran have no `started_at` and write nothing. A hand-back took its attempt back,
    /// so the handed-back run was attempt + 1. An attempt already recorded is skipped
    /// (`ON CONFLICT DO NOTHING` on PostgreSQL, `INSERT OR IGNORE` on SQLite).
    static func historyInsert(from source: String) -> SQLQuery {
        """
        INSERT\(postgres: "", sqlite: " OR IGNORE") INTO spotter.job_attempts (job_id, attempt, worker, started_at, finished_at, outcome, error)
        SELECT id, CASE WHEN state = 'available' THEN attempt + 1 ELSE attempt END, attempted_by, started_at,
               finished_at, CASE WHEN state = 'available' THEN 'handed_back' ELSE state END,
               CASE WHEN state = 'available' THEN NULL ELSE last_error END
        FROM \(unescaped: source) WHERE started_at IS NOT NULL\(postgresOnly: "\nON CONFLICT DO NOTHING")
        """
    }

    /// The filter's queues and kinds as one condition (`TRUE` when it filters nothing).
    static func filtered(_ filter: ClaimFilter) -> SQLQuery {
        """
        \("queue", oneOf: filter.queues) AND \("kind", oneOf: filter.kinds) AND \("kind", noneOf: filter.excludedKinds)
        """
    }

    /// The PostgreSQL claim of up to `limit` jobs for `owner` under claim id `claim`, filtered by `filter`,
    /// `startingNow` of them started, after writing `acks` and `starts`
    /// (``postgresAcknowledgement(_:starts:owner:)``). The acknowledgement is a CTE of its own:
    /// it runs whether or not anything is claimed, and the claim skips the jobs it names (one
    /// statement must not update a row twice). The claimed rows are found again by primary key
    /// from an array of their ids: joined with the CTE instead, a claim of a thousand jobs was
    /// planned as a hash join over a sequential scan of the whole table (22 ms instead of 8 ms at
    /// 50,000 rows). Every list is one bind whatever its length.
    static func postgresClaim(
        limit: Int, startingNow: Int, owner: String, claim: String, lease: Duration, filter: ClaimFilter,
        acknowledging acks: [JobAck], starting starts: [JobLease]
    ) -> SQLQuery {
        let written: SQLQuery =
            acks.isEmpty && starts.isEmpty
            ? "" : "\(fragment: postgresAcknowledgement(acks, starts: starts, owner: owner)), "
        let notAcked: SQLQuery = acks.isEmpty ? "TRUE" : "id \(noneOf: acks.map(\.id))"
        // Which of the claimed jobs start does not matter (the worker runs those first), so no
        // sort: the first the locked scan returned. The claim groups' other runnable jobs
        // (`partners`) come along beyond the limit, and start: one worker runs a group side by side.
        let started: SQLQuery =
            startingNow >= limit
            ? "now()"
            : """
            CASE WHEN j.id = ANY(ARRAY(SELECT id FROM next LIMIT \(bind: startingNow)))
                   OR j.id = ANY(ARRAY(SELECT id FROM partners)) THEN now() END
            """
        return """
            WITH \(fragment: written)next AS (
                SELECT id, claim_group, attempt, attempted_by, started_at, finished_at, state, last_error FROM spotter.jobs
                WHERE state IN ('available', 'retryable') AND run_at <= now()
                  AND \(fragment: notAcked) AND \(fragment: filtered(filter))
                  AND \(unescaped: notPaused)
                ORDER BY priority, run_at, id
                LIMIT \(bind: limit)
                FOR UPDATE SKIP LOCKED
            ), partners AS (
                SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM spotter.jobs
                WHERE claim_group = ANY(ARRAY(SELECT claim_group FROM next WHERE claim_group IS NOT NULL))
                  AND claim_group IS NOT NULL AND state IN ('available', 'retryable') AND run_at <= now()
                  AND id <> ALL(ARRAY(SELECT id FROM next))
                  AND \(fragment: notAcked) AND \(fragment: filtered(filter))
                  AND \(unescaped: notPaused)
                FOR UPDATE SKIP LOCKED
            ), taken AS (
                SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM next
                UNION ALL
                SELECT id, attempt, attempted_by, started_at, finished_at, state, last_error FROM partners
            ), history AS (
                \(fragment: historyInsert(from: "taken"))
            )
            UPDATE spotter.jobs j
            SET state = 'running', attempt = j.attempt + 1, lease_owner = \(bind: owner), attempted_by = \(bind: owner),
                claim_id = \(bind: claim), lease_expires_at = now() + \(bind: Int64(lease.milliseconds)) * interval '1 millisecond',
                started_at = \(fragment: started), finished_at = NULL
            WHERE j.id = ANY(ARRAY(SELECT id FROM taken))
            RETURNING j.id, j.kind, j.queue, j.payload::text AS payload, j.attempt, j.max_attempts, j.unique_key,
                      j.created_at, j.priority, j.started_at IS NULL AS claimed_ahead
            """
    }

    /// Skips paused queues without changing the claim's plan: as a hashed subplan (and an
    /// init plan that short-circuits when nothing is paused) the planner keeps walking the
    /// claim index in order. `queue <> ALL (ARRAY(…))` looked selective enough to it that it
    /// sorted the whole table for every claim instead (4 ms → 19 ms at 20,000 waiting jobs).
    static let notPaused =
        "(NOT EXISTS (SELECT 1 FROM spotter.queue_pauses) OR queue NOT IN (SELECT p.queue FROM spotter.queue_pauses p))"
}
