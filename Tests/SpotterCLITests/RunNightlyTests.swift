import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// `spotter run nightly` end to end (issue 17 item 3, issue 14 item 2): its exit status says
/// whether every job of its batch succeeded, it rides out a PostgreSQL restart, and a rerun
/// reports only its own jobs.
@Suite("spotter run nightly")
struct RunNightlyTests {
    static let asOf = "2026-11-21T06:00:00Z"

    /// A home whose `jobs/kinds.yaml` gives `profile_stats` two attempts (retried once after 2 s),
    /// and the repository's migrations.
    static func home(maxAttempts: Int) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-home-\(UUID().uuidString)")
        let jobs = root.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        let shipped = SpotterCommand.repositoryRoot.appendingPathComponent("jobs")
        var kinds = try String(contentsOf: shipped.appendingPathComponent("kinds.yaml"), encoding: .utf8)
        kinds = kinds.replacingOccurrences(of: "  max_attempts: 5\n", with: "  max_attempts: \(maxAttempts)\n")
        try kinds.write(to: jobs.appendingPathComponent("kinds.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: shipped.appendingPathComponent("schedule.yaml"), to: jobs.appendingPathComponent("schedule.yaml"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("sql"),
            withDestinationURL: SpotterCommand.repositoryRoot.appendingPathComponent("sql"))
        return root
    }

    static func prepare(_ connection: DatabaseConnection) async throws {
        let migrator = try MigrationTests.migrator(connection.backend)
        _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
        for id in 1...3 {
            try await connection.execute(
                "INSERT INTO spotter.users (id, display_name, role, time_zone) VALUES ($1, $2, 'member', 'UTC')",
                [.int(Int64(id)), .text("Member \(id)")])
        }
    }

    /// A prepared database (``prepare(_:)``, then `setUp`) whose every write of `table` fails.
    static func trappedDatabase(
        _ backend: DatabaseBackend, table: String = "profile_stats",
        setUp: (DatabaseConnection) async throws -> Void = { _ in }
    ) async throws -> TestDatabase {
        let database = try await TestDatabase.make(backend)
        let connection = try await database.connect()
        try await prepare(connection)
        try await setUp(connection)
        try await trap(connection, table: table)
        await connection.close()
        return database
    }

    /// `spotter run nightly` of the UTC zone as of ``asOf`` with the jobs of `home`.
    static func runNightly(home: URL, database: TestDatabase, _ extra: String...) async throws -> SpotterCommand.Output
    {
        try await SpotterCommand.run(
            [
                "run", "nightly", "--home", home.path, "--database", database.databaseArgument, "--zone", "UTC",
                "--as-of", asOf,
            ]
                + extra)
    }

    /// Makes every write of `table` fail (a retryable error), or sleep `seconds` first.
    static func trap(_ connection: DatabaseConnection, table: String = "profile_stats", sleep seconds: Double? = nil)
        async throws
    {
        switch connection.backend {
        case .postgres:
            let body =
                seconds.map { "PERFORM pg_sleep(\($0)); RETURN NEW;" }
                ?? "RAISE EXCEPTION '\(table) write refused';"
            try await connection.execute(
                "CREATE FUNCTION spotter.trap() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \(body) END $$")
            try await connection.execute(
                "CREATE TRIGGER trap BEFORE INSERT ON spotter.\(table) FOR EACH ROW EXECUTE FUNCTION spotter.trap()"
            )
        case .sqlite:
            try await connection.execute(
                "CREATE TRIGGER trap BEFORE INSERT ON \(table) BEGIN SELECT RAISE(ABORT, '\(table) write refused'); END"
            )
        }
    }

    @Test("a shard that keeps failing makes the command exit non-zero naming it", arguments: DatabaseBackend.allCases)
    func failingShard(backend: DatabaseBackend) async throws {
        let home = try Self.home(maxAttempts: 2)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = try await Self.trappedDatabase(backend)
        defer { Task { await database.drop() } }

        let output = try await Self.runNightly(home: home, database: database)
        #expect(output.status != 0, "\(output)")
        let text = output.stdout + output.stderr
        #expect(text.contains("profile_stats:UTC:2026-11-21:"), "names the shard: \(output)")
        #expect(text.contains("profile_stats write refused"), "gives its last error: \(output)")
        #expect(text.contains("dead"), "gives its state: \(output)")
        // The rest of the batch still ran.
        let verify = try await database.connect()
        let open = try await verify.query(
            "SELECT count(*) AS n FROM spotter.jobs WHERE state <> 'succeeded' AND kind <> 'profile_stats'")
        #expect(try open.first?.int("n") == 0)
        await verify.close()
    }

