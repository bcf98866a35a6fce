public import SpotterQueue

/// The payload of `daily_suggestion` and `program_recommendations`: whom to compute
/// (``SelectionPayload``) and, optionally, ranking settings that override the kind's parameters.
public struct RecommendationPayload: ShardPayload, Hashable {
    /// The users.
    public var selection: SelectionPayload
    /// Overrides `recovery_hours`.
    public var recovery_hours: Int?
    /// Overrides `preferred_recovery_hours`.
    public var preferred_recovery_hours: Int?
    /// Overrides `no_repeat_days`.
    public var no_repeat_days: Int?
    /// Overrides `top_k` (program_recommendations).
    public var top_k: Int?

    enum CodingKeys: String, CodingKey { case recovery_hours, preferred_recovery_hours, no_repeat_days, top_k }

    /// A shard's payload.
    public init(shard: Shard) { selection = SelectionPayload(shard: shard) }

    /// Creates a payload.
    public init(selection: SelectionPayload) { self.selection = selection }

    /// Decodes the selection and the overrides from the same object.
    public init(from decoder: any Decoder) throws {
        selection = try SelectionPayload(from: decoder)
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        recovery_hours = try keys.decodeIfPresent(Int.self, forKey: .recovery_hours)
        preferred_recovery_hours = try keys.decodeIfPresent(Int.self, forKey: .preferred_recovery_hours)
        no_repeat_days = try keys.decodeIfPresent(Int.self, forKey: .no_repeat_days)
        top_k = try keys.decodeIfPresent(Int.self, forKey: .top_k)
    }

    /// Encodes the selection and the overrides into one object.
    public func encode(to encoder: any Encoder) throws {
        try selection.encode(to: encoder)
        var keys = encoder.container(keyedBy: CodingKeys.self)
        try keys.encodeIfPresent(recovery_hours, forKey: .recovery_hours)
        try keys.encodeIfPresent(preferred_recovery_hours, forKey: .preferred_recovery_hours)
        try keys.encodeIfPresent(no_repeat_days, forKey: .no_repeat_days)
        try keys.encodeIfPresent(top_k, forKey: .top_k)
    }
}
