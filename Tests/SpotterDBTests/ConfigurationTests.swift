import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `DatabaseConfiguration.parse` selection rules, redaction, and clear errors for bad targets.
@Suite("Configuration")
struct ConfigurationTests {
    @Test(
        "PostgreSQL forms",
        arguments: [
            "postgresql://spotter@127.0.0.1:5432/spotter", "postgres://u:p@db/x?sslmode=disable",
            "host=localhost port=5432 dbname=spotter", "dbname=spotter",
        ])
    func postgresForms(text: String) throws {
        let configuration = try DatabaseConfiguration.parse(text)
        #expect(configuration.backend == .postgres)
        #expect(configuration.conninfo == text)
    }

    @Test("nil or empty means the PG* environment variables")
    func environment() throws {
        for text in [nil, "", "   "] as [String?] {
            let configuration = try DatabaseConfiguration.parse(text)
            #expect(configuration.backend == .postgres)
            #expect(configuration.conninfo == "")
            #expect(configuration.description.contains("PG*"))
        }
    }

    @Test("SQLite forms")
    func sqliteForms() throws {
        let cases: [(String, String, Bool)] = [
            ("sqlite:spotter.db", "spotter.db", false),
            ("sqlite:///var/lib/spotter.sqlite", "/var/lib/spotter.sqlite", false),
            ("sqlite://data/spotter.db", "data/spotter.db", false),
            ("sqlite:demo", "demo", false),
            ("./data/x.sqlite3", "./data/x.sqlite3", false),
            ("/tmp/X.DB", "/tmp/X.DB", false),
            ("y.sqlite", "y.sqlite", false),
            ("sqlite:ro.db?mode=ro", "ro.db", true),
            ("ro.db?mode=ro", "ro.db", true),
        ]
        for (text, path, readOnly) in cases {
            let configuration = try DatabaseConfiguration.parse(text)
            #expect(configuration.backend == .sqlite, "\(text)")
            #expect(configuration.path == path, "\(text)")
            #expect(configuration.readOnly == readOnly, "\(text)")
        }
    }

    @Test("defaults")
    func defaults() {
        let configuration = DatabaseConfiguration(backend: .postgres, conninfo: "", path: "")
        #expect(configuration.applicationName == "spotter")
        #expect(configuration.connectTimeout == .seconds(10))
        #expect(configuration.busyTimeout == .seconds(30))
    }

    @Test(
        "malformed input gives one clear line",
        arguments: [
            ("postgres//x", "malformed database URL 'postgres//x'"),
            ("postgresql://spotter@[::1/db", "malformed database URL"),
            ("postgresql://host/db?nonsense=1", "nonsense"),
            ("mysql://root@localhost/db", "unsupported database URL scheme 'mysql'"),
            ("spotter", "unrecognised database 'spotter'"),
            ("host=localhost 'dbname", "malformed database conninfo"),
            ("sqlite:", "missing SQLite file path"),
            ("sqlite:x.db?cache=shared", "unsupported SQLite option"),
        ])
    func malformed(text: String, expected: String) {
        let error = #expect(throws: DatabaseError.self) { try DatabaseConfiguration.parse(text) }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test("a malformed URL's error does not show its password")
    func malformedRedacted() {
        let error = #expect(throws: DatabaseError.self) {
            try DatabaseConfiguration.parse("postgresql://alice:TopSecret1@[::1/db")
        }
        #expect(error?.description.contains("TopSecret1") == false)
        #expect(error?.description.contains("alice:***@") == true)
    }

    @Test("description redacts passwords in URL and keyword forms")
    func redaction() throws {
        let url = try DatabaseConfiguration.parse(
            "postgresql://alice:s3cr3t@db.example:5432/spotter?sslmode=require&password=other")
        #expect(url.description == "postgresql://alice:***@db.example:5432/spotter?sslmode=require&password=***")
        let keywords = try DatabaseConfiguration.parse("host=db user=alice password='s3 cr\\'3t' dbname=x")
        #expect(keywords.description == "host=db user=alice password=*** dbname=x")
        let plain = try DatabaseConfiguration.parse("password=plain host=db")
        #expect(plain.description == "password=*** host=db")
        #expect(DatabaseConfiguration.sqlite("/tmp/a.db").description == "sqlite:/tmp/a.db")
    }