    @Test(
        "a shard still retryable when the command stops waiting counts as not done", arguments: DatabaseBackend.allCases
    )
    func retryableShard(backend: DatabaseBackend) async throws {
        let home = try Self.home(maxAttempts: 5)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = try await Self.trappedDatabase(backend)
        defer { Task { await database.drop() } }

        let output = try await Self.runNightly(home: home, database: database, "--retry-wait", "0")
        #expect(output.status != 0, "\(output)")
        let text = output.stdout + output.stderr
        #expect(text.contains("profile_stats:UTC:2026-11-21:"), "\(output)")
        #expect(text.contains("retryable"), "\(output)")
    }

    @Test(
        "shards waiting for a facts shard whose retry is later than --retry-wait count as not done with it",
        arguments: DatabaseBackend.allCases)
    func waitingForFailedFacts(backend: DatabaseBackend) async throws {
        let home = try Self.home(maxAttempts: 5)
        defer { try? FileManager.default.removeItem(at: home) }
        let database = try await Self.trappedDatabase(backend, table: "facts") { connection in
            try await connection.execute(
                "INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES (10, 1, 2, 'trainer')")
            try await connection.execute(
                "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES (100, 10, 1, $1, $2)",
                [
                    .text("My left knee has been hurting since Sunday's run"),
                    .timestamp(Date(timeIntervalSince1970: 1_763_600_000)),
                ])
        }
        defer { Task { await database.drop() } }

        // The facts shard fails and retries in 10 s or more (its kind's backoff); the suggestion
        // shards snooze for it. With --retry-wait 0 the command stops at once instead of riding
        // out every facts retry (or the suggestions' 30-minute limit).
        let started = ContinuousClock.now
        let output = try await Self.runNightly(home: home, database: database, "--retry-wait", "0")
        let took = ContinuousClock.now - started
        #expect(output.status != 0, "\(output)")
        #expect(took < .seconds(60), "\(took)")
        let text = output.stdout + output.stderr
        #expect(text.contains("extract_facts:UTC:2026-11-21:"), "\(output)")
        #expect(text.contains("facts write refused") && text.contains("retryable"), "\(output)")
        #expect(text.contains("daily_suggestion:UTC:2026-11-21:"), "\(output)")
        #expect(text.contains("waiting for the night's other kinds"), "\(output)")
    }

