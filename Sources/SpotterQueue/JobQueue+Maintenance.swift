import Foundation
public import SpotterCatalog
public import SpotterDB

/// What cancelling a job did.
public enum CancelOutcome: Sendable, Hashable {
    /// It had not started: now `cancelled`.
    case cancelled
    /// It is running: its worker stops it at the next heartbeat.
    case requested
}

extension JobQueue {
    /// Moves jobs whose lease expired (their worker died or hung) back to `retryable`, or to
    /// `dead` when no attempts are left (`cancelled` when a cancel was requested), at most
    /// `limit` per call. Any worker may run it. The
    /// previous owner is kept so that its late acknowledgement, if it comes before anyone claims
    /// the job again, completes the job instead of running it twice. Returns the ids rescued.
    ///
    /// On PostgreSQL the locked selection sits in a materialized CTE: as a plain `IN (subquery)`
    /// the planner may rescan the `LIMIT … FOR UPDATE SKIP LOCKED` subquery once per outer row
    /// and update far more rows than the limit.
    @discardableResult
    public func rescueExpiredLeases(limit: Int = 1000, in session: DatabaseSession) throws -> [Int64] {
        let rows: [Row]
        // PostgreSQL rescuers run side by side and skip each other's rows; SQLite has one writer,
        // so a cheap read decides whether to take the write lock at all.
        switch session.backend.writers {
        case .concurrent:
            rows = try session.query(
                """
                WITH expired AS MATERIALIZED (
                    SELECT id FROM spotter.jobs
                    WHERE state = 'running' AND lease_expires_at < now()
                    ORDER BY lease_expires_at LIMIT \(bind: limit)
                    FOR UPDATE SKIP LOCKED)
                UPDATE spotter.jobs j
                SET state = CASE WHEN j.cancel_requested THEN 'cancelled'
                                 WHEN j.attempt >= j.max_attempts THEN 'dead' ELSE 'retryable' END,
                    finished_at = now(),
                    run_at = now(), lease_expires_at = NULL,
                    last_error = 'lease expired: worker ' || coalesce(j.lease_owner, '?') || ' stopped heartbeating'
                FROM expired
                WHERE j.id = expired.id AND j.state = 'running'
                RETURNING j.id
                """)
        case .oneAtATime:
            let expired = try session.query(
                "SELECT 1 FROM spotter.jobs WHERE state = 'running' AND lease_expires_at < \(timestamp: Date()) LIMIT 1"
            )
            guard !expired.isEmpty else { return [] }
            rows = try session.withTransaction(immediate: true) {
                let now = Date()
                return try session.query(
                    """
                    UPDATE spotter.jobs
                    SET state = CASE WHEN cancel_requested THEN 'cancelled'
                                     WHEN attempt >= max_attempts THEN 'dead' ELSE 'retryable' END,
                        finished_at = \(timestamp: now),
                        run_at = \(timestamp: now), lease_expires_at = NULL,
                        last_error = 'lease expired: worker ' || coalesce(lease_owner, '?') || ' stopped heartbeating'
                    WHERE id IN (SELECT id FROM spotter.jobs WHERE state = 'running' AND lease_expires_at < \(timestamp: now)
                                 ORDER BY lease_expires_at LIMIT \(bind: limit))
                    RETURNING id
                    """)
            }
        }
        return try rows.map { try $0.int64("id") }
    }

    /// Gives back the jobs claimed ahead (``Job/claimedAhead``) and never started by workers
    /// that are gone, at once instead of after their lease: a worker whose row in
    /// `spotter.workers` is missing or has not heartbeated for `staleAfter` (nil: rows are not
    /// judged), or one of `deadOwners` (workers on this host whose process is gone). Such a job never ran, so it
    /// goes back to `available` with its attempt returned, and leaves no attempt in its
    /// history; a cancel requested meanwhile cancels it. Any worker may run it; on PostgreSQL
    /// rescuers skip each other's rows. Returns the ids given back.
    @discardableResult
    public func rescueAbandonedClaims(
        staleAfter: Duration?, deadOwners: [String] = [], limit: Int = 1000, in session: DatabaseSession
    ) throws -> [Int64] {
        let stale: SQLQuery =
            if let staleAfter {
                """
                OR NOT EXISTS (SELECT 1 FROM spotter.workers w
                               WHERE w.id = j.lease_owner AND w.heartbeat_at > \(now: Date(), plus: .zero - staleAfter))
                """
            } else {
                ""
            }
        if staleAfter == nil && deadOwners.isEmpty { return [] }
        let abandoned: SQLQuery = """
            SELECT j.id FROM spotter.jobs j
            WHERE j.state = 'running' AND j.started_at IS NULL
              AND (j.lease_owner \(oneOf: deadOwners) \(fragment: stale))
            ORDER BY j.id LIMIT \(bind: limit)
            """
        let rows: [Row]
        switch session.backend.writers {
        case .concurrent:
            rows = try session.query(
                """
                WITH abandoned AS MATERIALIZED (\(fragment: abandoned) FOR UPDATE SKIP LOCKED)
                UPDATE spotter.jobs j SET \(fragment: Self.givenBackUnrun(now: "now()"))
                FROM abandoned
                WHERE j.id = abandoned.id AND j.state = 'running' AND j.started_at IS NULL
                RETURNING j.id
                """)
        case .oneAtATime:
            rows = try session.withTransaction(immediate: true) {
                let now = Date()
                return try session.query(
                    """
                    UPDATE spotter.jobs SET \(fragment: Self.givenBackUnrun(now: "\(timestamp: now)"))
                    WHERE id IN (\(fragment: abandoned))
                    RETURNING id
                    """)
            }
        }
        return try rows.map { try $0.int64("id") }.sorted()
    }

