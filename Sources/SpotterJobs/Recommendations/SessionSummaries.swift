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
/// those of the window without a summary: a night reads the sets of new and changed sessions only.
/// The input relations may be a product's views, on which nothing tells when sets arrive or
/// change: then each session in the window has a fingerprint, the number of its sets and its highest `set_order`,
/// read from `session_sets`' primary key (an index-only probe per session on PostgreSQL, no
/// table rows); a session whose stored fingerprint (`spotter.session_summaries`) is missing or
/// differs is summarised again with ``SessionWorkSQL``, reading only its own sets. So a session
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

    /// The window's sessions of `ids` to summarise: `session_id, user_id, started_at, set_count,
    /// last_set`. When `changesTracked` (Spotter's own `session_sets`, whose triggers forget a
    /// changed session's summary) those without a summary, their sets counted only; otherwise those
    /// whose fingerprint differs from the stored one, which reads every window session's sets'
    /// index entries.
    static func staleStatement(ids: [UserID], since: Date, asOf: Date, changesTracked: Bool) -> SQLQuery {
        let inWindow = window(ids: ids, since: since, asOf: asOf)
        let candidates: SQLQuery
        if changesTracked {
            candidates = """
                SELECT s.id, s.user_id, s.started_at FROM spotter.workout_sessions s
                \(fragment: storedSummary(of: "s.id"))
                WHERE \(fragment: inWindow) AND w.session_id IS NULL
                """
        } else {
            candidates = """
                SELECT s.id, s.user_id, s.started_at FROM spotter.workout_sessions s WHERE \(fragment: inWindow)
                """
        }
        let fingerprinted: SQLQuery = """
            SELECT s.id AS session_id, s.user_id, s.started_at, \(fragment: fingerprint.columns)
            FROM (\(planFenced: candidates)) AS s
            \(fragment: fingerprint.join)
            """
        if changesTracked { return "\(fragment: fingerprinted) ORDER BY 1" }
        return """
            SELECT f.session_id, f.user_id, f.started_at, f.set_count, f.last_set
            FROM (\(fragment: fingerprinted)) AS f
            \(fragment: storedSummary(of: "f.session_id"))
            WHERE w.session_id IS NULL OR w.set_count <> f.set_count OR w.last_set <> f.last_set
            ORDER BY f.session_id
            """
    }

    /// A session's fingerprint, `set_count` and `last_set`, read from `session_sets`' primary key
    /// for each session `s`.
    private static let fingerprint = PerRowAggregates(
        [("set_count", "count(*)"), ("last_set", "coalesce(max(ss.set_order), 0)")],
        over: "spotter.session_sets ss WHERE ss.session_id = s.id", alias: "f")

    /// The stored summary `w` of the session `column` names, if any: probed by the summary's key
    /// per session on PostgreSQL (see ``workStatement``).
    private static func storedSummary(of column: String) -> SQLQuery {
        let stored = "w.session_id, w.set_count, w.last_set"
        return """
            \(probeJoin: "spotter.session_summaries", as: "w", columns: stored, on: "w.session_id = \(unescaped: column)", outer: true)
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

    /// Brings the summaries of `ids`' sessions started in `since…asOf` up to date, in one
    /// transaction. On PostgreSQL the transaction first takes an advisory lock keyed by the
    /// selection, so the two kinds of one shard running on two workers summarise once: the second
    /// finds nothing stale. The fingerprint is stored before the work is written, so sets that
    /// change in between leave a fingerprint that no longer matches (summarised again next time),
    /// never a stale summary that looks current.
    @discardableResult
    package static func refresh(ids: [UserID], since: Date, asOf: Date, in session: DatabaseSession) throws -> Refresh {
        guard !ids.isEmpty else { return Refresh() }
        return try session.withTransaction(immediate: true) {
            try session.lockForTransaction(
                name: "spotter.session_work:\(ids.count):\(ids[0].text):\(ids[ids.count - 1].text)")
            var stale: [SessionID] = []
            var refresh = Refresh()
            let tracked = try changesTracked(in: session)
            let statement = staleStatement(ids: ids, since: since, asOf: asOf, changesTracked: tracked)
            try session.forEachRow(statement) { row in
                stale.append(try row.id("session_id"))
                refresh.setsRead += try row.int("set_count")
            }
            refresh.summarised = stale.count
            var start = 0
            while start < stale.count {
                let chunk = Array(stale[start..<min(start + 5_000, stale.count)])
                start += chunk.count
                try write(chunk, in: session)
            }
            return refresh
        }
    }

    /// Summarises the sessions `chunk` again: fingerprint first, then the work.
    private static func write(_ chunk: [SessionID], in session: DatabaseSession) throws {
        // Every statement names the sessions through workout_sessions (s.id), whose key type
        // meets the list as the input's own (an SQLite INTEGER key, a PostgreSQL bigint or text).
        let sessions: SQLQuery = "SELECT s.id FROM spotter.workout_sessions s WHERE s.id \(oneOf: chunk)"
        _ = try session.execute(
            """
            INSERT INTO spotter.session_summaries (session_id, user_id, started_at, set_count, last_set)
            SELECT s.id, s.user_id, s.started_at, \(fragment: fingerprint.columns)
            FROM spotter.workout_sessions s
            \(fragment: fingerprint.join)
            WHERE s.id \(oneOf: chunk)
            ON CONFLICT (session_id) DO UPDATE SET user_id = excluded.user_id, started_at = excluded.started_at,
                set_count = excluded.set_count, last_set = excluded.last_set, summarised_at = \(databaseNow: 0)
            """)
        // On PostgreSQL the sessions are an array the table's index is probed with: as `IN
        // (subquery)` the planner hashed the chunk and read all of session_work for every chunk
        // (18 M rows on a 10k-user first night).
        func forget(_ table: String) throws {
            _ = try session.execute("DELETE FROM spotter.\(unescaped: table) WHERE session_id \(oneOfRows: sessions)")
        }
        try forget("session_work")
        let work = SessionWorkSQL.statement(filter: "s.id \(oneOf: chunk)", setsBySession: true)
        _ = try session.execute(
            """
            INSERT INTO spotter.session_work (session_id, muscle_group, user_id, sets, load)
            SELECT w.session_id, w.muscle_group, w.user_id, w.sets, w.load FROM (\(fragment: work)) AS w
            WHERE true
            ON CONFLICT (session_id, muscle_group) DO UPDATE SET sets = excluded.sets, load = excluded.load
            """)
        try forget("session_lifts")
        _ = try session.execute(
            """
            INSERT INTO spotter.session_lifts (session_id, exercise_name, exercise_id, estimated_max_kg)
            \(fragment: LoggedLiftSQL.summaryStatement(filter: "s.id \(oneOf: chunk)"))
            """)
    }

    /// The work of `ids`' sessions started in `since…asOf`, from the summaries: the same columns
    /// and order as ``SessionWorkSQL`` (`user_id, session_id, muscle_group, sets, load`). On
    /// PostgreSQL each window session's rows are fetched by the summary's key (a probe join):
    /// joined plainly, a 1,000-user shard was planned as a hash join over all of `session_work`,
    /// a read that grows with the whole history.
    package static func workStatement(ids: [UserID], since: Date, asOf: Date) -> SQLQuery {
        let inWindow = window(ids: ids, since: since, asOf: asOf)
        let work = "w.muscle_group, w.sets, w.load"
        return """
            SELECT s.user_id, s.id AS session_id, w.muscle_group, w.sets, w.load
            FROM spotter.workout_sessions s
            \(probeJoin: "spotter.session_work", as: "w", columns: work, on: "w.session_id = s.id")
            WHERE \(fragment: inWindow)
            ORDER BY 1, 2, 3
            """
    }
}
