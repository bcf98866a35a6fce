import SpotterDB

/// The one statement that turns `session_sets` into what was lifted per session and exercise
/// (`user_id, session_id, exercise_name, equipment, estimated_max_kg`, ordered so), for
/// `SpotterRanking.LogInference`: warm-ups left out; `equipment` is the matched library
/// exercise's (`exercises.equipment`, empty when unmatched); `estimated_max_kg` the heaviest set
/// of 1–12 reps with a weight as an Epley one-rep maximum, weight × (1 + reps ÷ 30), NULL when
/// none. `filter` is a condition on the sessions (alias `s`).
enum LoggedLiftSQL {
    static func statement(filter: SQLQuery, backend: DatabaseBackend) -> SQLQuery {
        let (empty, warmup, cast): (String, String, String)
        switch backend {
        case .postgres: (empty, warmup, cast) = ("'{}'::text[]", "NOT ss.is_warmup", "::float8")
        case .sqlite: (empty, warmup, cast) = ("'[]'", "ss.is_warmup = 0", "")
        }
        return """
            SELECT s.user_id, ss.session_id, ss.exercise_name, coalesce(e.equipment, \(unescaped: empty)) AS equipment,
                   max(CASE WHEN ss.weight_kg > 0 AND ss.reps BETWEEN 1 AND 12
                            THEN ss.weight_kg * (1 + ss.reps / 30.0) END)\(unescaped: cast) AS estimated_max_kg
            FROM spotter.workout_sessions s
            JOIN spotter.session_sets ss ON ss.session_id = s.id
            LEFT JOIN spotter.exercises e ON e.id = ss.exercise_id
            WHERE \(fragment: filter) AND \(unescaped: warmup)
            GROUP BY s.user_id, ss.session_id, ss.exercise_name, e.equipment
            ORDER BY 1, 2, 3
            """
    }
}
