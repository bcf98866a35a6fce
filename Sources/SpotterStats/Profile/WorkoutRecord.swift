public import Foundation

/// One logged workout session: when it started and how long it lasted.
public struct WorkoutRecord: Sendable, Hashable {
    /// The instant the session started; its local date in the user's zone is the day it counts for.
    public var startedAt: Date
    /// Duration in whole minutes as logged. Negative is invalid (the session is ignored); values
    /// over a day are capped at ``ProfileStatsCalculator/maximumSessionMinutes`` when summed.
    public var durationMinutes: Int

    /// A session.
    public init(startedAt: Date, durationMinutes: Int) {
        self.startedAt = startedAt
        self.durationMinutes = durationMinutes
    }
}