    @Test("a rerun reports only its own jobs", arguments: DatabaseBackend.allCases)
    func rerunSummary(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        try await Self.prepare(connection)
        await connection.close()
        let arguments = [
            "run", "nightly", "--database", database.databaseArgument, "--zone", "UTC", "--as-of", Self.asOf,
        ]
        for round in 1...2 {
            let output = try await SpotterCommand.run(arguments)
            #expect(output.status == 0, "round \(round): \(output)")
            let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("profile_stats ") }
            let cells = line.map { $0.split(separator: " ").map(String.init) } ?? []
            // kind, jobs, ok, failed, users …
            #expect(Array(cells.prefix(5)) == ["profile_stats", "1", "1", "0", "3"], "round \(round): \(output)")
        }
    }

    /// Issue 35, item 5: the batch used to be every job whose key contained `:<zone>:<date>:`,
    /// so an enqueuer's failed job keyed `enqueuer:profile_stats:UTC:2026-11-21:0` made the run
    /// exit 1. The batch is now the jobs its `nightly` jobs recorded.
    @Test("a job whose key only looks like a shard's is not the batch's", arguments: DatabaseBackend.allCases)
    func lookalikeKey(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        try await Self.prepare(connection)
        for (key, state) in [
            ("enqueuer:profile_stats:UTC:2026-11-21:0", "dead"),
            ("enqueuer:profile_stats:UTC:2026-11-21:9", "available"),
        ] {
            try await connection.execute(
                """
                INSERT INTO spotter.jobs (kind, payload, state, attempt, unique_key, last_error, run_at)
                VALUES ('profile_stats', '{"user_id": 99}', $1, 1, $2, 'not the batch''s', $3)
                """, [.text(state), .text(key), .timestamp(Date().addingTimeInterval(86_400))])
        }
        await connection.close()
        let output = try await SpotterCommand.run([
            "run", "nightly", "--database", database.databaseArgument, "--zone", "UTC", "--as-of", Self.asOf,
        ])
        #expect(output.status == 0, "\(output)")
        let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("profile_stats ") }
        let cells = line.map { $0.split(separator: " ").map(String.init) } ?? []
        #expect(Array(cells.prefix(5)) == ["profile_stats", "1", "1", "0", "3"], "\(output)")
        #expect(!output.stdout.contains("not the batch"), "\(output)")
    }

    @Test("the command waits for a job of its batch that another worker runs", arguments: DatabaseBackend.allCases)
    func waitsForOtherWorkers(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        try await Self.prepare(connection)
        // Another worker already runs the batch's profile_stats shard (its lease is good for an hour).
        try await connection.execute(
            """
            INSERT INTO spotter.jobs (kind, payload, state, attempt, unique_key, lease_owner, lease_expires_at, started_at)
            VALUES ('profile_stats', '{}', 'running', 1, 'profile_stats:UTC:2026-11-21:0', 'elsewhere', $1, $2)
            """, [.timestamp(Date().addingTimeInterval(3600)), .timestamp(Date())])
        let arguments = [
            "run", "nightly", "--database", database.databaseArgument, "--zone", "UTC", "--as-of", Self.asOf,
        ]
        let run = Task { try await SpotterCommand.run(arguments) }
        // Everything but that shard ends; the command keeps waiting.
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < deadline {
            let open = try await connection.query(
                "SELECT count(*) AS n FROM spotter.jobs WHERE state <> 'succeeded' AND kind <> 'profile_stats'")
            let all = try await connection.query("SELECT count(*) AS n FROM spotter.jobs")
            if try open.first?.int("n") == 0 && all.first?.int("n") ?? 0 > 2 { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        try await Task.sleep(for: .seconds(3))
        let profileJobs = try await connection.query(
            "SELECT count(*) AS n FROM spotter.jobs WHERE kind = 'profile_stats'")
        #expect(try profileJobs.first?.int("n") == 1, "the fan-out found the live shard")
        // The other worker finishes it.
        try await connection.execute(
            """
            UPDATE spotter.jobs SET state = 'succeeded', finished_at = $1, lease_owner = NULL, lease_expires_at = NULL,
                   result = '{"users": 3, "rows_written": 3}'
            WHERE kind = 'profile_stats'
            """, [.timestamp(Date())])
        let output = try await run.value
        await connection.close()
        #expect(output.status == 0, "\(output)")
        let line = output.stdout.split(separator: "\n").first { $0.hasPrefix("profile_stats ") }
        let cells = line.map { $0.split(separator: " ").map(String.init) } ?? []
        #expect(Array(cells.prefix(5)) == ["profile_stats", "1", "1", "0", "3"], "\(output)")
    }

    @Test("a PostgreSQL restart during the run: the command reconnects, waits and exits 0")
    func restartDuringRun() async throws {
        let cluster = try await PostgresCluster.start()
        do {
            let server = try DatabaseConfiguration.parse(cluster.url)
            let connection = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
            try await Self.prepare(connection)
            try await Self.trap(connection, sleep: 3)
            await connection.close()

            let run = Task {
                try await SpotterCommand.run(
                    ["run", "nightly", "--database", cluster.url, "--zone", "UTC", "--as-of", Self.asOf],
                    timeout: .seconds(120))
            }
            // Restart while the profile_stats shard sleeps in its write.
            let deadline = ContinuousClock.now.advanced(by: .seconds(60))
            while ContinuousClock.now < deadline {
                let probe = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
                let running = try await probe.query(
                    "SELECT count(*) AS n FROM spotter.jobs WHERE kind = 'profile_stats' AND state = 'running'")
                await probe.close()
                if try running.first?.int("n") == 1 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            try await Task.sleep(for: .milliseconds(500))
            try await cluster.restart()
            let output = try await run.value
            #expect(output.status == 0, "\(output)")
            let after = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
            let states = try await after.query(
                "SELECT count(*) AS n FROM spotter.jobs WHERE state <> 'succeeded'")
            #expect(try states.first?.int("n") == 0)
            let stats = try await after.query("SELECT count(*) AS n FROM spotter.profile_stats")
            #expect(try stats.first?.int("n") == 3)
            await after.close()
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }
}
