import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// The migrator's external-inputs mode, on hand-made migrations: statements on the product's
/// relations are passed over, the rest runs whole (dollar-quoted bodies, SQLite trigger bodies,
/// `;` inside literals and comments).
@Suite("Migrator with external inputs")
struct ExternalInputsMigratorTests {
    static func productViews(_ session: DatabaseSession) throws {
        if session.backend == .postgres { try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter") }
        for name in InputContract.names {
            try session.executeScript("CREATE VIEW spotter.\(name) AS SELECT 1 AS id, 'a;b' AS body")
        }
    }

    static func migration(_ backend: DatabaseBackend) throws -> Migration {
        let body =
            backend == .postgres
            ? """
            CREATE FUNCTION spotter.note_row() RETURNS trigger LANGUAGE plpgsql AS $body$
            BEGIN
                INSERT INTO spotter.notes (text) VALUES ('seen; once');  -- a ; inside the body
                RETURN NULL;
            END
            $body$;
            CREATE TRIGGER own_note AFTER INSERT ON spotter.own FOR EACH ROW EXECUTE FUNCTION spotter.note_row();
            """
            : """
            CREATE TRIGGER own_note AFTER INSERT ON own
            BEGIN
                INSERT INTO notes (text) VALUES (CASE WHEN NEW.id > 0 THEN 'seen; once' ELSE 'no' END);
            END;
            """
        let sql = """
            -- A migration that touches inputs; the first statement's comment has a ; too.
            CREATE TABLE spotter.users (id bigint PRIMARY KEY, body text);
            CREATE INDEX users_body ON spotter.users (body);
            /* a block comment; with a semicolon */
            CREATE TABLE spotter.own (id bigint PRIMARY KEY, label text DEFAULT 'x;y');
            CREATE TABLE spotter.notes (text text);
            CREATE INDEX own_label ON spotter.own (label);
            \(body)
            \(backend == .postgres
                ? "CREATE TRIGGER messages_gone AFTER DELETE ON spotter.messages FOR EACH ROW EXECUTE FUNCTION spotter.note_row();"
                : "CREATE TRIGGER messages_gone AFTER DELETE ON messages BEGIN DELETE FROM notes; END;")
            ALTER TABLE spotter.workout_sessions ADD COLUMN title text;
            """
        return try Migration(fileName: "001_inputs.sql", sql: sql)
    }

    @Test("statements on the product's views are passed over; the rest runs", arguments: DatabaseBackend.allCases)
    func passesOver(backend: DatabaseBackend) async throws {
        try await TestDatabase.withDatabase(backend) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            try await connection.withSession { try Self.productViews($0) }
            let migrator = try Migrator(migrations: [Self.migration(backend)])
            let report = try await migrator.migrate(connection, inputs: .external, logger: TestDatabase.logger)
            #expect(report.inputs == .external)
            #expect(
                report.skipped == [
                    "001_inputs.sql: CREATE TABLE on spotter.users", "001_inputs.sql: CREATE INDEX on spotter.users",
                    "001_inputs.sql: CREATE TRIGGER on spotter.messages",
                    "001_inputs.sql: ALTER TABLE on spotter.workout_sessions",
                ], "\(report.skipped)")
            try await connection.execute("INSERT INTO spotter.own (id) VALUES (1)")
            let notes = try await connection.query("SELECT text FROM spotter.notes")
            #expect(try notes.map { try $0.string("text") } == ["seen; once"], "the trigger body ran whole")
            let own = try await connection.query("SELECT label FROM spotter.own")
            #expect(try own.first?.string("label") == "x;y")
            let users = try await connection.query("SELECT body FROM spotter.users")
            #expect(try users.first?.string("body") == "a;b", "spotter.users is still the product's view")
        }
    }

    @Test("Spotter's mode runs the same migration as one script, views absent", arguments: DatabaseBackend.allCases)
    func spotterMode(backend: DatabaseBackend) async throws {
        try await TestDatabase.withDatabase(backend) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            if backend == .postgres {
                try await connection.withSession { session in
                    try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter")
                    for name in ["messages", "workout_sessions"] {
                        try session.executeScript("CREATE TABLE spotter.\(name) (id bigint)")
                    }
                }
            } else {
                try await connection.withSession { session in
                    for name in ["messages", "workout_sessions"] {
                        try session.executeScript("CREATE TABLE \(name) (id)")
                    }
                }
            }
            let report = try await Migrator(migrations: [Self.migration(backend)]).migrate(
                connection, logger: TestDatabase.logger)
            #expect(report.skipped.isEmpty && report.inputs == .spotter)
            let columns = try await connection.query("SELECT title FROM spotter.workout_sessions")
            #expect(columns.isEmpty, "the ALTER TABLE ran on Spotter's own table")
        }
    }

    /// Runs `migrations` in external mode over the product's views (uuid ids) and returns the
    /// report, or the error's message.
    static func migrateOverUUIDViews(_ migrations: [Migration], firstRun: [Migration] = []) async throws -> Result<
        MigrationReport, DatabaseError
    > {
        try await TestDatabase.withDatabase(.postgres) { database in
            let connection = try await database.connect()
            defer { Task { await connection.close() } }
            try await connection.withSession { session in
                try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter")
                for name in InputContract.names {
                    try session.executeScript(
                        "CREATE VIEW spotter.\(name) AS SELECT gen_random_uuid() AS id, 'a' AS body")
                }
            }
            if !firstRun.isEmpty {
                _ = try await Migrator(migrations: firstRun).migrate(
                    connection, inputs: .external, logger: TestDatabase.logger)
            }
            do {
                return .success(
                    try await Migrator(migrations: firstRun + migrations).migrate(
                        connection, inputs: .external, logger: TestDatabase.logger))
            } catch let error as DatabaseError {
                return .failure(error)
            }
        }
    }

    /// A result table compared with the product's uuid id: "operator does not exist: bigint = uuid".
    static let mismatchView = """
        CREATE TABLE spotter.results (user_id bigint);
        CREATE VIEW spotter.results_named AS SELECT r.user_id FROM spotter.results r JOIN spotter.users u ON u.id = r.user_id;
        """

    @Test("before 022 over uuid views: a type mismatch is passed over when 022 makes the object again")
    func typeMismatchPassedOver() async throws {
        let result = try await Self.migrateOverUUIDViews([
            try Migration(fileName: "005_results.sql", sql: Self.mismatchView),
            try Migration(
                fileName: "022_text_ids.sql",
                sql: """
                    ALTER TABLE spotter.results ALTER COLUMN user_id TYPE text;
                    CREATE VIEW spotter.results_named AS SELECT r.user_id FROM spotter.results r JOIN spotter.users u ON u.id::text = r.user_id;
                    """),
        ])
        let report = try result.get()
        #expect(
            report.skipped.contains { $0.hasPrefix("005_results.sql: CREATE VIEW spotter.results_named") },
            "\(report.skipped)")
    }

    @Test(
        "before 022 over uuid views, real errors still fail: a missing table or function, an object 022 does not make again, a database migrated before",
        arguments: ["missing table", "missing function", "not made again", "not the first run"])
    func realErrorsFail(kind: String) async throws {
        let text022 = try Migration(fileName: "022_text_ids.sql", sql: "SELECT 1")
        let result: Result<MigrationReport, DatabaseError>
        switch kind {
        case "missing table":
            result = try await Self.migrateOverUUIDViews([
                try Migration(
                    fileName: "005_typo.sql", sql: "CREATE VIEW spotter.typo AS SELECT * FROM spotter.no_such_table"),
                text022,
            ])
        case "missing function":
            result = try await Self.migrateOverUUIDViews([
                try Migration(fileName: "005_typo.sql", sql: "SELECT spotter.no_such_function(1)"), text022,
            ])
        case "not made again":
            result = try await Self.migrateOverUUIDViews([
                try Migration(fileName: "005_results.sql", sql: Self.mismatchView), text022,
            ])
        default:
            result = try await Self.migrateOverUUIDViews(
                [try Migration(fileName: "005_results.sql", sql: Self.mismatchView), text022],
                firstRun: [try Migration(fileName: "002_first.sql", sql: "CREATE TABLE spotter.first (id bigint)")])
        }
        guard case .failure(let error) = result else {
            Issue.record("\(kind): the migration succeeded: \(result)")
            return
        }
        switch kind {
        case "missing table": #expect(error.sqlState == "42P01" && error.message.contains("no_such_table"), "\(error)")
        case "missing function":
            #expect(error.sqlState == "42883" && error.message.contains("no_such_function"), "\(error)")
        case "not made again":
            #expect(error.message.contains("spotter.results_named was passed over in 005_results.sql"), "\(error)")
        default: #expect(error.sqlState == "42883" && error.message.contains("operator does not exist"), "\(error)")
        }
    }
}
