/// The payload fields that Spotter itself sets or reads across kinds (the schedule, the nightly
/// fan-out, every kind's people selection), spelled once. A kind's Codable payload names them as
/// its properties (JSON keys must be literals there); `PayloadFieldTests` checks those against
/// these names.
public enum PayloadField {
    /// `as_of`, the instant a job computes as of (ISO 8601); `time_zone` and `local_date`, a
    /// shard's or a scheduled firing's zone and local date; `scheduled_for`, a firing's local
    /// date-time (the slot); `user_id` and `user_ids`, the people a job computes for;
    /// `from_user_id` and `to_user_id`, a shard's id range, inclusive.
    public static let asOf = "as_of", timeZone = "time_zone", localDate = "local_date", scheduledFor = "scheduled_for"
    public static let userID = "user_id", userIDs = "user_ids", fromUserID = "from_user_id", toUserID = "to_user_id"

    /// Fields that pin what a job computes as of, or which shard it is: set only by the nightly
    /// batch and the schedule, never by the enqueuer role (a shard with any `as_of` replaced
    /// current results with old ones).
    public static let reserved: Set<String> = [asOf, fromUserID, toUserID, localDate, scheduledFor]

    /// What a payload that selects nobody is told to give.
    public static let selectionHint = "\(userID), \(userIDs), or \(timeZone) with \(fromUserID)/\(toUserID)"
}
