public import Foundation
import SpotterDB

/// What to generate: how many users, from which seed, and around which "today".
public struct SeedConfiguration: Sendable {
    /// Number of users (ids 1…users). No default: the caller says how big.
    public var users: Int
    /// The seed: the same seed, size, `now` and `historyDays` give the same rows, byte for byte.
    /// Default 1.
    public var seed: UInt64
    /// The dataset's "now": history is generated backwards from it and nothing lies after it.
    /// Default ``defaultNow``, a fixed instant, so runs are reproducible; pass a recent instant
    /// for data that looks current to the nightly jobs.
    public var now: Date
    /// Days of session, message and check-in history before `now`. Default 120.
    public var historyDays: Int
    /// Users generated and written per transaction by ``Seeder``; rounded up to whole blocks of
    /// 25 users. Default 5,000.
    public var chunkSize: Int
    /// Whether every set of each seeded catalog session is written to `session_sets` (about ten
    /// rows per session: it roughly doubles a seed's time). Default true.
    public var sessionSets: Bool

    /// The default anchor: 2026-11-21 12:00:00 UTC (a Saturday; already Sunday at UTC+13/+14).
    public static let defaultNow = Date(timeIntervalSince1970: 1_795_262_400)

    /// A configuration; see each property for its default.
    public init(
        users: Int, seed: UInt64 = 1, now: Date = SeedConfiguration.defaultNow, historyDays: Int = 120,
        chunkSize: Int = 5_000, sessionSets: Bool = true
    ) {
        self.users = users
        self.seed = seed
        self.now = now
        self.historyDays = historyDays
        self.chunkSize = chunkSize
        self.sessionSets = sessionSets
    }

    /// Id stride for per-user sessions and check-ins (`user id * stride + n`): a power of ten
    /// with room for more than two rows a day over the history.
    var sessionIDStride: Int64 {
        var stride: Int64 = 1_000
        while stride < Int64(max(historyDays, 1)) * 3 { stride *= 10 }
        return stride
    }
}

/// What ``Seeder`` wrote.
public struct SeedReport: Sendable {
    /// Rows written per table, in insertion order (table names without schema).
    public var rowsPerTable: [(table: String, rows: Int)]
    /// Wall-clock time of the whole seed.
    public var elapsed: Duration

    /// Creates a report.
    public init(rowsPerTable: [(table: String, rows: Int)], elapsed: Duration) {
        self.rowsPerTable = rowsPerTable
        self.elapsed = elapsed
    }

    /// Total rows over all tables.
    public var totalRows: Int { rowsPerTable.reduce(0) { $0 + $1.rows } }

    /// A plain-text table: one line per table, then the total and the elapsed time; ends with a
    /// newline.
    public func table() -> String {
        let width = max(5, rowsPerTable.map(\.table.count).max() ?? 0)
        var lines = rowsPerTable.map { entry in
            entry.table.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Self.pad(entry.rows)
        }
        lines.append(String(repeating: "-", count: width + 14))
        lines.append("total".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + Self.pad(totalRows))
        let seconds = elapsed.seconds
        lines.append(
            "elapsed".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(format: "%12.1f s", seconds)
        )
        return lines.joined(separator: "\n") + "\n"
    }

    private static func pad(_ value: Int) -> String {
        let text = String(value)
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
}
