import SpotterDB
import SpotterTestSupport
import Testing

/// LISTEN/NOTIFY on PostgreSQL.
@Suite("Listener")
struct ListenerTests {
    /// Five NOTIFYs, each timed from just before the client sends it to when `next` returns it.
    /// The median must be under 100 ms: a sleeping poll loop (say every 250 ms) cannot pass, while
    /// one slow sample on a loaded CI machine does not fail the test.
    @Test("a notification arrives within 100 ms of the NOTIFY")
    func latency() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, database in
            let listener = try await DatabaseListener.open(
                database.configuration, channels: ["spotter_jobs", "other channel"], logger: TestDatabase.logger)
            let notifierPID = try await connection.query("SELECT pg_backend_pid() AS pid").first!.int("pid")
            var gaps: [Duration] = []
            for index in 0..<5 {
                async let sentAt: ContinuousClock.Instant = {
                    try await Task.sleep(for: .milliseconds(100))
                    let now = ContinuousClock.now
                    try await connection.execute("SELECT pg_notify('spotter_jobs', $1)", [.text("job \(index)")])
                    return now
                }()
                let notifications = try await listener.next(timeout: .seconds(5))
                let receivedAt = ContinuousClock.now
                gaps.append(receivedAt - (try await sentAt))
                #expect(
                    notifications == [
                        DatabaseNotification(
                            channel: "spotter_jobs", payload: "job \(index)", processID: Int32(notifierPID))
                    ])
            }
            gaps.sort()
            print("NOTIFY to delivery: median \(gaps[2]), all \(gaps)")
            #expect(gaps[2] < .milliseconds(100))

            // A quoted channel name works, and several notifications come back together.
            try await connection.withSession { session in
                try session.execute(#"NOTIFY "other channel", 'a'"#)
                try session.execute("NOTIFY spotter_jobs")
            }
            var received: [DatabaseNotification] = []
            while received.count < 2 {
                let batch = try await listener.next(timeout: .seconds(5))
                #expect(!batch.isEmpty)
                if batch.isEmpty { break }
                received += batch
            }
            #expect(received.map(\.channel) == ["other channel", "spotter_jobs"])
            #expect(received.map(\.payload) == ["a", ""])
            await listener.close()
        }
    }

    @Test("next(timeout:) with nothing returns [] after about the timeout")
    func timeout() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let listener = try await DatabaseListener.open(
                database.configuration, channels: ["quiet"], logger: TestDatabase.logger)
            let start = ContinuousClock.now
            let notifications = try await listener.next(timeout: .milliseconds(300))
            let elapsed = ContinuousClock.now - start
            #expect(notifications.isEmpty)
            #expect(elapsed >= .milliseconds(290) && elapsed < .seconds(10), "waited \(elapsed)")
            await listener.close()
        }
    }

    @Test("cancelling the waiting task returns [] promptly")
    func cancellation() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let listener = try await DatabaseListener.open(
                database.configuration, channels: ["quiet"], logger: TestDatabase.logger)
            let waiting = Task { try await listener.next(timeout: .seconds(30)) }
            try await Task.sleep(for: .milliseconds(200))
            let start = ContinuousClock.now
            waiting.cancel()
            let notifications = try await waiting.value
            #expect(notifications.isEmpty)
            // Far below the 30 s timeout (generous bound for a loaded CI machine).
            #expect(ContinuousClock.now - start < .seconds(3))
            // The listener still works afterwards.
            #expect(try await listener.next(timeout: .milliseconds(10)).isEmpty)
            await listener.close()
        }
    }

    @Test("close wakes a waiting next, and later calls fail with misuse")
    func close() async throws {
        try await TestDatabase.withDatabase(.postgres) { database in
            let listener = try await DatabaseListener.open(
                database.configuration, channels: ["quiet"], logger: TestDatabase.logger)
            let waiting = Task { try await listener.next(timeout: .seconds(30)) }
            try await Task.sleep(for: .milliseconds(500))
            let closedAt = ContinuousClock.now
            await listener.close()
            // The waiting call returns at once with nothing (or, if a loaded machine had not yet
            // started it, fails as closed) — it never sits out its 30 s timeout.
            switch await waiting.result {
            case .success(let notifications): #expect(notifications.isEmpty)
            case .failure(let error): #expect((error as? DatabaseError)?.code == .misuse)
            }
            #expect(ContinuousClock.now - closedAt < .seconds(10))
            let error = await #expect(throws: DatabaseError.self) {
                try await listener.next(timeout: .milliseconds(10))
            }
            #expect(error?.code == .misuse)
        }
    }

    @Test("the listener reports connectionLost when its backend is terminated")
    func lost() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, database in
            let listener = try await DatabaseListener.open(
                database.configuration, channels: ["quiet"], logger: TestDatabase.logger)
            let pid = try #require(
                try await connection.query(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                ).first?.int("pid"))
            async let terminated = connection.query("SELECT pg_terminate_backend($1::int)", [.int(Int64(pid))])
            let error = await #expect(throws: DatabaseError.self) {
                while true { _ = try await listener.next(timeout: .seconds(5)) }
            }
            _ = try await terminated
            #expect(error?.code == .connectionLost)
            #expect(error?.isConnectionError == true)
            await listener.close()
        }
    }

    @Test("LISTEN needs PostgreSQL")
    func sqlite() async throws {
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await DatabaseListener.open(.sqlite("/tmp/x.db"), channels: ["a"], logger: TestDatabase.logger)
        }
        #expect(error?.code == .misuse)
    }
}