    /// The columns of a job given back that never ran under its claim (its worker is gone, or
    /// never heard back from the claim): `available` with its attempt returned, or `cancelled`
    /// at `now` when a cancel was requested meanwhile; no lease. Columns unqualified, for
    /// `UPDATE spotter.jobs [alias] SET …`.
    static func givenBackUnrun(now: SQLQuery) -> SQLQuery {
        """
        state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'available' END, attempt = attempt - 1,
        lease_owner = NULL, lease_expires_at = NULL, finished_at = CASE WHEN cancel_requested THEN \(fragment: now) END,
        last_error = CASE WHEN cancel_requested THEN 'cancelled before it ran' ELSE last_error END
        """
    }

    /// Deletes finished jobs older than their kind's retention (the catalog's, or `fallback`
    /// for kinds it does not know), at most `limit` rows per state and kind per call, each in
    /// its own short statement, so a large backlog is pruned in bounded batches without long
    /// locks; call again while it returns `limit` or more (``Worker`` prunes until done). On
    /// PostgreSQL the rows are taken `FOR UPDATE SKIP LOCKED`: workers pruning at once split
    /// them instead of queueing on each other's row locks. Returns rows deleted.
    @discardableResult
    public func pruneFinished(limit: Int, fallback: Retention, in session: DatabaseSession) throws -> Int {
        var deleted = 0
        let known = catalog.kinds.values.sorted { $0.name < $1.name }
        var plans: [(kinds: [String]?, state: JobState, keep: Duration)] = []
        for spec in known {
            plans.append(([spec.name], .succeeded, spec.retention.succeeded))
            plans.append(([spec.name], .dead, spec.retention.dead))
            plans.append(([spec.name], .cancelled, spec.retention.cancelled))
        }
        // Kinds not in the catalog: keep them as long as the fallback says.
        plans.append((nil, .succeeded, fallback.succeeded))
        plans.append((nil, .dead, fallback.dead))
        plans.append((nil, .cancelled, fallback.cancelled))
        let knownNames = known.map(\.name)
        for plan in plans {
            let kinds: SQLQuery = plan.kinds.map { "kind \(oneOf: $0)" } ?? "kind \(noneOf: knownNames)"
            // The same batch on both backends; PostgreSQL pruners skip each other's rows, and the
            // selection is materialized so that it is not rescanned per deleted row.
            switch session.backend.writers {
            case .concurrent:
                deleted += try session.execute(
                    """
                    WITH doomed AS MATERIALIZED (
                        SELECT id FROM spotter.jobs
                        WHERE state = \(bind: plan.state.rawValue) AND finished_at < \(now: Date(), plus: .zero - plan.keep)
                          AND \(fragment: kinds)
                        LIMIT \(bind: limit) FOR UPDATE SKIP LOCKED)
                    DELETE FROM spotter.jobs j USING doomed WHERE j.id = doomed.id
                    """)
            case .oneAtATime:
                deleted += try session.execute(
                    """
                    DELETE FROM spotter.jobs WHERE id IN (
                        SELECT id FROM spotter.jobs
                        WHERE state = \(bind: plan.state.rawValue) AND finished_at < \(now: Date(), plus: .zero - plan.keep)
                          AND \(fragment: kinds)
                        LIMIT \(bind: limit))
                    """)
            }
        }
        return deleted
    }

