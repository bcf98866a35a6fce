import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// `schema/chat_context.schema.json` is the published shape of `spotter.chat_context`: every
/// document of a seeded, nightly-run database validates against it on both backends (with
/// Python's `jsonschema`, installed by the test run in its throwaway environment).
@Suite("chat_context schema")
struct ChatContextSchemaTests {
    static let schema = TestRepository.root.appendingPathComponent("schema/chat_context.schema.json")

    @Test("every chat_context document of a seeded database validates; a broken one does not")
    func documentsValidate() async throws {
        for database in try await TestDatabase.all() {
            defer { Task { await database.drop() } }
            for arguments in [["migrate"], ["seed", "--users", "300"], ["run", "nightly"]] {
                let output = try await SpotterCommand.run(arguments + ["--database", database.databaseArgument])
                #expect(output.status == 0, "\(arguments): \(output)")
            }
            let connection = try await database.connect()
            let documents = try await connection.query("SELECT document FROM spotter.chat_context ORDER BY user_id")
                .map { try $0.json("document") }
            let people = try await connection.query(
                "SELECT count(*) AS n FROM spotter.users WHERE status <> 'deactivated'")[0].int("n")
            await connection.close()
            #expect(documents.count == people && people > 250, "\(database)")
            // Every section is exercised: trainers with clients, people with facts and suggestions.
            let joined = documents.joined(separator: "\n")
            for key in [
                "\"key_facts\"", "\"first_mentioned_at\"", "\"reasons\"", "\"week_days\"", "\"days_inactive\"",
                "\"days_since_message\"",
            ] {
                #expect(joined.contains(key), "\(database): no document has \(key)")
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("chat-context-\(UUID()).jsonl")
            defer { try? FileManager.default.removeItem(at: file) }
            // The last line is a copy of the first with a fact's confidence as text: it must fail.
            let broken = try #require(documents.first { $0.contains("\"confidence\"") })
                .replacingOccurrences(of: "\"confidence\":", with: "\"confidence\":\"high\",\"was\":")
                .replacingOccurrences(of: "\"confidence\": ", with: "\"confidence\": \"high\", \"was\": ")
            // The 64 KiB fallback's shape (lists dropped, totals kept, truncated: true) is valid too.
            var cut = try #require(
                try JSONSerialization.jsonObject(with: Data(documents[0].utf8)) as? [String: Any])
            for list in ["suggestion", "recommendations", "facts", "inactive_clients", "not_messaging", "clients"] {
                cut[list] = nil
            }
            cut["truncated"] = true
            let truncated = String(decoding: try JSONSerialization.data(withJSONObject: cut), as: UTF8.self)
            try (documents + [truncated, broken]).joined(separator: "\n")
                .write(to: file, atomically: true, encoding: .utf8)
            let report = try await PythonMCPClient.runScript(
                "validate_json_schema.py", [Self.schema.path, file.path])
            #expect(report["documents"] as? Int == documents.count + 2, "\(report)")
            let invalid = report["invalid"] as? [[String: Any]] ?? []
            #expect(invalid.map { $0["line"] as? Int } == [documents.count + 2], "\(database): \(invalid)")
        }
    }
}
