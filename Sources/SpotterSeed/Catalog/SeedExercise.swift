/// One exercise of the authored catalog (table `exercises`).
public struct SeedExercise: Sendable, Hashable {
    /// Stable id (1-based, in authoring order).
    public let id: Int64
    /// Short key the program authoring refers to, e.g. `back_squat`.
    public let slug: String
    /// Display name, e.g. "Barbell Back Squat".
    public let name: String
    /// Muscle groups it mainly trains, e.g. `["quads", "glutes"]`.
    public let primaryMuscles: [String]
    /// Equipment tags, sorted; empty for bodyweight.
    public let equipment: [String]
    /// `beginner`, `intermediate` or `advanced`.
    public let level: String
    /// `strength`, `core`, `power`, `plyometric`, `cardio` or `mobility`.
    public let category: String
}

/// One line of a workout: which exercise, how many sets and what reps (or time).
public struct SeedWorkoutExercise: Sendable, Hashable {
    /// The exercise's id in ``SeedCatalog/exercises`` (0 if the authored slug was unknown).
    public let exerciseID: Int64
    /// The authored slug, kept so a test can name an unknown one.
    public let slug: String
    /// Number of sets (or rounds).
    public let sets: Int
    /// Reps, a range or a duration: "8", "6-8", "30s", "20 min easy".
    public let reps: String
}

/// One ordered workout of a program (table `program_workouts`, its lines in `workout_exercises`).
public struct SeedWorkout: Sendable, Hashable {
    /// Stable id: `program id * 100 + position`.
    public let id: Int64
    /// The program it belongs to.
    public let programID: Int64
    /// 1-based order within the program.
    public let position: Int
    /// Title, e.g. "Upper A".
    public let title: String
    /// Main muscle groups, by training volume (sets), at most four.
    public let primaryMuscles: [String]
    /// Estimated duration in minutes.
    public let estimatedMinutes: Int
    /// Perceived intensity, 1 (easy) to 5 (very hard).
    public let intensity: Int
    /// Union of its exercises' equipment tags, sorted.
    public let equipment: [String]
    /// Its exercises in order.
    public let exercises: [SeedWorkoutExercise]
}

/// One program of the authored catalog (table `programs`).
public struct SeedProgram: Sendable, Hashable {
    /// Stable id (1-based, in authoring order).
    public let id: Int64
    /// Title, e.g. "Couch to 5K".
    public let title: String
    /// strength, hypertrophy, fat_loss, endurance, mobility or general_fitness.
    public let goal: String
    /// `beginner`, `intermediate` or `advanced`.
    public let level: String
    /// full_body, upper_lower, push_pull_legs, home, bodyweight, running or mobility.
    public let category: String
    /// Planned sessions per week.
    public let daysPerWeek: Int
    /// Planned length in weeks.
    public let weeks: Int
    /// Union of its workouts' equipment tags, sorted.
    public let equipment: [String]
    /// One or two sentences for people.
    public let description: String
    /// Ordered workouts; a week cycles through them in order.
    public let workouts: [SeedWorkout]

    /// Sessions needed to complete the program (`weeks × daysPerWeek`).
    public var plannedSessions: Int { weeks * daysPerWeek }
}
