import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// Issue 17, item 8: every chat_context document is bounded (64 KiB), whatever the data.
@Suite("chat_context is bounded")
struct ChatContextBoundTests {
    static let bound = 65_536
    static let megabyteName = String(repeating: "N", count: 1_048_576)

    /// A trainer (1) with a 1 MB name and 5,000 clients (2 …), one of them (2) with a 1 MB name, all
    /// inactive, 100 facts of 10 KB, 15 recommendations and a suggestion with 100 KB titles.
    static func bigTrainer(_ harness: AnalyticsHarness) async throws {
        let connection = harness.connection
        let json = harness.backend == .postgres ? "$%d::jsonb" : "json($%d)"
        let now = SQLValue.timestamp(try instant("2026-11-21T06:00:00Z"))
        try await harness.user(1, megabyteName, role: "trainer")
        try await connection.execute(
            """
            INSERT INTO spotter.users (id, display_name, role)
            WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 5001)
            SELECT i, 'Client ' || i, 'client' FROM n
            """)
        try await connection.execute("UPDATE spotter.users SET display_name = $1 WHERE id = 2", [.text(megabyteName)])
        try await connection.execute(
            "INSERT INTO spotter.trainer_clients (trainer_id, client_id, since) SELECT 1, id, $1 FROM spotter.users WHERE id > 1",
            [now])
        try await connection.execute(
            """
            INSERT INTO spotter.inactive_clients (trainer_id, client_id, days_inactive, tier, reason, local_date)
            SELECT 1, id, CASE WHEN id % 7 = 0 THEN NULL ELSE id % 30 END, 7, $1, '2026-11-21'
            FROM spotter.users WHERE id > 1
            """, [.text(String(repeating: "no message for days ", count: 500))])
        try await harness.conversation(10, owner: 1, trainer: nil)
        try await harness.message(100, conversation: 10, sender: 1, "2026-11-20T10:00:00Z")
        let content = String(repeating: "Left knee hurts when running ", count: 360)
        for (user, count) in [(Int64(1), 100), (Int64(2), 3), (Int64(3), 3)] {
            for index in 0..<count {
                try await connection.execute(
                    """
                    INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal, confidence, slot,
                                               first_mentioned_at, last_mentioned_at, valid_from)
                    VALUES ($1, $2, 'health', $3, 'negative', 'current', 0.9, $4, $5, $5, $5)
                    """,
                    [
                        .int(user), .text(String(repeating: "s", count: 5_000)), .text(content), .text("slot\(index)"),
                        now,
                    ])
            }
        }
        try await connection.execute(
            "INSERT INTO spotter.fact_sources (fact_id, message_id, mentioned_at) SELECT id, 100, $1 FROM spotter.facts",
            [now])
        let title = String(repeating: "Program ", count: 12_800)
        let reasons =
            "["
            + Array(repeating: "\"" + String(repeating: "r", count: 1_000) + "\"", count: 20)
            .joined(separator: ",") + "]"
        for rank in 1...15 {
            try await connection.execute(
                """
                INSERT INTO spotter.program_recommendations (user_id, rank, program_id, title, score, reasons, local_date)
                VALUES (1, $1, $1, $2, 0.5, \(String(format: json, 3)), '2026-11-21')
                """, [.int(Int64(rank)), .text(title), .text(reasons)])
        }
        try await connection.execute(
            """
            INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons)
            VALUES (1, '2026-11-21', 1, 1, $1, 0.5, \(String(format: json, 2)))
            """, [.text(title), .text(reasons)])
    }

