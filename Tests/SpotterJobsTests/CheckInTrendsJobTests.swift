import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterReasons
import Testing

@testable import SpotterJobs

/// `checkin_trends` on both backends: the row per user, the date guard, the read path, the
/// nightly fan-out and pruning.
@Suite("checkin_trends")
struct CheckInTrendsJobTests {
    static let asOf = "2026-11-21T12:00:00Z"

    /// Users 1 (UTC: three low-energy days after better ones), 2 (Berlin: one check-in 60 days
    /// ago), 3 (no check-ins), 4 (an invalid zone).
    static func fixtures(_ harness: AnalyticsHarness) async throws {
        try await harness.user(1, "Sarah")
        try await harness.user(2, "Bo", zone: "Europe/Berlin")
        try await harness.user(3, "Cy")
        try await harness.user(4, "Di", zone: "Mars/Olympus")
        var checkIns: [(Int64, Int, Int, Int, String)] = []
        for day in 1...10 { checkIns.append((1, 4, 4, 3, "2026-11-\(String(format: "%02d", day))T08:00:00Z")) }
        for day in 19...21 { checkIns.append((1, day == 20 ? 1 : 2, 2, 3, "2026-11-\(day)T08:00:00Z")) }
        checkIns.append((1, 5, 5, 5, "2026-11-21T13:00:00Z"))  // after as_of: not seen
        checkIns.append((2, 3, 3, 3, "2026-09-22T08:00:00Z"))
        for (user, energy, mood, clarity, at) in checkIns {
            try await harness.connection.execute(
                "INSERT INTO spotter.check_ins (user_id, energy, mood, clarity, recorded_at) VALUES ($1, $2, $3, $4, $5)",
                [.int(user), .int(Int64(energy)), .int(Int64(mood)), .int(Int64(clarity)), .timestamp(try instant(at))])
        }
    }

    static func rows(_ harness: AnalyticsHarness) async throws -> [Int64: Row] {
        let rows = try await harness.connection.query(
            """
            SELECT user_id, CAST(local_date AS text) AS local_date, check_ins_7d, check_ins_28d, energy_7d, energy_28d,
                   mood_7d, clarity_7d, energy_trend, mood_trend, clarity_trend, low_energy_days, low_energy,
                   last_check_in_at
            FROM spotter.checkin_trends
            """)
        return Dictionary(uniqueKeysWithValues: try rows.map { (try $0.int64("user_id"), $0) })
    }

    @Test(
        "one row per user: averages, trends, the low-energy run, counts and the last check-in",
        arguments: DatabaseBackend.allCases)
    func computes(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.fixtures(harness)
            let result = try await harness.run(
                CheckInTrendsHandler(), #"{"user_ids": [1, 2, 3, 4], "as_of": "\#(Self.asOf)"}"#)
            #expect(result.counts["users"] == 4)
            #expect(result.counts["rows_written"] == 3)
            #expect(result.counts["failures"] == 1)
            let rows = try await Self.rows(harness)
            let sarah = try #require(rows[1])
            #expect(try sarah.string("local_date") == "2026-11-21")
            #expect(try sarah.int("check_ins_7d") == 3)
            #expect(try sarah.int("check_ins_28d") == 13)
            #expect(try sarah.optionalDouble("energy_7d") == 1.67)
            #expect(try sarah.optionalDouble("energy_28d") == 3.46)  // (40 + 5) / 13
            #expect(try sarah.optionalString("energy_trend") == "falling")
            #expect(try sarah.optionalString("mood_trend") == "falling")
            #expect(try sarah.optionalString("clarity_trend") == "steady")
            #expect(try sarah.int("low_energy_days") == 3)
            #expect(try sarah.bool("low_energy"))
            #expect(try sarah.optionalDate("last_check_in_at") == (try instant("2026-11-21T08:00:00Z")))
            let bo = try #require(rows[2])
            #expect(try bo.int("check_ins_28d") == 0 && bo.optionalDouble("energy_7d") == nil)
            #expect(try bo.optionalString("energy_trend") == nil && !bo.bool("low_energy"))
            #expect(try bo.optionalDate("last_check_in_at") == (try instant("2026-09-22T08:00:00Z")))
            #expect(try rows[3]?.optionalDate("last_check_in_at") == nil)
            #expect(rows[4] == nil)
            let errors = try await harness.connection.query(
                "SELECT subject_id, reason FROM spotter.result_errors WHERE kind = 'checkin_trends'")
            #expect(try errors.map { try $0.int64("subject_id") } == [4])
            #expect(try errors.first?.string("reason") == "invalid_time_zone")
        }
    }

