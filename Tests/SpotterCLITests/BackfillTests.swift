import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 14 item 2: a backfill (`run nightly` for an earlier date) never replaces newer results.
/// Stats, program recommendations, inactive lists and check-in trends keep the latest `as_of`;
/// daily suggestions keep the older date as history beside the newer one.
@Suite("Backfills keep newer results")
struct BackfillTests {
    static let newer = "2026-11-23T12:00:00Z"
    static let older = "2026-11-21T12:00:00Z"

    /// Every stored row of the tables that keep one row set per subject, as text.
    static func snapshot(_ connection: DatabaseConnection) async throws -> [String: [String]] {
        let tables = [
            ("profile_stats", "user_id"), ("program_recommendations", "user_id, rank"),
            ("inactive_clients", "trainer_id, client_id"), ("checkin_trends", "user_id"),
        ]
        var result: [String: [String]] = [:]
        for (table, order) in tables {
            let rows = try await connection.query(
                """
                SELECT CAST(\(order.split(separator: ",")[0]) AS text) || '|' || CAST(local_date AS text) || '|'
                       || CAST(computed_at AS text) || '|' || coalesce(CAST(job_id AS text), '-') AS line
                FROM spotter.\(table) ORDER BY \(order)
                """)
            result[table] = try rows.map { try $0.string("line") }
        }
        return result
    }

    @Test(
        "an older nightly after a newer one leaves the newer rows and keeps the older suggestion as history",
        arguments: DatabaseBackend.allCases)
    func olderAfterNewer(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let seed = try await SpotterCommand.run(["seed", "--users", "60", "--database", database.databaseArgument])
        #expect(seed.status == 0, "\(seed)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let zone = try await connection.query(
            "SELECT time_zone FROM spotter.users GROUP BY time_zone ORDER BY count(*) DESC, time_zone LIMIT 1"
        )[0].string("time_zone")

        let first = try await SpotterCommand.run([
            "run", "nightly", "--database", database.databaseArgument, "--zone", zone, "--as-of", Self.newer,
        ])
        #expect(first.status == 0, "\(first)")
        let before = try await Self.snapshot(connection)
        #expect(before["profile_stats"]?.isEmpty == false, "the newer nightly wrote stats")
        #expect(before["program_recommendations"]?.isEmpty == false, "and recommendations")
        let newDates = try await connection.query(
            "SELECT DISTINCT CAST(local_date AS text) AS d FROM spotter.daily_suggestions")
        #expect(newDates.count == 1)

        let backfill = try await SpotterCommand.run([
            "run", "nightly", "--database", database.databaseArgument, "--zone", zone, "--as-of", Self.older,
        ])
        #expect(backfill.status == 0, "\(backfill)")
        let after = try await Self.snapshot(connection)
        for (table, rows) in before { #expect(after[table] == rows, "\(table) kept the newer rows") }

        // Daily suggestions: both dates, per user; the chat context reads the newest.
        let dates = try await connection.query(
            "SELECT CAST(local_date AS text) AS d, count(*) AS n FROM spotter.daily_suggestions GROUP BY local_date ORDER BY local_date"
        )
        #expect(dates.count == 2, "the older date is kept as history: \(dates)")
        let newest = try newDates.first?.string("d")
        #expect(try dates.last?.string("d") == newest)

        let user = try await connection.query(
            """
            SELECT ps.user_id FROM spotter.profile_stats ps
            JOIN spotter.daily_suggestions ds ON ds.user_id = ps.user_id
            GROUP BY ps.user_id HAVING count(*) = 2 ORDER BY ps.user_id LIMIT 1
            """)
        let id = try #require(user.first).int64("user_id")
        let text = try await connection.query(
            "SELECT document FROM spotter.chat_context WHERE user_id = $1", [.int(id)])[0].json("document")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let stats = try #require(document["stats"] as? [String: Any])
        let suggestion = try #require(document["suggestion"] as? [String: Any])
        #expect(stats["local_date"] as? String == newest, "\(text)")
        #expect(suggestion["local_date"] as? String == newest, "one date in the chat context: \(text)")
    }
}
