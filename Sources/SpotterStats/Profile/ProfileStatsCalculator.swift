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
        compute(history: nil, sessions: sessions, clock: clock, now: now).stats
    }

    /// The statistics of one user at the instant `now` from what their sessions before a local day
    /// add up to (`history`, nil for none) and their other sessions (`sessions`: with a history,
    /// at least every session that starts at or after its ``ProfileHistory/readFrom``; those it
    /// already sums are skipped), and the history to keep for the next night: the sessions before
    /// ``historyLag`` days before today, nil when it would sum no more than `history` does. The
    /// same figures as ``compute(sessions:clock:now:)`` over all the sessions, as long as no
    /// session the history sums has changed since.
    public static func compute(
        history: ProfileHistory?, sessions: [WorkoutRecord], clock: UserClock, now: Date
    ) -> (stats: ProfileStats, next: ProfileHistory?) {
        let today = clock.dayNumber(of: now) ?? CivilDays.minimum
        let weekStart = today - clock.daysIntoWeek(today)
        let summedBefore = history?.throughDay ?? Int.min
        let nextThrough = today - historyLag
        var next = nextThrough > summedBefore ? history ?? ProfileHistory(throughDay: Int.min) : nil

        var days: [Int] = []
        days.reserveCapacity(sessions.count)
        var ignored = history?.ignored ?? 0
        var totalMinutes = history?.minutes ?? 0
        var weekWorkouts = 0
        var weekMinutes = 0
        var weekDays = [Bool](repeating: false, count: 7)
        var lastWorkoutAt = history?.lastWorkoutAt

        for session in sessions {
            let day = clock.dayNumber(of: session.startedAt)
            // Summed by the history: a day before it ends, or an unusable start before it is read.
            if let day, day < summedBefore { continue }
            if day == nil, let history, session.startedAt < history.readFrom { continue }
            guard session.startedAt <= now, session.durationMinutes >= 0, let day else {
                ignored += 1
                // The next history sums it when it ends before it.
                if day.map({ $0 < nextThrough }) ?? (session.startedAt < ProfileHistory.readFrom(nextThrough)) {
                    next?.ignored += 1
                }
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
            if day < nextThrough {
                next?.workouts += 1
                next?.minutes += minutes
                if next?.lastWorkoutAt.map({ session.startedAt > $0 }) ?? true {
                    next?.lastWorkoutAt = session.startedAt
                }
            }
        }

        var runs = history?.runs ?? Runs()
        var runsBeforeNextThrough: Runs?
        for day in sortedIfNeeded(days) {
            if day >= nextThrough, runsBeforeNextThrough == nil { runsBeforeNextThrough = runs }
            runs.add(day)
        }
        next?.runs = runsBeforeNextThrough ?? runs
        next?.throughDay = nextThrough
        let current = runs.lastDay.map { $0 >= today - 1 } == true ? runs.lastRun : 0
        let stats = ProfileStats(
            localDate: LocalDate(daysSince1970: today),
            currentStreak: current,
            longestStreak: runs.longest,
            weekStart: LocalDate(daysSince1970: weekStart),
            weekWorkouts: weekWorkouts,
            weekMinutes: weekMinutes,
            weekDays: weekDays,
            weekdaySymbols: clock.weekdaySymbols,
            lastWorkoutAt: lastWorkoutAt,
            totalWorkouts: (history?.workouts ?? 0) + days.count,
            totalMinutes: totalMinutes,
            ignoredSessions: ignored
        )
        return (stats, next)
    }

    /// How many days before today a kept ``ProfileHistory`` ends: the week's figures and the
    /// current streak come from the sessions read, and a history written on one night is usable on
    /// the next whatever the user's zone (see ``ProfileHistory/usableThrough(asOf:)``).
    public static let historyLag = 9

    private static func sortedIfNeeded(_ days: [Int]) -> [Int] {
        var previous = Int.min
        for day in days {
            if day < previous { return days.sorted() }
            previous = day
        }
        return days
    }
}

/// The runs of consecutive days among ascending day numbers (duplicates allowed): the longest,
/// and the one ending at the latest day.
public struct Runs: Sendable, Hashable {
    /// The longest run.
    public var longest = 0
    /// The latest day seen.
    public var lastDay: Int?
    /// The run ending at `lastDay`.
    public var lastRun = 0

    /// No days.
    public init() {}

    /// The runs as kept.
    public init(longest: Int, lastDay: Int?, lastRun: Int) {
        self.longest = longest
        self.lastDay = lastDay
        self.lastRun = lastRun
    }

    /// Adds the next day (at or after `lastDay`).
    mutating func add(_ day: Int) {
        if day == lastDay { return }
        lastRun = lastDay.map { day == $0 + 1 } == true ? lastRun + 1 : 1
        lastDay = day
        longest = max(longest, lastRun)
    }
}
