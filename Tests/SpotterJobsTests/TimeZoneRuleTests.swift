import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterStats
import SpotterTestSupport
import Testing

/// Issue 17: the jobs (``TimeZoneName``) and PostgreSQL's `spotter.is_valid_time_zone` apply one
/// rule, so SQL that computes local dates with AT TIME ZONE never reads a name the jobs refuse.
@Suite("Time zone rule: Swift and SQL agree")
struct TimeZoneRuleTests {
    static let names = [
        "UTC", "Etc/UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Asia/Kolkata",
        "UTC+5", "UTC-03:00", "EST", "GMT+14:00", "Factory", "localtime", "EST5EDT", "CET", "GMT", "",
        "Mars/Olympus", "Europe/Berlin ", "Europe/" + String(repeating: "Berlin", count: 100),
    ]

    @Test("spotter.is_valid_time_zone gives the Swift rule's answer for every name")
    func agree() async throws {
        try await AnalyticsHarness.with(.postgres) { harness in
            for name in Self.names {
                let rows = try await harness.connection.query(
                    "SELECT spotter.is_valid_time_zone($1) AS valid", [.text(name)])
                #expect(try rows.first?.bool("valid") == TimeZoneName.isValid(name), "\(name)")
            }
            // Why UTC+5 must not be accepted: PostgreSQL reads it as POSIX, five hours WEST of UTC.
            let hour = try await harness.connection.query(
                "SELECT extract(hour FROM timestamptz '2026-01-01 12:00:00+00' AT TIME ZONE 'UTC+5')::integer AS h")
            #expect(try hour.first?.int("h") == 7)
        }
    }

    @Test(
        "users with a non-IANA zone get an invalid_time_zone error from every kind, never a result",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func usersRecorded(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await harness.user(1, "Trainer", role: "trainer", zone: "UTC+5")
            for (id, zone) in [(UserID(2), "EST"), (3, "GMT+14:00"), (4, "Factory"), (5, "Europe/Berlin")] {
                try await harness.user(id, "Client \(id)", role: "client", zone: zone)
                try await harness.link(trainer: 1, client: id, since: "2026-10-01T00:00:00Z")
                try await harness.session(id, "2026-11-20T12:00:00Z", minutes: 30)
            }
            let batch = try await harness.connection.withSession { session in
                try NightlyBatch.plan(zone: nil, localDate: nil, asOf: try instant("2026-11-21T06:00:00Z"), in: session)
            }
            try await harness.drain(batch: batch)
            let computed = try await harness.connection.query(
                "SELECT user_id FROM spotter.profile_stats ORDER BY user_id"
            ).map { try $0.int64("user_id") }
            #expect(computed == [5])
            let errors = try await harness.resultErrors("profile_stats")
            #expect(
                errors == [
                    1: "invalid_time_zone", 2: "invalid_time_zone", 3: "invalid_time_zone", 4: "invalid_time_zone",
                ])
            let inactive = try await harness.resultErrors("inactive_clients")
            #expect(
                inactive == [2: "invalid_time_zone", 3: "invalid_time_zone", 4: "invalid_time_zone"], "\(inactive)")
        }
    }
}