    static func document(_ harness: AnalyticsHarness, user: UserID) async throws -> (
        text: String, object: [String: Any]
    ) {
        let text = try #require(
            try await harness.connection.withSession { try ChatContext.document(user: user, in: $0) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return (text, object)
    }

    @Test(
        "a trainer with 5,000 clients and a 1 MB name: under 64 KiB, top N per section with totals",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func bigTrainer(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await Self.bigTrainer(harness)
            let (text, document) = try await Self.document(harness, user: 1)
            #expect(text.utf8.count <= Self.bound, "\(text.utf8.count) bytes")
            #expect(document["truncated"] == nil)
            #expect((document["user"] as? [String: Any])?["name"] as? String == String(repeating: "N", count: 80))
            let clients = document["clients"] as? [[String: Any]] ?? []
            #expect(clients.count == 50)
            #expect(document["clients_total"] as? Int == 5_000)
            // Those needing attention first: the never active ones (every 7th client here).
            #expect(clients.allSatisfy { ($0["client_id"] as? Int ?? 1) % 7 == 0 }, "\(clients.prefix(2))")
            #expect((document["inactive_clients"] as? [Any])?.count == 25)
            #expect(document["inactive_clients_total"] as? Int == 5_000)
            #expect((document["facts"] as? [Any])?.count == 20)
            #expect(document["facts_total"] as? Int == 100)
            #expect((document["recommendations"] as? [Any])?.count == 10)
            let facts = document["facts"] as? [[String: Any]] ?? []
            #expect(facts.allSatisfy { ($0["content"] as? String)?.count == 240 })
            let rendered = try ChatContext.render(document: text)
            #expect(rendered.contains("## Clients who need attention (25 of 5,000)"))
            #expect(rendered.contains("## Clients and what they said (50 of 5,000)"))
            #expect(rendered.utf8.count < Self.bound)
            // The client with a 1 MB name: their own document is bounded too.
            let (client, clientDocument) = try await Self.document(harness, user: 2)
            #expect(client.utf8.count <= Self.bound)
            #expect((clientDocument["user"] as? [String: Any])?["name"] as? String == String(repeating: "N", count: 80))
            // The view's display_name column is cut as well.
            let column = try await harness.connection.query(
                "SELECT display_name FROM spotter.chat_context WHERE user_id = 1")
            #expect(try column.first?.string("display_name").count == 80)
        }
    }

    @Test(
        "names made of control characters and emoji (6 and 4 bytes each in JSON) still stay under 64 KiB",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func escapedText(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            let control = String(repeating: "\u{1}", count: 10_000)
            let emoji = String(repeating: "🏋️", count: 10_000)
            try await harness.user(1, emoji, role: "trainer")
            for id in Int64(2)...200 {
                try await harness.user(UserID(id), id % 2 == 0 ? control : emoji, role: "client")
                try await harness.link(trainer: 1, client: UserID(id), since: "2026-11-01T00:00:00Z")
                try await harness.connection.execute(
                    """
                    INSERT INTO spotter.inactive_clients (trainer_id, client_id, days_inactive, tier, reason, local_date)
                    VALUES (1, $1, NULL, 14, $2, '2026-11-21')
                    """, [.int(id), .text(control)])
            }
            let (text, document) = try await Self.document(harness, user: 1)
            #expect(text.utf8.count <= Self.bound, "\(text.utf8.count) bytes")
            #expect(document["clients_total"] as? Int == 199)
            _ = try ChatContext.render(document: text)

            // 20 facts of control characters on top: past the bound, so the lists give way.
            try await harness.conversation(10, owner: 1, trainer: nil)
            try await harness.message(100, conversation: 10, sender: 1, "2026-11-20T10:00:00Z")
            for index in 0..<20 {
                try await harness.connection.execute(
                    """
                    INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal, confidence, slot,
                                               first_mentioned_at, last_mentioned_at, valid_from)
                    VALUES (1, 'self', 'health', $1, 'negative', 'current', 0.9, $2, $3, $3, $3)
                    """, [.text(control), .text("slot\(index)"), .timestamp(try instant("2026-11-20T10:00:00Z"))])
            }
            try await harness.connection.execute(
                "INSERT INTO spotter.fact_sources (fact_id, message_id, mentioned_at) SELECT id, 100, $1 FROM spotter.facts",
                [.timestamp(try instant("2026-11-20T10:00:00Z"))])
            let (cut, cutDocument) = try await Self.document(harness, user: 1)
            #expect(cut.utf8.count <= Self.bound, "\(cut.utf8.count) bytes")
            #expect(cutDocument["truncated"] as? Bool == true)
            #expect(cutDocument["clients"] == nil && cutDocument["facts"] == nil)
            #expect(cutDocument["clients_total"] as? Int == 199 && cutDocument["facts_total"] as? Int == 20)
            #expect(try ChatContext.render(document: cut).contains("lists were left out"))
        }
    }
}
