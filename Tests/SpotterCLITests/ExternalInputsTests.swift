import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 14 item 1: Spotter on a product's own tables, through views (`migrate --inputs external`,
/// `check-inputs`), following the recipe of docs/product-tables.md verbatim.
@Suite("External inputs")
struct ExternalInputsTests {
    /// Runs every `spotter …` line of a README shell block against `database`; returns the outputs.
    static func runBlock(_ name: String, _ database: TestDatabase) async throws -> [SpotterCommand.Output] {
        var outputs: [SpotterCommand.Output] = []
        for arguments in try DocsRecipe.commands(name) {
            let output = try await SpotterCommand.run(
                arguments, environment: ["DATABASE_URL": database.databaseArgument])
            #expect(output.status == 0, "spotter \(arguments.joined(separator: " ")): \(output)")
            outputs.append(output)
        }
        return outputs
    }

    @Test(
        "the product-tables recipe on PostgreSQL: views over the product's tables, the whole nightly, context, facts lifecycle"
    )
    func recipeOnPostgres() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { session in
            try session.executeScript(DocsRecipe.block("postgres product"))
            try session.executeScript(DocsRecipe.block("postgres views"))
        }
        let migrate = try await Self.runBlock("postgres migrate", database)
        #expect(migrate.first?.stdout.contains("inputs ok") == true, "\(migrate)")
        // Issue 31: no rows yet, so each empty class of input gets a note with its fix.
        for relation in ["exercises", "programs", "workout_sessions"] {
            #expect(migrate.first?.stdout.contains("note: spotter.\(relation): no ") == true, "\(migrate)")
        }
        #expect(migrate.last?.stdout.contains("inputs external") == true, "\(migrate)")
        // The input relations are still the product's views; Spotter made none of them a table.
        let kinds = try await connection.query(
            """
            SELECT count(*) FILTER (WHERE c.relkind = 'v') AS views, count(*) AS n FROM pg_class c
            JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'spotter' AND c.relname = ANY (CAST($1 AS text[]))
            """, [.text("{" + InputContract.names.joined(separator: ",") + "}")])
        #expect(
            try kinds[0].int("views") == InputContract.names.count && kinds[0].int("n") == InputContract.names.count)

        try await connection.withSession { try $0.executeScript(DocsRecipe.block("postgres rows")) }
        let nightly = try await Self.runBlock("postgres nightly", database)
        #expect(nightly.count == 3)
        let summary = nightly[0].stdout
        for kind in ["profile_stats", "daily_suggestion", "extract_facts", "inactive_clients", "checkin_trends"] {
            #expect(summary.contains(kind), "the nightly ran \(kind): \(summary)")
        }
        let stats = try await connection.query(
            "SELECT user_id, current_streak, week_workouts FROM spotter.profile_stats WHERE user_id = 'k9JohnUid'")
        #expect(try stats.first?.int("current_streak") == 2, "two days in a row from app.workout_log")
        // Issue 31: no exercise library, and the summary says so with the fix.
        #expect(summary.contains("spotter.exercises: no exercise library"), "\(summary)")
        let suggestion = try await connection.query(
            "SELECT workout_id, program_id, reasons::text AS reasons FROM spotter.daily_suggestions WHERE user_id = 'k9JohnUid'"
        )
        #expect(suggestion.count == 1, "a suggestion from the product's plans")
        #expect(
            try ["bodyweight-basics", "dumbbell-strength"].contains(suggestion.first?.string("program_id")),
            "the plan's text key")
        // The same night's facts already keep the knee unloaded: an upper-body day (not "legs"), saying why.
        #expect(
            try ["73", "82"].contains(suggestion.first?.id("workout_id", as: WorkoutID.self).text), "\(suggestion)")
        // No exercise library, yet the dumbbell plan (its gear "dumbbells") is recommended to John.
        let recommended = try await connection.query(
            "SELECT program_id FROM spotter.program_recommendations WHERE user_id = 'k9JohnUid'")
        #expect(try recommended.map { try $0.string("program_id") }.contains("dumbbell-strength"), "\(recommended)")
        #expect(
            try suggestion.first?.string("reasons").contains("left knee pain mentioned on") == true, "\(suggestion)")
        let context = nightly[1].stdout
        #expect(context.contains("# John"), "\(context)")
        #expect(context.contains("Left knee hurts when running"), "\(context)")
        #expect(
            nightly[2].stdout.contains("0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01"),
            "the fact cites the product's message id: \(nightly[2].stdout)")
        // The trainer's chat context lists their client by the product's id.
        let trainer = try await connection.query(
            "SELECT document FROM spotter.chat_context WHERE user_id = $1", [.text("Xq3fCoachCarla")])
        #expect(try trainer.first?.string("document").contains("\"client_id\": \"k9JohnUid\"") == true, "\(trainer)")

        // Delete the message in the product's table: its fact goes at the next run.
        try await connection.withSession { try $0.executeScript(DocsRecipe.block("postgres delete")) }
        let after = try await Self.runBlock("postgres after delete", database)
        #expect(after.last?.stdout.contains("0 current facts") == true, "\(after)")
        let facts = try await connection.query("SELECT count(*) AS n FROM spotter.facts WHERE user_id = 'k9JohnUid'")
        #expect(try facts[0].int("n") == 0, "the fact is gone from disk, not only hidden")
    }

    /// Runs a README shell block of the SQLite recipe line by line: `spotter …` against
    /// `database`, `sqlite3 app.sqlite "SQL"` through `connection`; `export DATABASE_URL=…` is the
    /// test's own database. Returns the spotter outputs.
    static func runSQLiteBlock(_ name: String, _ database: TestDatabase, _ connection: DatabaseConnection)
        async throws -> [SpotterCommand.Output]
    {
        var outputs: [SpotterCommand.Output] = []
        for line in try DocsRecipe.block(name).split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("spotter ") {
                let arguments = line.split(separator: " ").dropFirst().map(String.init)
                let output = try await SpotterCommand.run(
                    arguments, environment: ["DATABASE_URL": database.databaseArgument])
                #expect(output.status == 0, "\(line): \(output)")
                outputs.append(output)
            } else if line.hasPrefix("sqlite3 app.sqlite \""), line.hasSuffix("\"") {
                let sql = String(line.dropFirst("sqlite3 app.sqlite \"".count).dropLast())
                try await connection.withSession { try $0.executeScript(sql) }
            } else {
                #expect(line.hasPrefix("export DATABASE_URL=sqlite:app.sqlite"), "a line the test cannot run: \(line)")
            }
        }
        return outputs
    }

    @Test("the product-tables recipe on SQLite: text and UUID ids, the whole nightly, context, search, facts lifecycle")
    func recipeOnSQLite() async throws {
        let database = try await TestDatabase.make(.sqlite)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { session in
            try session.executeScript(DocsRecipe.block("sqlite product"))
            try session.executeScript(DocsRecipe.block("sqlite views"))
        }
        let migrate = try await Self.runSQLiteBlock("sqlite migrate", database, connection)
        #expect(migrate.first?.stdout.contains("inputs ok") == true, "\(migrate)")
        for relation in ["exercises", "programs", "workout_sessions"] {
            #expect(migrate.first?.stdout.contains("note: spotter.\(relation): no ") == true, "\(migrate)")
        }
        #expect(migrate.last?.stdout.contains("022_text_ids.sql") == true, "\(migrate)")
        let kinds = try await connection.query(
            "SELECT count(*) AS n FROM sqlite_master WHERE type = 'view' AND name IN (SELECT value FROM json_each($1))",
            [.json("[" + InputContract.names.map { "\"\($0)\"" }.joined(separator: ",") + "]")])
        #expect(try kinds[0].int("n") == InputContract.names.count, "the inputs are still the product's views")

        try await connection.withSession { try $0.executeScript(DocsRecipe.block("sqlite rows")) }
        let nightly = try await Self.runSQLiteBlock("sqlite nightly", database, connection)
        #expect(nightly.count == 4)
        for kind in ["profile_stats", "daily_suggestion", "extract_facts", "inactive_clients", "checkin_trends"] {
            #expect(nightly[0].stdout.contains(kind), "the nightly ran \(kind): \(nightly[0].stdout)")
        }
        let stats = try await connection.query(
            "SELECT user_id, typeof(user_id) AS type, current_streak FROM profile_stats WHERE user_id = 'k9JohnUid'")
        #expect(try stats.first?.int("current_streak") == 2, "two days in a row from app_workout_log")
        let suggestion = try await connection.query(
            "SELECT workout_id, program_id, reasons FROM daily_suggestions WHERE user_id = 'k9JohnUid'")
        #expect(
            try ["bodyweight-basics", "dumbbell-strength"].contains(suggestion.first?.string("program_id")),
            "the plan's text key")
        #expect(
            try ["73", "82"].contains(suggestion.first?.string("workout_id")),
            "an upper-body day: the knee hurts; \(suggestion)")
        #expect(nightly[0].stdout.contains("spotter.exercises: no exercise library"), "\(nightly[0].stdout)")
        let recommended = try await connection.query(
            "SELECT program_id FROM program_recommendations WHERE user_id = 'k9JohnUid'")
        #expect(try recommended.map { try $0.string("program_id") }.contains("dumbbell-strength"), "\(recommended)")
        #expect(
            try suggestion.first?.string("reasons").contains("left knee pain mentioned on") == true, "\(suggestion)")
        #expect(
            nightly[1].stdout.contains("# John") && nightly[1].stdout.contains("Left knee hurts when running"),
            "\(nightly[1])")
        #expect(nightly[2].stdout.contains("#0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01"), "\(nightly[2])")
        #expect(
            nightly[3].stdout.contains("My left knee hurts when I run.")
                && nightly[3].stdout.contains("message 0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01"),
            "the search quotes the product's message by its UUID: \(nightly[3])")
        // The search index holds the product's messages under keys of its own.
        let indexed = try await connection.query(
            """
            SELECT k.message_id FROM messages_search JOIN message_search_keys k ON k.key = messages_search.rowid
            WHERE messages_search MATCH 'short'
            """)
        #expect(try indexed.map { try $0.string("message_id") } == ["0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a02"])
        let trainer = try await connection.query(
            "SELECT document FROM chat_context WHERE user_id = $1", [.text("Xq3fCoachCarla")])
        let document = try trainer.first?.string("document") ?? ""
        #expect(document.contains("\"client_id\":\"k9JohnUid\""), "\(document)")
        let member = try await connection.query(
            "SELECT document FROM chat_context WHERE user_id = $1", [.text("k9JohnUid")])
        let memberDocument = try member.first?.string("document") ?? ""
        #expect(memberDocument.contains("\"program_id\":\"bodyweight-basics\""), "\(memberDocument)")
        #expect(memberDocument.contains("\"sources\":[\"0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a01\"]"), "\(memberDocument)")

        try await connection.withSession { try $0.executeScript(DocsRecipe.block("sqlite delete")) }
        let after = try await Self.runSQLiteBlock("sqlite after delete", database, connection)
        #expect(after.last?.stdout.contains("0 current facts") == true, "\(after)")
        let facts = try await connection.query("SELECT count(*) AS n FROM facts WHERE user_id = 'k9JohnUid'")
        #expect(try facts[0].int("n") == 0, "the fact is gone from disk, not only hidden")
        try await connection.withSession { try $0.executeScript("INSERT INTO messages_search_refresh DEFAULT VALUES") }
        let keys = try await connection.query("SELECT message_id FROM message_search_keys ORDER BY key")
        #expect(
            try keys.map { try $0.string("message_id") } == ["0f5e3b1a-6c2d-4e8f-9a7b-1c3d5e7f9a02"],
            "the refresh forgets gone messages")
    }

    @Test(
        "--inputs external on a database without the views names each missing relation",
        arguments: DatabaseBackend.allCases)
    func externalNeedsViews(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let output = try await SpotterCommand.run([
            "migrate", "--inputs", "external", "--database", database.databaseArgument,
        ])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("spotter.users, spotter.trainer_clients"), "\(output)")
        #expect(output.stderr.contains("create them as views"), "\(output)")
        #expect(!output.stderr.contains("invalidConfiguration"))
    }

    @Test("plain migrate over the product's views says to use --inputs external", arguments: DatabaseBackend.allCases)
    func plainMigrateOverViews(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        await connection.close()
        let output = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("spotter migrate --inputs external"), "\(output)")
    }

    @Test(
        "migrate --inputs external, then plain migrate and check-inputs, on both backends",
        arguments: DatabaseBackend.allCases)
    func externalOnBothBackends(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        let migrate = try await SpotterCommand.run([
            "migrate", "--inputs", "external", "--database", database.databaseArgument,
        ])
        #expect(migrate.status == 0, "\(migrate)")
        let again = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(again.status == 0 && again.stdout.contains("up to date"), "\(again)")
        let check = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        #expect(check.status == 0, "\(check)")
        let seed = try await SpotterCommand.run(["seed", "--users", "5", "--database", database.databaseArgument])
        #expect(seed.status == 2 && seed.stderr.contains("inputs are your own views"), "seed refuses: \(seed)")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("external-\(UUID().uuidString).jsonl")
        try Data(#"{"started_at": "2026-11-20T08:00:00Z", "exercise": "Squat", "reps": 5}"#.utf8).write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let imported = try await SpotterCommand.run([
            "import", "jsonl", log.path, "--user", "1002", "--database", database.databaseArgument,
        ])
        #expect(
            imported.status == 2 && imported.stderr.contains("inputs are your own views"), "import refuses: \(imported)"
        )
        try await connection.withSession { try ExternalInputsFixture.insertRows(in: $0) }
        let nightly = try await SpotterCommand.run([
            "run", "nightly", "--zone", "Europe/Berlin", "--database", database.databaseArgument,
        ])
        #expect(nightly.status == 0, "\(nightly)")
        let facts = try await connection.query("SELECT content FROM spotter.facts WHERE user_id = '1002'")
        #expect(try facts.map { try $0.string("content") }.contains("Left knee hurts when running"))
        let context = try await SpotterCommand.run(["context", "1002", "--database", database.databaseArgument])
        #expect(context.stdout.contains("Left knee hurts when running"), "\(context)")
        try await connection.withSession {
            try $0.execute(
                "UPDATE app_chat_messages SET removed = $1 WHERE msg_no = 9001", [.text("2026-01-01T00:00:00Z")])
        }
        let rerun = try await SpotterCommand.run([
            "run", "nightly", "--zone", "Europe/Berlin", "--database", database.databaseArgument,
        ])
        #expect(rerun.status == 0, "\(rerun)")
        let left = try await connection.query("SELECT count(*) AS n FROM spotter.facts WHERE user_id = '1002'")
        #expect(try left[0].int("n") == 0, "a soft-deleted message's fact goes")
    }

    @Test("check-inputs: one line per problem, each with a fix, exit 1", arguments: DatabaseBackend.allCases)
    func checkInputsProblems(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        // Checked before `migrate`, as the README says: the views are what migrate builds on.
        try await connection.withSession { session in
            try ExternalInputsFixture.createBroken(in: session)
            try ExternalInputsFixture.insertRows(in: session, withoutZone: true)
        }
        let check = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        #expect(check.status == 1, "\(check)")
        let lines = check.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.contains(" — fix: ") }, "\(lines)")
        func has(_ parts: String...) -> Bool { lines.contains { line in parts.allSatisfy(line.contains) } }
        #expect(has("spotter.check_ins: column energy is missing"), "\(lines)")
        #expect(has("spotter.users:", "NULL in time_zone", "coalesce"), "\(lines)")
        #expect(has("spotter.users:", "a role outside member, client, trainer", "CASE"), "\(lines)")
        #expect(
            has("spotter.workout_sessions: no index serves lookups by (user_id, started_at)", "app_workout_log"),
            "\(lines)")
        if backend == .postgres {
            #expect(
                has("spotter.messages: column sent_at is timestamp without time zone", "AT TIME ZONE 'UTC'"), "\(lines)"
            )
            #expect(
                has("spotter.messages: column conversation_id is bigint, but spotter.conversations.id", "is text"),
                "\(lines)")
        }
        #expect(check.stderr.contains("problems with the input relations"), "\(check)")
    }

    @Test(
        "every command that takes a user refuses an id the key type cannot hold: exit 2, a usage message",
        arguments: DatabaseBackend.allCases)
    func usersTheKeyCannotHold(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let seed = try await SpotterCommand.run(["seed", "--users", "5", "--database", database.databaseArgument])
        #expect(seed.status == 0, "\(seed)")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("ana-\(UUID().uuidString).jsonl")
        try Data(#"{"started_at": "2026-11-20T08:00:00Z", "exercise": "Squat", "reps": 5}"#.utf8).write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let commands: [(arguments: [String], label: String)] = [
            (["context", "ana"], "USER"),
            (["context", "ana", "--json"], "USER"),
            (["facts", "show", "ana"], "USER"),
            (["facts", "search", "ana", "knee"], "USER"),
            (["facts", "search", "1", "knee", "--client", "ana"], "--client"),
            (["mcp", "--as-user", "ana"], "--as-user"),
            (["import", "jsonl", log.path, "--user", "ana"], "--user"),
        ]
        for (arguments, label) in commands {
            let output = try await SpotterCommand.run(arguments + ["--database", database.databaseArgument])
            #expect(output.status == 2, "spotter \(arguments.joined(separator: " ")): \(output)")
            #expect(
                output.stderr.contains("\(label): 'ana' is not a user id: spotter.users' ids are"),
                "spotter \(arguments.joined(separator: " ")): \(output)")
            #expect(!output.stderr.contains("SQLSTATE") && !output.stderr.contains("SQLite"), "\(output)")
        }
    }

    @Test("check-inputs passes on Spotter's own tables", arguments: DatabaseBackend.allCases)
    func checkInputsDefaultTables(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let seed = try await SpotterCommand.run(["seed", "--users", "30", "--database", database.databaseArgument])
        #expect(seed.status == 0, "\(seed)")
        let check = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        #expect(check.status == 0 && check.stdout.contains("inputs ok"), "\(check)")
    }
}
