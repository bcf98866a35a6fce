import SpotterDB

/// The one statement that turns `session_sets` into work per session and muscle group
/// (`user_id, session_id, muscle_group, sets, load`, ordered so): warm-ups left out; a set
/// counts 1 for the first muscle group its exercise lists and 0.5 for each other; its effort is
/// RPE ÷ 10 clamped to 0.5…1, or 0.8 without an RPE (see `SpotterRanking.MuscleWork`).
/// `filter` is a condition on the sessions (alias `s`). With `setsBySession` each session's sets
/// are fetched by `session_sets`' primary key on PostgreSQL (a LATERAL probe the planner cannot
/// flatten, `OFFSET 0`), for a list of sessions that is not a window: joined plainly, a chunk of
/// 5,000 sessions was planned as a hash join over all of `session_sets`. Such a list is grouped by
/// session first and not ordered (its rows are written, not read in order): grouped and ordered by
/// `user_id` first, the planner walked the whole `workout_sessions_user` index per chunk for that
/// order, filtering the list out of every session (a first night read the table once per shard, a
/// cost that grows with the square of the users).
enum SessionWorkSQL {
    static func statement(filter: SQLQuery, setsBySession: Bool = false) -> SQLQuery {
        let share = "CASE WHEN \(isFirstElement: "m") THEN 1.0 ELSE 0.5 END" as SQLQuery
        let effort = "\(least: "1.0", "\(greatest: "0.5", "coalesce(ss.rpe / 10.0, 0.8)")")" as SQLQuery
        // Each set's load summed exactly (numeric on PostgreSQL), so a session's load is the same
        // to the last bit whatever order the plan sums its sets in (one session alone when it is
        // summarised, or within a whole window), and the summaries equal this statement's rows.
        let sets: SQLQuery = setsBySession ? setsOfEachSession : "JOIN spotter.session_sets ss ON ss.session_id = s.id"
        let grouping =
            setsBySession
            ? "GROUP BY ss.session_id, m.value, s.user_id"
            : "GROUP BY s.user_id, ss.session_id, m.value\nORDER BY 1, 2, 3"
        return """
            SELECT s.user_id, ss.session_id, m.value AS muscle_group,
                   \(double: "sum(\(fragment: share))") AS sets,
                   \(double: "sum(\(fragment: share) * \(exact: effort))") AS load
            FROM spotter.workout_sessions s
            \(fragment: sets)
            CROSS JOIN \(elementsOf: "ss.muscle_groups", as: "m", numbered: true)
            WHERE \(fragment: filter) AND \(isFalse: "ss.is_warmup")
            \(unescaped: grouping)
            """
    }

    /// The sets `ss` of each session `s`, fetched by `session_sets`' primary key per session on
    /// PostgreSQL (a probe join).
    static let setsOfEachSession: SQLQuery =
        "\(probeJoin: "spotter.session_sets", as: "ss", columns: "ss.*", on: "ss.session_id = s.id")"
}
