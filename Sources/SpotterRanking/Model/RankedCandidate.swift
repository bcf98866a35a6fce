public import SpotterIDs

/// One candidate of the daily suggestion with its score: a library workout, or one of the
/// person's own recurring sessions (by its title).
public struct RankedCandidate: Sendable, Hashable {
    /// What it is.
    public var kind: SessionKind
    /// The library workout, when it is one.
    public var workoutID: WorkoutID?
    /// Its program.
    public var programID: ProgramID?
    /// The workout's title, or the person's own session title as they last logged it.
    public var title: String
    /// Its primary muscle groups, coarse (``MuscleGroups/coarseNames``).
    public var muscleGroups: [String]
    /// The score (comparable only within one person's day).
    public var score: Double

    /// Creates a candidate.
    public init(
        kind: SessionKind, workoutID: WorkoutID?, programID: ProgramID?, title: String, muscleGroups: [String],
        score: Double
    ) {
        self.kind = kind
        self.workoutID = workoutID
        self.programID = programID
        self.title = title
        self.muscleGroups = muscleGroups
        self.score = score
    }
}
