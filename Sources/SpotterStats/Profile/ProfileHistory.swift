public import Foundation

/// What a user's sessions before a local day add up to: ``ProfileStatsCalculator``'s totals,
/// runs and ignored sessions over them. Kept between nights (`spotter.profile_history`) so that a
/// night reads only the sessions since, not all history (issue 34).
///
/// The history sums every session whose local day is before ``throughDay``, and the sessions
/// with an unusable start that begin before ``readFrom``. A night reads the sessions starting at
/// or after ``readFrom`` (two days before the UTC start of `throughDay`, so before its local start
/// in every zone) and skips those the history sums.
public struct ProfileHistory: Sendable, Hashable {
    /// Days since 1970 in the user's zone: the sessions of earlier days are summed.
    public var throughDay: Int
    /// Counted sessions.
    public var workouts: Int
    /// Their minutes, each capped at ``ProfileStatsCalculator/maximumSessionMinutes``.
    public var minutes: Int
    /// Sessions ignored as invalid.
    public var ignored: Int
    /// The runs of consecutive days among the counted sessions.
    public var runs: Runs
    /// The latest start among the counted sessions.
    public var lastWorkoutAt: Date?

    /// A history as kept.
    public init(
        throughDay: Int, workouts: Int = 0, minutes: Int = 0, ignored: Int = 0, runs: Runs = Runs(),
        lastWorkoutAt: Date? = nil
    ) {
        self.throughDay = throughDay
        self.workouts = workouts
        self.minutes = minutes
        self.ignored = ignored
        self.runs = runs
        self.lastWorkoutAt = lastWorkoutAt
    }

    /// The sessions not summed start at or after this instant.
    public var readFrom: Date { Self.readFrom(throughDay) }

    /// A session that starts before this instant may be one the history sums: a change to it
    /// (logged, deleted, moved, its length edited) makes the history unusable.
    public var changedBefore: Date { Self.utcStart(throughDay + 2) }

    /// ``readFrom`` of a history ending at `day`.
    static func readFrom(_ day: Int) -> Date { utcStart(day - 2) }

    /// The UTC midnight that starts `day` (days since 1970).
    private static func utcStart(_ day: Int) -> Date { Date(timeIntervalSince1970: Double(day) * 86_400) }

    /// The latest ``throughDay`` a history may have to be used on a night as of `asOf`, whatever
    /// the user's zone: a history ends ``ProfileStatsCalculator/historyLag`` days before the
    /// user's today, and a zone's today is at most one day after the UTC date, so a history
    /// written on a night is usable on it and on every later night; one written by a later night
    /// (a backfill runs after it) is not.
    public static func usableThrough(asOf: Date) -> Int {
        Int((asOf.timeIntervalSince1970 / 86_400).rounded(.down)) - (ProfileStatsCalculator.historyLag - 1)
    }
}
