import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import Testing

/// One input column and the kinds whose shards read it.
struct UnusableColumn: Sendable, CustomStringConvertible {
    var table: String
    var column: String
    /// The rows of member 2 to corrupt: `WHERE <this>`.
    var ofMember: String
    var kinds: Set<String>

    var description: String { "\(table).\(column)" }

    static let all = [
        UnusableColumn(
            table: "workout_sessions", column: "started_at", ofMember: "user_id = 2",
            kinds: ["profile_stats", "daily_suggestion", "program_recommendations", "inactive_clients"]),
        UnusableColumn(
            table: "enrollments", column: "started_at", ofMember: "user_id = 2",
            kinds: ["daily_suggestion", "program_recommendations"]),
        UnusableColumn(
            table: "messages", column: "sent_at", ofMember: "sender_id = 2",
            kinds: ["inactive_clients", "extract_facts"]),
        UnusableColumn(
            table: "trainer_clients", column: "since", ofMember: "client_id = 2", kinds: ["inactive_clients"]),
    ]
}

/// A value no computation can use, as each backend holds it, and the text a detail must show.
struct UnusableValue: Sendable, CustomStringConvertible {
    var backend: DatabaseBackend
    var sql: String
    var shown: String

    var description: String { "\(backend.rawValue) \(sql)" }

    static let all = [
        // The "year 0" sentinel some apps write; PostgreSQL prints it with "BC".
        UnusableValue(backend: .postgres, sql: "to_timestamp(-62167219200)", shown: "BC"),
        UnusableValue(backend: .postgres, sql: "'-infinity'::timestamptz", shown: "-infinity"),
        UnusableValue(backend: .sqlite, sql: "'-0001-06-01T00:00:00Z'", shown: "'-0001-06-01T00:00:00Z'"),
        UnusableValue(backend: .sqlite, sql: "'0000-01-01T00:00:00Z'", shown: "'0000-01-01T00:00:00Z'"),
        UnusableValue(backend: .sqlite, sql: "0", shown: "'0'"),  // TEXT affinity stores '0'
    ]
}

/// Item 1 of issue 17: one bad timestamp in one person's rows used to fail the whole shard
/// (`decoding: column N holds text, expected a timestamp`) and every night after.
@Suite("unusable input values cost one person")
struct UnusableInputTests {
    static let cases = UnusableColumn.all.flatMap { column in UnusableValue.all.map { (column, $0) } }

    @Test("each shard kind records the person and computes everyone else", arguments: cases)
    func onePersonOnly(column: UnusableColumn, value: UnusableValue) async throws {
        try await RecommendationHarness.with(value.backend) { db in
            try await Self.members(db)
            try await db.connection.execute(
                "UPDATE spotter.\(column.table) SET \(column.column) = \(value.sql) WHERE \(column.ofMember)")

            let shard = #"{"time_zone": "UTC", "from_user_id": 1, "to_user_id": 100}"#
            try await db.run(ProfileStatsHandler(), shard)
            try await db.run(DailySuggestionHandler(), shard)
            try await db.run(ProgramRecommendationsHandler(), shard)
            try await db.run(InactiveClientsHandler(), shard)
            try await db.run(ExtractFactsHandler(), #"{"user_ids": [1, 2]}"#)

            for kind in [
                "profile_stats", "daily_suggestion", "program_recommendations", "inactive_clients", "extract_facts",
            ] {
                let outcomes = try await db.outcomes(kind)
                #expect(outcomes[1] == nil, "\(kind): member 1 has nothing unusable")
                if column.kinds.contains(kind) {
                    let outcome = try #require(outcomes[2], "\(kind) reads \(column) but recorded nothing")
                    #expect(outcome.reason == "unusable_input")
                    #expect(outcome.detail.contains("\(column.table).\(column.column) holds"), "\(outcome.detail)")
                    #expect(outcome.detail.contains(value.shown), "\(outcome.detail)")
                } else {
                    #expect(outcomes[2] == nil, "\(kind) does not read \(column)")
                }
            }

            // Everyone else is computed.
            let stats = try await db.connection.query("SELECT user_id FROM spotter.profile_stats ORDER BY user_id")
            let statsUsers = try stats.map { try $0.int64(at: 0) }
            #expect(statsUsers.contains(1))
            #expect(statsUsers.contains(2) == !column.kinds.contains("profile_stats"))
            #expect(try await !db.suggestions(1).isEmpty)
            #expect(try await db.suggestions(2).isEmpty == column.kinds.contains("daily_suggestion"))
            #expect(try await !db.recommendations(1).isEmpty)
            #expect(try await db.recommendations(2).isEmpty == column.kinds.contains("program_recommendations"))
            let inactive = try await db.connection.query(
                "SELECT client_id FROM spotter.inactive_clients WHERE trainer_id = '10' ORDER BY client_id")
            #expect(try inactive.map { try $0.int64(at: 0) }.contains(3), "the never-active client is still listed")
            let facts = try await db.connection.query(
                "SELECT user_id, count(*) AS n FROM spotter.facts GROUP BY user_id ORDER BY user_id")
            let factUsers = try facts.map { try $0.int64(at: 0) }
            #expect(factUsers.contains(1))
            #expect(factUsers.contains(2) == !column.kinds.contains("extract_facts"))
        }
    }

    /// Members 1 and 2 (UTC, a profile, an enrollment, sessions, a trainer and messages to
    /// them), client 3 who never did anything, and trainer 10.
    static func members(_ db: RecommendationHarness) async throws {
        try await db.connection.execute(
            "INSERT INTO spotter.users (id, display_name, role, time_zone) VALUES (10, 'Coach', 'trainer', 'UTC')")
        for id: UserID in [1, 2, 3] {
            try await db.user(id)
            try await db.connection.execute(
                "INSERT INTO spotter.trainer_clients (trainer_id, client_id, since) VALUES (10, $1, $2)",
                [SQLValue(id), .timestamp(RecommendationHarness.instant(daysAgo: 60))])
        }
        for n: Int64 in [1, 2] {
            let id = UserID(n)
            try await db.profile(id, goal: "strength", level: "beginner", equipment: [])
            try await db.enroll(id, program: 1, daysAgo: 20)
            try await db.session(id, workout: nil, daysAgo: 3)
            try await db.session(id, workout: nil, daysAgo: 1)
            try await db.connection.execute(
                "INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES ($1, $2, 10, 'trainer')",
                [.int(100 + n), SQLValue(id)])
            try await db.connection.execute(
                """
                INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
                VALUES ($1, $2, $3, 'My left knee hurts when I run.', $4)
                """,
                [.int(1000 + n), .int(100 + n), SQLValue(id), .timestamp(RecommendationHarness.instant(daysAgo: 2))])
        }
    }
}
