import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterStats
import SpotterTestSupport
import Testing

/// Each result table's row type names exactly the table's columns (all but the server's
/// `computed_at` and the writer's `as_of`), and a row written through it reads back equal.
@Suite("Result rows")
struct ResultRowTests {
    static let at = Date(timeIntervalSince1970: 1_763_700_000.125)
    static let day = LocalDate(iso: "2026-11-21")!

    /// One sample of every result row type, with nulls where the table allows them.
    static let samples: [any ResultRow & Equatable] = [
        ProfileStatsRow(
            user_id: 1, local_date: day, time_zone: "Europe/Berlin", current_streak: 3, longest_streak: 9,
            week_start: LocalDate(iso: "2026-11-16")!, week_workouts: 2, week_minutes: 90,
            week_days: [true, false, true, false, false, false, false],
            week_labels: ["M", "T", "W", "T", "F", "S", "S"],
            last_workout_at: nil, total_workouts: 40, total_minutes: 1800, job_id: 7),
        InactiveClientRow(
            trainer_id: 10, client_id: 2, days_inactive: nil, tier: 14, reason: "never messaged nor worked out",
            last_message_at: nil, last_workout_at: at, local_date: day, job_id: nil),
        NotMessagingClientRow(
            trainer_id: 10, client_id: 3, days_since_message: 9, reason: "no message for 9 days", last_message_at: at,
            local_date: day, job_id: 7),
        CheckInTrendsRow(
            user_id: 1, local_date: day, time_zone: "UTC", check_ins_7d: 4, check_ins_28d: 11, energy_7d: 2.25,
            mood_7d: 3, clarity_7d: nil, energy_28d: 3.5, mood_28d: 3.25, clarity_28d: nil, energy_trend: .falling,
            mood_trend: .steady, clarity_trend: nil, low_energy_days: 3, low_energy: true, last_check_in_at: at,
            job_id: 7),
        DailySuggestionRow(
            user_id: 1, local_date: "2026-11-21", workout_id: 101, program_id: 1, title: "Upper A — Upper/Lower",
            score: 4.21, reasons: ["chest rested 72 h", "fits \"60\" minutes"], job_id: 7),
        ProgramRecommendationRow(
            user_id: 1, rank: 1, program_id: 3, title: "Strength Foundations", score: 2.5, reasons: [],
            local_date: "2026-11-21", job_id: 7),
        ResultErrorRow(
            SubjectOutcome(subjectID: 5, reason: "nothing_fits", detail: "of 96 workouts, none fits"),
            kind: "daily_suggestion", jobID: 7, recordedAt: at),
    ]

    @Test("every row type writes and reads back its table, column for column", arguments: DatabaseBackend.allCases)
    func roundTrip(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            for sample in Self.samples { try await Self.check(sample, on: harness.connection) }
        }
    }

    static func check<Record: ResultRow & Equatable>(_ sample: Record, on connection: DatabaseConnection)
        async throws
    {
        let encoded = try EncodedRows([sample])
        try await connection.withSession { session in
            _ = try session.copy(into: "spotter.\(Record.table)", records: [sample])
        }
        let row = try #require(try await connection.query("SELECT * FROM spotter.\(Record.table)").first)
        let written = row.columnNames.filter { $0 != "computed_at" && $0 != "as_of" }
        #expect(Set(written) == Set(encoded.columns), "\(Record.table): the row type's columns are the table's")
        #expect(try row.decode(Record.self) == sample, "\(Record.table) reads back what was written")
    }
}