    @Test("an unreachable server fails fast with connectionFailed naming the target")
    func unreachable() async throws {
        var configuration = try DatabaseConfiguration.parse("postgresql://spotter:pw123456@127.0.0.1:1/postgres")
        configuration.connectTimeout = .seconds(2)
        let start = ContinuousClock.now
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
        }
        // Refused at once; the bound is generous because a loaded CI machine schedules late.
        #expect(ContinuousClock.now - start < .seconds(20))
        #expect(error?.code == .connectionFailed)
        #expect(error?.isConnectionError == true)
        #expect(error?.message.contains("127.0.0.1") == true)
        #expect(error?.description.contains("pw123456") == false)
        #expect(error?.description.contains("\n") == false)
    }

    @Test("open retries connectionFailed with backoff until the attempts are spent")
    func retries() async throws {
        var configuration = try DatabaseConfiguration.parse("postgresql://spotter@127.0.0.1:1/postgres")
        configuration.connectTimeout = .seconds(2)
        let backoff = Backoff(initial: .milliseconds(100), maximum: .milliseconds(150), multiplier: 2, jitter: 0)
        let start = ContinuousClock.now
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await DatabaseConnection.open(
                configuration, logger: TestDatabase.logger, retrying: backoff, attempts: 3)
        }
        #expect(error?.code == .connectionFailed)
        // Two waits: 100 ms, then 150 ms (capped).
        #expect(ContinuousClock.now - start >= .milliseconds(250))
    }

    @Test("backoff doubles, caps, and jitters within bounds")
    func backoff() {
        let exact = Backoff(initial: .milliseconds(100), maximum: .seconds(1), multiplier: 2, jitter: 0)
        #expect(exact.delay(forAttempt: 1) == .milliseconds(100))
        #expect(exact.delay(forAttempt: 2) == .milliseconds(200))
        #expect(exact.delay(forAttempt: 4) == .milliseconds(800))
        #expect(exact.delay(forAttempt: 5) == .seconds(1))
        #expect(exact.delay(forAttempt: 60) == .seconds(1))
        let jittered = Backoff(initial: .seconds(1), maximum: .seconds(10), jitter: 0.5)
        for _ in 0..<100 {
            let delay = jittered.delay(forAttempt: 1)
            #expect(delay >= .milliseconds(500) && delay <= .milliseconds(1500))
        }
    }

    @Test("a SQLite path in a missing directory names the path")
    func missingDirectory() async {
        let path = "/nonexistent-\(UUID().uuidString)/spotter.db"
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await DatabaseConnection.open(.sqlite(path), logger: TestDatabase.logger)
        }
        #expect(error?.code == .connectionFailed)
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("does not exist") == true)
    }

    @Test("SQLite opened with mode=ro refuses writes with readOnly")
    func readOnlyMode() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            let writer = try await database.connect()
            try await writer.execute("CREATE TABLE t (x INTEGER)")
            await writer.close()
            let parsed = try DatabaseConfiguration.parse("sqlite:\(database.configuration.path)?mode=ro")
            let reader = try await DatabaseConnection.open(parsed, logger: TestDatabase.logger)
            #expect(try await reader.query("SELECT count(*) AS n FROM t").first?.int("n") == 0)
            let error = await #expect(throws: DatabaseError.self) {
                try await reader.execute("INSERT INTO t VALUES (1)")
            }
            #expect(error?.code == .readOnly)
            #expect(error?.sqliteCode == 8)
            await reader.close()
        }
    }

    @Test("PRAGMA query_only makes writes fail with readOnly")
    func queryOnly() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            try await connection.execute("CREATE TABLE t (x INTEGER)")
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.withSession { session in
                    try session.execute("PRAGMA query_only = ON")
                    try session.execute("INSERT INTO t VALUES (1)")
                }
            }
            #expect(error?.code == .readOnly)
        }
    }

    /// chmod does not stop root, so this case runs only for other users; `mode=ro` above covers root.
    @Test("a read-only SQLite file names the path", .enabled(if: geteuid() != 0, "root ignores file modes"))
    func readOnlyFile() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            let writer = try await database.connect()
            try await writer.execute("CREATE TABLE t (x INTEGER)")
            await writer.close()
            chmod(database.configuration.path, 0o444)
            let error = await #expect(throws: DatabaseError.self) { _ = try await database.connect() }
            #expect(error?.code == .readOnly)
            #expect(error?.message.contains(database.configuration.path) == true)
        }
    }

    @Test("SQLite connections use WAL, synchronous=NORMAL and foreign keys")
    func sqlitePragmas() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            #expect(try await connection.query("PRAGMA journal_mode").first?.string(at: 0) == "wal")
            #expect(try await connection.query("PRAGMA synchronous").first?.int(at: 0) == 1)
            #expect(try await connection.query("PRAGMA foreign_keys").first?.int(at: 0) == 1)
            #expect(try await connection.query("PRAGMA busy_timeout").first?.int(at: 0) == 30_000)
        }
    }

    @Test("opening a SQLite file while another connection writes to it waits, then switches it to WAL")
    func sqliteWALSwitchWaitsForWriter() async throws {
        // Switching to WAL reads the header, then takes the write lock without calling the busy
        // handler. Two `spotter migrate` processes opening a new file together failed one in six
        // rounds with "database is locked". Here a file in rollback mode has a writer for 300 ms.
        try await TestDatabase.withDatabase(.sqlite) { database in
            let writer = try await database.connect()
            _ = try await writer.query("PRAGMA journal_mode=DELETE")
            let (writing, started) = AsyncStream.makeStream(of: Void.self)
            async let committed: Void = writer.withSession { session in
                try session.withTransaction(immediate: true) {
                    _ = try session.execute("CREATE TABLE held (x INTEGER)")
                    started.yield()
                    usleep(300_000)  // on the connection's own thread
                }
            }
            for await _ in writing { break }
            let opened = ContinuousClock.now
            let connection = try await database.connect()
            #expect(ContinuousClock.now - opened >= .milliseconds(250), "waited for the writer")
            #expect(try await connection.query("PRAGMA journal_mode").first?.string(at: 0) == "wal")
            try await committed
            await connection.close()
            await writer.close()
        }
    }

    @Test("PostgreSQL sessions carry application_name and UTF8, and keep the default search_path")
    func postgresSettings() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ async throws in
            let row = try #require(
                try await connection.query(
                    "SELECT current_setting('application_name') AS app, current_setting('client_encoding') AS enc, "
                        + "current_setting('search_path') AS path"
                ).first)
            #expect(try row.string("app") == "spotter")
            #expect(try row.string("enc") == "UTF8")
            #expect(try row.string("path") == #""$user", public"#)
        }
    }

    @Test("withDatabaseName keeps the server and changes only the database")
    func withDatabaseName() throws {
        let configuration = try DatabaseConfiguration.parse("postgresql://alice:pw@db.example:6543/one?sslmode=disable")
        let other = try configuration.withDatabaseName("two")
        #expect(other.conninfo.contains("dbname='two'"))
        #expect(other.conninfo.contains("port='6543'"))
        #expect(other.conninfo.contains("host='db.example'"))
        #expect(other.conninfo.contains("sslmode='disable'"))
        #expect(!other.description.contains("pw"))
    }
}

