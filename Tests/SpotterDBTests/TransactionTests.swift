import SpotterDB
import SpotterTestSupport
import Testing

/// Scoped transactions and savepoints.
@Suite("Transactions")
struct TransactionTests {
    struct Boom: Error {}

    static func count(_ connection: DatabaseConnection) async throws -> Int {
        try await connection.query("SELECT count(*) AS n FROM t").first?.int("n") ?? -1
    }

    @Test("a body that throws leaves nothing behind", arguments: DatabaseBackend.allCases)
    func rollback(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            await #expect(throws: Boom.self) {
                try await connection.withTransaction { session in
                    try session.execute("INSERT INTO t VALUES (1), (2)")
                    try session.copy(into: "t", columns: ["id"], rows: [[3], [4]])
                    throw Boom()
                }
            }
            #expect(try await Self.count(connection) == 0)
            try await connection.withTransaction(immediate: true) { session in
                try session.execute("INSERT INTO t VALUES (5)")
            }
            #expect(try await Self.count(connection) == 1)
        }
    }

    @Test("a nested savepoint rolls back alone and keeps the outer work", arguments: DatabaseBackend.allCases)
    func savepoint(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            try await connection.withTransaction { session in
                try session.execute("INSERT INTO t VALUES (1)")
                #expect(throws: Boom.self) {
                    try session.withTransaction {
                        try session.execute("INSERT INTO t VALUES (2)")
                        throw Boom()
                    }
                }
                // A database error inside the savepoint is also contained (PostgreSQL would
                // otherwise abort the whole transaction).
                let error = #expect(throws: DatabaseError.self) {
                    try session.withTransaction { try session.execute("INSERT INTO t VALUES (1)") }
                }
                #expect(error?.code == .uniqueViolation)
                try session.withTransaction {
                    try session.execute("INSERT INTO t VALUES (3)")
                    try session.withTransaction { try session.execute("INSERT INTO t VALUES (4)") }
                }
            }
            let ids = try await connection.query("SELECT id FROM t ORDER BY id").map { try $0.int("id") }
            #expect(ids == [1, 3, 4])
        }
    }

    @Test("committing a transaction that failed inside throws instead of losing work silently")
    func failedCommit() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            let error = await #expect(throws: DatabaseError.self) {
                try await connection.withTransaction { session in
                    try session.execute("INSERT INTO t VALUES (1)")
                    _ = try? session.execute("INSERT INTO t VALUES (1)")  // aborts the transaction
                }
            }
            #expect(error?.message.contains("rolled back") == true)
            #expect(try await Self.count(connection) == 0)
            try await connection.execute("INSERT INTO t VALUES (2)")  // the connection is clean again
            #expect(try await Self.count(connection) == 1)
        }
    }

    @Test("a transaction a session leaves open is rolled back", arguments: DatabaseBackend.allCases)
    func strayTransaction(backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint PRIMARY KEY)")
            try await connection.withSession { session in
                try session.execute("BEGIN")
                try session.execute("INSERT INTO t VALUES (1)")
            }
            #expect(try await Self.count(connection) == 0)
        }
    }

    @Test("two SQLite writers with BEGIN IMMEDIATE wait for each other instead of failing")
    func immediateWriters() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            let first = try await database.connect()
            let second = try await database.connect()
            try await first.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, writer TEXT)")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (name, connection) in [("a", first), ("b", second)] {
                    group.addTask {
                        for index in 0..<50 {
                            try await connection.withTransaction(immediate: true) { session in
                                let next = try session.query("SELECT coalesce(max(id), 0) + 1 AS n FROM t").first!.int(
                                    "n")
                                try session.execute(
                                    "INSERT INTO t VALUES ($1, $2)", [.int(Int64(next)), .text("\(name)\(index)")])
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await first.query("SELECT count(*) AS n FROM t").first?.int("n") == 100)
            await first.close()
            await second.close()
        }
    }
}
