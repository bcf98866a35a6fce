import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 36 item 1: the result tables keep the product's ids in its key's own type, so the
/// dashboards' queries (docs/dashboards.md) join the product's people and take its ids without a
/// cast, and a lookup by id uses the indexes on both sides.
@Suite("Typed result ids")
struct TypedResultIDsTests {
    /// The documented queries with `42` replaced by `id` (a literal as the product writes it).
    static func dashboards(for id: String) throws -> [String: String] {
        var queries: [String: String] = [:]
        for name in ["person", "suggestion", "trainers"] {
            let sql = try DocsRecipe.block(name, page: "docs/dashboards.md", label: "dashboard")
            #expect(!sql.contains("CAST(") && !sql.contains("::"), "the documented query has no cast: \(sql)")
            queries[name] = sql.replacingOccurrences(of: " 42;", with: " \(id);")
        }
        return queries
    }

    /// The fixture's product with uuid keys for its people (PostgreSQL).
    static func createUUIDProduct(in session: DatabaseSession) throws {
        try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter")
        var tables = ExternalInputsFixture.fill(ExternalInputsFixture.tables, .postgres)
        for column in ["account_no", "coach_no", "athlete_no", "author_no"] {
            tables = tables.replacingOccurrences(of: "\(column) bigint", with: "\(column) uuid")
        }
        try session.executeScript(tables)
        let views = ExternalInputsFixture.fill(
            ExternalInputsFixture.usersView + ";\n" + ExternalInputsFixture.views + "\n"
                + ExternalInputsFixture.messagesView, .postgres
        )
        .replacingOccurrences(of: "CAST(NULL AS bigint) AS user_id", with: "CAST(NULL AS uuid) AS user_id")
        try session.executeScript(views)
    }

    static let trainer = "6f1c2a3b-0000-4000-8000-000000001001"
    static let client = "6f1c2a3b-0000-4000-8000-000000001002"

    static func insertUUIDRows(in session: DatabaseSession) throws {
        let joined = ExternalInputsFixture.ago(hours: 24 * 30)
        try session.execute(
            """
            INSERT INTO app_accounts (account_no, name, kind, tz, joined)
            VALUES ($1, 'Coach Carla', 'coach', 'Europe/Berlin', $3), ($2, 'John', 'athlete', 'Europe/Berlin', $3)
            """, [.text(trainer), .text(client), .text(joined)])
        try session.execute(
            "INSERT INTO app_coaching VALUES ($1, $2, $3)", [.text(trainer), .text(client), .text(joined)])
        try session.execute(
            "INSERT INTO app_athletes VALUES ($1, 'strength', 'beginner', '{dumbbell}', 3, 45)", [.text(client)])
        try session.execute(
            "INSERT INTO app_workout_log VALUES (1, $1, $2, 2400), (2, $1, $3, 1800)",
            [.text(client), .text(ExternalInputsFixture.ago(hours: 48)), .text(ExternalInputsFixture.ago(hours: 24))])
        try session.execute(
            "INSERT INTO app_chat_threads VALUES (501, $1, $2, $3)", [.text(client), .text(trainer), .text(joined)])
        try session.execute(
            """
            INSERT INTO app_chat_messages (msg_no, thread_no, author_no, text, created) VALUES
                (9001, 501, $1, 'My left knee hurts when I run.', $3), (9002, 501, $2, 'Thanks John.', $4)
            """,
            [
                .text(client), .text(trainer), .text(ExternalInputsFixture.ago(hours: 3)),
                .text(ExternalInputsFixture.ago(hours: 2)),
            ])
    }

    /// Migrates over the product's views.
    static func migrateExternal(_ database: TestDatabase) async throws {
        let migrate = try await SpotterCommand.run([
            "migrate", "--inputs", "external", "--database", database.databaseArgument,
        ])
        #expect(migrate.status == 0, "\(migrate)")
    }

    static func runNightly(_ database: TestDatabase) async throws {
        let nightly = try await SpotterCommand.run([
            "run", "nightly", "--zone", "Europe/Berlin", "--database", database.databaseArgument,
        ])
        #expect(nightly.status == 0, "\(nightly)")
    }

    /// Runs the documented queries for the client `client` (a literal) and checks what they read.
    static func checkDashboards(client: String, in connection: DatabaseConnection) async throws {
        let queries = try dashboards(for: client)
        let person = try await connection.query(queries["person"]!)
        #expect(person.count == 1, "\(person)")
        #expect(try person.first?.string("display_name") == "John")
        #expect(try person.first?.int("current_streak") == 2, "\(person)")
        // These run (no `operator does not exist`), whatever they find: the fixture has no programs
        // (no suggestion) and John worked out yesterday (not inactive).
        _ = try await connection.query(queries["suggestion"]!)
        _ = try await connection.query(queries["trainers"]!)
        // Spotter's own views over the result tables still answer.
        let context = try await connection.query(
            "SELECT count(*) AS n FROM spotter.chat_context c JOIN spotter.profile_stats p ON p.user_id = c.user_id")
        #expect(try context[0].int("n") >= 1)
    }