    @Test("a result for an earlier local date never replaces a newer one", arguments: DatabaseBackend.allCases)
    func keepsNewer(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.fixtures(harness)
            try await harness.run(CheckInTrendsHandler(), #"{"user_id": 1, "as_of": "2026-11-21T12:00:00Z"}"#)
            let late = try await harness.run(
                CheckInTrendsHandler(), #"{"user_id": 1, "as_of": "2026-11-19T12:00:00Z"}"#)
            #expect(late.counts["kept_newer"] == 1)
            #expect(late.counts["rows_written"] == 0)
            #expect(try await Self.rows(harness)[1]?.string("local_date") == "2026-11-21")
            #expect(try await Self.rows(harness)[1]?.int("low_energy_days") == 3)
            let next = try await harness.run(
                CheckInTrendsHandler(), #"{"user_id": 1, "as_of": "2026-11-22T12:00:00Z"}"#)
            #expect(next.counts["rows_written"] == 1)
            #expect(try await Self.rows(harness)[1]?.string("local_date") == "2026-11-22")
        }
    }

    @Test(
        "chat_context carries a checkins section; low_energy_members lists who is low",
        arguments: DatabaseBackend.allCases)
    func readPath(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.fixtures(harness)
            try await harness.run(CheckInTrendsHandler(), #"{"user_ids": [1, 2, 3], "as_of": "\#(Self.asOf)"}"#)
            let text = try await harness.connection.query(
                "SELECT document FROM spotter.chat_context WHERE user_id = 1")[0].json("document")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let checkins = try #require(document["checkins"] as? [String: Any])
            #expect(checkins["low_energy"] as? Bool == true)
            #expect(checkins["low_energy_days"] as? Int == 3)
            #expect(checkins["check_ins_7d"] as? Int == 3)
            let energy = try #require(checkins["energy"] as? [String: Any])
            #expect(energy["avg_7d"] as? Double == 1.67)
            #expect(energy["trend"] as? String == "falling")
            #expect(document["stats"] != nil, "the other sections stay")
            let none = try await harness.connection.query(
                "SELECT document FROM spotter.chat_context WHERE user_id = 3")[0].json("document")
            let quiet = try #require(try JSONSerialization.jsonObject(with: Data(none.utf8)) as? [String: Any])
            #expect((quiet["checkins"] as? [String: Any])?["check_ins_28d"] as? Int == 0)
            let prompt = try ChatContext.render(document: text)
            #expect(prompt.contains("## How Sarah has been feeling (check-ins, 1–5, as of Nov 21, 2026)"), "\(prompt)")
            #expect(prompt.contains("- Energy: 1.7 over 7 days (3.5 over 28), falling"), "\(prompt)")
            #expect(prompt.contains("- Low energy 3 days in a row — low energy"), "\(prompt)")
            let low = try await harness.connection.query(
                "SELECT user_id, low_energy_days FROM spotter.low_energy_members")
            #expect(try low.map { try $0.int64("user_id") } == [1])
            let fresh = try await harness.connection.query(
                "SELECT rows FROM spotter.result_freshness WHERE kind = 'checkin_trends'")
            #expect(try fresh.reduce(0) { $0 + (try $1.int("rows")) } == 3)
        }
    }

    @Test(
        "the nightly fans out checkin_trends shards; prune_results forgets a deleted user's row",
        arguments: DatabaseBackend.allCases)
    func nightlyAndPrune(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.fixtures(harness)
            let fanOut = try #require(harness.catalog.spec(for: "nightly")?.fanOut)
            #expect(fanOut.contains(CheckInTrendsHandler.name))
            let catalog = harness.catalog
            let requests = try await harness.connection.withSession { session in
                try NightlyPlan(catalog: catalog, fanOut: [CheckInTrendsHandler.declaration]).shardRequests(
                    zone: "UTC", localDate: "2026-11-21", asOf: try instant(Self.asOf), in: session)
            }
            #expect(requests.map(\.kind) == ["checkin_trends"])
            let shard = try #require(requests.first)
            #expect(shard.uniqueKey == "checkin_trends:UTC:2026-11-21:0")
            let result = try await harness.run(CheckInTrendsHandler(), shard.payload)
            #expect(result.counts["users"] == 2, "the active UTC users 1 and 3")
            try await harness.connection.execute("DELETE FROM spotter.users WHERE id = 1")
            let pruned = try await harness.run(PruneResultsHandler(), #"{"as_of": "\#(Self.asOf)"}"#)
            #expect(pruned.counts["checkin_trends"] == 1)
            #expect(try await Self.rows(harness).keys.sorted() == [3])
        }
    }

    @Test("the prompt's check-in count is written for people: one check-in, two check-ins")
    func checkInCountWording() {
        func lines(week: Int, locale: String = "en-GB") -> [String] {
            ChatContext.checkInLines(
                [
                    "checkins": [
                        "local_date": "2026-11-25", "check_ins_7d": week, "check_ins_28d": 3,
                        "last_check_in_at": "2026-11-22T02:30:00Z",
                    ] as [String: Any]
                ],
                name: "Sam",
                text: ChatContext.Text(
                    catalog: .standard, language: ReasonCatalog.standard.language(for: locale),
                    timeZone: TimeZone(identifier: "UTC")))
        }
        #expect(
            lines(week: 1).contains("- 1 check-in this week, 3 in 28 days; last 22 Nov 2026, 02:30"),
            "\(lines(week: 1))")
        #expect(lines(week: 2).contains("- 2 check-ins this week, 3 in 28 days; last 22 Nov 2026, 02:30"))
        let portuguese = lines(week: 1, locale: "pt-BR")
        #expect(
            portuguese.contains {
                $0.hasPrefix("- 1 check-in nesta semana, 3 em 28 dias; o último em 22 de nov. de 2026")
            },
            "\(portuguese)")
        #expect(
            portuguese.contains("## Como Sam tem se sentido (check-ins de 1 a 5, em 25 de nov. de 2026)"),
            "\(portuguese)")
    }
}
