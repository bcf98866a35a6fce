/// The pure ranking: the daily suggestion and the program recommendations for one member at a
/// time, from a library and a similar-users index built once and shared. Same inputs, same
/// output: ties break by id and no dictionary order reaches a result.
public struct Recommender: Sendable {
    /// The library.
    public let library: TrainingLibrary
    /// What similar members completed.
    public let similar: SimilarUsersIndex
    /// Thresholds and weights.
    public let configuration: RankingConfiguration
    /// Per interned muscle group, whether it needs no recovery.
    let recoveryExempt: [Bool]
    /// Per library workout, whether its program's category needs no recovery.
    let recoveryExemptWorkout: [Bool]
    /// The similar-users index laid out in library order.
    let similarAligned: SimilarUsersIndex.Aligned
    /// Distinct program categories, sorted.
    let categoryNames: [String]
    /// Per library program, its index in `categoryNames`.
    let programCategory: [Int]

    /// Creates a recommender; O(library).
    public init(library: TrainingLibrary, similar: SimilarUsersIndex, configuration: RankingConfiguration = .init()) {
        self.library = library
        self.similar = similar
        self.configuration = configuration
        let exempt = Set(configuration.recoveryExemptMuscles.map(MuscleGroups.normalized))
        recoveryExempt = library.muscleNames.map { exempt.contains($0) }
        recoveryExemptWorkout = library.workouts.map {
            Self.isRecoveryExempt(library.programs[$0.programIndex], configuration: configuration)
        }
        similarAligned = SimilarUsersIndex.Aligned(similar, library: library)
        categoryNames = Set(library.programs.map(\.category)).sorted()
        let categoryIndex = Dictionary(uniqueKeysWithValues: categoryNames.enumerated().map { ($1, $0) })
        programCategory = library.programs.map { categoryIndex[$0.category]! }
    }

    /// The workout for the member's local date, or why none is safe. O(sessions + workouts).
    ///
    /// Hard constraints (a workout breaking any is never suggested): no library problem;
    /// equipment the member has (none listed: bodyweight only); program level not above the
    /// member's; no primary muscle group trained within `recoveryHours` and no workout repeated
    /// within `noRepeatDays`, both counted in the member's local days (workouts of a
    /// recovery-exempt category, such as mobility, neither need nor use up rest); length within
    /// the preference plus slack, except for the programs the member is enrolled in. A cold start (no profile, or no session before `now`) is held to
    /// beginner programs, intensity ≤ `coldStartMaxIntensity`, and without a profile to
    /// bodyweight and `coldStartMaxMinutes`. Among the rest, the next workout of an active
    /// enrollment wins (the next of the latest session's program without one), unless a
    /// low-energy check-in in the last `lowEnergyWindowHours` makes a lighter session better;
    /// then goal fit, what similar members took, recovery, freshness and length decide.
    ///
    /// Personal: the person's training age (``TrainingAge``) decides the rest rules: a beginner
    /// keeps them hard; a trained person's muscle group (or repeated workout) is exempt when
    /// their own history does it often (``PersonalWeights/shortRestShare``). A current injury
    /// excludes every workout loading the body part (``BodyParts``). The person's own recurring
    /// sessions compete with the library, all scored by ``PersonalState``'s learned weights
    /// (see ``rankCandidates(for:personal:)``).
    public func dailySuggestion(for member: MemberContext) -> SuggestionOutcome {
        dailySuggestion(for: member, personal: personalState(for: member))
    }

    /// What `member`'s sessions before `now` teach (``PersonalState``), built from scratch.
    public func personalState(for member: MemberContext) -> PersonalState {
        PersonalState.replaying(member, library: library, configuration: configuration)
    }

    /// Every library workout that passes the hard constraints, best first (ties by id), scored
    /// exactly as ``dailySuggestion(for:)`` scores them; the person's own recurring sessions,
    /// which the daily suggestion may also pick, are left out (see ``rankCandidates(for:personal:)``).
    public func rankWorkouts(for member: MemberContext) -> [ScoredWorkout] {
        rankCandidates(for: member, personal: personalState(for: member)).compactMap { candidate in
            guard let workoutID = candidate.workoutID, let programID = candidate.programID else { return nil }
            return ScoredWorkout(workoutID: workoutID, programID: programID, score: candidate.score)
        }
    }

    /// Whether workouts of `program` need no recovery (``RankingConfiguration/recoveryExemptCategories``).
    static func isRecoveryExempt(_ program: LibraryProgram, configuration: RankingConfiguration) -> Bool {
        let category = MuscleGroups.normalized(program.category)
        return configuration.recoveryExemptCategories.contains { MuscleGroups.normalized($0) == category }
    }

    /// Higher score first, then lower id.
    static func ranksBefore<ID: Comparable>(_ score: Double, _ id: ID, _ otherScore: Double, _ otherID: ID) -> Bool {
        score != otherScore ? score > otherScore : id < otherID
    }

    /// Per library program, fit in 0…1: the mean of goal fit and what similar members completed.
    func programFit(for member: MemberContext) -> [Double] {
        let similarScores = similarAligned.scores(for: member)
        let goal = GoalFit.canonical(member: member.profile?.goal)
        return library.indexedPrograms.indices.map { index in
            (GoalFit.score(canonicalProgram: library.indexedPrograms[index].goal, canonicalMember: goal)
                + similarScores[index]) / 2
        }
    }
}