    /// PostgreSQL: with sequential scans off, a lookup by the product's id reads the product's key
    /// index and the result table's primary key; a `Seq Scan` would mean a lookup no index serves
    /// (a text result id against a bigint key, the cast hiding one side's index).
    static func checkPostgresPlan(client: String, keyIndex: String, in connection: DatabaseConnection) async throws {
        let plan = try await connection.withSession { session -> String in
            try session.executeScript("SET enable_seqscan = off")
            defer { try? session.executeScript("RESET enable_seqscan") }
            return try session.query(
                """
                EXPLAIN SELECT u.display_name, p.current_streak
                FROM spotter.users u JOIN spotter.profile_stats p ON p.user_id = u.id WHERE u.id = \(client)
                """
            ).map { try $0.string("QUERY PLAN") }.joined(separator: "\n")
        }
        #expect(!plan.contains("Seq Scan"), "\(plan)")
        #expect(plan.contains("profile_stats_pkey"), "\(plan)")
        #expect(plan.contains(keyIndex), "\(plan)")
    }

    @Test("a product with bigint ids: the dashboards' queries run without a cast and use both indexes (PostgreSQL)")
    func bigintOnPostgres() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        try await Self.migrateExternal(database)
        try await connection.withSession { try ExternalInputsFixture.insertRows(in: $0) }
        try await Self.runNightly(database)
        let types = try await connection.query(
            """
            SELECT format_type(a.atttypid, a.atttypmod) AS type FROM pg_attribute a
            WHERE a.attrelid = 'spotter.profile_stats'::regclass AND a.attname = 'user_id'
            """)
        #expect(try types.first?.string("type").hasSuffix("user_key") == true, "\(types)")
        // The issue's own words: a bigint literal against the result table, and the join.
        let stats = try await connection.query("SELECT current_streak FROM spotter.profile_stats WHERE user_id = 1002")
        #expect(try stats.first?.int("current_streak") == 2)
        try await Self.checkDashboards(client: "1002", in: connection)
        try await Self.checkPostgresPlan(client: "1002", keyIndex: "app_accounts_pkey", in: connection)
        // A bound id (untyped text, as Spotter binds them) meets the column in its own type too.
        let bound = try await connection.query(
            "SELECT count(*) AS n FROM spotter.facts WHERE user_id = $1", [.text("1002")])
        #expect(try bound[0].int("n") == 1)
    }

    @Test("a product with uuid ids: the dashboards' queries run without a cast and use both indexes (PostgreSQL)")
    func uuidOnPostgres() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try Self.createUUIDProduct(in: $0) }
        try await Self.migrateExternal(database)
        try await connection.withSession { try Self.insertUUIDRows(in: $0) }
        try await Self.runNightly(database)
        try await Self.checkDashboards(client: "'\(Self.client)'", in: connection)
        try await Self.checkPostgresPlan(client: "'\(Self.client)'", keyIndex: "app_accounts_pkey", in: connection)
        // Every inactive-client row meets its user without a cast.
        let inactive = try await connection.query(
            """
            SELECT (SELECT count(*) FROM spotter.inactive_clients ic JOIN spotter.users u ON u.id = ic.client_id) AS joined,
                   (SELECT count(*) FROM spotter.inactive_clients) AS stored
            """)
        #expect(try inactive[0].int("joined") == inactive[0].int("stored"))
        let context = try await SpotterCommand.run(["context", Self.client, "--database", database.databaseArgument])
        #expect(context.stdout.contains("Left knee hurts when running"), "\(context)")
    }

    @Test("a product with INTEGER ids on SQLite: result ids compare as integers and a lookup searches their index")
    func integerOnSQLite() async throws {
        let database = try await TestDatabase.make(.sqlite)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        try await Self.migrateExternal(database)
        try await connection.withSession { try ExternalInputsFixture.insertRows(in: $0) }
        try await Self.runNightly(database)
        let stored = try await connection.query("SELECT typeof(user_id) AS type FROM profile_stats")
        #expect(try Set(stored.map { try $0.string("type") }) == ["integer"], "\(stored)")
        try await Self.checkDashboards(client: "1002", in: connection)
        let plan = try await connection.query(
            """
            EXPLAIN QUERY PLAN SELECT u.display_name, p.current_streak
            FROM users u JOIN profile_stats p ON p.user_id = u.id WHERE u.id = 1002
            """
        ).map { try $0.string("detail") }.joined(separator: "\n")
        #expect(plan.contains("SEARCH p USING INDEX"), "\(plan)")
        #expect(!plan.contains("SCAN p"), "\(plan)")
    }

    /// The fixture's views with every person id as text (a product that re-keyed its people by
    /// uid strings): the same rows, another key type.
    static func textPeopleViews(_ backend: DatabaseBackend) -> String {
        let text = backend == .postgres ? "text" : "TEXT"
        var views =
            ExternalInputsFixture.usersView + ";\n" + ExternalInputsFixture.views + "\n"
            + ExternalInputsFixture.messagesView
        for (from, to) in [
            ("account_no AS id", "CAST(account_no AS \(text)) AS id"),
            (
                "coach_no AS trainer_id, athlete_no AS client_id",
                "CAST(coach_no AS \(text)) AS trainer_id, CAST(athlete_no AS \(text)) AS client_id"
            ),
            ("account_no AS user_id", "CAST(account_no AS \(text)) AS user_id"),
            (
                "athlete_no AS user_id, coach_no AS counterpart_id",
                "CAST(athlete_no AS \(text)) AS user_id, CAST(coach_no AS \(text)) AS counterpart_id"
            ),
            ("author_no AS sender_id", "CAST(author_no AS \(text)) AS sender_id"),
            ("CAST(NULL AS bigint) AS user_id", "CAST(NULL AS \(text)) AS user_id"),
        ] {
            views = views.replacingOccurrences(of: from, with: to)
        }
        return ExternalInputsFixture.fill(views, backend)
    }

    static func dropFixtureViews(_ backend: DatabaseBackend, in session: DatabaseSession) throws {
        for relation in InputContract.names {
            try session.executeScript(
                backend == .postgres
                    ? "DROP VIEW IF EXISTS spotter.\(relation) CASCADE" : "DROP VIEW IF EXISTS \(relation)")
        }
    }

    @Test(
        "a key that changes type later: migrate makes the result columns follow, keeping the rows",
        arguments: DatabaseBackend.allCases)
    func keyChangesType(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        try await Self.migrateExternal(database)
        try await connection.withSession { try ExternalInputsFixture.insertRows(in: $0) }
        try await Self.runNightly(database)
        try await connection.withSession { session in
            try Self.dropFixtureViews(backend, in: session)
            try session.executeScript(Self.textPeopleViews(backend))
        }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        let expected = backend == .postgres ? "user_key: bigint -> text" : "user_key: INTEGER -> TEXT"
        #expect(migrate.status == 0 && migrate.stdout.contains(expected), "\(migrate)")
        if backend == .sqlite {
            let stored = try await connection.query("SELECT typeof(user_id) AS type FROM profile_stats")
            #expect(try Set(stored.map { try $0.string("type") }) == ["text"], "\(stored)")
            let check = try await connection.query("PRAGMA integrity_check")
            #expect(try check.first?.string("integrity_check") == "ok")
        }
        // The rows were kept, and the documented queries now take the text id.
        try await Self.checkDashboards(client: "'1002'", in: connection)
        try await Self.runNightly(database)
        let context = try await SpotterCommand.run(["context", "1002", "--database", database.databaseArgument])
        #expect(context.stdout.contains("Left knee hurts when running"), "\(context)")
    }

    @Test("a key whose new type cannot hold the stored ids: migrate names the column and changes nothing")
    func keyChangeRefused() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        try await Self.migrateExternal(database)
        try await connection.withSession { try ExternalInputsFixture.insertRows(in: $0) }
        try await Self.runNightly(database)
        let before = try await connection.query("SELECT count(*) AS n FROM spotter.profile_stats")
        // The product re-keys its people by uuid: the stored 1002 cannot be one.
        try await connection.withSession { session in
            try Self.dropFixtureViews(.postgres, in: session)
            try session.executeScript(
                "DROP TABLE app_accounts, app_coaching, app_athletes, app_workout_log, app_chat_threads, app_chat_messages"
            )
            try Self.createUUIDProduct(in: session)
        }
        let refused = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(refused.status != 0, "\(refused)")
        #expect(refused.stderr.contains("cannot hold") && refused.stderr.contains("user_id"), "\(refused)")
        let kept = try await connection.query("SELECT count(*) AS n FROM spotter.profile_stats")
        #expect(try kept[0].int("n") == before[0].int("n") && kept[0].int("n") > 0, "nothing deleted")
        // Once the old results are gone, the columns follow.
        try await connection.withSession { session in
            for table in Set(ResultKeyColumn.all.filter { $0.key == .user }.map(\.table)) {
                try session.executeScript("DELETE FROM spotter.\(table)")
            }
        }
        let followed = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(followed.status == 0 && followed.stdout.contains("user_key: bigint -> uuid"), "\(followed)")
        try await connection.withSession { try Self.insertUUIDRows(in: $0) }
        try await Self.runNightly(database)
        try await Self.checkDashboards(client: "'\(Self.client)'", in: connection)
    }
}
