import Foundation
import Logging
import SpotterDB
import SpotterTestSupport
import Synchronization
import Testing

/// Placeholders, prepared statements, streaming, scripts and the `spotter.` qualifier.
@Suite("Statements")
struct StatementTests {
    @Test("placeholders out of order and repeated", arguments: DatabaseBackend.allCases)
    func placeholders(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            let cast = backend == .postgres ? "::text" : ""
            let row = try #require(
                try await connection.query(
                    "SELECT $2\(cast) AS b, $1\(cast) AS a, $1\(cast) AS again", ["first", "second"]
                ).first)
            #expect(try row.string("a") == "first")
            #expect(try row.string("b") == "second")
            #expect(try row.string("again") == "first")
        }
    }

    @Test("a statement using more placeholders than binds is rejected on SQLite")
    func missingBind() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.query("SELECT $1, $3", [1, 2])
            }
            #expect(error?.code == .misuse)
            #expect(error?.message.contains("$3") == true)
        }
    }

    @Test("execute returns rows affected; query returns RETURNING rows", arguments: DatabaseBackend.allCases)
    func affected(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            #expect(try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY, v text)") == 0)
            #expect(try await connection.execute("INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')") == 3)
            #expect(try await connection.execute("UPDATE t SET v = 'z' WHERE id >= $1", [2]) == 2)
            #expect(try await connection.execute("SELECT * FROM t") == 3)
            let returned = try await connection.query("DELETE FROM t WHERE id = $1 RETURNING id, v", [3])
            #expect(try returned.map { try $0.int("id") } == [3])
            #expect(try await connection.execute("DELETE FROM t") == 2)
        }
    }

    @Test("prepared statements are reused with different binds", arguments: DatabaseBackend.allCases)
    func prepared(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY, name text, score double precision)")
            let total = try await connection.withTransaction { session in
                let insert = try session.prepare("INSERT INTO t (id, name, score) VALUES ($1, $2, $3)")
                var written = 0
                for id in 1...500 {
                    // A NULL now and then changes the bind types; the statement must still work.
                    let name: SQLValue = id % 7 == 0 ? nil : .text("user \(id)")
                    written += try insert.execute([.int(Int64(id)), name, .double(Double(id) / 2)])
                }
                let select = try session.prepare("SELECT name, score FROM t WHERE id = $1")
                for id in [1, 7, 250, 500] {
                    let row = try #require(try select.query([.int(Int64(id))]).first)
                    #expect(try row.optionalString("name") == (id % 7 == 0 ? nil : "user \(id)"))
                    #expect(try row.double("score") == Double(id) / 2)
                }
                #expect(try select.query([.int(9999)]).isEmpty)
                return written
            }
            #expect(total == 500)
            #expect(try await connection.query("SELECT count(*) AS n FROM t").first?.int("n") == 500)
        }
    }

    @Test("forEachRow streams many rows and the connection stays usable", arguments: DatabaseBackend.allCases)
    func streaming(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            let sql =
                backend == .postgres
                ? "SELECT g AS n, 'row ' || g AS label FROM generate_series(1, $1::bigint) AS g"
                : "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < $1) SELECT n, 'row ' || n AS label FROM s"
            let (count, sum, lastLabel) = try await connection.withSession { session in
                var count = 0
                var sum = 0
                var lastLabel = ""
                try session.forEachRow(sql, [200_000]) { row in
                    count += 1
                    sum += try row.int("n")
                    lastLabel = try row.string("label")
                }
                return (count, sum, lastLabel)
            }
            #expect(count == 200_000)
            #expect(sum == 200_000 * 200_001 / 2)
            #expect(lastLabel == "row 200000")

            struct Stop: Error {}
            let seen = try await connection.withSession { session in
                var seen = 0
                #expect(throws: Stop.self) {
                    try session.forEachRow(sql, [100_000]) { _ in
                        seen += 1
                        if seen == 10 { throw Stop() }
                    }
                }
                return seen
            }
            #expect(seen == 10)
            #expect(try await connection.query("SELECT 1 AS one").first?.int("one") == 1)
        }
    }

    @Test("executeScript runs several statements", arguments: DatabaseBackend.allCases)
    func script(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            try await connection.withSession { session in
                try session.executeScript(
                    """
                    CREATE TABLE a (id integer PRIMARY KEY);
                    CREATE TABLE b (id integer PRIMARY KEY, a_id integer REFERENCES a (id));
                    INSERT INTO a VALUES (1), (2);
                    -- a comment; with a semicolon
                    INSERT INTO b VALUES (10, 1);
                    """)
            }
            #expect(try await connection.query("SELECT count(*) AS n FROM a").first?.int("n") == 2)
            #expect(try await connection.query("SELECT a_id FROM b").first?.int("a_id") == 1)
        }
    }

    @Test("SQLite drops the spotter. qualifier outside literals")
    func schemaQualifier() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            try await connection.execute("CREATE TABLE spotter.jobs (id INTEGER PRIMARY KEY, note TEXT)")
            try await connection.execute("INSERT INTO spotter.jobs (id, note) VALUES ($1, 'see spotter.jobs')", [1])
            let row = try #require(
                try await connection.query(
                    "SELECT spotter.jobs.note, 'spotter.x' AS literal, \"spotter.y\" AS quoted FROM spotter.jobs "
                        + "JOIN (SELECT 1 AS \"spotter.y\") ON 1 = 1 /* spotter.jobs */"
                ).first)
            #expect(try row.string("note") == "see spotter.jobs")
            #expect(try row.string("literal") == "spotter.x")
            #expect(try row.int("quoted") == 1)
        }
    }

    @Test("several statements where one is expected are rejected on SQLite")
    func oneStatement() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let error = await #expect(throws: DatabaseError.self) { try await connection.query("SELECT 1; SELECT 2") }
            #expect(error?.code == .misuse)
            #expect(try await connection.query("SELECT 1 AS x; -- trailing comment").first?.int("x") == 1)
        }
    }

    @Test("concurrent callers on one connection are serialised", arguments: DatabaseBackend.allCases)
    func serialised(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ async throws in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in 1...50 {
                    group.addTask { try await connection.execute("INSERT INTO t VALUES ($1)", [.int(Int64(id))]) }
                }
                try await group.waitForAll()
            }
            #expect(try await connection.query("SELECT count(*) AS n FROM t").first?.int("n") == 50)
        }
    }

    @Test("a session cannot be used after its closure returns")
    func escapedSession() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            nonisolated(unsafe) var escaped: DatabaseSession?
            try await connection.withSession { session in escaped = session }
            let error = #expect(throws: DatabaseError.self) { try escaped?.query("SELECT 1") }
            #expect(error?.code == .misuse)
        }
    }

    @Test("id lists bind as bigint[] on PostgreSQL and a JSON array on SQLite", arguments: DatabaseBackend.allCases)
    func idLists(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            try await connection.execute("INSERT INTO t VALUES (1), (2), (3), (4)")
            let rows =
                backend == .postgres
                ? try await connection.query(
                    "SELECT id FROM t WHERE id = ANY($1::bigint[]) ORDER BY id", [.int64Array([2, 4, 9])])
                : try await connection.query(
                    "SELECT id FROM t WHERE id IN (SELECT value FROM json_each($1)) ORDER BY id",
                    [.jsonArray([2, 4, 9])])
            #expect(try rows.map { try $0.int("id") } == [2, 4])
        }
    }

    @Test("server notices go to the logger at debug")
    func notices() async throws {
        let sink = CapturedLog()
        var logger = Logger(label: "notices") { _ in CapturingHandler(sink: sink) }
        logger.logLevel = .debug
        try await TestDatabase.withDatabase(.postgres) { database in
            let connection = try await DatabaseConnection.open(database.configuration, logger: logger)
            try await connection.execute("DO $$ BEGIN RAISE NOTICE 'hello from plpgsql'; END $$")
            await connection.close()
        }
        #expect(sink.messages.contains { $0.level == .debug && $0.text.contains("hello from plpgsql") })
    }

    @Test("an application_name in the URL wins over the configuration's")
    func applicationName() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            var configuration = database.configuration
            configuration.conninfo += " application_name='spotter-worker-7'"
            let connection = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
            let name = try await connection.query("SELECT current_setting('application_name') AS n").first?.string("n")
            #expect(name == "spotter-worker-7")
            await connection.close()
        }
    }
}

/// Log lines captured by ``CapturingHandler``.
final class CapturedLog: Sendable {
    private let lines = Mutex<[(level: Logger.Level, text: String)]>([])

    var messages: [(level: Logger.Level, text: String)] { lines.withLock { $0 } }

    func append(_ level: Logger.Level, _ text: String) {
        lines.withLock { $0.append((level, text)) }
    }
}

/// A log handler that records messages for assertions.
struct CapturingHandler: LogHandler {
    let sink: CapturedLog
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        sink.append(event.level, "\(event.message)")
    }
}
