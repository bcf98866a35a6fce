/// What a member who follows a coaching app's advice remembers of their own recent training, and
/// the rules they keep before starting a workout. The rules are the ranking's hard constraints
/// (SpotterRanking's `RankingConfiguration` defaults and `HardConstraintAudit`; this module does
/// not import the ranking, so they are restated here):
/// - rest: no primary muscle group trained today or yesterday (48 h counted in whole local days);
///   "mobility" muscles and workouts of mobility programs need no rest and tire nothing;
/// - no repeat: the same workout not done today, yesterday or the day before;
/// - length: an off-program workout at most 10 minutes over the member's usual session length
///   (a program they enrolled in sets its own lengths).
///
/// Days are counted as the planner counts them: `daysAgo` of the member's local calendar.
struct SeedTrainingLog {
    /// Whole local days a muscle group rests (48 h).
    static let restDays = 2
    /// Local days within which a workout is not repeated.
    static let noRepeatDays = 3
    /// Minutes an off-program workout may exceed the usual session length.
    static let lengthSlackMinutes = 10

    /// The local day (days ago) each muscle group was last loaded.
    private var lastLoaded: [String: Int] = [:]
    /// The local day (days ago) each workout was last done.
    private var lastDone: [Int64: Int] = [:]

    /// Whether `workout` on the day `daysAgo` keeps the rest and no-repeat rules.
    func isRested(_ workout: SeedWorkout, daysAgo: Int) -> Bool {
        if let done = lastDone[workout.id], done - daysAgo < Self.noRepeatDays { return false }
        return Self.loadedMuscles(of: workout).allSatisfy { muscle in
            lastLoaded[muscle].map { $0 - daysAgo >= Self.restDays } ?? true
        }
    }

    /// Whether `workout` fits a usual session of `sessionMinutes`.
    static func fitsLength(_ workout: SeedWorkout, sessionMinutes: Int) -> Bool {
        workout.estimatedMinutes <= sessionMinutes + lengthSlackMinutes
    }

    /// Remembers `workout` done on the day `daysAgo` (the planner goes forward in time).
    mutating func record(_ workout: SeedWorkout, daysAgo: Int) {
        lastDone[workout.id] = daysAgo
        for muscle in Self.loadedMuscles(of: workout) { lastLoaded[muscle] = daysAgo }
    }

    /// The groups a workout loads for recovery: its primary muscles ("full_body" standing for
    /// the major strength groups) without "mobility"; none for a workout of a mobility program.
    static func loadedMuscles(of workout: SeedWorkout) -> [String] {
        if mobilityPrograms.contains(workout.programID) { return [] }
        return workout.primaryMuscles.flatMap { $0 == "full_body" ? fullBody : [$0] }.filter { $0 != "mobility" }
    }

    private static let mobilityPrograms = Set(SeedCatalog.programs.filter { $0.category == "mobility" }.map(\.id))
    private static let fullBody = [
        "arms", "back", "biceps", "chest", "core", "glutes", "hamstrings", "lower_back", "quads", "shoulders",
        "triceps", "upper_back",
    ]
}
