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
    static func statement(filter: SQLQuery, backend: DatabaseBackend, setsBySession: Bool = false) -> SQLQuery {
        let (groups, first, effort, warmup): (String, String, String, String)
        switch backend {
        case .postgres:
            (groups, first, effort, warmup) = (
                "CROSS JOIN LATERAL unnest(ss.muscle_groups) WITH ORDINALITY AS m(grp, ord)", "m.ord = 1",
                "least(1.0, greatest(0.5, coalesce(ss.rpe / 10.0, 0.8)))", "NOT ss.is_warmup"
            )
        case .sqlite:
            (groups, first, effort, warmup) = (
                "CROSS JOIN json_each(ss.muscle_groups) AS m", "m.key = 0",
                "min(1.0, max(0.5, coalesce(ss.rpe / 10.0, 0.8)))", "ss.is_warmup = 0"
            )
        }
        let group = backend == .postgres ? "m.grp" : "m.value"
        let share = "CASE WHEN \(first) THEN 1.0 ELSE 0.5 END"
        let cast = backend == .postgres ? "::float8" : ""
        // Each set's load summed as numeric on PostgreSQL: exact, so a session's load is the same
        // to the last bit whatever order the plan sums its sets in (one session alone when it is
        // summarised, or within a whole window), and the summaries equal this statement's rows.
        let exact = backend == .postgres ? "::numeric" : ""
        let sets = setsBySession ? setsOfEachSession(backend) : "JOIN spotter.session_sets ss ON ss.session_id = s.id"
        return """
            SELECT s.user_id, ss.session_id, \(unescaped: group) AS muscle_group,
                   sum(\(unescaped: share))\(unescaped: cast) AS sets,
                   sum(\(unescaped: share) * \(unescaped: effort)\(unescaped: exact))\(unescaped: cast) AS load
            FROM spotter.workout_sessions s
            \(unescaped: sets)
            \(unescaped: groups)
            WHERE \(fragment: filter) AND \(unescaped: warmup)
            \(unescaped: setsBySession
                ? "GROUP BY ss.session_id, \(group), s.user_id"
                : "GROUP BY s.user_id, ss.session_id, \(group)\nORDER BY 1, 2, 3")
            """
    }

    /// The sets `ss` of each session `s`, fetched by `session_sets`' primary key per session on
    /// PostgreSQL (a LATERAL probe the planner cannot flatten, `OFFSET 0`).
    static func setsOfEachSession(_ backend: DatabaseBackend) -> String {
        backend == .postgres
            ? "CROSS JOIN LATERAL (SELECT ss.* FROM spotter.session_sets ss WHERE ss.session_id = s.id OFFSET 0) AS ss"
            : "JOIN spotter.session_sets ss ON ss.session_id = s.id"
    }
}
