public import Foundation
public import SpotterCalendar
public import SpotterIDs
public import SpotterStats

/// One `checkin_trends` row: how a person has been feeling, as of their local today.
public struct CheckInTrendsRow: ResultRow, Hashable {
    /// `checkin_trends`.
    public static let table = "checkin_trends"
    /// `user_id`.
    public static let subjectColumn = "user_id"
    /// The user.
    public var subject: UserID { user_id }

    /// The user.
    public var user_id: UserID
    /// The user's "today" when computed, and its zone.
    public var local_date: LocalDate
    /// The zone the dates are in.
    public var time_zone: String
    /// Check-ins in the last 7 and 28 local dates (today included).
    public var check_ins_7d: Int, check_ins_28d: Int
    /// Means over the last 7 local dates, 1–5; nil without check-ins.
    public var energy_7d: Double?, mood_7d: Double?, clarity_7d: Double?
    /// Means over the last 28 local dates.
    public var energy_28d: Double?, mood_28d: Double?, clarity_28d: Double?
    /// The trends; nil with too few check-ins.
    public var energy_trend: CheckInTrends.Trend?, mood_trend: CheckInTrends.Trend?,
        clarity_trend: CheckInTrends.Trend?
    /// Consecutive low-energy days ending today or yesterday.
    public var low_energy_days: Int
    /// `low_energy_days` reached the kind's `low_energy_flag_days`.
    public var low_energy: Bool
    /// The latest check-in.
    public var last_check_in_at: Date?
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        user_id: UserID, local_date: LocalDate, time_zone: String, check_ins_7d: Int, check_ins_28d: Int,
        energy_7d: Double?, mood_7d: Double?, clarity_7d: Double?, energy_28d: Double?, mood_28d: Double?,
        clarity_28d: Double?, energy_trend: CheckInTrends.Trend?, mood_trend: CheckInTrends.Trend?,
        clarity_trend: CheckInTrends.Trend?, low_energy_days: Int, low_energy: Bool, last_check_in_at: Date?,
        job_id: Int64?
    ) {
        self.user_id = user_id
        self.local_date = local_date
        self.time_zone = time_zone
        self.check_ins_7d = check_ins_7d
        self.check_ins_28d = check_ins_28d
        self.energy_7d = energy_7d
        self.mood_7d = mood_7d
        self.clarity_7d = clarity_7d
        self.energy_28d = energy_28d
        self.mood_28d = mood_28d
        self.clarity_28d = clarity_28d
        self.energy_trend = energy_trend
        self.mood_trend = mood_trend
        self.clarity_trend = clarity_trend
        self.low_energy_days = low_energy_days
        self.low_energy = low_energy
        self.last_check_in_at = last_check_in_at
        self.job_id = job_id
    }
}
