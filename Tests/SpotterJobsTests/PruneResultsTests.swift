import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import Testing

/// `prune_results` on both backends: a deleted user's rows leave every result table, other
/// users' rows stay, and daily suggestions older than keep_days go.
@Suite("prune_results")
struct PruneResultsTests {
    @Test("a deleted user's results are forgotten everywhere; the others' stay", arguments: DatabaseBackend.allCases)
    func deletedUser(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await harness.user(1, "Ana")
            try await harness.user(2, "Bo")
            try await harness.user(9, "Coach", role: "trainer")
            try await harness.link(trainer: 9, client: 1, since: "2026-01-01T00:00:00Z")
            try await harness.link(trainer: 9, client: 2, since: "2026-01-01T00:00:00Z")
            for user: UserID in [1, 2] {
                try await harness.session(user, "2026-11-01T07:00:00Z", minutes: 30)
            }
            let payload = #"{"user_ids": [1, 2], "as_of": "2026-11-21T12:00:00Z"}"#
            try await harness.run(ProfileStatsHandler(), payload)
            try await harness.run(InactiveClientsHandler(), #"{"trainer_id": 9, "as_of": "2026-11-21T12:00:00Z"}"#)
            let connection = harness.connection
            func count(_ table: String, _ condition: String) async throws -> Int {
                try await connection.query("SELECT count(*) AS n FROM spotter.\(table) WHERE \(condition)")[0].int("n")
            }
            #expect(try await count("profile_stats", "user_id = '2'") == 1)
            #expect(try await count("inactive_clients", "client_id = '2'") == 1)
            // Suggestions written by hand: one today, one past keep_days, for each user.
            for user: UserID in [1, 2] {
                for date in ["2026-11-21", "2026-10-01"] {
                    try await connection.execute(
                        """
                        INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons)
                        VALUES ($1, \(backend == .postgres ? "$2::date" : "$2"), 1, 1, 'Upper A', 1, '[]')
                        """, [SQLValue(user), .text(date)])
                }
            }
            try await connection.execute(
                "INSERT INTO spotter.result_errors (kind, subject_id, reason, detail) VALUES ('daily_suggestion', 2, 'nothing_fits', 'x')"
            )
            try await connection.execute("DELETE FROM spotter.users WHERE id = 2")

            let result = try await harness.run(PruneResultsHandler(), #"{"as_of": "2026-11-21T12:00:00Z"}"#)
            #expect(result.counts["profile_stats"] == 1)
            #expect(result.counts["inactive_clients"] == 1)
            #expect(result.counts["daily_suggestions"] == 2)
            #expect(result.counts["past_daily_suggestions"] == 1, "Ana's October row; Bo's went with Bo")
            #expect(result.counts["result_errors"] == 1)
            #expect(try await count("profile_stats", "user_id = '1'") == 1)
            #expect(try await count("inactive_clients", "client_id = '1'") == 1)
            #expect(try await count("daily_suggestions", "user_id = '1'") == 1)
            for table in ["profile_stats", "daily_suggestions", "program_recommendations", "result_errors"] {
                let column = table == "result_errors" ? "subject_id" : "user_id"
                #expect(try await count(table, "\(column) = '2'") == 0, "\(table)")
            }
            #expect(try await count("inactive_clients", "client_id = '2'") == 0)
            // Nothing left: a second run deletes nothing.
            let again = try await harness.run(PruneResultsHandler(), #"{"as_of": "2026-11-21T12:00:00Z"}"#)
            #expect(again.counts.values.allSatisfy { $0 == 0 }, "\(again.counts)")
        }
    }

    @Test("a bad as_of or keep_days fails the job permanently, changing nothing")
    func badPayload() async throws {
        try await AnalyticsHarness.with(.sqlite) { harness in
            for payload in [#"{"as_of": "yesterday"}"#, #"{"keep_days": 0}"#] {
                await #expect(throws: JobError.self) { try await harness.run(PruneResultsHandler(), payload) }
            }
        }
    }
}
