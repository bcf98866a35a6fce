/// Every threshold and weight of the ranking, each with its default. Built once at the edge
/// and passed to ``Recommender``.
public struct RankingConfiguration: Sendable, Hashable {
    /// Hard: no primary muscle group trained within this many hours. Rest is counted in whole
    /// local days at the same time of day (the suggestion is for a date, not an hour): a session
    /// on local date D−2 has rested 48 h on D, one on D−1 only 24 h. Default 48.
    public var recoveryHours: Int = 48
    /// Soft: full recovery bonus from this many hours of rest (counted the same way). Default 72.
    public var preferredRecoveryHours: Int = 72
    /// Hard: no workout repeated within this many local days: with 3, a workout done on D−1 or
    /// D−2 is not suggested on D, one done on D−3 may be. Default 3.
    public var noRepeatDays: Int = 3
    /// A check-in with energy at or below this is low energy. Default 2.
    public var lowEnergyThreshold: Int = 2
    /// A low-energy check-in counts if recorded within this many hours before `now`. Default 24.
    public var lowEnergyWindowHours: Int = 24
    /// Hard: a workout may run this many minutes over the preferred session length. Workouts of
    /// a program the member is actively enrolled in are exempt: they chose its sessions, and the
    /// preference guides which programs fit, not whether to follow the one under way. Default 10.
    public var sessionLengthSlackMinutes: Int = 10
    /// Hard, cold start only: longest workout suggested when no session length is known. Default 45.
    public var coldStartMaxMinutes: Int = 45
    /// Hard, cold start only: hardest intensity (1–5) suggested. Default 3.
    public var coldStartMaxIntensity: Int = 3
    /// Muscle groups that need no recovery between sessions. Default ["mobility"].
    public var recoveryExemptMuscles: Set<String> = ["mobility"]
    /// Program categories whose workouts need no recovery and do not count against it, whatever
    /// muscle groups they list (a library may tag a stretching flow "hips, hamstrings"): light
    /// mobility work can be done daily. Default ["mobility"].
    public var recoveryExemptCategories: Set<String> = ["mobility"]
    /// Weights of the daily score.
    public var daily = DailyWeights()
    /// Weights of the program recommendations.
    public var programs = ProgramWeights()
    /// The personal model (learned habits) of the daily suggestion.
    public var personal = PersonalWeights()
    /// Recovery per muscle group from the volume done.
    public var fatigue = Fatigue()
    /// Programs: "popular with members like you" only when at least this many members of the
    /// same goal, level and equipment took the program. Default 3.
    public var similarMinimumMembers: Double = 3

    /// Creates the default configuration.
    public init() {}

    /// Weights of the daily suggestion score (a sum of components; higher is better).
    public struct DailyWeights: Sendable, Hashable {
        /// Bonus for the next workout of an active enrollment. Default 3.
        public var enrollmentNext: Double = 3
        /// Bonus for the next workout of the program of the latest session, without enrollment. Default 1.5.
        public var continuationNext: Double = 1.5
        /// Each step further ahead in the program multiplies the bonus by this. Default 0.3.
        public var aheadDecay: Double = 0.3
        /// Program fit (goal, similar members) weight. Default 0.6.
        public var programFit: Double = 0.6
        /// Bonus when every primary muscle rested the preferred hours (linear from the hard minimum). Default 0.5.
        public var recovery: Double = 0.5
        /// Bonus for a workout not done for a week or more (linear). Default 0.3.
        public var freshness: Double = 0.3
        /// Bonus for a length close to the preferred one. Default 0.3.
        public var lengthFit: Double = 0.3
        /// Low energy: the plan bonus of a workout of intensity 3 or more is multiplied by this
        /// (the plan can wait a day). Default 0.5.
        public var lowEnergyPlanFactor: Double = 0.5
        /// Low energy: penalty per intensity step above 2. Default 1.
        public var lowEnergyIntensityPenalty: Double = 1
        /// Low energy: penalty per minute above 20. Default 0.02.
        public var lowEnergyMinutePenalty: Double = 0.02
        /// Low energy: bonus for light work, full at intensity 1, half at 2. Default 1.5.
        public var lowEnergyLightBonus: Double = 1.5
        /// Cold start: penalty per intensity step, so the gentlest start wins. Default 0.1.
        public var coldStartIntensityPenalty: Double = 0.1

        /// Creates the default weights.
        public init() {}
    }

    /// Weights of the program recommendation score.
    public struct ProgramWeights: Sendable, Hashable {
        /// Goal match. Default 1.
        public var goal: Double = 1
        /// Days per week fit. Default 0.5.
        public var days: Double = 0.5
        /// Session length fit. Default 0.5.
        public var length: Double = 0.5
        /// What similar members completed. Default 1.
        public var similar: Double = 1
        /// Not already completed or under way. Default 0.8.
        public var novelty: Double = 0.8
        /// Penalty per program of the same category already ranked above. Default 0.6.
        public var repeatedCategoryPenalty: Double = 0.6
        /// Bonus for a category the member has not trained in yet. Default 0.15.
        public var newCategory: Double = 0.15

        /// Creates the default weights.
        public init() {}
    }
}
