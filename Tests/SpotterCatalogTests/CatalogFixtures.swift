import Foundation
import SpotterCatalog

/// Small catalogs written inline, and helpers to parse them and capture the error.
enum CatalogFixtures {
    /// The repository's `jobs/` directory, found from this file's path.
    static var shippedJobsDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SpotterCatalogTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // repository root
            .appendingPathComponent("jobs")
    }

    /// A minimal valid kinds file with two kinds.
    static let kinds = """
        kinds:
          noop:
            description: Does nothing.
          profile_stats:
            description: Streaks.
            shard_size: 1000
        """

    /// A minimal valid schedule file.
    static let schedule = """
        schedule:
          - name: nightly
            kind: profile_stats
            cron: "15 0 * * *"
            per_zone: true
        """

    /// Parses the given texts as `jobs/kinds.yaml` and `jobs/schedule.yaml`.
    static func parse(kinds: String = kinds, schedule: String = schedule) throws(CatalogError) -> JobCatalog {
        try JobCatalog.parse(
            kinds: kinds, kindsFile: "jobs/kinds.yaml", schedule: schedule, scheduleFile: "jobs/schedule.yaml")
    }

    /// The error parsing gives, or nil when it succeeds.
    static func error(kinds: String = kinds, schedule: String = schedule) -> CatalogError? {
        do {
            _ = try parse(kinds: kinds, schedule: schedule)
            return nil
        } catch {
            return error
        }
    }
}

/// Builds a UTC date from its parts.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
}

/// A zone that must exist in the system's time zone database.
func zone(_ identifier: String) -> TimeZone {
    TimeZone(identifier: identifier)!
}

/// A deterministic random number generator (SplitMix64) for jitter tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
