import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterRendering
import SpotterTestSupport
import Testing

/// `spotter facts extract | show`, `spotter eval facts` and the demo's facts section.
@Suite("facts commands")
struct FactsCommandTests {
    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("facts-\(UUID().uuidString).jsonl")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("facts extract: a malformed middle line is reported by number, the rest still runs, exit 1")
    func extractMalformedLine() async throws {
        let input = try Self.temporaryFile(
            """
            {"id": "m1", "user_id": "u1", "text": "My left knee hurts when I run.", "sent_at": "2026-09-01T08:00:00Z"}
            {"id": "m2", "user_id": "u1", "text": "I love yoga", "sent_at": 
            {"id": "m3", "user_id": "u1", "text": "my left knee hurts", "sent_at": "2026-09-03T08:00:00Z"}

            {"id": 4, "user_id": 2, "text": "My wife is vegan.", "sent_at": "2026-09-04T08:00:00+02:00"}
            {"id": "m5", "user_id": "u1", "text": "I hate burpees."}

            """)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try await SpotterCommand.run(["facts", "extract", "--input", input.path])
        #expect(output.status == 1, "\(output)")
        #expect(output.stderr.contains("line 2: not valid JSON"), "\(output)")
        #expect(output.stderr.contains("line 6: missing \"sent_at\""), "\(output)")
        #expect(output.stderr.contains("2 of 6 lines were skipped"), "\(output)")
        let facts = try output.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(facts.count == 2, "\(output)")
        let knee = try #require(facts.first { ($0["content"] as? String) == "Left knee hurts when running" })
        #expect(knee["source_ids"] as? [String] == ["m1", "m3"] && knee["mention_count"] as? Int == 2)
        for key in ["user_id", "subject", "category", "polarity", "temporal", "confidence", "first_mentioned_at"] {
            #expect(knee[key] != nil, "\(key) is present")
        }
        let wife = try #require(facts.first { ($0["user_id"] as? String) == "2" })
        #expect(wife["subject"] as? String == "wife" && wife["source_ids"] as? [String] == ["4"])
    }

    @Test("facts extract: clean input exits 0; history adds the replaced fact with valid_to")
    func extractHistory() async throws {
        let input = try Self.temporaryFile(
            """
            {"id": "a", "user_id": "u", "text": "My knee hurts.", "sent_at": "2026-09-01T08:00:00Z"}
            {"id": "b", "user_id": "u", "text": "My knee is fine now.", "sent_at": "2026-09-09T08:00:00Z"}
            """)
        defer { try? FileManager.default.removeItem(at: input) }
        let current = try await SpotterCommand.run(["facts", "extract", "--input", input.path])
        #expect(current.status == 0 && current.stderr.isEmpty, "\(current)")
        #expect(current.stdout.split(separator: "\n").count == 1 && current.stdout.contains("\"source_ids\":[\"b\"]"))
        let history = try await SpotterCommand.run(["facts", "extract", "--history", "--input", input.path])
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(history)")
        #expect(lines.first?.contains("\"valid_to\":\"2026-09-09T08:00:00Z\"") == true, "\(history)")
        let empty = try await SpotterCommand.run(["facts", "extract"])
        #expect(empty.status == 0 && empty.stdout.isEmpty, "empty stdin: \(empty)")
        let missing = try await SpotterCommand.run(["facts", "extract", "--input", "/nonexistent/x.jsonl"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot read"), "\(missing)")
    }

    @Test("facts show: current facts by category with sources; deleted messages are never quoted")
    func show() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "My left knee hurts when I run.", minute: 0)
            try await world.say(1002, in: 10, from: 1, "I love yoga.", minute: 1)
            try await world.say(1003, in: 10, from: 1, "my left knee hurts", minute: 2)
            try await world.say(1004, in: 10, from: 1, "I'm vegetarian.", minute: 3)
            try await world.say(1005, in: 10, from: 1, "I eat meat again.", minute: 4)
            try await world.say(1006, in: 10, from: 1, "I secretly hate burpees.", minute: 5)
            try await world.runAna()
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id = 1006", [.timestamp(FactsWorld.at(9))])
            let database = world.database.databaseArgument
            let output = try await SpotterCommand.run(["facts", "show", "1", "--database", database])
            #expect(output.status == 0, "\(output)")
            let text = output.stdout
            #expect(text.contains("Ana Souza (user 1)"), "\(text)")
            #expect(text.contains("Health") && text.contains("Preference"), "\(text)")
            #expect(text.contains("• Left knee hurts when running"), "\(text)")
            #expect(text.contains("mentioned 2×") && text.contains("#1003"), "\(text)")
            #expect(text.contains("Replaced by a later statement"), "\(text)")
            #expect(!text.contains("burpees"), "a fact whose only source was deleted is not shown: \(text)")
            let sheet = try await world.connection.withSession { session in
                try FactsDemo.render(in: session, users: 1)
            }
            #expect(sheet.contains("Ana Souza (user 1)") && sheet.contains("current facts"), "\(sheet)")
            let unknown = try await SpotterCommand.run(["facts", "show", "42", "--database", database])
            #expect(unknown.status == 1 && unknown.stderr == "spotter: error: no user with id 42\n", "\(unknown)")
            let bad = try await SpotterCommand.run(["facts", "show", "ana", "--database", database])
            #expect(bad.status == 2, "\(bad)")
        }
    }

    @Test("eval facts prints the development table and both held-out tables")
    func evalFacts() async throws {
        let output = try await SpotterCommand.run(["eval", "facts"])
        #expect(output.status == 0, "\(output)")
        let text = output.stdout
        #expect(text.components(separatedBy: "\noverall ").count - 1 == 3, "\(text)")
        for title in ["Development set", "Held-out set 1", "Held-out set 2"] { #expect(text.contains(title)) }
        let lines = text.split(separator: "\n")
        for category in ["health", "goal", "relationship", "experience"] {
            // Score rows have decimals; the group rows under each table do not.
            let rows = lines.filter { $0.hasPrefix(category + " ") && $0.contains(".") }
            #expect(rows.count == 3, "\(category): \(rows)")
        }
    }

    @Test("FactLines.parse names the problem of each bad line")
    func parseErrors() {
        let cases: [(String, String)] = [
            ("[1, 2]", "expected a JSON object"),
            ("{\"id\": \"a\"", "not valid JSON"),
            ("{\"user_id\": \"u\", \"text\": \"x\", \"sent_at\": \"2026-01-01T00:00:00Z\"}", "missing \"id\""),
            (
                "{\"id\": 1.5, \"user_id\": \"u\", \"text\": \"x\", \"sent_at\": \"2026-01-01T00:00:00Z\"}",
                "\"id\" must be"
            ),
            (
                "{\"id\": \"a\", \"user_id\": \"u\", \"text\": 3, \"sent_at\": \"2026-01-01T00:00:00Z\"}",
                "\"text\" must be a string"
            ),
            ("{\"id\": \"a\", \"user_id\": \"u\", \"text\": \"x\", \"sent_at\": \"monday\"}", "ISO 8601"),
        ]
        for (line, message) in cases {
            guard case .failure(let error) = FactLines.parse(line, number: 7) else {
                Issue.record("\(line) parsed")
                continue
            }
            #expect(error.description.hasPrefix("line 7: ") && error.message.contains(message), "\(error)")
        }
        guard case .success(nil) = FactLines.parse("   ", number: 1) else {
            Issue.record("a blank line is skipped")
            return
        }
    }
}
