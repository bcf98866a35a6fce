public import Foundation
import SpotterCalendar

/// Computes ``ProfileStats`` from a user's sessions: the `profile_stats` rules.
///
/// Rules:
/// - A session counts for the local calendar date (user's zone) on which it **started**; a
///   session that runs past midnight, or lasts over a day, still counts for that one date.
/// - Days are counted with calendar arithmetic on local dates (DST days of 23 or 25 hours are
///   one day each), never elapsed seconds ÷ 86,400.
/// - current streak: the run of consecutive dates with ≥ 1 session that ends today or
///   yesterday; 0 otherwise (so a streak survives until 23:59:59 of the day after the last
///   session). longest streak: the longest such run over all history (the rule of wger and
///   common apps).
/// - The week starts on the clock's `firstWeekday`; week figures cover `weekStart … today`.
///
/// Invalid sessions are **ignored** (counted in `ignoredSessions`, excluded from every figure):
/// - started after `now` (a future session, or a clock-skewed device);
/// - negative duration;
/// - a start that is not finite or is outside years 1 … 9999.
///
/// Valid but odd sessions **count**: a zero-minute session is a workout with 0 minutes; a
/// session over 24 hours is a workout whose minutes are capped at ``maximumSessionMinutes``.
public enum ProfileStatsCalculator {
    /// The most minutes one session contributes to the minute totals: 24 hours.
    public static let maximumSessionMinutes = 1_440

    /// The statistics of one user at the instant `now`.
    ///
    /// O(n log n) in the number of sessions (O(n) when they arrive in time order), one zone-offset
    /// lookup per session.
    public static func compute(sessions: [WorkoutRecord], clock: UserClock, now: Date) -> ProfileStats {
        let today = clock.dayNumber(of: now) ?? CivilDays.minimum
        let weekStart = today - clock.daysIntoWeek(today)

        var days: [Int] = []
        days.reserveCapacity(sessions.count)
        var ignored = 0
        var totalMinutes = 0
        var weekWorkouts = 0
        var weekMinutes = 0
        var weekDays = [Bool](repeating: false, count: 7)
        var lastWorkoutAt: Date?

        for session in sessions {
            guard session.startedAt <= now, session.durationMinutes >= 0,
                let day = clock.dayNumber(of: session.startedAt)
            else {
                ignored += 1
                continue
            }
            let minutes = min(session.durationMinutes, maximumSessionMinutes)
            days.append(day)
            totalMinutes += minutes
            if day >= weekStart, day <= today {
                weekWorkouts += 1
                weekMinutes += minutes
                weekDays[day - weekStart] = true
            }
            if lastWorkoutAt.map({ session.startedAt > $0 }) ?? true { lastWorkoutAt = session.startedAt }
        }

        let streaks = Streaks(sortedDays: sortedIfNeeded(days), today: today)
        return ProfileStats(
            localDate: LocalDate(daysSince1970: today),
            currentStreak: streaks.current,
            longestStreak: streaks.longest,
            weekStart: LocalDate(daysSince1970: weekStart),
            weekWorkouts: weekWorkouts,
            weekMinutes: weekMinutes,
            weekDays: weekDays,
            weekdaySymbols: clock.weekdaySymbols,
            lastWorkoutAt: lastWorkoutAt,
            totalWorkouts: days.count,
            totalMinutes: totalMinutes,
            ignoredSessions: ignored
        )
    }

    private static func sortedIfNeeded(_ days: [Int]) -> [Int] {
        var previous = Int.min
        for day in days {
            if day < previous { return days.sorted() }
            previous = day
        }
        return days
    }
}

/// Current and longest streak from ascending day numbers (duplicates allowed).
struct Streaks {
    var current = 0
    var longest = 0

    init(sortedDays days: [Int], today: Int) {
        var runStart = Int.min
        var previous = Int.min
        var lastRunEndingByToday: (end: Int, length: Int)?
        for day in days where day != previous {
            if previous == Int.min || day != previous + 1 { runStart = day }
            previous = day
            let length = day - runStart + 1
            longest = max(longest, length)
            if day <= today { lastRunEndingByToday = (day, length) }
        }
        if let run = lastRunEndingByToday, run.end >= today - 1 { current = run.length }
    }
}
