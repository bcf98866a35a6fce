import SpotterDB

/// The one statement that turns `session_sets` into what was lifted per session and exercise
/// (`user_id, session_id, exercise_name, equipment, estimated_max_kg`, ordered so), for
/// `SpotterRanking.LogInference`: warm-ups left out; `equipment` is the matched library
/// exercise's (`exercises.equipment`, empty when unmatched); `estimated_max_kg` the heaviest set
/// of 1–12 reps with a weight as an Epley one-rep maximum, weight × (1 + reps ÷ 30), NULL when
/// none. `filter` is a condition on the sessions (alias `s`).
enum LoggedLiftSQL {
    static func statement(filter: SQLQuery, backend: DatabaseBackend) -> SQLQuery {
        let (empty, warmup, cast) = parts(backend)
        return """
            SELECT s.user_id, ss.session_id, ss.exercise_name, coalesce(e.equipment, \(unescaped: empty)) AS equipment,
                   max(\(unescaped: estimatedMax))\(unescaped: cast) AS estimated_max_kg
            FROM spotter.workout_sessions s
            JOIN spotter.session_sets ss ON ss.session_id = s.id
            LEFT JOIN spotter.exercises e ON e.id = ss.exercise_id
            WHERE \(fragment: filter) AND \(unescaped: warmup)
            GROUP BY s.user_id, ss.session_id, ss.exercise_name, e.equipment
            ORDER BY 1, 2, 3
            """
    }

    /// The heaviest set of 1–12 reps with a weight, as an Epley one-rep maximum.
    private static let estimatedMax =
        "CASE WHEN ss.weight_kg > 0 AND ss.reps BETWEEN 1 AND 12 THEN ss.weight_kg * (1 + ss.reps / 30.0) END"

    private static func parts(_ backend: DatabaseBackend) -> (empty: String, warmup: String, cast: String) {
        switch backend {
        case .postgres: ("'{}'::text[]", "NOT ss.is_warmup", "::float8")
        case .sqlite: ("'[]'", "ss.is_warmup = 0", "")
        }
    }

    /// What `spotter.session_lifts` keeps for the sessions `s` that `filter` names (a list, not a
    /// window: each session's sets are fetched by `session_sets`' primary key on PostgreSQL, as
    /// ``SessionWorkSQL`` does): `session_id, exercise_name, exercise_id, estimated_max_kg`, per
    /// session, exercise name and library exercise.
    static func summaryStatement(filter: SQLQuery, backend: DatabaseBackend) -> SQLQuery {
        let (_, warmup, cast) = parts(backend)
        return """
            SELECT ss.session_id, ss.exercise_name, ss.exercise_id, max(\(unescaped: estimatedMax))\(unescaped: cast) AS estimated_max_kg
            FROM spotter.workout_sessions s
            \(unescaped: SessionWorkSQL.setsOfEachSession(backend))
            WHERE \(fragment: filter) AND \(unescaped: warmup)
            GROUP BY ss.session_id, ss.exercise_name, ss.exercise_id
            """
    }

    /// ``statement(filter:backend:)``'s rows from `spotter.session_lifts`, for the sessions `s`
    /// that `filter` names (kept up to date by ``SessionSummaries/refresh(ids:since:asOf:in:)``):
    /// the maximum over a name's library exercises of one equipment is the maximum over its sets.
    /// On PostgreSQL each session's rows are fetched by key (see ``SessionSummaries/workStatement``).
    static func fromSummaries(filter: SQLQuery, backend: DatabaseBackend) -> SQLQuery {
        let (empty, _, cast) = parts(backend)
        let lifts =
            backend == .postgres
            ? """
            CROSS JOIN LATERAL (SELECT l.session_id, l.exercise_name, l.exercise_id, l.estimated_max_kg
                                FROM spotter.session_lifts l WHERE l.session_id = s.id OFFSET 0) AS l
            """
            : "JOIN spotter.session_lifts l ON l.session_id = s.id"
        return """
            SELECT s.user_id, l.session_id, l.exercise_name, coalesce(e.equipment, \(unescaped: empty)) AS equipment,
                   max(l.estimated_max_kg)\(unescaped: cast) AS estimated_max_kg
            FROM spotter.workout_sessions s
            \(unescaped: lifts)
            LEFT JOIN spotter.exercises e ON e.id = l.exercise_id
            WHERE \(fragment: filter)
            GROUP BY s.user_id, l.session_id, l.exercise_name, e.equipment
            ORDER BY 1, 2, 3
            """
    }
}
