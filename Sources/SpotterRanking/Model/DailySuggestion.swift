public import SpotterIDs
public import SpotterReasons

/// The workout suggested for a member's local date.
public struct DailySuggestion: Sendable, Hashable {
    /// The suggested workout.
    public var workoutID: WorkoutID
    /// Its program.
    public var programID: ProgramID
    /// The ranking score (higher is better; comparable only within one member's day).
    public var score: Double
    /// The reasons as codes with arguments, most important first (`next_in_enrolled_program`).
    public var reasonCodes: [Reason]
    /// The reasons in the reference English, most important first ("next in Upper/Lower, week 3").
    public var reasons: [String] { reasonCodes.map(\.text) }
    /// When the suggestion is one of the person's own recurring sessions, its title ("Push");
    /// `workoutID` is then the library workout closest to it in muscle groups.
    public var ownTitle: String?
    /// The suggested session's primary muscle groups, coarse.
    public var muscleGroups: [String]

    /// Creates a suggestion.
    public init(
        workoutID: WorkoutID, programID: ProgramID, score: Double, reasons: [Reason], ownTitle: String? = nil,
        muscleGroups: [String] = []
    ) {
        self.workoutID = workoutID
        self.programID = programID
        self.score = score
        self.reasonCodes = reasons
        self.ownTitle = ownTitle
        self.muscleGroups = muscleGroups
    }
}

/// The outcome of the daily suggestion: a workout, or a recorded reason why none is safe.
public enum SuggestionOutcome: Sendable, Hashable {
    /// A workout that passes every hard constraint.
    case suggested(DailySuggestion)
    /// No workout passes the hard constraints; no row is written, the reason is recorded.
    case nothingFits(reason: String)

    /// The suggestion, if any.
    public var suggestion: DailySuggestion? {
        if case .suggested(let suggestion) = self { return suggestion }
        return nil
    }
}

/// One ranked program recommendation ("Recommended for you").
public struct ProgramRecommendation: Sendable, Hashable {
    /// The program.
    public var programID: ProgramID
    /// 1-based rank.
    public var rank: Int
    /// The score after the variety adjustment; non-increasing with rank.
    public var score: Double
    /// The reasons as codes with arguments (`matches_goal`).
    public var reasonCodes: [Reason]
    /// The reasons in the reference English ("matches your goal: strength").
    public var reasons: [String] { reasonCodes.map(\.text) }

    /// Creates a recommendation.
    public init(programID: ProgramID, rank: Int, score: Double, reasons: [Reason]) {
        self.programID = programID
        self.rank = rank
        self.score = score
        self.reasonCodes = reasons
    }
}

/// One workout with its daily score, as ``Recommender/rankWorkouts(for:)`` returns it.
public struct ScoredWorkout: Sendable, Hashable {
    /// The workout.
    public var workoutID: WorkoutID
    /// Its program.
    public var programID: ProgramID
    /// The same score ``Recommender/dailySuggestion(for:)`` uses.
    public var score: Double

    /// Creates a scored workout.
    public init(workoutID: WorkoutID, programID: ProgramID, score: Double) {
        self.workoutID = workoutID
        self.programID = programID
        self.score = score
    }
}
