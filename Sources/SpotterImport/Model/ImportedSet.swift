/// One set as read from an export, before it is matched to the library.
public struct ImportedSet: Sendable, Hashable {
    /// The exercise's name as the app wrote it ("Bench Press (Barbell)").
    public var exerciseName: String
    /// The load in kilograms (pounds converted); nil when none was logged (bodyweight, 0).
    public var weightKg: Double?
    /// Repetitions; nil when none were logged (timed or distance sets, 0).
    public var reps: Int?
    /// Rate of perceived exertion as logged (1–10); nil when none.
    public var rpe: Double?
    /// Duration of a timed set in seconds; nil when none.
    public var seconds: Int?
    /// Distance in metres; nil when none.
    public var distanceMeters: Double?
    /// A warm-up set (Hevy `set_type` warmup, Strong set order `W`).
    public var isWarmup: Bool
    /// The line of the file the set was read from.
    public var line: Int

    /// A set with every field given.
    public init(
        exerciseName: String, weightKg: Double? = nil, reps: Int? = nil, rpe: Double? = nil, seconds: Int? = nil,
        distanceMeters: Double? = nil, isWarmup: Bool = false, line: Int
    ) {
        self.exerciseName = exerciseName
        self.weightKg = weightKg
        self.reps = reps
        self.rpe = rpe
        self.seconds = seconds
        self.distanceMeters = distanceMeters
        self.isWarmup = isWarmup
        self.line = line
    }
}
