import SpotterDB
import SpotterTestSupport
import Testing

/// Terminated backends, pool recovery and task cancellation.
@Suite("Connection failures")
struct ConnectionFailureTests {
    static func backendPID(_ connection: DatabaseConnection) async throws -> Int {
        try await connection.query("SELECT pg_backend_pid() AS pid").first!.int("pid")
    }

    /// Terminates `pid` from a separate connection and waits until the backend is gone.
    static func terminate(_ pid: Int) async throws {
        try await TestDatabase.withServerConnection { admin in
            _ = try await admin.query("SELECT pg_terminate_backend($1::int)", [.int(Int64(pid))])
            for _ in 0..<100 {
                let alive = try await admin.query(
                    "SELECT 1 FROM pg_stat_activity WHERE pid = $1::int", [.int(Int64(pid))])
                if alive.isEmpty { return }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test("a terminated backend gives a clear connectionLost and marks the connection broken")
    func terminated() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await Self.terminate(try await Self.backendPID(connection))
            let error = await #expect(throws: DatabaseError.self) { try await connection.query("SELECT 1") }
            #expect(error?.code == .connectionLost)
            #expect(error?.isConnectionError == true)
            #expect(error?.description.contains("\n") == false)
            #expect(connection.isBroken)
            // Later calls fail the same way without touching the dead socket.
            let again = await #expect(throws: DatabaseError.self) { try await connection.query("SELECT 1") }
            #expect(again?.code == .connectionLost)
        }
    }

    @Test("a pool replaces a connection whose backend was terminated while idle")
    func poolIdleRecovery() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let pool = DatabasePool(configuration: database.configuration, size: 1, logger: TestDatabase.logger)
            let first = try await pool.withConnection { try await Self.backendPID($0) }
            try await Self.terminate(first)
            // The backend leaves pg_stat_activity a moment before its socket closes; give it that moment.
            try await Task.sleep(for: .milliseconds(100))
            // The checkout reads what the server sent while idle, sees the closed socket, and reconnects.
            // Should the socket still be open, the first use fails with connectionLost; the next must work.
            var second: Int
            do {
                second = try await pool.withConnection { try await Self.backendPID($0) }
            } catch let error as DatabaseError where error.code == .connectionLost {
                Issue.record(Comment(rawValue: "checkout did not notice the dead connection: \(error)"))
                second = try await pool.withConnection { try await Self.backendPID($0) }
            }
            #expect(second != first)
            await pool.close()
        }
    }

    @Test("a pool discards a connection lost mid-statement and recovers on next use")
    func poolMidStatementRecovery() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let pool = DatabasePool(configuration: database.configuration, size: 1, logger: TestDatabase.logger)
            let (first, error) = try await pool.withConnection { connection in
                let pid = try await Self.backendPID(connection)
                async let killed: Void = {
                    try await Task.sleep(for: .milliseconds(300))
                    try await Self.terminate(pid)
                }()
                var caught: DatabaseError?
                do {
                    try await connection.execute("SELECT pg_sleep(10)")
                } catch let error as DatabaseError {
                    caught = error
                }
                try await killed
                #expect(connection.isBroken)
                return (pid, caught)
            }
            #expect(error?.code == .connectionLost)
            let second = try await pool.withConnection { try await Self.backendPID($0) }
            #expect(second != first)
            await pool.close()
        }
    }

    @Test("a pool never opens more than its size")
    func poolSize() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let pool = DatabasePool(configuration: database.configuration, size: 2, logger: TestDatabase.logger)
            let pids = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        try await pool.withConnection { connection in
                            try await connection.execute("SELECT pg_sleep(0.02)")
                            return try await Self.backendPID(connection)
                        }
                    }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            #expect(pids.count <= 2)
            await pool.close()
            let error = await #expect(throws: DatabaseError.self) { try await pool.withConnection { _ in 1 } }
            #expect(error?.code == .misuse)
        }
    }

    @Test("cancelling a task interrupts a running statement within about a second")
    func cancelPostgres() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            let running = Task { try await connection.execute("SELECT pg_sleep(10)") }
            try await Task.sleep(for: .milliseconds(300))
            let start = ContinuousClock.now
            running.cancel()
            let result = await running.result
            let elapsed = ContinuousClock.now - start
            print("pg_sleep cancelled after \(elapsed)")
            // Far below the 10 s the statement would take; generous for a loaded CI machine.
            #expect(elapsed < .seconds(5))
            #expect(throws: DatabaseError.self) { try result.get() }
            if case .failure(let error as DatabaseError) = result {
                #expect(error.code == .cancelled)
                #expect(error.sqlState == "57014")
            }
            // The connection survives a cancelled statement.
            #expect(!connection.isBroken)
            #expect(try await connection.query("SELECT 1 AS one").first?.int("one") == 1)
        }
    }

    @Test("cancelling a task interrupts a long SQLite statement")
    func cancelSQLite() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            let running = Task {
                try await connection.query(
                    "WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 1000000000) SELECT count(*) FROM s"
                )
            }
            try await Task.sleep(for: .milliseconds(300))
            let start = ContinuousClock.now
            running.cancel()
            let result = await running.result
            // The statement would run for minutes; interrupted, it stops at once (generous bound
            // for a loaded CI machine).
            #expect(ContinuousClock.now - start < .seconds(5))
            if case .failure(let error as DatabaseError) = result {
                #expect(error.code == .cancelled)
            } else {
                Issue.record("expected a cancelled DatabaseError, got \(result)")
            }
            #expect(try await connection.query("SELECT 1 AS one").first?.int("one") == 1)
        }
    }

    @Test("work begun in an already-cancelled task still runs (clean-up after cancellation)")
    func alreadyCancelled() async throws {
        try await TestDatabase.withConnection(.sqlite) { connection, _ async throws in
            try await connection.execute("CREATE TABLE t (id INTEGER)")
            let task = Task {
                while !Task.isCancelled { await Task.yield() }
                return try await connection.execute("INSERT INTO t VALUES (1)")
            }
            task.cancel()
            #expect(try await task.value == 1)
        }
    }

    @Test("a cancelled statement inside a transaction rolls the transaction back")
    func cancelInTransaction() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            try await connection.execute("CREATE TABLE t (id bigint)")
            let running = Task {
                try await connection.withTransaction { session in
                    try session.execute("INSERT INTO t VALUES (1)")
                    try session.execute("SELECT pg_sleep(10)")
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            running.cancel()
            let result = await running.result
            if case .failure(let error as DatabaseError) = result {
                #expect(error.code == .cancelled)
            } else {
                Issue.record("expected a cancelled DatabaseError, got \(result)")
            }
            #expect(try await connection.query("SELECT count(*) AS n FROM t").first?.int("n") == 0)
            // Outside a transaction block, SAVEPOINT is refused: proof the old transaction is gone.
            let outside = await #expect(throws: DatabaseError.self) { try await connection.execute("SAVEPOINT probe") }
            #expect(outside?.sqlState == "25P01")
        }
    }
}
