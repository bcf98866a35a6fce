public import Foundation

/// One training session as read from an export: its sets in the order they were done.
public struct ImportedSession: Sendable, Hashable {
    /// Identifies the session within its source, independent of the zone and the export's
    /// language: the local start as `yyyy-MM-ddTHH:mm:ss`, `|`, the title. Re-importing finds it.
    public var sourceKey: String
    /// The session's name as the app wrote it ("Push Day"); nil when the export has none.
    public var title: String?
    /// When it started (the export's local time read in the import's zone).
    public var startedAt: Date
    /// Its length in whole minutes (≥ 1).
    public var durationMinutes: Int
    /// Where the duration came from.
    public var durationSource: DurationSource
    /// The sets, in the order done.
    public var sets: [ImportedSet]
    /// The first line of the file that belongs to the session.
    public var firstLine: Int

    /// A session with every field given.
    public init(
        sourceKey: String, title: String?, startedAt: Date, durationMinutes: Int, durationSource: DurationSource,
        sets: [ImportedSet], firstLine: Int
    ) {
        self.sourceKey = sourceKey
        self.title = title
        self.startedAt = startedAt
        self.durationMinutes = durationMinutes
        self.durationSource = durationSource
        self.sets = sets
        self.firstLine = firstLine
    }

    /// Where a session's duration came from.
    public enum DurationSource: String, Sendable, Hashable {
        /// The export says it (Strong's duration, Hevy's end minus start, JSON Lines' fields).
        case export
        /// Not in the export: estimated from the number of sets (see ``SessionDefaults``).
        case estimated
        /// In the export but longer than ``SessionDefaults/longestMinutes`` (a timer left
        /// running): replaced by the estimate from the number of sets.
        case replaced
    }
}

/// What a session gets when its export does not say.
public enum SessionDefaults {
    /// Minutes per set when a session's duration is not in the export (work plus rest).
    public static let minutesPerSet = 3
    /// Bounds of an estimated duration, in minutes.
    public static let estimatedMinutes = 10...180
    /// The longest duration believed, in minutes (6 hours): an export's longer duration is a
    /// timer left running ("72h 16m" for 12 sets) and is replaced by the estimate.
    public static let longestMinutes = 360

    /// The estimated duration of a session of `sets` sets: 3 minutes a set, 10 to 180 minutes.
    public static func estimatedDuration(sets: Int) -> Int {
        min(max(sets * minutesPerSet, estimatedMinutes.lowerBound), estimatedMinutes.upperBound)
    }
}
