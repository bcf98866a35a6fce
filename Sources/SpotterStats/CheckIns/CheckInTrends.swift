public import Foundation
public import SpotterCalendar

/// How a person has been feeling, from their check-ins, as of their local today.
public struct CheckInTrends: Sendable, Hashable {
    /// The direction of a measure: the last 7 days against the 21 before them.
    public enum Trend: String, Sendable, Hashable, CaseIterable, Codable {
        /// Up by at least the policy's `trendDelta`.
        case rising
        /// Down by at least the policy's `trendDelta`.
        case falling
        /// Within `trendDelta` either way.
        case steady
    }

    /// One measure's figures (energy, mood or clarity).
    public struct Measure: Sendable, Hashable {
        /// The mean over the check-ins of the last 7 local days (today included), or nil without any.
        public var average7: Double?
        /// The mean over the last 28 local days, or nil without any.
        public var average28: Double?
        /// The trend, or nil with too few check-ins on either side.
        public var trend: Trend?
    }

    /// The person's local today.
    public var localDate: LocalDate
    /// Check-ins in the last 7 and 28 local days.
    public var checkIns7: Int, checkIns28: Int
    /// Energy, mood and clarity.
    public var energy: Measure, mood: Measure, clarity: Measure
    /// Consecutive local days, ending today or yesterday, whose check-ins average low energy
    /// (a day without check-ins ends the run); 0 when the latest such day is older.
    public var lowEnergyDays: Int
    /// True when `lowEnergyDays` reaches the policy's `lowEnergyFlagDays`.
    public var lowEnergy: Bool
    /// The latest valid check-in at or before now, over all history (see the calculator).
    public var lastCheckInAt: Date?
    /// Check-ins ignored as invalid (a value outside 1–5, or recorded after now).
    public var ignoredCheckIns: Int
}

/// The thresholds of the `checkin_trends` rules.
public struct CheckInPolicy: Sendable, Hashable {
    /// A day whose check-ins average this energy or less is a low-energy day (1–5).
    public var lowEnergyAtMost: Double
    /// `lowEnergy` is set from this many low-energy days in a row.
    public var lowEnergyFlagDays: Int
    /// A trend needs at least this many check-ins in the last 7 days and in the 21 before them.
    public var trendMinimumCheckIns: Int
    /// The least change of average that is not `steady`.
    public var trendDelta: Double

    /// Creates a policy.
    public init(lowEnergyAtMost: Double, lowEnergyFlagDays: Int, trendMinimumCheckIns: Int, trendDelta: Double) {
        self.lowEnergyAtMost = lowEnergyAtMost
        self.lowEnergyFlagDays = lowEnergyFlagDays
        self.trendMinimumCheckIns = trendMinimumCheckIns
        self.trendDelta = trendDelta
    }
}
