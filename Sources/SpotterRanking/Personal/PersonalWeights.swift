/// The personal model's settings: its feature weights before any learning, how fast it learns a
/// person's own weights, how fast old habits fade, and when a trained person's own split
/// relaxes the rest rules.
public struct PersonalWeights: Sendable, Hashable {
    /// Names of the features, in the order of ``prior``.
    public static let featureNames = [
        "transition", "frequency", "muscle flow", "recovery", "recovery deficit", "rotation", "weekday", "novel",
        "program plan", "catalog fit", "day pattern",
    ]
    /// Starting weights, one per feature (see ``featureNames``): what usually follows (log
    /// probability, second order with back-off), how often (log), which muscle groups usually
    /// follow the last day's (log lift), mean recovery (0…1), recovery below the person's usual
    /// (0…1), days since the kind against its usual interval (−|log ratio|), the weekday's share
    /// (log lift), never done (0/1), the program plan's bonus, the library score (goal, length,
    /// energy, similar members), the chance that the next training day's muscle groups match
    /// (what followed the last day's groups, 0…1; see ``Signal/dayPatterns``).
    public var prior: [Double] = [1.0, 0.3, 0.6, 0.6, -2.0, 0.6, 0.3, -1.0, 2.0, 0.5, 1.0]
    /// Learning rate of the per-person softmax update after each session. Default 0.05.
    public var learningRate: Double = 0.05
    /// Pull of the learned weights back to ``prior`` per update. Default 0.02.
    public var priorPull: Double = 0.02
    /// Each older session counts this much less than the next one (recency: habits change).
    /// Default 0.95.
    public var decay: Double = 0.95
    /// A kind of the person's own (a session title) is a candidate once done this often. Default 1.
    public var minimumTitleCount: Int = 1
    /// ... when last done within this many days. Default 180.
    public var titleRecencyDays: Int = 180
    /// ... or when among the person's this many most recently done titles. Default 12.
    public var recentTitles: Int = 12
    /// A trained (not beginner) person's muscle group may be suggested within `recoveryHours`
    /// (and a workout within `noRepeatDays`) when their own history did so at least
    /// ``shortRestMinimumCount`` times and in at least this share of the cases. Default 0.05.
    public var shortRestShare: Double = 0.05
    /// See ``shortRestShare``. Default 3.
    public var shortRestMinimumCount: Int = 3

    /// A title whose consecutive sessions trained groups less alike than this (mean Jaccard)
    /// names nothing in particular (see ``PersonalState/isVague(_:)``). Default 0.5; 0 turns it off.
    public var vagueTitleAgreement: Double = 0.5
    /// Each signal's reward (``Signal``) fades by this per session. Default 0.95.
    public var signalDecay: Double = 0.95
    /// How sharply the better-rewarded signals win: weights are a softmax of rate × reward. Default 1.
    public var signalRate: Double = 1
    /// The learned model's head start in that softmax (in reward units × rate), so that a
    /// signal must out-predict it over several sessions before it counts as much. Default 2.
    public var modelLead: Double = 2

    /// Creates the defaults.
    public init() {}
}
