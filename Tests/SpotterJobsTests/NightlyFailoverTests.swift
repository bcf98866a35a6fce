import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// `spotter run nightly` across a failover (issue 39): given a primary and its synchronous
/// standby in one libpq multi-host URL, the run rides out the primary's crash and the standby's
/// promotion, and computes exactly what the same night computes on an undisturbed server.
///
/// 300 seeded users in the suite; `SPOTTER_FAILOVER_USERS` raises it for a manual run.
@Suite("A nightly across a failover")
struct NightlyFailoverTests {
    static let asOf = "2026-11-21T06:00:00Z"
    static var users: Int {
        ProcessInfo.processInfo.environment["SPOTTER_FAILOVER_USERS"].flatMap(Int.init) ?? 300
    }

    @Test("a nightly during a failover to a synchronous standby equals a nightly without one")
    func nightlyAcrossFailover() async throws {
        // Undisturbed, on the shared test server.
        let database = try await TestDatabase.makePostgres()
        let undisturbed: String
        do {
            try await Self.prepare(database.databaseArgument)
            let run = try await SpotterCommand.run(
                ["run", "nightly", "--as-of", Self.asOf, "--database", database.databaseArgument],
                timeout: .seconds(600))
            #expect(run.status == 0, "\(run)")
            undisturbed = try await Self.snapshot(database.configuration)
        } catch {
            await database.drop()
            throw error
        }
        await database.drop()

        let pair = try await ReplicatedPostgres.start(synchronous: true)
        do {
            let admin = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres")), logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_nightly")
            await admin.close()
            let url = pair.readWriteURL(database: "spotter_nightly")
            try await Self.prepare(url)
            // Each write of profile_stats takes a second, so that the failover cuts one short.
            let primary = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "spotter_nightly")),
                logger: TestDatabase.logger)
            try await primary.execute(
                "CREATE FUNCTION spotter.slow_write() RETURNS trigger LANGUAGE plpgsql AS "
                    + "'BEGIN PERFORM pg_sleep(1); RETURN NULL; END'")
            try await primary.execute(
                "CREATE TRIGGER slow_write BEFORE INSERT ON spotter.profile_stats "
                    + "FOR EACH STATEMENT EXECUTE FUNCTION spotter.slow_write()")
            let run = Task {
                try await SpotterCommand.run(
                    ["run", "nightly", "--as-of", Self.asOf, "--database", url], timeout: .seconds(600))
            }
            // The failover while a profile_stats shard is writing.
            let deadline = ContinuousClock.now.advanced(by: .seconds(300))
            while ContinuousClock.now < deadline {
                let running = try await primary.query(
                    "SELECT count(*) AS n FROM spotter.jobs WHERE kind = 'profile_stats' AND state = 'running'")
                if try running.first?.int("n") ?? 0 > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            try await Task.sleep(for: .milliseconds(300))
            await primary.close()
            try await pair.failOver()
            let output = try await run.value
            #expect(output.status == 0, "\(output)")
            #expect(output.stderr.contains("lost") || output.stderr.contains("failed"), "no failover seen: \(output)")
            let promoted = try DatabaseConfiguration.parse(url)
            let cleanup = try await DatabaseConnection.open(promoted, logger: TestDatabase.logger)
            try await cleanup.execute("DROP TRIGGER slow_write ON spotter.profile_stats")
            let retried = try await cleanup.query("SELECT count(*) AS n FROM spotter.jobs WHERE attempt > 1")
            let jobs = try await cleanup.query("SELECT count(*) AS n FROM spotter.jobs")
            await cleanup.close()
            let disturbed = try await Self.snapshot(promoted)
            #expect(undisturbed.count > 5_000, "\(undisturbed.count) characters of results")
            #expect(disturbed == undisturbed, "the results differ after the failover")
            print(
                "nightly failover: \(Self.users) users, \(try jobs.first?.int("n") ?? 0) jobs, "
                    + "\(try retried.first?.int("n") ?? 0) retried; results equal: \(disturbed == undisturbed)")
        } catch {
            await pair.stop()
            throw error
        }
        await pair.stop()
    }

    /// Migrates and seeds the database at `url`.
    static func prepare(_ url: String) async throws {
        for arguments in [["migrate"], ["seed", "--users", "\(users)", "--seed", "7", "--now", asOf]] {
            let output = try await SpotterCommand.run(arguments + ["--database", url], timeout: .seconds(600))
            guard output.status == 0 else { throw TestProcessError("\(arguments): \(output)") }
        }
    }

    /// Every result row the night computed, minus when and by which job.
    static func snapshot(_ configuration: DatabaseConfiguration) async throws -> String {
        let connection = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
        defer { Task { await connection.close() } }
        var lines: [String] = []
        for (table, order) in [
            ("profile_stats", "user_id"), ("inactive_clients", "trainer_id, client_id"),
            ("daily_suggestions", "user_id, local_date"), ("program_recommendations", "user_id, rank"),
            ("checkin_trends", "user_id"), ("result_errors", "kind, subject_id"),
        ] {
            for row in try await connection.query("SELECT * FROM spotter.\(table) ORDER BY \(order)") {
                let values = zip(row.columnNames, row.values)
                    .filter { !["computed_at", "job_id", "recorded_at"].contains($0.0) }
                    .map { "\($0.0)=\($0.1)" }
                lines.append(table + " " + values.joined(separator: " "))
            }
        }
        for row in try await connection.query(
            "SELECT user_id::text AS user_id, slot, content FROM spotter.facts ORDER BY user_id, slot, content")
        {
            lines.append("facts \(try row.string("user_id")) \(try row.string("slot")) \(try row.string("content"))")
        }
        return lines.joined(separator: "\n")
    }
}
