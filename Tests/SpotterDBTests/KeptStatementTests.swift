import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// A PostgreSQL connection keeps repeated statements prepared (``StatementCache``): the rules,
/// then what the server holds, and the statements that go stale when a relation changes.
@Suite("Kept statements")
struct KeptStatementTests {
    private static func key(_ sql: String, _ types: [UInt32] = []) -> StatementCache.Key {
        StatementCache.Key(sql: sql, types: types)
    }

    @Test("a statement is run unnamed once, prepared the second time, then reused")
    func secondSighting() {
        var cache = StatementCache(capacity: 10)
        var evicted: [String] = []
        let select = Self.key("SELECT id FROM spotter.users WHERE id = $1", [20])
        #expect(cache.plan(for: select, evicted: &evicted) == .unnamed)
        guard case .prepare(let name) = cache.plan(for: select, evicted: &evicted) else {
            Issue.record("the second sighting is not prepared")
            return
        }
        #expect(cache.plan(for: select, evicted: &evicted) == .run(name))
        #expect(cache.plan(for: select, evicted: &evicted) == .run(name))
        // Other bind types are another statement on the server.
        let asText = Self.key(select.sql, [25])
        #expect(cache.plan(for: asText, evicted: &evicted) == .unnamed)
        #expect(evicted.isEmpty)
        #expect(cache.count == 1)
    }

    @Test("only queries and DML are kept; DDL, transaction control, COPY and SET run unnamed")
    func keepable() {
        var cache = StatementCache(capacity: 10)
        var evicted: [String] = []
        for sql in [
            "BEGIN", "COMMIT", "SET LOCAL statement_timeout TO '1s'", "CREATE TABLE t (id int)",
            "COPY spotter.t (id) FROM STDIN", "SAVEPOINT a", "LISTEN x", "  -- a comment\nVACUUM t",
        ] {
            #expect(cache.plan(for: Self.key(sql), evicted: &evicted) == .unnamed, "\(sql)")
            #expect(cache.plan(for: Self.key(sql), evicted: &evicted) == .unnamed, "\(sql)")
        }
        for sql in [
            "select 1", " WITH a AS (SELECT 1) SELECT * FROM a", "INSERT INTO t VALUES ($1)", "update t set id = 2",
            "DELETE FROM t", "-- why\n(SELECT 1) UNION (SELECT 2)", "VALUES (1)",
        ] {
            _ = cache.plan(for: Self.key(sql), evicted: &evicted)
            guard case .prepare = cache.plan(for: Self.key(sql), evicted: &evicted) else {
                Issue.record("\(sql) is not kept")
                continue
            }
        }
        let long = "SELECT '" + String(repeating: "x", count: StatementCache.longestStatement) + "'"
        _ = cache.plan(for: Self.key(long), evicted: &evicted)
        #expect(cache.plan(for: Self.key(long), evicted: &evicted) == .unnamed)
        #expect(cache.count > 0)
        #expect(cache.forgetAll(ifInvalidatedBy: "SELECT 'DROP'") == nil)
        let kept = cache.count
        #expect(cache.forgetAll(ifInvalidatedBy: "alter table t add column v text")?.count == kept)
        #expect(cache.count == 0)
        _ = cache.plan(for: Self.key("select 1"), evicted: &evicted)
        _ = cache.plan(for: Self.key("select 1"), evicted: &evicted)
        // DISCARD ALL drops them on the server: forgotten, nothing left to deallocate.
        #expect(cache.forgetAll(ifInvalidatedBy: "DISCARD ALL") == [])
        #expect(cache.count == 0)
        #expect(StatementCache.isStale(sqlState: "26000", message: "prepared statement \"x\" does not exist"))
        #expect(StatementCache.isStale(sqlState: "0A000", message: "cached plan must not change result type"))
        #expect(!StatementCache.isStale(sqlState: "0A000", message: "cannot copy to view"))
        #expect(!StatementCache.isStale(sqlState: "23505", message: "duplicate key"))
    }

