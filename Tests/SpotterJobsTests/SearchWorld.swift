import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport

/// A migrated database with hand-written facts (no extractor involved), for fact search and the
/// read scope:
/// - trainer 2 (Tom) coaches client 1 (John) and client 3 (Ben);
/// - trainer 4 (Rita) coaches client 5 (Eve); member 6 (Max) has no trainer.
/// John's knee: a superseded "Left knee hurts when running", the current "Knee feels fine now",
/// and a goal whose source mentions the knee. Ben and Eve both hurt a shoulder. Ben has a fact
/// supported only by a deleted message, and one whose second source (deleted) says "zebra".
struct SearchWorld {
    let database: TestDatabase
    let connection: DatabaseConnection
    /// Fact ids by name.
    var ids: [String: Int64] = [:]
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func all() async throws -> [SearchWorld] {
        var worlds: [SearchWorld] = []
        for database in try await TestDatabase.all() { worlds.append(try await make(database)) }
        return worlds
    }

    static func make(_ database: TestDatabase) async throws -> SearchWorld {
        let connection = try await database.connect()
        let directory = SpotterCommand.repositoryRoot.appendingPathComponent(
            "sql/\(database.backend == .postgres ? "postgres" : "sqlite")")
        _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
        var world = SearchWorld(database: database, connection: connection)
        try await world.write()
        return world
    }

    static func at(_ day: Int) -> Date { start.addingTimeInterval(Double(day) * 86_400) }

    mutating func write() async throws {
        ids = try await connection.withTransaction { session -> [String: Int64] in
            var ids: [String: Int64] = [:]
            for (id, name, role) in [
                (1, "John Reed", "client"), (2, "Tom Coach", "trainer"), (3, "Ben Ode", "client"),
                (4, "Rita Coach", "trainer"), (5, "Eve Stone", "client"), (6, "Max Solo", "member"),
            ] {
                try session.execute(
                    "INSERT INTO spotter.users (id, display_name, role) VALUES ($1, $2, $3)",
                    [.int(Int64(id)), .text(name), .text(role)])
            }
            for (trainer, client) in [(2, 1), (2, 3), (4, 5)] {
                try session.execute(
                    "INSERT INTO spotter.trainer_clients (trainer_id, client_id) VALUES ($1, $2)",
                    [.int(Int64(trainer)), .int(Int64(client))])
            }
            for (id, owner, trainer) in [(10, 1, 2), (30, 3, 2), (50, 5, 4), (60, 6, 0)] {
                try session.execute(
                    "INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES ($1, $2, $3, $4)",
                    [
                        .int(Int64(id)), .int(Int64(owner)), trainer == 0 ? .null : .int(Int64(trainer)),
                        .text(trainer == 0 ? "assistant" : "trainer"),
                    ])
            }
            // (message id, conversation, sender, day, text, deleted)
            let messages: [(MessageID, Int64, Int64, Int, String, Bool)] = [
                (101, 10, 1, 1, "My left knee hurts when I run, it's been bad all week", false),
                (102, 10, 1, 9, "Good news: my knee feels fine now!", false),
                (103, 10, 1, 10, "I want to run a marathon in May, if the knee holds up", false),
                (104, 10, 1, 11, "I love pizza on Fridays", false),
                (105, 10, 2, 11, "Tom here: how is your knee?", false),
                (301, 30, 3, 2, "I hurt my shoulder climbing, a real injury", false),
                (302, 30, 3, 3, "My shoulder is sore again", true),
                (303, 30, 3, 4, "I swim three times a week", false),
                (304, 30, 3, 5, "Swimming with a zebra towel, I swim a lot", true),
                (501, 50, 5, 2, "Shoulder injury from tennis, ugh", false),
                (601, 60, 6, 2, "My knee clicks when I squat", false),
            ]
            for (id, conversation, sender, day, text, deleted) in messages {
                try session.execute(
                    """
                    INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at, deleted_at)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    """,
                    [
                        SQLValue(id), .int(conversation), .int(sender), .text(text), .timestamp(Self.at(day)),
                        deleted ? .timestamp(Self.at(day + 1)) : .null,
                    ])
            }
            // (name, user, category, content, temporal, slot, sources, first day, last day, closed day)
            let facts: [(String, Int64, String, String, String, String, [Int64], Int, Int, Int?)] = [
                ("kneeOld", 1, "health", "Left knee hurts when running", "current", "knee", [101], 1, 1, 9),
                ("kneeNow", 1, "health", "Knee feels fine now", "current", "knee", [102], 9, 9, nil),
                ("marathon", 1, "goal", "Wants to run a marathon in May", "intended", "marathon", [103], 10, 10, nil),
                ("pizza", 1, "preference", "Loves pizza on Fridays", "current", "pizza", [104], 11, 11, nil),
                ("benShoulder", 3, "health", "Hurt their shoulder climbing", "past", "shoulder", [301], 2, 2, nil),
                ("benSore", 3, "health", "Shoulder is sore", "current", "sore", [302], 3, 3, nil),
                ("benSwim", 3, "habit", "Swims three times a week", "current", "swim", [303, 304], 4, 5, nil),
                (
                    "eveShoulder", 5, "health", "Has a shoulder injury from tennis", "current", "shoulder", [501], 2, 2,
                    nil
                ),
                ("maxKnee", 6, "health", "Knee clicks when squatting", "current", "knee", [601], 2, 2, nil),
            ]
            for (name, user, category, content, temporal, slot, sources, first, last, closed) in facts {
                let row = try session.query(
                    """
                    INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal,
                        confidence, slot, first_mentioned_at, last_mentioned_at, mention_count, valid_from, valid_to)
                    VALUES ($1, 'self', $2, $3, 'positive', $4, 0.9, $5, $6, $7, $8, $6, $9) RETURNING id
                    """,
                    [
                        .int(user), .text(category), .text(content), .text(temporal), .text(slot),
                        .timestamp(Self.at(first)), .timestamp(Self.at(last)), .int(Int64(sources.count)),
                        closed.map { .timestamp(Self.at($0)) } ?? .null,
                    ])
                let id = try row[0].int64("id")
                ids[name] = id
                for message in sources {
                    try session.execute(
                        "INSERT INTO spotter.fact_sources (fact_id, message_id, mentioned_at) VALUES ($1, $2, $3)",
                        [.int(id), .int(message), .timestamp(Self.at(first))])
                }
            }
            try session.execute(
                "UPDATE spotter.facts SET superseded_by = $1 WHERE id = $2",
                [.int(ids["kneeNow"]!), .int(ids["kneeOld"]!)])
            return ids
        }
    }

    func search(_ viewer: UserID, _ query: String, client: UserID? = nil, limit: Int = 10, offset: Int = 0)
        async throws -> [FactHit]
    {
        try await connection.withSession {
            try FactSearch.search(viewer: viewer, query: query, client: client, limit: limit, offset: offset, in: $0)
        }
    }

    func close() async {
        await connection.close()
        await database.drop()
    }
}
