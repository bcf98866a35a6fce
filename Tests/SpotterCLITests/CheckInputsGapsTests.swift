import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Issue 36 item 4: what `check-inputs` missed or could not say in the product's own terms.
@Suite("check-inputs gaps")
struct CheckInputsGapsTests {
    /// The product's schema and views (``ExternalInputsFixture``) on PostgreSQL, changed by `sql`.
    static func product(_ sql: String) async throws -> (TestDatabase, [String], SpotterCommand.Output) {
        let database = try await TestDatabase.make(.postgres)
        let connection = try await database.connect()
        try await connection.withSession { session in
            try ExternalInputsFixture.create(in: session)
            try session.executeScript(sql)
        }
        await connection.close()
        let check = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        return (database, check.stdout.split(separator: "\n").map(String.init), check)
    }

    @Test("a messages view without deleted_at: a line with the fix, not a raw SQLSTATE")
    func missingDeletedAt() async throws {
        let (database, lines, check) = try await Self.product(
            """
            DROP VIEW spotter.messages;
            CREATE VIEW spotter.messages AS
                SELECT msg_no AS id, thread_no AS conversation_id, author_no AS sender_id, text AS body,
                       created AS sent_at FROM app_chat_messages
            """)
        defer { Task { await database.drop() } }
        #expect(check.status == 1, "\(check)")
        #expect(lines.contains { $0.hasPrefix("spotter.messages: column deleted_at is missing — fix: ") }, "\(check)")
        #expect(!check.stdout.contains("SQLSTATE") && !check.stderr.contains("SQLSTATE"), "\(check)")
        #expect(check.stderr.contains("with the input relations (listed above)"), "\(check)")
    }

    @Test(
        "an index led by the wrong column is a problem; fixes name the product's columns, a boolean soft delete included"
    )
    func wrongLeadingColumnAndBooleanSoftDelete() async throws {
        let (database, lines, check) = try await Self.product(
            """
            DROP INDEX app_chat_messages_thread;
            CREATE INDEX app_chat_messages_created_thread ON app_chat_messages (created, thread_no);
            DROP INDEX app_chat_messages_search;
            ALTER TABLE app_chat_messages ADD COLUMN hidden boolean NOT NULL DEFAULT false;
            DROP VIEW spotter.messages;
            CREATE VIEW spotter.messages AS
                SELECT msg_no AS id, thread_no AS conversation_id, author_no AS sender_id, text AS body,
                       created AS sent_at, CASE WHEN hidden THEN created END AS deleted_at FROM app_chat_messages
            """)
        defer { Task { await database.drop() } }
        #expect(check.status == 1, "\(check)")
        #expect(!check.stdout.contains("<"), "no placeholder: \(check)")
        let byThread = lines.first {
            $0.contains("spotter.messages: no index serves lookups by (conversation_id, sent_at)")
        }
        #expect(
            byThread?.contains("fix: CREATE INDEX ON spotter.app_chat_messages (thread_no, created)") == true,
            "\(lines)")
        let search = try #require(
            lines.first { $0.contains("spotter.messages: no index serves full-text search of body") }, "\(lines)")
        let fix = try #require(search.range(of: "fix: ").map { String(search[$0.upperBound...]) })
        #expect(fix.contains("to_tsvector('english', text)") && fix.contains("hidden"), "\(fix)")

        // Both fixes, as written, are met.
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        for line in [byThread, search] {
            let statement = try #require(line?.range(of: "fix: ").map { String(line![$0.upperBound...]) })
            _ = try await connection.execute(statement)
        }
        let again = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        #expect(!again.stdout.contains("spotter.messages: no index"), "\(again)")
    }
}
