package import Foundation
package import SpotterDB
package import SpotterIDs

/// Each session's work per muscle group, kept in `spotter.session_work` (migration 024), and what
/// it lifted per exercise, kept in `spotter.session_lifts` (migration 030), so that a
/// recommendation shard reads summaries instead of re-aggregating its members' 120 days of
/// `session_sets` every night (issue 34).
///
/// A shard first brings its members' window up to date (``refresh(ids:since:asOf:in:)``). When
/// `session_sets` is Spotter's own table, triggers (migration 030, both backends) forget the
/// summary of every session whose sets are inserted, updated or deleted, so the stale sessions are
/// those of the window without a summary: a night reads the sets of new and changed sessions only,
/// each once. Nor does it probe every window session for its summary: each member's covered span
/// (`spotter.summary_coverage`, migration 037), within which every session has one, is claimed by
/// the refresh that checked it and lowered by triggers on every change that can leave a session
/// without its summary (sets changed, a session moved, a summary deleted), so a night probes only
/// the sessions outside it (``uncoveredStatement(ids:since:asOf:)``): the day's new ones.
/// The input relations may be a product's views, on which nothing tells when sets arrive or
/// change: then each session in the window has a fingerprint, the number of its sets and its highest `set_order`,
/// read from `session_sets`' primary key (an index-only probe per session on PostgreSQL, no
/// table rows); a session whose stored fingerprint (`spotter.session_summaries`) is missing or
/// differs is summarised again, reading only its own sets. So a session
/// logged today, sets added to or removed from a session, and a session whose sets were all
/// replaced by a different number are noticed; a deleted session's rows are never read (the read
/// joins the live sessions). A set edited in place keeps the fingerprint (say an RPE corrected
/// from 7 to 8): when `session_sets` is Spotter's own table an update trigger deletes the
/// summaries of the sessions it touched (migration 030, both backends), so they are missing and
/// summarised again; a product whose `session_sets` is a view adds that trigger on its own table
/// or deletes the session's `spotter.session_summaries` row. Truncating
/// `spotter.session_summaries` makes the next night summarise every session again.
///
/// The summaries do not depend on the night's `as_of` (a session's work is its sets), so a
/// backfill for a past day reads, for the sessions of its own window, what the raw statement
/// would read.
package enum SessionSummaries {
    /// What a refresh did.
    package struct Refresh: Sendable, Equatable {
        /// Sessions in the window whose summary was missing or stale, summarised now.
        package var summarised = 0
        /// Sets those sessions hold (the `session_sets` rows read to summarise them).
        package var setsRead = 0
    }

    /// The window's sessions of `ids` to summarise (`session_id`), in order. When `changesTracked`
    /// (Spotter's own `session_sets`, whose triggers forget a changed session's summary) those
    /// without a summary, which reads no set; otherwise those whose fingerprint differs from the
    /// stored one, which reads every window session's sets' index entries.
    static func staleStatement(
        ids: [UserID], since: Date, asOf: Date, changesTracked: Bool, coverageKept: Bool = false
    ) -> SQLQuery {
        let inWindow = window(ids: ids, since: since, asOf: asOf)
        if changesTracked, coverageKept {
            return uncoveredStatement(ids: ids, since: since, asOf: asOf)
        }
        if changesTracked {
            return """
                SELECT s.id AS session_id FROM spotter.workout_sessions s
                \(fragment: storedSummary(of: "s.id", columns: "w.session_id"))
                WHERE \(fragment: inWindow) AND w.session_id IS NULL
                ORDER BY 1
                """
        }
        let candidates: SQLQuery = "SELECT s.id FROM spotter.workout_sessions s WHERE \(fragment: inWindow)"
        return """
            SELECT f.session_id
            FROM (
                SELECT s.id AS session_id, \(fragment: fingerprint.columns)
                FROM (\(planFenced: candidates)) AS s
                \(fragment: fingerprint.join)
            ) AS f
            \(fragment: storedSummary(of: "f.session_id", columns: "w.session_id, w.set_count, w.last_set"))
            WHERE w.session_id IS NULL OR w.set_count <> f.set_count OR w.last_set <> f.last_set
            ORDER BY f.session_id
            """
    }

    /// The window's sessions of `ids` without a summary, probed only outside each member's covered
    /// span (`spotter.summary_coverage`, migration 037): the sessions that started before
    /// `covered_from` or at or after `covered_until` (a next night: the day's new ones), every
    /// window session of a member without coverage. Two ranges of `workout_sessions`' (user,
    /// start) index per member, so the covered sessions are not visited at all.
    static func uncoveredStatement(ids: [UserID], since: Date, asOf: Date) -> SQLQuery {
        // Without coverage both bounds are past the window: the first range is all of it.
        let past = asOf.addingTimeInterval(1)
        // Probed per member: over a short window PostgreSQL's planner otherwise scans the whole
        // window's index entries and hashes them with the members, reading every session it
        // should skip.
        let range: (String) -> SQLQuery = { bounds in
            let inRange: SQLQuery = """
                s.user_id = x.user_id AND \(unescaped: bounds) AND s.started_at >= \(timestamp: since) AND s.started_at <= \(timestamp: asOf)
                """
            return """
                SELECT s.id FROM x \(probeJoin: "spotter.workout_sessions", as: "s", columns: "s.id", on: inRange)
                """
        }
        return """
            WITH x AS (
                SELECT u.id AS user_id,
                       CASE WHEN c.covered_from IS NULL THEN \(timestamp: past) ELSE c.covered_from END AS covered_from,
                       CASE WHEN c.covered_from IS NULL THEN \(timestamp: past) ELSE c.covered_until END AS covered_until
                FROM spotter.users u
                \(probeJoin: "spotter.summary_coverage", as: "c", columns: "c.covered_from, c.covered_until", on: "c.user_id = u.id", outer: true)
                WHERE u.id \(oneOf: ids)
            )
            SELECT s.id AS session_id
            FROM (\(fragment: range("s.started_at < x.covered_from")) UNION ALL \(fragment: range("s.started_at >= x.covered_until"))) AS s
            \(fragment: storedSummary(of: "s.id", columns: "w.session_id"))
            WHERE w.session_id IS NULL
            ORDER BY 1
            """
    }

    /// A session's fingerprint, `set_count` and `last_set`, read from `session_sets`' primary key
    /// for each session `s`.
    private static let fingerprint = PerRowAggregates(
        [("set_count", "count(*)"), ("last_set", "coalesce(max(ss.set_order), 0)")],
        over: "spotter.session_sets ss WHERE ss.session_id = s.id", alias: "f")

    /// The stored summary `w` of the session `column` names, if any, its `columns`: probed by the
    /// summary's key per session on PostgreSQL (see ``workStatement``), from the key's index alone
    /// when `columns` is `w.session_id`.
    private static func storedSummary(of column: String, columns: String) -> SQLQuery {
        """
        \(probeJoin: "spotter.session_summaries", as: "w", columns: columns, on: "w.session_id = \(unescaped: column)", outer: true)
        """
    }

    /// The sessions of `ids` started in `since…asOf` (alias `s`).
    static func window(ids: [UserID], since: Date, asOf: Date) -> SQLQuery {
        "s.user_id \(oneOf: ids) AND s.started_at >= \(timestamp: since) AND s.started_at <= \(timestamp: asOf)"
    }

    /// The triggers of migration 030 that forget the summaries a change to `session_sets` touches.
    static let forgettingTriggers = ["session_sets_inserted", "session_sets_updated", "session_sets_deleted"]

    /// Whether every change to `session_sets` forgets the summaries it touches: the triggers of
    /// migration 030 are on it (Spotter's own table; a product's view has none).
    static func changesTracked(in session: DatabaseSession) throws -> Bool {
        try session.enabledTriggers(forgettingTriggers, on: "session_sets") == forgettingTriggers.count
    }

    /// The triggers that keep `spotter.summary_coverage` (migration 037) besides the forgetting
    /// ones (whose function lowers it on PostgreSQL), by table.
    static func coverageTriggers(_ backend: DatabaseBackend) -> [(table: String, names: [String])] {
        switch backend {
        case .postgres:
            [
                ("session_summaries", ["session_summaries_deleted", "session_summaries_truncated"]),
                ("workout_sessions", ["workout_sessions_moved"]),
            ]
        case .sqlite:
            [
                ("session_summaries", ["session_summaries_deleted"]), ("workout_sessions", ["workout_sessions_moved"]),
                ("session_sets", ["session_sets_uncovered_inserted", "session_sets_uncovered_updated"]),
            ]
        }
    }

    /// Whether every change that can leave a session without its summary lowers its member's
    /// coverage: the triggers of migration 037 are on the input tables (Spotter's own; a product's
    /// views have none, and then every window session is probed).
    static func coverageKept(in session: DatabaseSession) throws -> Bool {
        try coverageTriggers(session.backend).allSatisfy {
            try session.enabledTriggers($0.names, on: $0.table) == $0.names.count
        }
    }

    /// How many changes the coverage of each of `ids` has counted (none for a member without a row).
    static func coverageChanges(ids: [UserID], in session: DatabaseSession) throws -> [UserID: Int64] {
        var changes: [UserID: Int64] = [:]
        // Probed by key per member on PostgreSQL: as `c.user_id = ANY(ids)` the planner scanned the
        // whole table for every shard of a 10k-user night.
        try session.forEachRow(
            """
            SELECT u.id AS user_id, c.changes FROM spotter.users u
            \(probeJoin: "spotter.summary_coverage", as: "c", columns: "c.changes", on: "c.user_id = u.id")
            WHERE u.id \(oneOf: ids)
            """
        ) { row in changes[try row.id("user_id")] = try row.int64("changes") }
        return changes
    }

    /// Records that every session of `ids` started in `since..<asOf` has its summary, joined to a
    /// member's covered span when the two meet, for each member whose count of changes is still
    /// `changes` (read before the stale check; 0 for a member that had no row): a change counted
    /// since may have left a session without its summary after the check looked.
    static func claimCoverage(
        ids: [UserID], changes: [UserID: Int64], since: Date, asOf: Date, in session: DatabaseSession
    ) throws {
        let meets = """
            c.covered_from IS NOT NULL AND c.covered_from <= excluded.covered_until AND excluded.covered_from <= c.covered_until
            """
        _ = try session.executeInValuesChunks(
            ids.map { [.text($0.text), .int(changes[$0] ?? 0)] }
        ) { values in
            """
            INSERT INTO spotter.summary_coverage AS c (user_id, covered_from, covered_until, changes)
            SELECT \(column: "v.column1", as: .user), \(timestamp: since), \(timestamp: asOf), CAST(v.column2 AS bigint)
            FROM (\(fragment: values)) AS v WHERE true
            ON CONFLICT (user_id) DO UPDATE SET
                covered_from = CASE WHEN \(unescaped: meets)
                                    THEN \(least: "c.covered_from", "excluded.covered_from") ELSE excluded.covered_from END,
                covered_until = CASE WHEN \(unescaped: meets)
                                     THEN \(greatest: "c.covered_until", "excluded.covered_until") ELSE excluded.covered_until END
            WHERE c.changes = excluded.changes
            """
        }
    }

    /// Brings the summaries of `ids`' sessions started in `since…asOf` up to date, in one
    /// transaction. On PostgreSQL the transaction first takes an advisory lock keyed by the
    /// selection, so the two kinds of one shard running on two workers summarise once: the second
    /// finds nothing stale. A session's fingerprint, work and lifts are computed from one read of
    /// its sets (``write(_:in:)``), so the stored fingerprint always describes the sets the
    /// summary was computed from: sets that change afterwards no longer match it.
    @discardableResult
    package static func refresh(ids: [UserID], since: Date, asOf: Date, in session: DatabaseSession) throws -> Refresh {
        guard !ids.isEmpty else { return Refresh() }
        return try session.withTransaction(immediate: true) {
            try session.lockForTransaction(
                name: "spotter.session_work:\(ids.count):\(ids[0].text):\(ids[ids.count - 1].text)")
            var stale: [SessionID] = []
            var refresh = Refresh()
            let tracked = try changesTracked(in: session)
            let covered = try tracked && coverageKept(in: session)
            // Read before the stale check: a change that lands after it stops the claim below.
            let changes = covered ? try coverageChanges(ids: ids, in: session) : [:]
            let statement = staleStatement(
                ids: ids, since: since, asOf: asOf, changesTracked: tracked, coverageKept: covered)
            try session.forEachRow(statement) { row in stale.append(try row.id("session_id")) }
            refresh.summarised = stale.count
            var start = 0
            while start < stale.count {
                let chunk = Array(stale[start..<min(start + 5_000, stale.count)])
                start += chunk.count
                refresh.setsRead += try write(chunk, in: session)
            }
            if covered { try claimCoverage(ids: ids, changes: changes, since: since, asOf: asOf, in: session) }
            return refresh
        }
    }

    /// The temporary table a chunk's sets are copied into (see ``write(_:in:)``).
    package static let chunkSets = "spotter_summary_chunk_sets"

    /// The sets of the sessions `chunk`, each with its session's `user_id`, as ``write(_:in:)``
    /// copies them: fetched by `session_sets`' primary key per session on PostgreSQL.
    static func setsStatement(_ chunk: [SessionID]) -> SQLQuery {
        let columns =
            "ss.session_id, ss.set_order, ss.exercise_name, ss.exercise_id, ss.muscle_groups, ss.weight_kg, ss.reps, ss.rpe, ss.is_warmup"
        return """
            SELECT s.user_id, \(unescaped: columns)
            FROM spotter.workout_sessions s
            \(probeJoin: "spotter.session_sets", as: "ss", columns: columns, on: "ss.session_id = s.id")
            WHERE s.id \(oneOf: chunk)
            """
    }

    /// Summarises the sessions `chunk` again, reading each of their sets once: the sets are copied
    /// into a temporary table (fetched by `session_sets`' primary key per session on PostgreSQL, a
    /// probe join: joined plainly, a chunk of 5,000 sessions was planned as a hash join over all of
    /// `session_sets`), and the fingerprint, the work and the lifts are computed from that copy,
    /// so all three describe the same sets. Returns the number of sets read.
    private static func write(_ chunk: [SessionID], in session: DatabaseSession) throws -> Int {
        // Every statement names the sessions through workout_sessions (s.id), whose key type
        // meets the list as the input's own (an SQLite INTEGER key, a PostgreSQL bigint or text).
        let sessions: SQLQuery = "SELECT s.id FROM spotter.workout_sessions s WHERE s.id \(oneOf: chunk)"
        _ = try session.execute("DROP TABLE IF EXISTS \(unescaped: chunkSets)")
        _ = try session.execute("CREATE TEMPORARY TABLE \(unescaped: chunkSets) AS \(fragment: setsStatement(chunk))")
        let setsRead = try session.query("SELECT count(*) AS n FROM \(unescaped: chunkSets)").first?.int("n") ?? 0
        _ = try session.execute(
            """
            INSERT INTO spotter.session_summaries (session_id, user_id, started_at, set_count, last_set)
            SELECT s.id, s.user_id, s.started_at, coalesce(f.set_count, 0), coalesce(f.last_set, 0)
            FROM spotter.workout_sessions s
            LEFT JOIN (
                SELECT c.session_id, count(*) AS set_count, max(c.set_order) AS last_set
                FROM \(unescaped: chunkSets) c GROUP BY c.session_id
            ) AS f ON f.session_id = s.id
            WHERE s.id \(oneOf: chunk)
            ON CONFLICT (session_id) DO UPDATE SET user_id = excluded.user_id, started_at = excluded.started_at,
                set_count = excluded.set_count, last_set = excluded.last_set, summarised_at = \(databaseNow: 0)
            """)
        // Every member whose work is rewritten here no longer matches a kept personal state.
        _ = try session.execute(PersonalStates.bumpStatement(sessions: sessions))
        // On PostgreSQL the sessions are an array the table's index is probed with: as `IN
        // (subquery)` the planner hashed the chunk and read all of session_work for every chunk
        // (18 M rows on a 10k-user first night).
        func forget(_ table: String) throws {
            _ = try session.execute("DELETE FROM spotter.\(unescaped: table) WHERE session_id \(oneOfRows: sessions)")
        }
        try forget("session_work")
        _ = try session.execute(
            """
            INSERT INTO spotter.session_work (session_id, muscle_group, user_id, sets, load)
            SELECT w.session_id, w.muscle_group, w.user_id, w.sets, w.load
            FROM (\(fragment: SessionWorkSQL.chunkStatement(sets: chunkSets))) AS w
            WHERE true
            ON CONFLICT (session_id, muscle_group) DO UPDATE SET sets = excluded.sets, load = excluded.load
            """)
        try forget("session_lifts")
        _ = try session.execute(
            """
            INSERT INTO spotter.session_lifts (session_id, exercise_name, exercise_id, estimated_max_kg)
            \(fragment: LoggedLiftSQL.summaryStatement(sets: chunkSets))
            """)
        _ = try session.execute("DROP TABLE \(unescaped: chunkSets)")
        return setsRead
    }

    /// The work of `ids`' sessions started in `since…asOf`, from the summaries: the same columns
    /// and order as ``SessionWorkSQL`` (`user_id, session_id, muscle_group, sets, load`). On
    /// PostgreSQL each window session's rows are fetched by the summary's key (a probe join):
    /// joined plainly, a 1,000-user shard was planned as a hash join over all of `session_work`,
    /// a read that grows with the whole history.
    package static func workStatement(ids: [UserID], since: Date, asOf: Date) -> SQLQuery {
        workStatement(filter: window(ids: ids, since: since, asOf: asOf))
    }

    /// ``workStatement(ids:since:asOf:)`` for the sessions `filter` selects (alias `s`).
    static func workStatement(filter: SQLQuery) -> SQLQuery {
        let work = "w.muscle_group, w.sets, w.load"
        return """
            SELECT s.user_id, s.id AS session_id, w.muscle_group, w.sets, w.load
            FROM spotter.workout_sessions s
            \(probeJoin: "spotter.session_work", as: "w", columns: work, on: "w.session_id = s.id")
            WHERE \(fragment: filter)
            ORDER BY 1, 2, 3
            """
    }
}
