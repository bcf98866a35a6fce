import SpotterDB

/// The one statement that turns `session_sets` into work per session and muscle group
/// (`user_id, session_id, muscle_group, sets, load`, ordered so): warm-ups left out; a set
/// counts 1 for the first muscle group its exercise lists and 0.5 for each other; its effort is
/// RPE ÷ 10 clamped to 0.5…1, or 0.8 without an RPE (see `SpotterRanking.MuscleWork`).
/// `filter` is a condition on the sessions (alias `s`). ``chunkStatement(sets:)`` computes the
/// same rows, unordered, from a table of sets that already carries each set's `user_id` (a
/// summary chunk's, see `SessionSummaries`).
enum SessionWorkSQL {
    static func statement(filter: SQLQuery) -> SQLQuery {
        """
        SELECT s.user_id, ss.session_id, m.value AS muscle_group, \(fragment: columns)
        FROM spotter.workout_sessions s
        JOIN spotter.session_sets ss ON ss.session_id = s.id
        CROSS JOIN \(elementsOf: "ss.muscle_groups", as: "m", numbered: true)
        WHERE \(fragment: filter) AND \(isFalse: "ss.is_warmup")
        GROUP BY s.user_id, ss.session_id, m.value
        ORDER BY 1, 2, 3
        """
    }

    /// ``statement(filter:)``'s rows, unordered, for every set of `sets` (a table named by SQL,
    /// with `session_sets`' columns and the session's `user_id`).
    static func chunkStatement(sets: String) -> SQLQuery {
        """
        SELECT ss.user_id, ss.session_id, m.value AS muscle_group, \(fragment: columns)
        FROM \(unescaped: sets) ss
        CROSS JOIN \(elementsOf: "ss.muscle_groups", as: "m", numbered: true)
        WHERE \(isFalse: "ss.is_warmup")
        GROUP BY ss.session_id, m.value, ss.user_id
        """
    }

    /// The work of a group of sets `ss` of one session and muscle group `m`: `sets, load`. Each
    /// set's load is summed exactly (numeric on PostgreSQL), so a session's load is the same to the
    /// last bit whatever order the plan sums its sets in (one session alone when it is summarised,
    /// or within a whole window), and the summaries equal ``statement(filter:)``'s rows.
    private static var columns: SQLQuery {
        let share = "CASE WHEN \(isFirstElement: "m") THEN 1.0 ELSE 0.5 END" as SQLQuery
        let effort = "\(least: "1.0", "\(greatest: "0.5", "coalesce(ss.rpe / 10.0, 0.8)")")" as SQLQuery
        return """
            \(double: "sum(\(fragment: share))") AS sets,
            \(double: "sum(\(fragment: share) * \(exact: effort))") AS load
            """
    }
}
