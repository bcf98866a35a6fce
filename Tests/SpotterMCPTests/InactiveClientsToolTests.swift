import Foundation
import MCP
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

@testable import SpotterMCP

/// The inactive_clients and trainer_overview tools over hand-written nightly rows, on both
/// backends; and the calendar arithmetic behind `by: messages | workouts`.
@Suite("mcp inactive clients")
struct InactiveClientsToolTests {
    static let today = "2026-11-25"
    static func daysAgo(_ days: Int) -> Date {
        Date(timeIntervalSince1970: 1_795_608_000).addingTimeInterval(-Double(days) * 86_400)  // 2026-11-25T12:00Z
    }

    /// Trainer 1 coaches 2, 3, 4 and 5; trainer 8 coaches 9. Rows as the nightly writes them
    /// (clients with neither a message nor a workout for 3+ days), plus a stale row for 6, who
    /// left trainer 1.
    static func world(_ database: TestDatabase) async throws -> DatabaseConnection {
        let connection = try await database.connect()
        let directory = TestRepository.migrations(postgres: database.backend == .postgres)
        _ = try await Migrator(directory: directory).migrate(connection, logger: TestDatabase.logger)
        try await connection.withTransaction { session in
            for (id, name, role) in [
                (1, "Tom", "trainer"), (2, "Ann", "client"), (3, "Bo", "client"), (4, "Cy", "client"),
                (5, "Di", "client"), (6, "Ed", "client"), (8, "Rita", "trainer"), (9, "Eve", "client"),
            ] {
                try session.execute(
                    "INSERT INTO spotter.users (id, display_name, role) VALUES ($1, $2, $3)",
                    [.int(Int64(id)), .text(name), .text(role)])
            }
            for (trainer, client) in [(1, 2), (1, 3), (1, 4), (1, 5), (8, 9)] {
                try session.execute(
                    "INSERT INTO spotter.trainer_clients (trainer_id, client_id) VALUES ($1, $2)",
                    [.int(Int64(trainer)), .int(Int64(client))])
            }
            // (trainer, client, days_inactive, tier, message days ago, workout days ago)
            let rows: [(Int64, Int64, Int?, Int, Int?, Int?)] = [
                (1, 2, 5, 3, 20, 5), (1, 3, 10, 7, nil, 10), (1, 4, 30, 14, 30, 30), (1, 5, nil, 14, nil, nil),
                (1, 6, 40, 14, 40, 40), (8, 9, 50, 14, 50, 50),
            ]
            // The not-messaging list: (trainer, client, days since message). Client 3 trains and
            // never wrote; 4 stopped writing 30 days ago; 7 (not on the other list at all: he works
            // out) stopped writing 9 days ago; 9 belongs to trainer 8.
            try session.execute("INSERT INTO spotter.users (id, display_name, role) VALUES (7, 'Fay', 'client')")
            try session.execute("INSERT INTO spotter.trainer_clients (trainer_id, client_id) VALUES (1, 7)")
            for (trainer, client, days) in [(1, 3, nil), (1, 4, 30), (1, 7, 9), (1, 2, 20), (8, 9, 50)]
                as [(Int64, Int64, Int?)]
            {
                try session.execute(
                    """
                    INSERT INTO spotter.not_messaging_clients (trainer_id, client_id, days_since_message, reason,
                        last_message_at, local_date)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    """,
                    [
                        .int(trainer), .int(client), days.map { .int(Int64($0)) } ?? .null, .text("silent \(client)"),
                        days.map { .timestamp(daysAgo($0)) } ?? .null, .text(today),
                    ])
            }
            for (trainer, client, days, tier, message, workout) in rows {
                try session.execute(
                    """
                    INSERT INTO spotter.inactive_clients (trainer_id, client_id, days_inactive, tier, reason,
                        last_message_at, last_workout_at, local_date)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                    """,
                    [
                        .int(trainer), .int(client), days.map { .int(Int64($0)) } ?? .null, .int(Int64(tier)),
                        .text("reason \(client)"), message.map { .timestamp(daysAgo($0)) } ?? .null,
                        workout.map { .timestamp(daysAgo($0)) } ?? .null, .text(today),
                    ])
            }
        }
        return connection
    }

    static func call(_ tools: SpotterTools, _ name: String, _ arguments: [String: Value]) async throws -> [String: Any]
    {
        let tool = try #require(ToolCatalog.tools.first { $0.name == name })
        let answer = try await tools.call(
            name, ToolArguments(tool: name, values: arguments, allowed: ToolCatalog.argumentNames(of: tool)))
        return try #require(try JSONSerialization.jsonObject(with: answer.json) as? [String: Any])
    }

    static func ids(_ answer: [String: Any]) -> [Int] {
        (answer["clients"] as? [[String: Any]] ?? []).compactMap { $0["client_id"] as? Int }
    }

