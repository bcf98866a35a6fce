import Foundation
import SpotterDB
import SpotterIDs
import SpotterStats

/// Each member's ``SpotterStats/ProfileHistory`` kept in `spotter.profile_history` (migration 039),
/// so that a `profile_stats` shard reads its members' sessions since their history ends, about
/// ten days of them, instead of every session they ever logged (issue 34).
///
/// Triggers on Spotter's own `workout_sessions` count every change to a member's sessions and void
/// the history when the changed session may be one it sums (logged back in time, deleted, moved,
/// its length or member edited): the next night reads all the member's sessions and keeps the
/// history again. A history is written only when the count is the one read with the sessions, so
/// a change that lands while the shard computes is never summed over. A product whose
/// `workout_sessions` is a view has no triggers: every night reads all the sessions.
enum ProfileHistories {
    /// The triggers of migration 039 on `workout_sessions`.
    static let triggers = ["workout_sessions_logged", "workout_sessions_edited", "workout_sessions_removed"]

    /// Whether every change to `workout_sessions` reaches the histories.
    static func kept(in session: DatabaseSession) throws -> Bool {
        try session.enabledTriggers(triggers, on: "workout_sessions") == triggers.count
    }

    /// The sessions of `ids` with their kept histories, by user then start: per user, the history
    /// (`history_used` 1 when it may be used as of `asOf`: its zone is the user's and it ends by
    /// ``SpotterStats/ProfileHistory/usableThrough(asOf:)``) and the count of changes, then the
    /// sessions starting at or after the history's `read_from` (all of them without one), or one
    /// row without a session.
    static func statement(ids: [UserID], asOf: Date, backend: DatabaseBackend) -> InputQuery {
        let usable: SQLQuery = """
            h.through_day IS NOT NULL AND h.time_zone = u.time_zone \
            AND h.through_day <= \(bind: .int(Int64(ProfileHistory.usableThrough(asOf: asOf))))
            """
        let history =
            "h.time_zone, h.through_day, h.read_from, h.workouts, h.minutes, h.ignored, "
            + "h.longest_streak, h.last_day, h.last_run, h.last_workout_at, h.changes"
        // All of a member's sessions without a usable history: on PostgreSQL from `-infinity`, so
        // that the bound stays one range of the (user, start) index.
        let since: SQLQuery = """
            s.user_id = u.id AND \(
                postgres: "s.started_at >= CASE WHEN \(fragment: usable) THEN h.read_from ELSE '-infinity'::timestamptz END",
                sqlite: "(NOT (\(fragment: usable)) OR s.started_at >= h.read_from)")
            """
        return InputQuery(
            """
            SELECT u.id, CASE WHEN \(fragment: usable) THEN 1 ELSE 0 END AS history_used,
                   h.through_day, h.workouts, h.minutes, h.ignored, h.longest_streak, h.last_day, h.last_run,
                   h.last_workout_at, coalesce(h.changes, 0) AS changes, s.started_at, s.duration_minutes
            FROM spotter.users u
            \(probeJoin: "spotter.profile_history", as: "h", columns: history, on: "h.user_id = u.id", outer: true)
            \(probeJoin: "spotter.workout_sessions", as: "s", columns: "s.started_at, s.duration_minutes", on: since, outer: true)
            WHERE u.id \(oneOf: ids)
            ORDER BY u.id, s.started_at
            """, for: backend)
    }

    /// The history a row of ``statement(ids:asOf:backend:)`` carries, nil when it is not used.
    static func history(_ row: Row) throws -> ProfileHistory? {
        guard try row.int("history_used") == 1, let through = try row.optionalInt("through_day") else { return nil }
        return ProfileHistory(
            throughDay: through, workouts: try row.optionalInt("workouts") ?? 0,
            minutes: try row.optionalInt("minutes") ?? 0, ignored: try row.optionalInt("ignored") ?? 0,
            runs: Runs(
                longest: try row.optionalInt("longest_streak") ?? 0, lastDay: try row.optionalInt("last_day"),
                lastRun: try row.optionalInt("last_run") ?? 0),
            lastWorkoutAt: try row.optionalDate("last_workout_at"))
    }

    /// A history to keep: the member's, in their zone, with the count of changes read with the
    /// sessions it sums.
    struct Kept: Sendable {
        var userID: UserID
        var timeZone: String
        var history: ProfileHistory
        var changes: Int64
    }

    /// Keeps `histories`, each only when its member's count of changes is still the one read and
    /// the stored history does not end later (a backfill's). Returns the rows written.
    @discardableResult
    static func write(_ histories: [Kept], in session: DatabaseSession) throws -> Int {
        try session.executeInValuesChunks(
            histories.map { kept -> [SQLValue] in
                let history = kept.history
                return [
                    .text(kept.userID.text), .text(kept.timeZone), .int(Int64(history.throughDay)),
                    .timestamp(history.readFrom), .timestamp(history.changedBefore), .int(Int64(history.workouts)),
                    .int(Int64(history.minutes)), .int(Int64(history.ignored)), .int(Int64(history.runs.longest)),
                    history.runs.lastDay.map { .int(Int64($0)) } ?? .null, .int(Int64(history.runs.lastRun)),
                    history.lastWorkoutAt.map { .timestamp($0) } ?? .null, .int(kept.changes),
                ]
            }
        ) { values in
            """
            INSERT INTO spotter.profile_history AS h (user_id, time_zone, through_day, read_from, changed_before,
                workouts, minutes, ignored, longest_streak, last_day, last_run, last_workout_at, changes)
            SELECT \(column: "v.column1", as: .user), v.column2, CAST(v.column3 AS integer),
                   \(timestampColumn: "v.column4"), \(timestampColumn: "v.column5"), CAST(v.column6 AS bigint),
                   CAST(v.column7 AS bigint), CAST(v.column8 AS bigint), CAST(v.column9 AS integer),
                   CAST(v.column10 AS integer), CAST(v.column11 AS integer), \(timestampColumn: "v.column12"),
                   CAST(v.column13 AS bigint)
            FROM (\(fragment: values)) AS v WHERE true
            ON CONFLICT (user_id) DO UPDATE
            SET time_zone = excluded.time_zone, through_day = excluded.through_day, read_from = excluded.read_from,
                changed_before = excluded.changed_before, workouts = excluded.workouts, minutes = excluded.minutes,
                ignored = excluded.ignored, longest_streak = excluded.longest_streak, last_day = excluded.last_day,
                last_run = excluded.last_run, last_workout_at = excluded.last_workout_at,
                computed_at = \(databaseNow: 0)
            WHERE h.changes = excluded.changes
              AND (h.through_day IS NULL OR h.through_day < excluded.through_day OR h.time_zone <> excluded.time_zone)
            """
        }
    }
}
