import SpotterDB

/// The one statement that turns `session_sets` into what was lifted per session and exercise
/// (`user_id, session_id, exercise_name, equipment, estimated_max_kg`, ordered so), for
/// `SpotterRanking.LogInference`: warm-ups left out; `equipment` is the matched library
/// exercise's (`exercises.equipment`, empty when unmatched); `estimated_max_kg` the heaviest set
/// of 1–12 reps with a weight as an Epley one-rep maximum, weight × (1 + reps ÷ 30), NULL when
/// none. `filter` is a condition on the sessions (alias `s`).
enum LoggedLiftSQL {
    static func statement(filter: SQLQuery) -> SQLQuery {
        """
        SELECT s.user_id, ss.session_id, ss.exercise_name, coalesce(e.equipment, \(fragment: .emptyTags)) AS equipment,
               \(double: "max(\(unescaped: estimatedMax))") AS estimated_max_kg
        FROM spotter.workout_sessions s
        JOIN spotter.session_sets ss ON ss.session_id = s.id
        LEFT JOIN spotter.exercises e ON e.id = ss.exercise_id
        WHERE \(fragment: filter) AND \(isFalse: "ss.is_warmup")
        GROUP BY s.user_id, ss.session_id, ss.exercise_name, e.equipment
        ORDER BY 1, 2, 3
        """
    }

    /// The heaviest set of 1–12 reps with a weight, as an Epley one-rep maximum.
    private static let estimatedMax =
        "CASE WHEN ss.weight_kg > 0 AND ss.reps BETWEEN 1 AND 12 THEN ss.weight_kg * (1 + ss.reps / 30.0) END"

    /// What `spotter.session_lifts` keeps for every set of `sets` (a table named by SQL, with
    /// `session_sets`' columns: a summary chunk's, see ``SessionSummaries``): `session_id,
    /// exercise_name, exercise_id, estimated_max_kg`, per session, exercise name and library exercise.
    static func summaryStatement(sets: String) -> SQLQuery {
        """
        SELECT ss.session_id, ss.exercise_name, ss.exercise_id, \(double: "max(\(unescaped: estimatedMax))") AS estimated_max_kg
        FROM \(unescaped: sets) ss
        WHERE \(isFalse: "ss.is_warmup")
        GROUP BY ss.session_id, ss.exercise_name, ss.exercise_id
        """
    }

    /// ``statement(filter:)``'s rows from `spotter.session_lifts`, for the sessions `s`
    /// that `filter` names (kept up to date by ``SessionSummaries/refresh(ids:since:asOf:in:)``):
    /// the maximum over a name's library exercises of one equipment is the maximum over its sets.
    /// Each session's rows are fetched by key on PostgreSQL (a probe join, see
    /// ``SessionSummaries/workStatement``), inside a fenced subquery, so that the library's
    /// exercises are joined once to all the lifts: left to itself the planner joins them inside
    /// the probe, reading all of `exercises` once per session (about 3 times the statement's cost,
    /// EXPLAIN ANALYZE of a 1,000-member shard at 100k: 194 ms against 60).
    static func fromSummaries(filter: SQLQuery) -> SQLQuery {
        let lifts = "l.session_id, l.exercise_name, l.exercise_id, l.estimated_max_kg"
        let probes: SQLQuery = """
            SELECT s.user_id, \(unescaped: lifts)
            FROM spotter.workout_sessions s
            \(probeJoin: "spotter.session_lifts", as: "l", columns: lifts, on: "l.session_id = s.id")
            WHERE \(fragment: filter)
            """
        return """
            SELECT lift.user_id, lift.session_id, lift.exercise_name, coalesce(e.equipment, \(fragment: .emptyTags)) AS equipment,
                   \(double: "max(lift.estimated_max_kg)") AS estimated_max_kg
            FROM (\(planFenced: probes)) AS lift
            LEFT JOIN spotter.exercises e ON e.id = lift.exercise_id
            GROUP BY lift.user_id, lift.session_id, lift.exercise_name, e.equipment
            ORDER BY 1, 2, 3
            """
    }
}