    /// Cancels a job: one that has not started is cancelled at once; a running one is flagged
    /// and stopped by its worker at the next heartbeat. Throws `notFound` for an unknown id and
    /// `wrongState` for a job that already finished.
    public func cancel(jobID: Int64, in session: DatabaseSession) throws -> CancelOutcome {
        let cancelled = try session.execute(
            """
            UPDATE spotter.jobs SET state = 'cancelled', finished_at = \(now: Date()), lease_owner = NULL,
                   lease_expires_at = NULL, last_error = coalesce(last_error, 'cancelled')
            WHERE id = \(bind: jobID) AND state IN ('available', 'retryable')
            """)
        if cancelled > 0 { return .cancelled }
        let flagged = try session.execute(
            "UPDATE spotter.jobs SET cancel_requested = \(bind: true) WHERE id = \(bind: jobID) AND state = 'running'")
        if flagged > 0 { return .requested }
        guard let row = try session.query("SELECT state FROM spotter.jobs WHERE id = \(bind: jobID)").first else {
            throw QueueError(.notFound, "no job with id \(jobID)")
        }
        throw QueueError(.wrongState, "job \(jobID) already finished (\(try row.string("state"))); nothing to cancel")
    }

    /// Makes dead, cancelled or retryable jobs available again now with a fresh set of attempts
    /// (and a nightly shard's wait for its night's other kinds starts afresh: `waiting_since`).
    /// `ids` nil means every dead job. Returns the ids made available.
    public func retry(jobIDs ids: [Int64]?, in session: DatabaseSession) throws -> [Int64] {
        let picked: SQLQuery =
            ids.map { "id \(oneOf: $0) AND state IN ('dead', 'cancelled', 'retryable')" } ?? "state = 'dead'"
        // The attempts before the retry go to the history first (they are about to be
        // renumbered from 1), and started_at is cleared so that the next claim records nothing
        // twice. PostgreSQL does both in one statement over the locked rows; SQLite has no
        // data-modifying CTE, so there they are two statements under its write lock.
        let columns = "id, attempt, attempted_by, started_at, finished_at, state, last_error"
        do {
            let rows: [Row]
            switch session.backend.writers {
            case .concurrent:
                rows = try session.query(
                    """
                    WITH picked AS (
                        SELECT \(unescaped: columns) FROM spotter.jobs WHERE \(fragment: picked) FOR UPDATE
                    ), history AS (
                        \(fragment: Self.historyInsert(from: "picked"))
                    )
                    UPDATE spotter.jobs j SET state = 'available', attempt = 0, run_at = now(), finished_at = NULL,
                           started_at = NULL, waiting_since = NULL, cancel_requested = false, lease_owner = NULL
                    FROM picked WHERE j.id = picked.id
                    RETURNING j.id
                    """)
            case .oneAtATime:
                rows = try session.withTransaction(immediate: true) {
                    try session.execute(
                        """
                        WITH picked AS (SELECT \(unescaped: columns) FROM spotter.jobs WHERE \(fragment: picked))
                        \(fragment: Self.historyInsert(from: "picked"))
                        """)
                    return try session.query(
                        """
                        UPDATE spotter.jobs SET state = 'available', attempt = 0, run_at = \(databaseNow: 0),
                               finished_at = NULL, started_at = NULL, waiting_since = NULL, cancel_requested = 0,
                               lease_owner = NULL
                        WHERE \(fragment: picked)
                        RETURNING id
                        """)
                }
            }
            return try rows.map { try $0.int64("id") }.sorted()
        } catch let error as DatabaseError where error.code == .uniqueViolation {
            throw QueueError(.wrongState, "a live job already holds the same unique key; not retried")
        }
    }

    /// Writes the catalog's kinds to `spotter.job_kinds`, so SQL enqueues get their defaults,
    /// `spotter.enqueue` knows what the enqueue-only role may set (`enqueuer_fields`) and which
    /// payload fields each kind reads (`payloadFields`, by kind, from the kinds' declarations;
    /// a kind without an entry, and every test kind, accepts any field).
    public func syncKinds(in session: DatabaseSession, payloadFields: [String: [String]] = [:]) throws {
        let specs = catalog.kinds.values.sorted { $0.name < $1.name }
        try session.withTransaction(immediate: true) {
            for spec in specs {
                let fields = spec.isTestKind ? nil : payloadFields[spec.name]
                try session.execute(
                    """
                    INSERT INTO spotter.job_kinds (kind, queue, priority, max_attempts, timeout_ms, description,
                                                   enqueuer_fields, payload_fields)
                    VALUES (\(bind: spec.name), \(bind: spec.queue), \(bind: spec.priority), \(bind: spec.maxAttempts),
                            \(bind: spec.timeout.milliseconds), \(bind: spec.description),
                            \(bind: spec.enqueuerFields.map { SQLValue.text(JSONText.array($0)) } ?? SQLValue.null),
                            \(bind: fields.map { SQLValue.text(JSONText.array($0)) } ?? SQLValue.null))
                    ON CONFLICT (kind) DO UPDATE SET queue = excluded.queue, priority = excluded.priority,
                        max_attempts = excluded.max_attempts, timeout_ms = excluded.timeout_ms,
                        description = excluded.description, enqueuer_fields = excluded.enqueuer_fields,
                        payload_fields = excluded.payload_fields
                    """)
            }
        }
    }
}
