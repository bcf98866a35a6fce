public import SpotterIDs

/// A problem found in the library data, and what the ranking does about it.
public struct LibraryProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem; compare with the static members.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A stable name, e.g. "program_without_workouts".
        public let rawValue: String
        /// A program has no workouts: it is never recommended.
        public static let programWithoutWorkouts = Code(rawValue: "program_without_workouts")
        /// A workout (or program) needs an equipment tag the library does not know: it is
        /// never suggested (a program: never recommended).
        public static let unknownEquipment = Code(rawValue: "unknown_equipment")
        /// Two programs share an id: the first is kept.
        public static let duplicateProgram = Code(rawValue: "duplicate_program")
        /// Two workouts share an id: the first is kept.
        public static let duplicateWorkout = Code(rawValue: "duplicate_workout")
        /// A workout's program id differs from the program holding it: the holder wins.
        public static let workoutProgramMismatch = Code(rawValue: "workout_program_mismatch")
        /// A workout has no positive length: it is never suggested.
        public static let invalidLength = Code(rawValue: "invalid_length")
        /// A workout's intensity is outside 1–5: it is clamped.
        public static let intensityOutOfRange = Code(rawValue: "intensity_out_of_range")
        /// A workout lists no primary muscle group, so recovery cannot be checked: never suggested.
        public static let noPrimaryMuscles = Code(rawValue: "no_primary_muscles")
        /// A muscle group outside ``MuscleGroups/known``: kept, tracked by its name.
        public static let unknownMuscle = Code(rawValue: "unknown_muscle")
        /// Two workouts of a program share a position: ordered by id.
        public static let duplicatePosition = Code(rawValue: "duplicate_position")
        /// Days per week or weeks not positive: the workouts are done once, in order.
        public static let invalidSchedule = Code(rawValue: "invalid_schedule")
        /// A program whose workouts cannot all be suggested: never recommended.
        public static let unusableProgram = Code(rawValue: "unusable_program")

        /// The raw name.
        public var description: String { rawValue }
    }

    /// What kind of problem.
    public let code: Code
    /// The program concerned.
    public let programID: ProgramID
    /// The workout concerned, if the problem is a workout's.
    public let workoutID: WorkoutID?
    /// A sentence saying what is wrong and what is done about it.
    public let message: String

    /// "code program=… workout=…: message".
    public var description: String {
        let workout = workoutID.map { " workout=\($0)" } ?? ""
        return "\(code) program=\(programID)\(workout): \(message)"
    }
}
