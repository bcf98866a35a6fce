import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 17, item 2: one user's over-long `time_zone` must cost only that user, never the batch.
@Suite("One long time zone costs only its users")
struct LongZoneTests {
    static let longZone = "Europe/" + String(repeating: "Berlin", count: 100)  // 607 characters

    /// Users 1–3 in ordinary zones, user 4 with the long zone, user 5 with a POSIX-style name.
    static func people(_ harness: AnalyticsHarness) async throws {
        try await harness.user(1, "Ana", zone: "Europe/Berlin")
        try await harness.user(2, "Ben", zone: "America/New_York")
        try await harness.user(3, "Cy", zone: "Pacific/Auckland")
        try await harness.user(4, "Long", zone: longZone)
        try await harness.user(5, "Posix", zone: "UTC+5")
        for id in Int64(1)...5 { try await harness.session(UserID(id), "2026-11-20T12:00:00Z", minutes: 30) }
    }

    @Test(
        "nightly batch with a 607-character zone: everyone else computed, that user recorded",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func nightlyBatch(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.people(harness)
            let batch = try await harness.connection.withSession { session in
                try NightlyBatch.plan(zone: nil, localDate: nil, asOf: try instant("2026-11-21T06:00:00Z"), in: session)
            }
            try await harness.drain(batch: batch)
            let computed = try await harness.connection.query(
                "SELECT user_id FROM spotter.profile_stats ORDER BY user_id"
            ).map { try $0.int64("user_id") }
            #expect(computed == [1, 2, 3])
            let errors = try await harness.resultErrors("profile_stats")
            #expect(errors[4] == "invalid_time_zone")
            #expect(errors[5] == "invalid_time_zone")
            let keys = try await harness.connection.query("SELECT unique_key, state FROM spotter.jobs")
            for row in keys {
                #expect(try (row.optionalString("unique_key") ?? "").count <= 100)
                #expect(try row.string("state") == "succeeded")
            }
        }
    }

    @Test(
        "`spotter run nightly` with a 607-character zone exits 0 and computes everyone else",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func runNightlyCommand(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.people(harness)
            let database = try #require(harness.database)
            let output = try await SpotterCommand.run(
                ["run", "nightly", "--database", database.databaseArgument, "--as-of", "2026-11-21T06:00:00Z"])
            #expect(output.status == 0, "\(output)")
            let computed = try await harness.connection.query(
                "SELECT user_id FROM spotter.profile_stats ORDER BY user_id"
            ).map { try $0.int64("user_id") }
            #expect(computed == [1, 2, 3])
        }
    }
}
