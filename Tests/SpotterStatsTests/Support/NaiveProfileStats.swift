import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats

/// A deliberately naive reference for the `profile_stats` rules: Foundation's `Calendar` for
/// every instant → date conversion, and day-by-day stepping with `Calendar.date(byAdding:)` for
/// every count. Slow and obvious; shares no code with `SpotterStats`.
struct NaiveProfileStats {
    /// A wall-calendar date, kept apart from `LocalDate` so the reference shares nothing.
    struct Day: Hashable, Comparable {
        var year: Int, month: Int, day: Int
        static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
    }

    var today: Day
    var currentStreak: Int
    var longestStreak: Int
    var weekStart: Day
    var weekWorkouts: Int
    var weekMinutes: Int
    var weekDays: [Bool]
    var lastWorkoutAt: Date?
    var totalWorkouts: Int
    var totalMinutes: Int
    var ignored: Int

    /// Dates in UTC at noon, used only to step whole days and read weekdays.
    private static let stepper: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func date(of instant: Date, in zone: TimeZone) -> Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    static func step(_ day: Day, by days: Int) -> Day {
        let noon = stepper.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        let moved = stepper.date(byAdding: .day, value: days, to: noon)!
        let parts = stepper.dateComponents([.year, .month, .day], from: moved)
        return Day(year: parts.year!, month: parts.month!, day: parts.day!)
    }

    static func weekday(_ day: Day) -> Int {
        stepper.component(
            .weekday,
            from: stepper.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!)
    }

    init(sessions: [WorkoutRecord], zone: TimeZone, locale: String, now: Date) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: locale)
        let firstWeekday = calendar.firstWeekday

        let today = Self.date(of: now, in: zone)
        self.today = today
        let valid = sessions.filter { $0.startedAt <= now && $0.durationMinutes >= 0 }
        ignored = sessions.count - valid.count
        let days = valid.map { Self.date(of: $0.startedAt, in: zone) }
        let workoutDays = Set(days)

        var streak = 0
        var cursor = today
        if !workoutDays.contains(cursor) { cursor = Self.step(cursor, by: -1) }
        while workoutDays.contains(cursor) {
            streak += 1
            cursor = Self.step(cursor, by: -1)
        }
        currentStreak = streak

        var longest = 0
        if let first = workoutDays.min(), let last = workoutDays.max() {
            var run = 0
            var cursor = first
            while cursor <= last {
                run = workoutDays.contains(cursor) ? run + 1 : 0
                longest = max(longest, run)
                cursor = Self.step(cursor, by: 1)
            }
        }
        longestStreak = longest

        var start = today
        while Self.weekday(start) != firstWeekday { start = Self.step(start, by: -1) }
        weekStart = start
        let week = (0..<7).map { Self.step(start, by: $0) }
        weekDays = week.map { $0 <= today && workoutDays.contains($0) }
        let inWeek = zip(valid, days).filter { $0.1 >= start && $0.1 <= today }
        weekWorkouts = inWeek.count
        weekMinutes = inWeek.reduce(0) { $0 + min($1.0.durationMinutes, 1_440) }
        lastWorkoutAt = valid.map(\.startedAt).max()
        totalWorkouts = valid.count
        totalMinutes = valid.reduce(0) { $0 + min($1.durationMinutes, 1_440) }
    }
}

extension LocalDate {
    /// This date as the reference's `Day`.
    var naive: NaiveProfileStats.Day { .init(year: year, month: month, day: day) }
}