    @Test("past capacity the least recently used statement is evicted; capacity 0 keeps none")
    func capacity() {
        var cache = StatementCache(capacity: 2)
        var evicted: [String] = []
        func keep(_ sql: String) -> String? {
            _ = cache.plan(for: Self.key(sql), evicted: &evicted)
            guard case .prepare(let name) = cache.plan(for: Self.key(sql), evicted: &evicted) else { return nil }
            return name
        }
        let a = keep("SELECT 1"), b = keep("SELECT 2")
        #expect(a != nil && b != nil && a != b)
        // Using A makes B the least recently used.
        #expect(cache.plan(for: Self.key("SELECT 1"), evicted: &evicted) == a.map(StatementCache.Plan.run))
        let c = keep("SELECT 3")
        #expect(c != nil)
        #expect(evicted == [b].compactMap { $0 })
        #expect(cache.count == 2)
        #expect(Set(cache.forgetAll()) == Set([a, c].compactMap { $0 }))
        #expect(cache.count == 0)

        var none = StatementCache(capacity: 0)
        for _ in 0..<3 { #expect(none.plan(for: Self.key("SELECT 1"), evicted: &evicted) == .unnamed) }
    }

    /// The kept statements of this connection whose text is `sql`.
    private static func kept(_ sql: String, on connection: DatabaseConnection) async throws -> Int {
        // The look-up is kept too after its second use, under its own text.
        try await connection.query(
            "SELECT count(*) AS n FROM pg_prepared_statements WHERE name LIKE 'spotter_kept_%' AND statement = $1",
            [.text(sql)]
        )[0].int("n")
    }

    @Test("PostgreSQL holds a repeated statement prepared; capacity 0 holds none")
    func serverHoldsIt() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let sql = "SELECT $1::int + 1 AS n"
            for capacity in [100, 0] {
                var configuration = database.configuration
                configuration.keptStatements = capacity
                let connection = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
                for value in 1...4 {
                    #expect(try await connection.query(sql, [.int(Int64(value))])[0].int("n") == value + 1)
                }
                #expect(try await Self.kept(sql, on: connection) == (capacity > 0 ? 1 : 0), "capacity \(capacity)")
                await connection.close()
            }
        }
    }

    @Test("a view changed by another connection: the stale statement is forgotten and rerun")
    func changedElsewhere() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let worker = try await database.connect()
            let owner = try await database.connect()
            try await owner.execute("CREATE TABLE readings (id int, energy int, mood int)")
            try await owner.execute("INSERT INTO readings VALUES (1, 4, 3)")
            try await owner.execute("CREATE VIEW latest AS SELECT id, energy FROM readings")
            let sql = "SELECT * FROM latest WHERE id = $1"
            for _ in 1...3 { _ = try await worker.query(sql, [1]) }
            #expect(try await Self.kept(sql, on: worker) == 1)

            // A new column changes the kept statement's result type.
            try await owner.execute("CREATE OR REPLACE VIEW latest AS SELECT id, energy, mood FROM readings")
            let rows = try await worker.query(sql, [1])
            #expect(try rows[0].int("mood") == 3)

            // Inside a transaction the failure stands (the transaction is aborted anyway); the
            // statement is forgotten, so the job's retry runs.
            for _ in 1...2 { _ = try await worker.query(sql, [1]) }
            try await owner.execute("DROP VIEW latest")
            try await owner.execute("CREATE VIEW latest AS SELECT id, mood FROM readings")
            let error = await #expect(throws: DatabaseError.self) {
                try await worker.withTransaction { session in _ = try session.query(sql, [1]) }
            }
            #expect(error?.sqlState == "0A000", "\(String(describing: error))")
            let again = try await worker.query(sql, [1])
            #expect(try again[0].int("mood") == 3)
            #expect(again[0].columnNames == ["id", "mood"])
            await worker.close()
            await owner.close()
        }
    }

    @Test("DDL on the connection itself forgets what it kept; streaming reads use kept statements too")
    func changedHere() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await connection.execute("CREATE TABLE notes (id int, body text)")
            try await connection.execute("INSERT INTO notes SELECT g, 'note ' || g FROM generate_series(1, 50) g")
            let sql = "SELECT id, body FROM notes WHERE id <= $1 ORDER BY id"
            for _ in 1...3 {
                let seen = try await connection.withSession { session in
                    var count = 0
                    try session.forEachRow(sql, [.int(50)]) { _ in count += 1 }
                    return count
                }
                #expect(seen == 50)
            }
            #expect(try await Self.kept(sql, on: connection) == 1)
            try await connection.execute("ALTER TABLE notes ADD COLUMN pinned boolean DEFAULT false")
            // The forgotten statement is deallocated before the next one runs.
            #expect(try await Self.kept(sql, on: connection) == 0)
            let rows = try await connection.query(sql, [.int(2)])
            #expect(try rows.map { try $0.string("body") } == ["note 1", "note 2"])
        }
    }
}
