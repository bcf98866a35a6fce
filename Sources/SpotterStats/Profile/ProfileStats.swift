public import Foundation
public import SpotterCalendar

/// A user's streaks and week, as of their local "today" — one `profile_stats` row.
public struct ProfileStats: Sendable, Hashable {
    /// The user's "today": the local date of `now` in their zone.
    public var localDate: LocalDate
    /// Consecutive local days with at least one session, ending today or yesterday; 0 otherwise.
    public var currentStreak: Int
    /// The longest run of consecutive local days with a session, over all history.
    public var longestStreak: Int
    /// The first day of the current week (the locale's first weekday on or before today).
    public var weekStart: LocalDate
    /// Sessions whose local date falls in `weekStart … localDate`.
    public var weekWorkouts: Int
    /// Their minutes, each session capped at ``ProfileStatsCalculator/maximumSessionMinutes``.
    public var weekMinutes: Int
    /// Seven flags, display order: `weekDays[i]` is true when day `weekStart + i` has a session.
    /// Days after today are always false.
    public var weekDays: [Bool]
    /// Seven one-letter labels for `weekDays`, in the same order, in the locale's language.
    public var weekdaySymbols: [String]
    /// The start of the most recent counted session, nil when there is none.
    public var lastWorkoutAt: Date?
    /// Counted sessions over all history.
    public var totalWorkouts: Int
    /// Their minutes, each session capped at ``ProfileStatsCalculator/maximumSessionMinutes``.
    public var totalMinutes: Int
    /// Sessions skipped as invalid (see ``ProfileStatsCalculator``): none of the figures above
    /// include them.
    public var ignoredSessions: Int

    /// Creates a value; ``ProfileStatsCalculator/compute(sessions:clock:now:)`` is the usual source.
    public init(
        localDate: LocalDate, currentStreak: Int, longestStreak: Int, weekStart: LocalDate,
        weekWorkouts: Int, weekMinutes: Int, weekDays: [Bool], weekdaySymbols: [String],
        lastWorkoutAt: Date?, totalWorkouts: Int, totalMinutes: Int, ignoredSessions: Int
    ) {
        self.localDate = localDate
        self.currentStreak = currentStreak
        self.longestStreak = longestStreak
        self.weekStart = weekStart
        self.weekWorkouts = weekWorkouts
        self.weekMinutes = weekMinutes
        self.weekDays = weekDays
        self.weekdaySymbols = weekdaySymbols
        self.lastWorkoutAt = lastWorkoutAt
        self.totalWorkouts = totalWorkouts
        self.totalMinutes = totalMinutes
        self.ignoredSessions = ignoredSessions
    }
}