/// `DatabaseConfiguration.settings`: run-time parameters every new PostgreSQL connection gets.
@Suite("Connection settings")
struct ConnectionSettingsTests {
    @Test("every new connection gets the settings; a quote in a value stays a value")
    func applied() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            var configuration = database.configuration
            configuration.settings = [
                "max_parallel_workers_per_gather": "0", "jit": "off", "application_name": "it's spotter",
            ]
            let connection = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
            let row = try #require(
                try await connection.query(
                    """
                    SELECT current_setting('max_parallel_workers_per_gather') AS parallel, current_setting('jit') AS jit,
                           current_setting('application_name') AS name
                    """
                ).first)
            #expect(try row.string("parallel") == "0")
            #expect(try row.string("jit") == "off")
            #expect(try row.string("name") == "it's spotter")
            await connection.close()
            // Without settings, the server's own values.
            let plain = try await database.connect()
            let parallel = try await plain.query("SELECT current_setting('max_parallel_workers_per_gather') AS p")
            #expect(try parallel.first?.string("p") != "0")
            await plain.close()
        }
    }

    @Test("a setting name that is not an identifier is refused before anything is sent")
    func badName() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            var configuration = database.configuration
            configuration.settings = ["jit = off; DROP TABLE x; --": "on"]
            let error = await #expect(throws: DatabaseError.self) {
                _ = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(error?.message.contains("invalid PostgreSQL setting name") == true, "\(String(describing: error))")
        }
    }
}
