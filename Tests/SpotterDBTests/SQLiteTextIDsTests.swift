import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Migration sql/sqlite/022_text_ids.sql: result tables hold ids with TEXT affinity, message
/// search has integer keys of its own, and a database migrated before keeps its rows.
@Suite("SQLite text ids")
struct SQLiteTextIDsTests {
    /// The repository's SQLite migrations, those before 022 when `before022`.
    static func migrator(before022: Bool) throws -> Migrator {
        let all = try Migrator(directory: TestRepository.migrations(postgres: false)).migrations
        return try Migrator(migrations: before022 ? all.filter { $0.version < 22 } : all)
    }

    /// Spotter's own tables key people, conversations and messages by integers: a result id is
    /// kept in that type (issue 36), so "007" is the id 7 there (a text key keeps "007": the README
    /// recipe's tests, and `Typed result ids`).
    @Test(
        "an id is kept in its key's type: 007 for an integer key is 7, on both backends",
        arguments: DatabaseBackend.allCases)
    func leadingZeros(backend: DatabaseBackend) async throws {
        try await TestDatabase.withDatabase(backend) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            let directory = TestRepository.migrations(postgres: backend == .postgres)
            _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
            try await connection.withSession { session in
                try session.execute(
                    """
                    INSERT INTO spotter.fact_watermarks (conversation_id, last_message_id, last_sent_at)
                    VALUES ($1, $2, '2026-11-20T08:00:00.000000Z')
                    """, [.text("007"), .text("0042")])
                try session.execute(
                    "INSERT INTO spotter.fact_retractions (message_id, user_id) VALUES ($1, $2)",
                    [.text("255"), .text("007")])
            }
            let rows = try await connection.query(
                "SELECT conversation_id, last_message_id FROM spotter.fact_watermarks WHERE conversation_id = $1",
                [.text("007")])
            #expect(try rows.first?.id("conversation_id", as: ConversationID.self).text == "7")
            #expect(try rows.first?.id("last_message_id", as: MessageID.self).text == "42")
            let retraction = try await connection.query(
                "SELECT user_id FROM spotter.fact_retractions WHERE message_id = $1", [.text("255")])
            #expect(try retraction.first?.id("user_id", as: UserID.self).text == "7")
        }
    }

    @Test("a database with bigint ids and rows migrates to 022 and keeps them")
    func upgradeKeepsRows() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            _ = try await Self.migrator(before022: true).migrate(connection, logger: TestDatabase.logger)
            try await connection.withSession { session in
                try session.executeScript(
                    """
                    INSERT INTO users (id, display_name, role, time_zone) VALUES
                        (7, 'Trainer', 'trainer', 'UTC'), (9, 'Client', 'client', 'UTC');
                    INSERT INTO trainer_clients (trainer_id, client_id) VALUES (7, 9);
                    INSERT INTO conversations (id, user_id, counterpart_id, kind) VALUES (5, 9, 7, 'trainer');
                    INSERT INTO messages (id, conversation_id, sender_id, body, sent_at) VALUES
                        (11, 5, 9, 'My left knee hurts', '2026-11-20T08:00:00.000000Z'),
                        (10, 5, 9, 'I like swimming', '2026-11-20T09:00:00.000000Z');
                    INSERT INTO profile_stats (user_id, local_date, time_zone, current_streak, longest_streak, week_start,
                        week_workouts, week_minutes, week_days, week_labels, total_workouts, total_minutes)
                        VALUES (9, '2026-11-20', 'UTC', 3, 4, '2026-11-16', 2, 60, '[]', '[]', 10, 300);
                    INSERT INTO inactive_clients (trainer_id, client_id, days_inactive, tier, reason, local_date)
                        VALUES (7, 9, 8, 7, 'quiet', '2026-11-20');
                    INSERT INTO facts (id, user_id, subject, category, content, polarity, temporal, confidence, slot,
                        first_mentioned_at, last_mentioned_at, valid_from)
                        VALUES (1, 9, 'self', 'health', 'Left knee hurts', 'negative', 'current', 0.9, 'knee',
                                '2026-11-20T08:00:00.000000Z', '2026-11-20T09:00:00.000000Z', '2026-11-20T08:00:00.000000Z');
                    INSERT INTO fact_sources (fact_id, message_id, mentioned_at) VALUES
                        (1, 11, '2026-11-20T08:00:00.000000Z'), (1, 10, '2026-11-20T09:00:00.000000Z');
                    INSERT INTO fact_watermarks (conversation_id, last_message_id, last_sent_at)
                        VALUES (5, 10, '2026-11-20T09:00:00.000000Z');
                    """)
            }
            let report = try await Self.migrator(before022: false).migrate(connection, logger: TestDatabase.logger)
            #expect(report.applied.first == "022_text_ids.sql", "\(report)")
            let types = try await connection.query(
                """
                SELECT (SELECT typeof(user_id) FROM profile_stats) AS stats,
                       (SELECT typeof(client_id) FROM inactive_clients) AS inactive,
                       (SELECT group_concat(typeof(message_id)) FROM fact_sources) AS sources,
                       (SELECT typeof(last_message_id) FROM fact_watermarks) AS watermark,
                       (SELECT count(*) FROM fact_sources) AS source_rows,
                       (SELECT count(*) FROM message_search_keys) AS keys
                """)
            // 022 made them text; over Spotter's own INTEGER keys they follow those (issue 36).
            #expect(try types[0].string("stats") == "integer" && types[0].string("inactive") == "integer")
            #expect(try types[0].string("sources") == "integer,integer" && types[0].string("watermark") == "integer")
            #expect(try types[0].int("source_rows") == 2, "fact_sources kept its rows across facts' rebuild")
            #expect(try types[0].int("keys") == 2, "each existing message has a search key")
            // The read path over the rebuilt tables: numbers stay JSON numbers; sources in message order.
            let document = try await connection.query("SELECT document FROM chat_context WHERE user_id = 9")
            let text = try document.first?.string("document") ?? ""
            #expect(text.contains("\"sources\":[11,10]"), "(sent_at, id) order: \(text)")
            #expect(text.contains("\"current_streak\":3"), "\(text)")
            let trainer = try await connection.query("SELECT document FROM chat_context WHERE user_id = 7")
            #expect(try trainer.first?.string("document").contains("\"client_id\":9,") == true, "\(trainer)")
            // The triggers on Spotter's own messages keep the search index and the retractions current.
            try await connection.withSession { session in
                try session.execute(
                    "INSERT INTO messages (id, conversation_id, sender_id, body, sent_at) VALUES (12, 5, 9, 'Shoulder is sore', '2026-11-21T08:00:00.000000Z')"
                )
                try session.execute("UPDATE messages SET body = 'Knee is fine now' WHERE id = 11")
                try session.execute("DELETE FROM messages WHERE id = 10")
            }
            func matches(_ word: String) async throws -> [String] {
                try await connection.query(
                    """
                    SELECT k.message_id FROM messages_search JOIN message_search_keys k ON k.key = messages_search.rowid
                    WHERE messages_search MATCH $1 ORDER BY k.message_id
                    """, [.text(word)]
                ).map { try $0.string("message_id") }
            }
            #expect(try await matches("shoulder") == ["12"])
            #expect(try await matches("fine") == ["11"])
            #expect(try await matches("hurts") == [], "the old body left the index")
            #expect(try await matches("swimming") == [], "a deleted message left the index")
            let retracted = try await connection.query(
                "SELECT CAST(message_id AS TEXT) AS message_id FROM fact_retractions")
            #expect(try retracted.map { try $0.string("message_id") } == ["10"], "the retraction trigger came back")
            #expect(try await connection.query("PRAGMA foreign_key_check").isEmpty)
        }
    }

    @Test("message search over a product's view with UUID ids: the refresh keys and indexes them")
    func searchOverView() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            _ = try await Self.migrator(before022: false).migrate(connection, logger: TestDatabase.logger)
            try await connection.withSession { session in
                // Stand in for a product's view: Spotter's messages table becomes one.
                try session.executeScript(
                    """
                    CREATE TABLE app_messages (msg_id TEXT PRIMARY KEY, body TEXT NOT NULL, sent TEXT NOT NULL);
                    INSERT INTO app_messages VALUES ('0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01', 'my knee hurts', '2026-11-20T08:00:00Z'),
                                                    ('007', 'new running shoes', '2026-11-20T09:00:00Z');
                    DROP TRIGGER messages_search_insert; DROP TRIGGER messages_search_delete; DROP TRIGGER messages_search_update;
                    DROP TRIGGER messages_deleted_retract_facts; DROP TRIGGER messages_soft_deleted_retract_facts;
                    DROP TABLE messages;
                    CREATE VIEW messages AS SELECT msg_id AS id, 1 AS conversation_id, 1 AS sender_id, body,
                        sent AS sent_at, NULL AS deleted_at FROM app_messages;
                    INSERT INTO messages_search_refresh DEFAULT VALUES;
                    """)
            }
            let hits = try await connection.query(
                """
                SELECT k.message_id FROM messages_search JOIN message_search_keys k ON k.key = messages_search.rowid
                WHERE messages_search MATCH 'shoes OR knee' ORDER BY k.message_id
                """)
            #expect(try hits.map { try $0.string("message_id") } == ["007", "0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01"])
        }
    }
}
