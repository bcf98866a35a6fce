public import SpotterIDs
public import SpotterQueue

/// The people a job computes for, as its payload names them. One of:
/// - `{"user_id": 42}` (or `{"trainer_id": 7}` for trainer kinds) — on demand;
/// - `{"user_ids": [1, 2, 3]}` (or `trainer_ids`);
/// - `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 1000}` — a nightly shard.
///
/// Any of them may carry `as_of` (default: now) and `local_date` (informational). The kinds that
/// select people embed it in their own payload; the nightly fan-out builds it from a ``Shard``.
public struct SelectionPayload: ShardPayload, Hashable {
    /// One user.
    public var user_id: UserID?
    /// One trainer (trainer kinds).
    public var trainer_id: UserID?
    /// Many users.
    public var user_ids: [UserID]?
    /// Many trainers.
    public var trainer_ids: [UserID]?
    /// A shard's zone.
    public var time_zone: String?
    /// A shard's local date.
    public var local_date: String?
    /// A shard's id range, inclusive.
    public var from_user_id: UserID?, to_user_id: UserID?
    /// The instant to compute as of, ISO 8601.
    public var as_of: String?

    /// An empty payload (selects nobody until a field is set).
    public init(
        user_id: UserID? = nil, trainer_id: UserID? = nil, user_ids: [UserID]? = nil, trainer_ids: [UserID]? = nil,
        as_of: String? = nil
    ) {
        self.user_id = user_id
        self.trainer_id = trainer_id
        self.user_ids = user_ids
        self.trainer_ids = trainer_ids
        self.as_of = as_of
    }

    /// A nightly shard's payload.
    public init(shard: Shard) {
        time_zone = shard.timeZone
        local_date = shard.localDate
        from_user_id = shard.fromID
        to_user_id = shard.toID
        as_of = shard.asOf
    }
}