    @Test("by messages, workouts or both: most inactive first, never first of all, only the trainer's own clients")
    func byMeasure() async throws {
        for database in try await TestDatabase.all() {
            defer { Task { await database.drop() } }
            let connection = try await Self.world(database)
            defer { Task { await connection.close() } }
            let tools = SpotterTools(connection: connection, userID: 1)
            // By messages: the not-messaging list, whatever the workouts (7 trains, so the combined
            // list does not have him); never first, then the longest silence.
            let messages = try await Self.call(tools, "inactive_clients", ["days": 14, "by": "messages"])
            #expect(Self.ids(messages) == [3, 4, 2], "\(database): \(messages)")
            #expect((messages["note"] as? String)?.contains("not-messaging list") == true)
            let recent = try await Self.call(tools, "inactive_clients", ["days": 7, "by": "messages"])
            #expect(Self.ids(recent) == [3, 4, 2, 7], "\(database): \(recent)")
            let silent = (recent["clients"] as? [[String: Any]] ?? []).first { $0["client_id"] as? Int == 7 }
            #expect(
                silent?["days_since"] as? Int == 9 && silent?["reason"] as? String == "silent 7",
                "\(String(describing: silent))")
            let workouts = try await Self.call(tools, "inactive_clients", ["days": 7, "by": "workouts"])
            #expect(Self.ids(workouts) == [5, 4, 3], "\(database)")
            let both = try await Self.call(tools, "inactive_clients", ["days": 7])
            #expect(Self.ids(both) == [5, 4, 3], "\(database)")
            let page = try await Self.call(tools, "inactive_clients", ["days": 0, "limit": 2, "offset": 2])
            #expect(Self.ids(page) == [3, 2], "\(database)")
            let paging = page["page"] as? [String: Any] ?? [:]
            #expect(paging["total"] as? Int == 4 && paging["next_offset"] == nil, "\(paging)")

            let overview = try await Self.call(tools, "trainer_overview", ["limit": 1])
            #expect(overview["clients_total"] as? Int == 5 && overview["needing_attention"] as? Int == 4)
            let tiers = overview["tiers"] as? [[String: Any]] ?? []
            #expect(tiers.map { $0["tier"] as? Int } == [14, 7, 3])
            #expect(tiers.map { ($0["page"] as? [String: Any])?["total"] as? Int } == [2, 1, 1], "\(database)")
            #expect(Self.ids(tiers[0]) == [5] && (tiers[0]["page"] as? [String: Any])?["next_offset"] as? Int == 1)

            // A client asking for a trainer's tools is refused, naming why.
            let client = SpotterTools(connection: connection, userID: 2)
            await #expect(throws: ReadScopeError.self) { _ = try await Self.call(client, "trainer_overview", [:]) }
        }
    }

    @Test("days since an activity are counted on the calendar in the client's zone")
    func calendarDays() {
        // 23:30 UTC on 24 Nov is already 25 Nov in Tokyo and still 24 Nov in Los Angeles.
        let late = Date(timeIntervalSince1970: 1_795_563_000)  // 2026-11-24T23:30:00Z
        #expect(SpotterTools.daysSince(late, to: "2026-11-25", in: "Asia/Tokyo") == 0)
        #expect(SpotterTools.daysSince(late, to: "2026-11-25", in: "America/Los_Angeles") == 1)
        #expect(SpotterTools.daysSince(late, to: "2026-11-25", in: "UTC") == 1)
        // Across a DST change (Berlin, 29 Mar 2026 has 23 hours): still whole calendar days.
        let spring = Date(timeIntervalSince1970: 1_774_744_200)  // 2026-03-29T00:30:00Z, 01:30 in Berlin
        #expect(SpotterTools.daysSince(spring, to: "2026-03-31", in: "Europe/Berlin") == 2)
        #expect(SpotterTools.daysSince(nil, to: "2026-03-31", in: "UTC") == nil)
    }

    @Test("arguments: a string id, or a positive integer (a whole double passes); unknown names refused")
    func arguments() throws {
        let tool = try #require(ToolCatalog.tools.first { $0.name == "recommended_programs" })
        let names = ToolCatalog.argumentNames(of: tool)
        let whole = try ToolArguments(tool: tool.name, values: ["client": .double(3)], allowed: names)
        #expect(try whole.userID("client") == 3)
        // Ids may be text (issue 14): a string is any id the product's keys may hold.
        for text in ["3", "k9JohnUid"] {
            let string = try ToolArguments(tool: tool.name, values: ["client": .string(text)], allowed: names)
            #expect(try string.userID("client")?.text == text)
        }
        // A JSON number is a bigint key: positive integers only.
        for bad: Value in [.double(3.5), .double(0), .bool(true), .int(0), .int(-4), .array([.int(3)])] {
            let arguments = try ToolArguments(tool: tool.name, values: ["client": bad], allowed: names)
            #expect(throws: ReadScopeError.self) { try arguments.userID("client") }
        }
        #expect(throws: ReadScopeError.self) {
            try ToolArguments(tool: tool.name, values: ["client": .int(3), "user": .int(2)], allowed: names)
        }
    }
}
