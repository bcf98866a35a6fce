import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// Issue 14 item 6: the README's pg_cron recipe on a private cluster with Debian's
/// `postgresql-15-cron` loaded (`.ci/test` installs it; this test installs it too when it runs
/// as root and the package is missing).
@Suite("pg_cron recipe")
struct PgCronTests {
    /// Whether pg_cron's library is installed for a PostgreSQL server on this machine, after
    /// trying `apt-get install postgresql-<major>-cron` as root when it is not.
    static func pgCronInstalled() -> Bool {
        func installed() -> Bool {
            let root = "/usr/lib/postgresql"
            let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            return versions.contains { FileManager.default.fileExists(atPath: "\(root)/\($0)/lib/pg_cron.so") }
        }
        if installed() { return true }
        guard getuid() == 0 else { return false }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/apt-get")
            process.arguments = ["install", "-y", "-qq", "postgresql-\(version)-cron"]
            process.environment = ["DEBIAN_FRONTEND": "noninteractive", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            process.waitUntilExit()
        }
        return installed()
    }

    /// The zones of active users; Mars/Olympus is no zone at all.
    static let zones = ["America/New_York", "Europe/Berlin", "Mars/Olympus", "UTC"]
    /// The window that makes every zone due now (the README's recipe uses 00:15 … 00:29:59).
    static let command = "SELECT spotter.enqueue_due_nightlies('00:00', '23:59:59.999999')"

    @Test(
        "pg_cron runs the recipe: each valid zone's nightly enqueued once with the Swift key; an invalid zone stops none",
        .enabled(
            if: pgCronInstalled(),
            "postgresql-15-cron is not installed and could not be installed (run .ci/test as root)"))
    func recipe() async throws {
        let cluster = try await PostgresCluster.start(settings: [
            "shared_preload_libraries": "pg_cron", "cron.database_name": "postgres",
            "cron.use_background_workers": "on",
        ])
        defer { Task { await cluster.stop() } }
        let connection = try await DatabaseConnection.open(
            try DatabaseConfiguration.parse(cluster.url), logger: TestDatabase.logger)
        defer { Task { await connection.close() } }
        let migrator = try Migrator(directory: AnalyticsHarness.repository.appendingPathComponent("sql/postgres"))
        _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
        try await connection.execute("CREATE EXTENSION pg_cron")
        for (index, zone) in Self.zones.enumerated() {
            for copy in 0..<2 {
                try await connection.execute(
                    "INSERT INTO spotter.users (id, display_name, role, time_zone) VALUES ($1, 'U', 'member', $2)",
                    [.int(Int64(index * 10 + copy + 1)), .text(zone)])
            }
        }

        // The README's old recipe: one invalid zone made the whole statement fail, for every zone.
        let old = """
            SELECT spotter.enqueue('nightly',
                     jsonb_build_object('time_zone', z.tz, 'local_date', (now() AT TIME ZONE z.tz)::date),
                     now(), NULL, 'nightly:' || z.tz || ':' || (now() AT TIME ZONE z.tz)::date)
            FROM (SELECT DISTINCT time_zone AS tz FROM spotter.users WHERE status = 'active') z
            WHERE spotter.is_valid_time_zone(z.tz)
              AND (now() AT TIME ZONE z.tz)::time BETWEEN '00:00' AND '23:59:59.999999'
            """
        await #expect(throws: (any Error).self) { try await connection.execute(old) }

        // pg_cron itself runs the fixed recipe (every minute: pg_cron 1.4 has no seconds).
        try await connection.execute(
            "SELECT cron.schedule('spotter-nightly', '* * * * *', $1)", [.text(Self.command)])
        let deadline = Date().addingTimeInterval(150)
        var runs: [Row] = []
        while Date() < deadline {
            runs = try await connection.query(
                "SELECT status, coalesce(return_message, '') AS message FROM cron.job_run_details WHERE status IN ('succeeded', 'failed')"
            )
            if !runs.isEmpty { break }
            try await Task.sleep(for: .seconds(2))
        }
        let run = try #require(runs.first, "pg_cron ran the schedule within 150 s")
        let message = try run.string("message")
        #expect(try run.string("status") == "succeeded", "\(message)")
        try await connection.execute("SELECT cron.unschedule('spotter-nightly')")

        // A second run (the next quarter hour, or `spotter run nightly`) enqueues nothing new.
        _ = try await connection.query(Self.command)
        let jobs = try await connection.query(
            """
            SELECT unique_key, payload->>'time_zone' AS zone, payload->>'local_date' AS local_date
            FROM spotter.jobs WHERE kind = 'nightly' ORDER BY payload->>'time_zone'
            """)
        #expect(try jobs.map { try $0.string("zone") } == ["America/New_York", "Europe/Berlin", "UTC"])
        for job in jobs {
            let key = NightlyBatch.nightlyKey(zone: try job.string("zone"), localDate: try job.string("local_date"))
            #expect(try job.string("unique_key") == key, "the same key as spotter run nightly")
        }

        // The key part matches KeyPart.bounded for names it would hash too.
        for value in [String(repeating: "A", count: 65), "Europe/Bérlin", "Etc/GMT+5", ""] {
            let sql = try await connection.query("SELECT spotter.key_part($1) AS part", [.text(value)])
            #expect(try sql[0].string("part") == KeyPart.bounded(value), "\(value)")
        }
    }
}
