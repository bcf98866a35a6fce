import Foundation
import Logging
import SpotterDB
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterTestSupport

/// A migrated test database with a few hand-written people and conversations, for the
/// extract_facts tests:
/// - user 1 (client, UTC) owns conversation 10 with trainer 2 and conversation 11 with the assistant;
/// - user 3 (client, UTC) owns conversation 30 with trainer 2;
/// - user 2 is the trainer (and writes in 10 and 30).
struct FactsWorld {
    let database: TestDatabase
    let connection: DatabaseConnection
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    var backend: DatabaseBackend { database.backend }

    /// A fresh world on each backend.
    static func all() async throws -> [FactsWorld] {
        var worlds: [FactsWorld] = []
        for database in try await TestDatabase.all() {
            worlds.append(try await make(database))
        }
        return worlds
    }

    /// Migrates `database` and writes the people and conversations.
    static func make(_ database: TestDatabase) async throws -> FactsWorld {
        let connection = try await database.connect()
        let directory = SpotterCommand.repositoryRoot.appendingPathComponent(
            "sql/\(database.backend == .postgres ? "postgres" : "sqlite")")
        _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
        try await connection.withTransaction { session in
            for (id, name, role) in [(1, "Ana Souza", "client"), (2, "Tom Coach", "trainer"), (3, "Ben Ode", "client")]
            {
                try session.execute(
                    "INSERT INTO spotter.users (id, display_name, role) VALUES ($1, $2, $3)",
                    [.int(Int64(id)), .text(name), .text(role)])
            }
            for (id, owner, counterpart, kind) in [
                (10, 1, 2, "trainer"), (11, 1, 0, "assistant"), (30, 3, 2, "trainer"),
            ] {
                try session.execute(
                    "INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES ($1, $2, $3, $4)",
                    [
                        .int(Int64(id)), .int(Int64(owner)), counterpart == 0 ? .null : .int(Int64(counterpart)),
                        .text(kind),
                    ])
            }
        }
        return FactsWorld(database: database, connection: connection)
    }

    /// Writes one message `id` in `conversation` from `sender`, `minute` minutes after ``start``.
    func say(_ id: MessageID, in conversation: ConversationID, from sender: UserID, _ text: String, minute: Int)
        async throws
    {
        try await connection.execute(
            "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES ($1, $2, $3, $4, $5)",
            [SQLValue(id), SQLValue(conversation), SQLValue(sender), .text(text), .timestamp(Self.at(minute))])
    }

    /// The instant `minute` minutes after ``start``.
    static func at(_ minute: Int) -> Date { start.addingTimeInterval(Double(minute) * 60) }

    /// Runs the pipeline over `scope`.
    @discardableResult
    func run(_ scope: FactsScope, pipeline: FactsPipeline = FactsPipeline()) async throws -> FactsRunReport {
        try await pipeline.run(scope, on: connection, logger: TestDatabase.logger)
    }

    /// Runs over user 1's conversations.
    @discardableResult
    func runAna() async throws -> FactsRunReport {
        try await run(.owners(UserSelection(ids: [1])))
    }

    /// Every stored fact of `user` (open and closed), oldest id first, with sources.
    func facts(of user: UserID) async throws -> [StoredFactRow] {
        let rows = try await connection.query(
            """
            SELECT f.id, f.content, f.category, f.subject, f.polarity, f.temporal, f.valid_to, f.superseded_by,
                   f.mention_count, f.first_mentioned_at, f.last_mentioned_at, f.extractor,
                   (SELECT count(*) FROM spotter.fact_sources s WHERE s.fact_id = f.id) AS source_count
            FROM spotter.facts f WHERE f.user_id = $1 ORDER BY f.id
            """, [SQLValue(user)])
        var result: [StoredFactRow] = []
        for row in rows {
            let id = try row.int64("id")
            let sources = try await connection.query(
                "SELECT message_id FROM spotter.fact_sources WHERE fact_id = $1", [.int(id)]
            ).map { try $0.id("message_id", as: MessageID.self) }.sorted()
            result.append(
                StoredFactRow(
                    id: id, content: try row.string("content"), category: try row.string("category"),
                    validTo: try row.optionalDate("valid_to"), supersededBy: try row.optionalInt64("superseded_by"),
                    mentionCount: try row.int("mention_count"), sources: sources,
                    firstMentionedAt: try row.date("first_mentioned_at"),
                    lastMentionedAt: try row.date("last_mentioned_at")))
        }
        return result
    }

    /// The facts of `user` without ids, for comparing two runs.
    func snapshot(of user: UserID) async throws -> [String] {
        try await facts(of: user).map {
            "\($0.content)|\($0.isOpen)|\($0.mentionCount)|\($0.sources)|\($0.firstMentionedAt)|\($0.lastMentionedAt)"
                + "|\($0.validTo.map { "\($0)" } ?? "-")|\($0.supersededBy == nil ? "-" : "successor")"
        }.sorted()
    }

    /// Closes the connection and drops the database.
    func close() async {
        await connection.close()
        await database.drop()
    }
}

/// One `facts` row as the tests read it.
struct StoredFactRow: Hashable {
    var id: Int64
    var content: String
    var category: String
    var validTo: Date?
    var supersededBy: Int64?
    var mentionCount: Int
    var sources: [MessageID]
    var firstMentionedAt: Date
    var lastMentionedAt: Date

    var isOpen: Bool { validTo == nil }
}

/// The offline rules, slowed down so two jobs surely load the same messages before either
/// writes (exercises the per-user lock and the planner's source check).
struct SlowRulesExtractor: FactExtracting {
    func extract(_ batch: [Utterance]) async -> (facts: [ExtractedFact], extractor: String) {
        try? await Task.sleep(for: .milliseconds(300))
        return await RulesFactExtractor().extract(batch)
    }
}
