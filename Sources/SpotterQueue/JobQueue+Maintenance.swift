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
        switch session.backend {
        case .postgres:
            rows = try session.query(
                """
                WITH expired AS MATERIALIZED (
                    SELECT id FROM spotter.jobs
                    WHERE state = 'running' AND lease_expires_at < now()
                    ORDER BY lease_expires_at LIMIT $1
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
                """, [.int(Int64(limit))])
        case .sqlite:
            // A read first, so that the periodic rescue takes SQLite's write lock only when
            // there is something to rescue.
            let expired = try session.query(
                "SELECT 1 FROM jobs WHERE state = 'running' AND lease_expires_at < $1 LIMIT 1", [.timestamp(Date())])
            guard !expired.isEmpty else { return [] }
            rows = try session.withTransaction(immediate: true) {
                let now = Date()
                return try session.query(
                    """
                    UPDATE jobs
                    SET state = CASE WHEN cancel_requested THEN 'cancelled'
                                     WHEN attempt >= max_attempts THEN 'dead' ELSE 'retryable' END,
                        finished_at = $2,
                        run_at = $2, lease_expires_at = NULL,
                        last_error = 'lease expired: worker ' || coalesce(lease_owner, '?') || ' stopped heartbeating'
                    WHERE id IN (SELECT id FROM jobs WHERE state = 'running' AND lease_expires_at < $2
                                 ORDER BY lease_expires_at LIMIT $1)
                    RETURNING id
                    """, [.int(Int64(limit)), .timestamp(now)])
            }
        }
        return try rows.map { try $0.int64("id") }
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
            switch session.backend {
            case .postgres:
                deleted += try session.execute(
                    """
                    WITH doomed AS MATERIALIZED (
                        SELECT id FROM spotter.jobs
                        WHERE state = $1 AND finished_at < now() - $2 * interval '1 millisecond'
                          AND (CASE WHEN $3::text[] IS NULL THEN NOT (kind = ANY($4::text[])) ELSE kind = ANY($3::text[]) END)
                        LIMIT $5 FOR UPDATE SKIP LOCKED)
                    DELETE FROM spotter.jobs j USING doomed WHERE j.id = doomed.id
                    """,
                    [
                        .text(plan.state.rawValue), .int(Int64(plan.keep.milliseconds)),
                        plan.kinds.map { PostgresArray.text($0) } ?? .null, PostgresArray.text(knownNames),
                        .int(Int64(limit)),
                    ])
            case .sqlite:
                let cutoff = Date().addingTimeInterval(-plan.keep.seconds)
                deleted += try session.execute(
                    """
                    DELETE FROM jobs WHERE id IN (
                        SELECT id FROM jobs
                        WHERE state = $1 AND finished_at < $2
                          AND (CASE WHEN $3 IS NULL THEN kind NOT IN (SELECT value FROM json_each($4))
                                    ELSE kind IN (SELECT value FROM json_each($3)) END)
                        LIMIT $5)
                    """,
                    [
                        .text(plan.state.rawValue), .timestamp(cutoff), Self.jsonList(plan.kinds),
                        Self.jsonList(knownNames), .int(Int64(limit)),
                    ])
            }
        }
        return deleted
    }

    /// Cancels a job: one that has not started is cancelled at once; a running one is flagged
    /// and stopped by its worker at the next heartbeat. Throws `notFound` for an unknown id and
    /// `wrongState` for a job that already finished.
    public func cancel(jobID: Int64, in session: DatabaseSession) throws -> CancelOutcome {
        let now: SQLValue = .timestamp(Date())
        let nowSQL = session.backend == .postgres ? "now()" : "$2"
        let binds: [SQLValue] = session.backend == .postgres ? [.int(jobID)] : [.int(jobID), now]
        let cancelled = try session.execute(
            """
            UPDATE spotter.jobs SET state = 'cancelled', finished_at = \(nowSQL), lease_owner = NULL,
                   lease_expires_at = NULL, last_error = coalesce(last_error, 'cancelled')
            WHERE id = $1 AND state IN ('available', 'retryable')
            """, binds)
        if cancelled > 0 { return .cancelled }
        let flagged = try session.execute(
            "UPDATE spotter.jobs SET cancel_requested = \(session.backend == .postgres ? "true" : "1") WHERE id = $1 AND state = 'running'",
            [.int(jobID)])
        if flagged > 0 { return .requested }
        guard let row = try session.query("SELECT state FROM spotter.jobs WHERE id = $1", [.int(jobID)]).first else {
            throw QueueError(.notFound, "no job with id \(jobID)")
        }
        throw QueueError(.wrongState, "job \(jobID) already finished (\(try row.string("state"))); nothing to cancel")
    }

    /// Makes dead, cancelled or retryable jobs available again now with a fresh set of attempts.
    /// `ids` nil means every dead job. Returns the ids made available.
    public func retry(jobIDs ids: [Int64]?, in session: DatabaseSession) throws -> [Int64] {
        let stateFilter = ids == nil ? "state = 'dead'" : "state IN ('dead', 'cancelled', 'retryable')"
        let idFilter: String
        var binds: [SQLValue] = []
        switch (session.backend, ids) {
        case (_, nil): idFilter = "TRUE"
        case (.postgres, let ids?):
            idFilter = "id = ANY($1::bigint[])"
            binds.append(PostgresArray.integers(ids))
        case (.sqlite, let ids?):
            idFilter = "id IN (SELECT value FROM json_each($1))"
            binds.append(.json(Self.jsonList(ids)))
        }
        // The attempts before the retry go to the history first (they are about to be
        // renumbered from 1), and started_at is cleared so that the next claim records nothing twice.
        let columns = "id, attempt, attempted_by, started_at, finished_at, state, last_error"
        do {
            let rows: [Row]
            switch session.backend {
            case .postgres:
                rows = try session.query(
                    """
                    WITH picked AS (
                        SELECT \(columns) FROM spotter.jobs WHERE \(idFilter) AND \(stateFilter) FOR UPDATE
                    ), history AS (
                        \(Self.historyInsert(from: "picked"))
                    )
                    UPDATE spotter.jobs j SET state = 'available', attempt = 0, run_at = now(), finished_at = NULL,
                           started_at = NULL, cancel_requested = false, lease_owner = NULL
                    FROM picked WHERE j.id = picked.id
                    RETURNING j.id
                    """, binds)
            case .sqlite:
                rows = try session.withTransaction(immediate: true) {
                    try session.execute(
                        """
                        WITH picked AS (SELECT \(columns) FROM jobs WHERE \(idFilter) AND \(stateFilter))
                        \(Self.historyInsert(from: "picked", orIgnore: true))
                        """, binds)
                    return try session.query(
                        """
                        UPDATE jobs SET state = 'available', attempt = 0, run_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
                               finished_at = NULL, started_at = NULL, cancel_requested = 0, lease_owner = NULL
                        WHERE \(idFilter) AND \(stateFilter)
                        RETURNING id
                        """, binds)
                }
            }
            return try rows.map { try $0.int64("id") }.sorted()
        } catch let error as DatabaseError where error.code == .uniqueViolation {
            throw QueueError(.wrongState, "a live job already holds the same unique key; not retried")
        }
    }

    /// Writes the catalog's kinds to `spotter.job_kinds`, so SQL enqueues get their defaults and
    /// `spotter.enqueue` knows what the enqueue-only role may set (`enqueuer_fields`).
    public func syncKinds(in session: DatabaseSession) throws {
        let specs = catalog.kinds.values.sorted { $0.name < $1.name }
        try session.withTransaction(immediate: true) {
            for spec in specs {
                try session.execute(
                    """
                    INSERT INTO spotter.job_kinds (kind, queue, priority, max_attempts, timeout_ms, description,
                                                   enqueuer_fields)
                    VALUES ($1, $2, $3, $4, $5, $6, $7)
                    ON CONFLICT (kind) DO UPDATE SET queue = excluded.queue, priority = excluded.priority,
                        max_attempts = excluded.max_attempts, timeout_ms = excluded.timeout_ms,
                        description = excluded.description, enqueuer_fields = excluded.enqueuer_fields
                    """,
                    [
                        .text(spec.name), .text(spec.queue), .int(Int64(spec.priority)), .int(Int64(spec.maxAttempts)),
                        .int(Int64(spec.timeout.milliseconds)), .text(spec.description),
                        spec.enqueuerFields.map { .text(JSONText.array($0)) } ?? .null,
                    ])
            }
        }
    }
}
