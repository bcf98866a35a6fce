/// A person's training age: the level that decides how strictly recovery is enforced.
///
/// It is the higher of the profile's level (beginner without one) and what the history shows:
/// at least 120 days between the first and the latest session with 40 sessions or more makes an
/// intermediate, 365 days with 150 sessions an advanced lifter. A beginner by both stays
/// protected by the hard rules (no primary muscle group within `recoveryHours`, no workout
/// repeated within `noRepeatDays`); a trained person's own split decides instead.
public enum TrainingAge {
    /// The level for a profile level and a history of `sessions` sessions over `spanDays` days.
    public static func level(profile: Level?, sessions: Int, spanDays: Int) -> Level {
        let shown: Level =
            spanDays >= 365 && sessions >= 150
            ? .advanced : spanDays >= 120 && sessions >= 40 ? .intermediate : .beginner
        return max(profile ?? .beginner, shown)
    }
}
