public import SpotterDB

/// Inputs that make a whole class of results impossible or thin: no exercise library, no
/// programs (or no workouts), no sessions. One line each, with what it means and the fix, for
/// `spotter check-inputs` and the summary of `spotter run nightly`. These are notes, not
/// problems: an empty relation meets the contract (a new deployment has no sessions yet). Each
/// asks one relation for one row.
public enum InputCoverage {
    /// The notes, in contract order; empty when every relation concerned has a row. A relation
    /// that does not exist is left to ``InputCheck``.
    public static func notes(in session: DatabaseSession) throws -> [InputProblem] {
        func empty(_ relation: String) throws -> Bool {
            try InputCheck.relationExists(relation, in: session)
                && session.query("SELECT 1 AS one FROM spotter.\(relation) LIMIT 1").isEmpty
        }
        var notes: [InputProblem] = []
        if try empty("exercises") {
            notes.append(
                InputProblem(
                    relation: "spotter.exercises",
                    problem: "no exercise library: each workout needs its program's equipment, and only Spotter's "
                        + "equipment words are known (a program needing another word is never recommended)",
                    fix: "expose your exercise library as spotter.exercises and spotter.workout_exercises, or "
                        + "name the programs' equipment in Spotter's words (docs/vocabulary.md)"))
        }
        if try empty("programs") {
            notes.append(
                InputProblem(
                    relation: "spotter.programs",
                    problem: "no programs: no program recommendations, and daily suggestions only from a "
                        + "person's own logged sessions (none for someone new)",
                    fix: "expose your plans as spotter.programs and their days as spotter.program_workouts"))
        } else if try empty("program_workouts") {
            notes.append(
                InputProblem(
                    relation: "spotter.program_workouts",
                    problem: "no workouts: every program is left out (no workouts: never recommended), and daily "
                        + "suggestions come only from a person's own logged sessions",
                    fix: "expose your plans' days as spotter.program_workouts"))
        }
        if try empty("workout_sessions") {
            notes.append(
                InputProblem(
                    relation: "spotter.workout_sessions",
                    problem: "no sessions: no streaks or weekly counts, no recovery or rotation learned, no "
                        + "\"people like you completed\"; every daily suggestion is a cold start (beginner level, "
                        + "short and light)",
                    fix: "expose your workout log as spotter.workout_sessions"))
        }
        return notes
    }
}
