/// When a client counts as inactive, and how the trainer's list is tiered.
///
/// Built once from the `inactive_clients` entry in `jobs/` (the catalog validates the numbers)
/// and passed down.
public struct InactivityPolicy: Sendable, Hashable {
    /// Tier boundaries in days, ascending and unique. Default `[3, 7, 14]`. A flagged client's
    /// tier is the largest boundary that is ≤ its days inactive (0 when below every boundary).
    public var tiers: [Int]
    /// A client is flagged once it has been inactive for at least this many days. Default 7.
    public var threshold: Int
    /// A client is on the "not messaging" list once they have not written to the trainer for at
    /// least this many days, whatever their workouts. Default 7.
    public var messageThreshold: Int

    /// A policy; `tiers` are sorted and de-duplicated.
    public init(tiers: [Int] = [3, 7, 14], threshold: Int = 7, messageThreshold: Int = 7) {
        self.tiers = Array(Set(tiers)).sorted()
        self.threshold = threshold
        self.messageThreshold = messageThreshold
    }

    /// The tier for `days` of inactivity: the largest tier ≤ `days`, or 0 when none is reached.
    /// With no day count (never active, join date unknown) the largest tier.
    public func tier(forDaysInactive days: Int?) -> Int {
        guard let days else { return tiers.last ?? 0 }
        return tiers.last(where: { $0 <= days }) ?? 0
    }
}
