/// The payload of `daily_suggestion` and `program_recommendations`: whom to compute
/// (``SelectionPayload``) and, optionally, ranking settings that override the kind's parameters.
public typealias RecommendationPayload = OverridingPayload<RecommendationOverrides>

/// The ranking settings a recommendation payload may override.
public struct RecommendationOverrides: PayloadOverrides {
    /// Overrides `recovery_hours`.
    public var recovery_hours: Int?
    /// Overrides `preferred_recovery_hours`.
    public var preferred_recovery_hours: Int?
    /// Overrides `no_repeat_days`.
    public var no_repeat_days: Int?
    /// Overrides `top_k` (program_recommendations).
    public var top_k: Int?

    /// None.
    public init() {}
}
