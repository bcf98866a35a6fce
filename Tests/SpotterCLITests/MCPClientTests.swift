import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// `spotter mcp` driven by the official Python MCP client (PyPI `mcp`, installed by the test into
/// a throwaway virtual environment) on a seeded database after a nightly run, on both backends:
/// every tool listed and called; scope violations and bad arguments are MCP errors, not crashes.
@Suite("mcp with a real client")
struct MCPClientTests {
    /// The people the calls are about, picked from the seeded data.
    struct Cast {
        var trainer: Int64, client: Int64, clients: Set<Int64>, otherClient: Int64, otherName: String, member: Int64
        var word: String
        /// What the server is started with: on PostgreSQL a login role in spotter_reader only.
        var serverDatabase: String
    }

    /// `conninfo` with its user replaced by `user` (URL or keyword form).
    static func conninfo(_ conninfo: String, user: String) -> String {
        guard let scheme = conninfo.range(of: "://") else { return conninfo + " user=\(user)" }
        let rest = conninfo[scheme.upperBound...]
        let hostStart =
            rest.firstIndex(of: "@").flatMap { at in
                rest[..<at].contains("/") ? nil : rest.index(after: at)
            } ?? rest.startIndex
        return String(conninfo[..<scheme.upperBound]) + user + "@" + rest[hostStart...]
    }

