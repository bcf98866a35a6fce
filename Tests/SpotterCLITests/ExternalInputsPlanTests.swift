import Foundation
import Logging
import SpotterDB
import SpotterLogging
import SpotterTestSupport
import Synchronization
import Testing

/// Issue 14: with a product's text and UUID keys, the read path's lookups by the product's user id
/// use the product's indexes (PostgreSQL). The product-tables recipe's schema, grown to 20 000 accounts
/// and 100 000 messages and analyzed, so the planner chooses freely (sequential scans allowed):
/// a lookup that cannot use an index shows as a Seq Scan on the product's table.
@Suite("External inputs: plans")
struct ExternalInputsPlanTests {
    /// What the connection's notice receiver logs (auto_explain's plans arrive as LOG notices).
    final class Lines: Sendable {
        let storage = Mutex<[String]>([])
        var sink: LogSink { LogSink { line in self.storage.withLock { $0.append(line) } } }
        var all: [String] { storage.withLock { $0 } }
    }

    static let bulkRows = """
        INSERT INTO app.accounts (uid, name, kind, tz)
        SELECT 'uid' || md5(n::text), 'Person ' || n, CASE WHEN n % 50 = 0 THEN 'coach' ELSE 'athlete' END, 'Europe/Berlin'
        FROM generate_series(1, 20000) n;
        INSERT INTO app.coaching (coach_uid, athlete_uid)
        SELECT 'uid' || md5(((n / 50) * 50)::text), 'uid' || md5(n::text) FROM generate_series(50, 20000) n WHERE n % 50 <> 0;
        INSERT INTO app.chat_threads (thread_id, athlete_uid, coach_uid)
        SELECT md5('t' || n)::uuid, 'uid' || md5(n::text), 'uid' || md5(((n / 50) * 50)::text)
        FROM generate_series(50, 20000) n WHERE n % 50 <> 0;
        INSERT INTO app.chat_messages (msg_id, thread_id, author_uid, text, created)
        SELECT md5('m' || n || '-' || k)::uuid, md5('t' || n)::uuid, 'uid' || md5(n::text),
               'message ' || k || ' about training day ' || n, now() - k * interval '1 hour'
        FROM generate_series(50, 20000) n CROSS JOIN generate_series(1, 5) k WHERE n % 50 <> 0;
        ANALYZE app.accounts, app.coaching, app.chat_threads, app.chat_messages, app.workout_log;
        """

    /// Every node of a JSON plan that reads one of the product's tables: (node type, table, index).
    static func productScans(_ node: Any, into scans: inout [(type: String, table: String, index: String?)]) {
        if let list = node as? [Any] {
            for item in list { productScans(item, into: &scans) }
            return
        }
        guard let object = node as? [String: Any] else { return }
        if let type = object["Node Type"] as? String, let table = object["Relation Name"] as? String,
            (object["Schema"] as? String).map({ $0 == "app" })
                ?? ["accounts", "coaching", "chat_threads", "chat_messages"].contains(table)
        {
            scans.append((type, table, object["Index Name"] as? String))
        }
        for value in object.values { productScans(value, into: &scans) }
    }

    /// One line per scan, for the report and the failure message.
    static func describe(_ scans: [(type: String, table: String, index: String?)]) -> String {
        scans.map { "\($0.type) on \($0.table)\($0.index.map { " using \($0)" } ?? "")" }.joined(separator: "; ")
    }

    @Test("chat_context and search_facts by a text user id use the product's indexes (no Seq Scan on app.*)")
    func readPathUsesProductIndexes() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let lines = Lines()
        let logger = Logger(label: "spotter.test.plans") { label in
            SpotterLogHandler(label: label, format: .text, level: .debug, sink: lines.sink)
        }
        let connection = try await DatabaseConnection.open(database.configuration, logger: logger)
        defer { Task { await connection.close() } }
        try await connection.withSession { session in
            try session.executeScript(DocsRecipe.block("postgres product"))
            try session.executeScript(DocsRecipe.block("postgres views"))
        }
        let migrate = try await SpotterCommand.run([
            "migrate", "--inputs", "external", "--database", database.databaseArgument,
        ])
        #expect(migrate.status == 0, "\(migrate)")
        try await connection.withSession { try $0.executeScript(DocsRecipe.block("postgres rows")) }
        let nightly = try await SpotterCommand.run(["run", "nightly", "--database", database.databaseArgument])
        #expect(nightly.status == 0, "\(nightly)")
        try await connection.withSession { try $0.executeScript(Self.bulkRows) }

        // The chat context as ChatContext.document asks for it: one untyped text bind.
        for user in ["k9JohnUid", "Xq3fCoachCarla"] {
            let plan = try await connection.withSession { session in
                try session.executeScript(
                    "PREPARE chat_context_plan AS SELECT document FROM spotter.chat_context WHERE user_id = $1")
                defer { try? session.executeScript("DEALLOCATE chat_context_plan") }
                return try session.query("EXPLAIN (FORMAT JSON) EXECUTE chat_context_plan('\(user)')")
                    .map { try $0.string(at: 0) }.joined()
            }
            var scans: [(type: String, table: String, index: String?)] = []
            Self.productScans(try JSONSerialization.jsonObject(with: Data(plan.utf8)), into: &scans)
            print("chat_context(\(user)): \(Self.describe(scans))")
            #expect(scans.contains { $0.table == "accounts" && $0.index == "accounts_pkey" }, "\(Self.describe(scans))")
            #expect(!scans.contains { $0.type == "Seq Scan" }, "\(user): \(Self.describe(scans))")
        }

        // search_facts is PL/pgSQL: auto_explain logs the plans of the statements inside it.
        let before = lines.all.count
        let hits = try await connection.withSession { session in
            try session.executeScript(
                """
                LOAD 'auto_explain';
                SET auto_explain.log_min_duration = 0;
                SET auto_explain.log_nested_statements = on;
                SET auto_explain.log_format = 'json';
                SET client_min_messages = log;
                """)
            defer { try? session.executeScript("RESET client_min_messages; SET auto_explain.log_min_duration = -1") }
            var hits = 0
            for (user, client) in [
                ("k9JohnUid", "NULL"), ("Xq3fCoachCarla", "NULL"), ("Xq3fCoachCarla", "'k9JohnUid'"),
            ] {
                hits += try session.query(
                    "SELECT * FROM spotter.search_facts('\(user)', 'What about the knee?', 10, \(client))"
                ).count
            }
            return hits
        }
        #expect(hits == 3, "each asker finds John's knee fact")
        var scans: [(type: String, table: String, index: String?)] = []
        var plans = 0
        for line in lines.all.dropFirst(before) where line.contains("plan:") {
            guard let start = line.range(of: "plan: ")?.upperBound,
                let document = try? JSONSerialization.jsonObject(with: Data(line[start...].utf8))
            else { continue }
            plans += 1
            Self.productScans(document, into: &scans)
        }
        print("search_facts: \(plans) plans; \(Self.describe(scans))")
        #expect(plans >= 3, "auto_explain's plans reached the client")
        #expect(scans.contains { $0.table == "accounts" && $0.index == "accounts_pkey" }, "\(Self.describe(scans))")
        #expect(scans.contains { $0.table == "chat_messages" }, "\(Self.describe(scans))")
        #expect(!scans.contains { $0.type == "Seq Scan" }, "search_facts: \(Self.describe(scans))")
    }
}
