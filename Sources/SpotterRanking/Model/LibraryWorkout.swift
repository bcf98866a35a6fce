public import SpotterIDs

/// One workout of a program, as the library (`program_workouts`) describes it.
public struct LibraryWorkout: Sendable, Hashable {
    /// The workout's id (`program_workouts.id`).
    public var id: WorkoutID
    /// The program it belongs to.
    public var programID: ProgramID
    /// 1-based order in the program.
    public var position: Int
    /// Display title, e.g. "Upper A".
    public var title: String
    /// Primary muscle groups: "quads", "glutes", "chest", "back", "shoulders", "arms", "core",
    /// "hamstrings", "calves", "full_body", "cardio", "mobility". "full_body" stands for every
    /// major strength group (see ``MuscleGroups/fullBody``).
    public var primaryMuscles: [String]
    /// Expected length in minutes.
    public var estimatedMinutes: Int
    /// 1 light … 5 very hard.
    public var intensity: Int
    /// Union of its exercises' equipment tags; empty or "none" means bodyweight.
    public var equipment: Set<String>

    /// Creates a workout.
    public init(
        id: WorkoutID, programID: ProgramID, position: Int, title: String, primaryMuscles: [String],
        estimatedMinutes: Int, intensity: Int, equipment: Set<String>
    ) {
        self.id = id
        self.programID = programID
        self.position = position
        self.title = title
        self.primaryMuscles = primaryMuscles
        self.estimatedMinutes = estimatedMinutes
        self.intensity = intensity
        self.equipment = equipment
    }
}