    static func seeded(_ database: TestDatabase) async throws -> Cast {
        let migrate = database.backend == .postgres ? ["migrate", "--roles"] : ["migrate"]
        for arguments in [migrate, ["seed", "--users", "300"], ["run", "nightly"]] {
            let output = try await SpotterCommand.run(arguments + ["--database", database.databaseArgument])
            #expect(output.status == 0, "\(arguments): \(output)")
        }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        var serverDatabase = database.databaseArgument
        if database.backend == .postgres {
            // The server runs as a login role that is only a spotter_reader: least privilege.
            try await connection.execute(
                """
                DO $$ BEGIN
                    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'spotter_mcp_test') THEN
                        CREATE ROLE spotter_mcp_test LOGIN IN ROLE spotter_reader;
                    END IF;
                END $$
                """)
            serverDatabase = Self.conninfo(database.configuration.conninfo, user: "spotter_mcp_test")
        }
        // A client with current facts, a suggestion and recommendations, and their trainer.
        let row = try #require(
            try await connection.query(
                """
                SELECT tc.trainer_id, tc.client_id, (SELECT min(f.content) FROM spotter.current_facts f
                                                     WHERE f.user_id = tc.client_id) AS content
                FROM spotter.trainer_clients tc JOIN spotter.users u ON u.id = tc.client_id AND u.status = 'active'
                WHERE EXISTS (SELECT 1 FROM spotter.current_facts f WHERE f.user_id = tc.client_id)
                  AND EXISTS (SELECT 1 FROM spotter.daily_suggestions d WHERE d.user_id = tc.client_id)
                  AND EXISTS (SELECT 1 FROM spotter.program_recommendations r WHERE r.user_id = tc.client_id)
                ORDER BY tc.trainer_id, tc.client_id LIMIT 1
                """
            ).first)
        let trainer = try row.int64("trainer_id")
        let clients = Set(
            try await connection.query(
                "SELECT client_id FROM spotter.trainer_clients WHERE trainer_id = $1", [.int(trainer)]
            ).map { try $0.int64("client_id") })
        let other = try #require(
            try await connection.query(
                """
                SELECT tc.client_id, u.display_name FROM spotter.trainer_clients tc JOIN spotter.users u ON u.id = tc.client_id
                WHERE tc.trainer_id <> $1 AND tc.client_id NOT IN (SELECT client_id FROM spotter.trainer_clients
                                                                   WHERE trainer_id = $1)
                ORDER BY tc.client_id LIMIT 1
                """, [.int(trainer)]
            ).first)
        let member = try #require(
            try await connection.query(
                "SELECT id FROM spotter.users WHERE role = 'member' AND status = 'active' ORDER BY id LIMIT 1"
            ).first
        ).int64("id")
        let words: [String] = try row.string("content").split(separator: " ").map(String.init)
        let candidates = words.filter { word in word.count >= 4 && word.allSatisfy { $0.isLetter } }
        let word = candidates.max { $0.count < $1.count } ?? "knee"
        return Cast(
            trainer: trainer, client: try row.int64("client_id"), clients: clients,
            otherClient: try other.int64("client_id"), otherName: try other.string("display_name"), member: member,
            word: word, serverDatabase: serverDatabase)
    }

    /// One call's outcome from the client's report.
    struct Outcome {
        var raw: [String: Any]
        var ok: Bool { raw["ok"] as? Bool == true && raw["is_error"] as? Bool == false }
        var errorCode: Int? { raw["error_code"] as? Int }
        var errorMessage: String { raw["error_message"] as? String ?? "" }
        var structured: [String: Any] { raw["structured"] as? [String: Any] ?? [:] }
        var text: String { raw["text"] as? String ?? "" }
        var label: String { "\(raw["tool"] ?? "?") \(raw["arguments"] ?? "")" }
    }

    static func call(_ tool: String, _ arguments: [String: Any] = [:]) -> [String: Any] {
        ["tool": tool, "arguments": arguments]
    }

    @Test("the Python MCP client lists and calls every tool; scope and bad arguments are MCP errors")
    func realClient() async throws {
        for database in try await TestDatabase.all() {
            defer { Task { await database.drop() } }
            let cast = try await Self.seeded(database)
            let c = cast.client
            let trainerCalls: [[String: Any]] = [
                Self.call("trainer_overview"),
                Self.call("inactive_clients", ["days": 3, "by": "both"]),
                Self.call("inactive_clients", ["days": 1, "by": "messages", "limit": 5]),
                Self.call("inactive_clients", ["by": "workouts"]),
                Self.call("search_facts", ["query": cast.word]),
                Self.call("search_facts", ["query": cast.word, "client": c, "limit": 3]),
                Self.call("member_context", ["client": c]),
                Self.call("daily_suggestion", ["client": c]),
                Self.call("recommended_programs", ["client": c, "limit": 3]),
                // Scope: another trainer's client.
                Self.call("member_context", ["client": cast.otherClient]),
                Self.call("search_facts", ["query": cast.word, "client": cast.otherClient]),
                Self.call("daily_suggestion", ["client": cast.otherClient]),
                Self.call("recommended_programs", ["client": cast.otherClient, "limit": 1]),
                // Bad arguments.
                Self.call("daily_suggestion", ["client": "abc"]),
                Self.call("daily_suggestion", ["client": c, "date": "yesterday"]),
                Self.call("recommended_programs", ["client": c, "limit": 100_000]),
                Self.call("search_facts", [:]),
                Self.call("search_facts", ["query": 5]),
                Self.call("member_context", ["client": 999_999_999]),
                Self.call("inactive_clients", ["by": "sometimes"]),
                Self.call("trainer_overview", ["limit": -1]),
                Self.call("member_context", ["clinet": c]),
                Self.call("drop_tables"),
                // Still serving after all that.
                Self.call("trainer_overview", ["limit": 1]),
            ]
            let memberCalls: [[String: Any]] = [
                Self.call("member_context"),
                Self.call("member_context", ["client": c]),
                Self.call("trainer_overview"),
                Self.call("inactive_clients", ["days": 3]),
                Self.call("search_facts", ["query": "knee pain"]),
                Self.call("daily_suggestion", ["client": cast.member]),
                Self.call("recommended_programs", ["client": cast.member, "limit": 2]),
                // Issue 36: a date that is no day of the calendar.
                Self.call("daily_suggestion", ["client": cast.member, "date": "2026-02-30"]),
            ]
            let plan: [String: Any] = [
                "command": try SpotterCommand.executable().path, "args": ["--database", cast.serverDatabase],
                "sessions": [
                    ["as_user": cast.trainer, "calls": trainerCalls], ["as_user": cast.member, "calls": memberCalls],
                ],
            ]
            let report = try await PythonMCPClient.run(plan: plan)
            let sessions = try #require(report["sessions"] as? [[String: Any]])
            try #require(sessions.count == 2)
            // Issue 36: the server announces the binary's own version.
            let version = try await SpotterCommand.run(["--version"])
            #expect(version.status == 0)
            for session in sessions {
                #expect(
                    session["server_version"] as? String
                        == version.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(session["server_version"] ?? "")")
            }
            let tools = (sessions[0]["tools"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(
                tools == [
                    "member_context", "trainer_overview", "inactive_clients", "search_facts", "daily_suggestion",
                    "recommended_programs",
                ], "\(database)")
            for tool in sessions[0]["tools"] as? [[String: Any]] ?? [] {
                let schema = tool["input_schema"] as? [String: Any] ?? [:]
                #expect(schema["type"] as? String == "object" && schema["properties"] is [String: Any], "\(tool)")
                #expect(tool["read_only"] as? Bool == true, "\(tool)")
            }
            let trainer = (sessions[0]["results"] as? [[String: Any]] ?? []).map(Outcome.init)
            let member = (sessions[1]["results"] as? [[String: Any]] ?? []).map(Outcome.init)
            try #require(trainer.count == trainerCalls.count && member.count == memberCalls.count)
            try await checkTrainer(trainer, cast: cast, database: database)
            checkMember(member, cast: cast)
        }
    }

    func checkTrainer(_ results: [Outcome], cast: Cast, database: TestDatabase) async throws {
        for result in results[0..<9] + [results[23]] {
            #expect(result.ok && !result.text.isEmpty, "\(result.label): \(result.raw)")
        }
        let overview = results[0].structured
        #expect((overview["trainer"] as? [String: Any])?["id"] as? Int == Int(cast.trainer))
        #expect(overview["clients_total"] as? Int == cast.clients.count)
        for index in 1...3 {
            let clients = results[index].structured["clients"] as? [[String: Any]] ?? []
            #expect(clients.allSatisfy { cast.clients.contains(Int64($0["client_id"] as? Int ?? 0)) })
        }
        #expect((results[2].structured["clients"] as? [Any])?.count ?? 0 <= 5)
        let everyone = results[4].structured["hits"] as? [[String: Any]] ?? []
        // The trainer's own facts are in scope too (from their own conversations with the assistant).
        let scope = cast.clients.union([cast.trainer])
        #expect(!everyone.isEmpty && everyone.allSatisfy { scope.contains(Int64($0["user_id"] as? Int ?? 0)) })
        let one = results[5].structured["hits"] as? [[String: Any]] ?? []
        #expect(!one.isEmpty && one.count <= 3 && one.allSatisfy { $0["user_id"] as? Int == Int(cast.client) })
        // Quoted sources are the hit's own person's messages, never anyone else's.
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        for hit in everyone + one {
            for source in hit["sources"] as? [[String: Any]] ?? [] {
                let sender = try await connection.query(
                    "SELECT sender_id FROM spotter.messages WHERE id = $1 AND deleted_at IS NULL",
                    [.int(Int64(source["message_id"] as? Int ?? 0))]
                ).first?.int64("sender_id")
                #expect(sender == Int64(hit["user_id"] as? Int ?? -1), "\(hit)")
            }
        }
        #expect((results[6].structured["person"] as? [String: Any])?["id"] as? Int == Int(cast.client))
        #expect(results[7].structured["suggestion"] is [String: Any], "\(results[7].raw)")
        #expect((results[8].structured["programs"] as? [Any])?.count == 3)
        for result in results[9...12] {
            #expect(result.errorCode == -32602, "\(result.label): \(result.raw)")
            #expect(result.errorMessage.contains("is not one of trainer \(cast.trainer)'s clients"), "\(result.raw)")
            #expect(!result.errorMessage.contains(cast.otherName), "no data about the other client: \(result.raw)")
        }
        let expected = [
            "'abc' is not a user id", "'date' must be a date", "'limit' must be between 1 and 10",
            "'query' is required", "'query' must be a string", "user 999999999 is not one of trainer",
            "'by' must be one of messages, workouts, both", "'limit' must be between 1 and 50",
            "unknown argument 'clinet'", "unknown tool 'drop_tables'",
        ]
        for (result, text) in zip(results[13...22], expected) {
            #expect(result.errorCode == -32602 && result.errorMessage.contains(text), "\(result.label): \(result.raw)")
        }
    }

    func checkMember(_ results: [Outcome], cast: Cast) {
        #expect(results[0].ok && (results[0].structured["person"] as? [String: Any])?["id"] as? Int == Int(cast.member))
        #expect(
            results[1].errorCode == -32602
                && results[1].errorMessage.contains("may only ask about themselves, not about user \(cast.client)"),
            "\(results[1].raw)")
        for result in results[2...3] {
            #expect(result.errorCode == -32602 && result.errorMessage.contains("is for trainers"), "\(result.raw)")
        }
        #expect(results[4].ok, "\(results[4].raw)")
        let hits = results[4].structured["hits"] as? [[String: Any]] ?? []
        #expect(hits.allSatisfy { $0["user_id"] as? Int == Int(cast.member) }, "\(hits)")
        #expect(results[5].ok && results[6].ok, "\(results[5].raw) \(results[6].raw)")
        #expect(
            results[7].errorCode == -32602 && results[7].errorMessage.contains("'date' must be a date"),
            "\(results[7].raw)")
    }

    @Test("spotter mcp refuses to start for an unknown or deactivated user")
    func unknownCaller() async throws {
        for database in try await TestDatabase.all() {
            defer { Task { await database.drop() } }
            let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
            #expect(migrate.status == 0, "\(migrate)")
            let output = try await SpotterCommand.run(
                ["mcp", "--as-user", "424242", "--database", database.databaseArgument], timeout: .seconds(30))
            #expect(output.status == 2 && output.stderr.contains("user 424242 does not exist"), "\(output)")
            #expect(output.stdout.isEmpty)
        }
    }
}
