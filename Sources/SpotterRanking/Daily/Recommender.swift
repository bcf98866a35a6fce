/// The pure ranking: the daily suggestion and the program recommendations for one member at a
/// time, from a catalog and a similar-users index built once and shared. Same inputs, same
/// output: ties break by id and no dictionary order reaches a result.
public struct Recommender: Sendable {
    /// The catalog.
    public let catalog: Catalog
    /// What similar members completed.
    public let similar: SimilarUsersIndex
    /// Thresholds and weights.
    public let configuration: RankingConfiguration
    /// Per interned muscle group, whether it needs no recovery.
    let recoveryExempt: [Bool]
    /// Per catalog workout, whether its program's category needs no recovery.
    let recoveryExemptWorkout: [Bool]
    /// The similar-users index laid out in catalog order.
    let similarAligned: SimilarUsersIndex.Aligned
    /// Distinct program categories, sorted.
    let categoryNames: [String]
    /// Per catalog program, its index in `categoryNames`.
    let programCategory: [Int]

    /// Creates a recommender; O(catalog).
    public init(catalog: Catalog, similar: SimilarUsersIndex, configuration: RankingConfiguration = .init()) {
        self.catalog = catalog
        self.similar = similar
        self.configuration = configuration
        let exempt = Set(configuration.recoveryExemptMuscles.map(MuscleGroups.normalized))
        recoveryExempt = catalog.muscleNames.map { exempt.contains($0) }
        recoveryExemptWorkout = catalog.workouts.map {
            Self.isRecoveryExempt(catalog.programs[$0.programIndex], configuration: configuration)
        }
        similarAligned = SimilarUsersIndex.Aligned(similar, catalog: catalog)
        categoryNames = Set(catalog.programs.map(\.category)).sorted()
        let categoryIndex = Dictionary(uniqueKeysWithValues: categoryNames.enumerated().map { ($1, $0) })
        programCategory = catalog.programs.map { categoryIndex[$0.category]! }
    }

    /// The workout for the member's local date, or why none is safe. O(sessions + workouts).
    ///
    /// Hard constraints (a workout breaking any is never suggested): no catalog problem;
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
    /// sessions compete with the catalog, all scored by ``PersonalState``'s learned weights
    /// (see ``rankCandidates(for:personal:)``).
    public func dailySuggestion(for member: MemberContext) -> SuggestionOutcome {
        dailySuggestion(for: member, personal: personalState(for: member))
    }

    /// What `member`'s sessions before `now` teach (``PersonalState``), built from scratch.
    public func personalState(for member: MemberContext) -> PersonalState {
        PersonalState.replaying(member, catalog: catalog, configuration: configuration)
    }

    /// Every catalog workout that passes the hard constraints, best first (ties by id), scored
    /// exactly as ``dailySuggestion(for:)`` scores them; the person's own recurring sessions,
    /// which the daily suggestion may also pick, are left out (see ``rankCandidates(for:personal:)``).
    public func rankWorkouts(for member: MemberContext) -> [ScoredWorkout] {
        rankCandidates(for: member, personal: personalState(for: member)).compactMap { candidate in
            guard let workoutID = candidate.workoutID, let programID = candidate.programID else { return nil }
            return ScoredWorkout(workoutID: workoutID, programID: programID, score: candidate.score)
        }
    }

    /// Whether workouts of `program` need no recovery (``RankingConfiguration/recoveryExemptCategories``).
    static func isRecoveryExempt(_ program: CatalogProgram, configuration: RankingConfiguration) -> Bool {
        let category = MuscleGroups.normalized(program.category)
        return configuration.recoveryExemptCategories.contains { MuscleGroups.normalized($0) == category }
    }

    /// Higher score first, then lower id.
    static func ranksBefore<ID: Comparable>(_ score: Double, _ id: ID, _ otherScore: Double, _ otherID: ID) -> Bool {
        score != otherScore ? score > otherScore : id < otherID
    }

    /// Per catalog program, fit in 0…1: the mean of goal fit and what similar members completed.
    func programFit(for member: MemberContext) -> [Double] {
        let similarScores = similarAligned.scores(for: member)
        let goal = member.profile?.goal
        return catalog.programs.indices.map { index in
            (GoalFit.score(program: catalog.programs[index].goal, member: goal) + similarScores[index]) / 2
        }
    }
}
