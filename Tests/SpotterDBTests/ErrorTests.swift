import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Errors carry codes, SQLSTATE / SQLite codes and the statement, never bound values.
@Suite("Errors")
struct ErrorTests {
    static let secret = "hunter2-TOP-SECRET-4242"

    static func createTable(_ connection: DatabaseConnection) async throws {
        try await connection.execute(
            """
            CREATE TABLE accounts (id bigint PRIMARY KEY, email text NOT NULL UNIQUE,
                                   age integer CHECK (age >= 0))
            """)
    }

    @Test("a unique violation names the code and statement, not the value", arguments: DatabaseBackend.allCases)
    func unique(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await Self.createTable(connection)
            let sql = "INSERT INTO accounts (id, email) VALUES ($1, $2)"
            try await connection.execute(sql, [1, .text(Self.secret)])
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.execute(sql, [2, .text(Self.secret)])
            }
            #expect(error?.code == .uniqueViolation)
            #expect(error?.sql == sql)
            #expect(error?.description.contains(Self.secret) == false)
            #expect(error?.description.contains("\n") == false)
            if backend == .postgres {
                #expect(error?.sqlState == "23505")
            } else {
                #expect(error?.sqliteCode == 2067)  // SQLITE_CONSTRAINT_UNIQUE
            }
            #expect(error?.isConnectionError == false)
        }
    }

    @Test("NOT NULL and CHECK violations are constraint violations", arguments: DatabaseBackend.allCases)
    func constraints(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await Self.createTable(connection)
            let notNull = await #expect(throws: DatabaseError.self) {
                try await connection.execute("INSERT INTO accounts (id, email) VALUES ($1, $2)", [1, nil])
            }
            #expect(notNull?.code == .constraintViolation)
            #expect(notNull?.sqlState == (backend == .postgres ? "23502" : nil))
            let check = await #expect(throws: DatabaseError.self) {
                try await connection.execute(
                    "INSERT INTO accounts (id, email, age) VALUES ($1, $2, $3)", [1, .text(Self.secret), -1])
            }
            #expect(check?.code == .constraintViolation)
            #expect(check?.description.contains(Self.secret) == false)
        }
    }

    @Test("a value the server echoes in its message is redacted")
    func echoedValue() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await Self.createTable(connection)
            let sql = "SELECT * FROM accounts WHERE age = $1"
            // PostgreSQL says: invalid input syntax for type integer: "<the value>".
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.query(sql, [.text(Self.secret)])
            }
            #expect(error?.sqlState == "22P02")
            #expect(error?.code == .server)
            #expect(error?.message.contains("invalid input syntax") == true)
            #expect(error?.description.contains(Self.secret) == false)
            #expect(error?.description.contains("statement: \(sql)") == true)
        }
    }

    @Test("syntax errors carry the SQLSTATE or SQLite code", arguments: DatabaseBackend.allCases)
    func syntax(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let error = await #expect(throws: DatabaseError.self) { try await connection.query("SELEC 1") }
            #expect(error?.code == .server)
            if backend == .postgres {
                #expect(error?.sqlState == "42601")
                #expect(error?.description.contains("[SQLSTATE 42601]") == true)
            } else {
                #expect(error?.sqliteCode == 1)
            }
            #expect(error?.sql == "SELEC 1")
        }
    }

    @Test("long statements are truncated in errors")
    func truncated() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let sql = "SELECT " + Array(repeating: "1", count: 2000).joined(separator: ", ") + " FROM missing_table"
            let error = await #expect(throws: DatabaseError.self) { try await connection.query(sql) }
            #expect((error?.sql?.count ?? 0) <= 501)
            #expect(error?.sql?.hasPrefix("SELECT 1, 1") == true)
        }
    }

    @Test("PostgreSQL read-only transactions fail with readOnly")
    func readOnlyTransaction() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint)")
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.withTransaction { session in
                    try session.execute("SET TRANSACTION READ ONLY")
                    try session.execute("INSERT INTO t VALUES (1)")
                }
            }
            #expect(error?.code == .readOnly)
            #expect(error?.sqlState == "25006")
        }
    }

    @Test("typed getters name the column and kind, never the content")
    func decoding() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let row = try #require(
                try await connection.query("SELECT $1 AS secret, 5 AS n", [.text(Self.secret)]).first)
            let wrongKind = #expect(throws: DatabaseError.self) { try row.int("secret") }
            #expect(wrongKind?.code == .decoding)
            #expect(wrongKind?.message == "column 'secret' holds text, expected an integer")
            let missing = #expect(throws: DatabaseError.self) { try row.int("nope") }
            #expect(missing?.message.contains("no column named 'nope'") == true)
            #expect(row["nope"] == .null)
            #expect(throws: DatabaseError.self) { try row.int(at: 7) }
        }
    }

    @Test("SQLite reports a lock held past the busy timeout as busy")
    func busy() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            var impatient = database.configuration
            impatient.busyTimeout = .milliseconds(100)
            let holder = try await database.connect()
            let waiter = try await DatabaseConnection.open(impatient, logger: TestDatabase.logger)
            try await holder.execute("CREATE TABLE t (id INTEGER)")
            let (locked, signal) = AsyncStream<Void>.makeStream()
            let release = DispatchSemaphore(value: 0)
            async let held: Void = holder.withSession { session in
                try session.execute("BEGIN IMMEDIATE")
                signal.yield()
                signal.finish()
                // Hold the write lock (on the holder's own thread) until the waiter has given up.
                _ = release.wait(timeout: .now() + 30)
                try session.execute("ROLLBACK")
            }
            for await _ in locked { break }
            let start = ContinuousClock.now
            let error = await #expect(throws: DatabaseError.self) { try await waiter.execute("BEGIN IMMEDIATE") }
            release.signal()
            #expect(error?.code == .busy)
            #expect(error?.sqliteCode == 5)
            #expect(ContinuousClock.now - start >= .milliseconds(90))
            try await held
            await holder.close()
            await waiter.close()
        }
    }

    @Test(
        "a NUL character: PostgreSQL text cannot hold it (misuse), SQLite keeps it", arguments: DatabaseBackend.allCases
    )
    func nul(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE t (v text)")
            let value = "before\u{0}after"
            if backend == .postgres {
                let error = await #expect(throws: DatabaseError.self) {
                    try await connection.execute("INSERT INTO t VALUES ($1)", [.text(value)])
                }
                #expect(error?.code == .misuse)
                #expect(error?.message.contains("$1") == true)
            } else {
                try await connection.execute("INSERT INTO t VALUES ($1)", [.text(value)])
                #expect(try await connection.query("SELECT v FROM t").first?.string("v") == value)
            }
        }
    }
}
