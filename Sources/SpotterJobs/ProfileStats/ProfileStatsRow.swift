public import Foundation
public import SpotterCalendar
import SpotterDB
public import SpotterIDs

/// One `profile_stats` row: a user's streaks and week as of their local today.
public struct ProfileStatsRow: ResultRow, Hashable {
    /// `profile_stats`.
    public static let table = "profile_stats"
    /// `user_id`.
    public static let subjectColumn = "user_id"
    /// The user.
    public var subject: UserID { user_id }

    /// The user.
    public var user_id: UserID
    /// The user's "today" when computed.
    public var local_date: LocalDate
    /// The zone the dates are in.
    public var time_zone: String
    /// Days in a row with a workout, ending today or yesterday.
    public var current_streak: Int
    /// The longest such run ever.
    public var longest_streak: Int
    /// The first day of the current week in the user's locale.
    public var week_start: LocalDate
    /// Workouts and minutes this week.
    public var week_workouts: Int, week_minutes: Int
    /// 7 flags in display order from `week_start` (JSON): a workout that day.
    public var week_days: [Bool]
    /// 7 one-letter labels in the same order (JSON).
    public var week_labels: [String]
    /// The latest workout, nil without any.
    public var last_workout_at: Date?
    /// All workouts and minutes.
    public var total_workouts: Int, total_minutes: Int
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        user_id: UserID, local_date: LocalDate, time_zone: String, current_streak: Int, longest_streak: Int,
        week_start: LocalDate, week_workouts: Int, week_minutes: Int, week_days: [Bool], week_labels: [String],
        last_workout_at: Date?, total_workouts: Int, total_minutes: Int, job_id: Int64?
    ) {
        self.user_id = user_id
        self.local_date = local_date
        self.time_zone = time_zone
        self.current_streak = current_streak
        self.longest_streak = longest_streak
        self.week_start = week_start
        self.week_workouts = week_workouts
        self.week_minutes = week_minutes
        self.week_days = week_days
        self.week_labels = week_labels
        self.last_workout_at = last_workout_at
        self.total_workouts = total_workouts
        self.total_minutes = total_minutes
        self.job_id = job_id
    }
}
