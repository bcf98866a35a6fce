import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterQueue

/// `spotter-bench prune`: whether pruning keeps `spotter.jobs` flat under a steady enqueue rate
/// with a short retention, and how many of the table's updates were HOT.
struct PruneBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Jobs table size over time at a steady enqueue rate with short retention (PostgreSQL).",
        discussion: """
            Starts --workers `spotter work` processes on a home whose jobs/kinds.yaml is the shipped one \
            with the given retention, prune interval, prune batch and heartbeat; enqueues --rate jobs per \
            second (noop, or sleep jobs of --job-seconds) for --seconds; prints the jobs table's row \
            count every --every seconds, then the table's updates and how many were HOT \
            (pg_stat_user_tables). --spotter runs another build's workers (before/after comparisons).
            """)

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Jobs enqueued per second.")
    var rate = 200

    @Option(help: "Seconds of steady enqueueing.")
    var seconds = 60

    @Option(help: "Retention of succeeded jobs, in seconds.")
    var retention = 5

    @Option(help: "worker.prune_interval, in seconds (shipped: 60).")
    var pruneInterval = 1

    @Option(help: "worker.prune_batch (shipped: 1000).")
    var pruneBatch = 1000

    @Option(help: "worker.heartbeat, in seconds (shipped: 10).")
    var heartbeat = 1

    @Option(help: "spotter work processes.")
    var workers = 2

    @Option(help: "Job slots per worker.")
    var concurrency = 16

    @Option(help: "Seconds each job runs: 0 enqueues noop jobs; more, sleep jobs (which heartbeat).")
    var jobSeconds = 0.0

    @Option(help: "Print the row count every this many seconds.")
    var every = 10

    @OptionGroup var spotter: SpotterExecutable

    func validate() throws {
        guard rate > 0, seconds > 0, retention > 0, pruneInterval > 0, pruneBatch > 0, heartbeat > 0, workers > 0,
            concurrency > 0, every > 0, jobSeconds >= 0
        else { throw ValidationError("every figure must be positive (--job-seconds may be 0)") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let root = try options.repositoryRoot()
        let executable = try spotter.path()
        let home = try makeHome(root: root)
        defer { try? FileManager.default.removeItem(at: home) }
        let catalog = try JobCatalog.load(directory: home.appendingPathComponent("jobs"))
        let database = try await BenchmarkDatabase.acquire(url: options.database, root: root, logger: logger)
        do {
            let connection = try await DatabaseConnection.open(database.configuration, logger: logger)
            do {
                let migrator = try Migrator(directory: root.appendingPathComponent("sql/postgres"))
                _ = try await migrator.migrate(connection, logger: logger)
                try await measure(connection, database: database, catalog: catalog, executable: executable, home: home)
                await connection.close()
            } catch {
                await connection.close()
                throw error
            }
        } catch {
            if !options.keep { await database.release() }
            throw error
        }
        if options.keep { print("kept: \(database.configuration)") } else { await database.release() }
    }

    /// A home with the shipped catalog, its worker settings and test kinds' retention replaced.
    private func makeHome(root: URL) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spotter-bench-prune-\(UUID().uuidString)")
        let jobs = home.appendingPathComponent("jobs")
        try FileManager.default.createDirectory(at: jobs, withIntermediateDirectories: true)
        var kinds = try String(contentsOf: root.appendingPathComponent("jobs/kinds.yaml"), encoding: .utf8)
        for (key, value) in [
            ("prune_interval", "\(pruneInterval)s"), ("prune_batch", "\(pruneBatch)"), ("heartbeat", "\(heartbeat)s"),
        ] {
            kinds = kinds.replacingOccurrences(
                of: #"(?m)^  \#(key): *[^ #\n]+"#, with: "  \(key): \(value)", options: .regularExpression)
        }
        kinds = kinds.replacingOccurrences(of: "      succeeded: 1h", with: "      succeeded: \(retention)s")
        try kinds.write(to: jobs.appendingPathComponent("kinds.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("jobs/schedule.yaml"), to: jobs.appendingPathComponent("schedule.yaml"))
        try FileManager.default.createSymbolicLink(
            at: home.appendingPathComponent("sql"), withDestinationURL: root.appendingPathComponent("sql"))
        return home
    }

    private func measure(
        _ connection: DatabaseConnection, database: BenchmarkDatabase, catalog: JobCatalog, executable: String,
        home: URL
    ) async throws {
        let queue = JobQueue(catalog: catalog)
        let kind = jobSeconds > 0 ? "sleep" : "noop"
        let payload = jobSeconds > 0 ? "{\"seconds\": \(jobSeconds)}" : "{}"
        print(
            "prune benchmark: \(database.description); \(executable); \(workers) worker(s) × \(concurrency) slots; "
                + "\(rate) \(kind) jobs/s for \(seconds) s; retention \(retention) s, prune_interval \(pruneInterval) s, "
                + "prune_batch \(pruneBatch), heartbeat \(heartbeat) s")
        let arguments = [
            "work", "--home", home.path, "--database", database.configuration.conninfo, "--no-scheduler",
            "--concurrency", "\(concurrency)", "--log-level", "warning",
        ]
        let logs = (0..<workers).map { "/tmp/spotter-bench-prune-worker-\($0).log" }
        let pids = try (0..<workers).map { try WorkerProcess.spawn(executable, arguments, log: logs[$0]) }
        defer { for pid in pids { kill(pid, SIGKILL) } }

        var table = FigureTable(["t (s)", "jobs rows", "succeeded", "live", "table+index MB"])
        let clock = ContinuousClock()
        let start = clock.now
        var enqueued = 0
        var nextReport = 0
        var peak = 0
        var rows: [Int] = []
        while true {
            let elapsed = (clock.now - start).seconds
            if elapsed >= Double(seconds) { break }
            let due = Int(elapsed * Double(rate)) - enqueued
            if due > 0 {
                let requests = (0..<due).map { _ in EnqueueRequest(kind: kind, payload: payload) }
                _ = try await connection.withSession { try queue.enqueue(requests, in: $0) }
                enqueued += due
            }
            if elapsed >= Double(nextReport) {
                let row = try await connection.query(
                    """
                    SELECT count(*) AS n, count(*) FILTER (WHERE state = 'succeeded') AS done,
                           count(*) FILTER (WHERE state IN ('available', 'running', 'retryable')) AS live,
                           pg_total_relation_size('spotter.jobs') AS bytes
                    FROM spotter.jobs
                    """)[0]
                let count = try row.int("n")
                peak = max(peak, count)
                rows.append(count)
                table.add([
                    "\(nextReport)", "\(count)", "\(try row.int("done"))", "\(try row.int("live"))",
                    String(format: "%.1f", Double(try row.int64("bytes")) / 1_048_576),
                ])
                nextReport += every
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        for pid in pids { kill(pid, SIGTERM) }
        for pid in pids {
            while WorkerProcess.exitStatus(pid) == nil { try await Task.sleep(for: .milliseconds(100)) }
        }
        try await Task.sleep(for: .seconds(1))  // statistics reach pg_stat after the backends exit
        let stats = try await connection.query(
            """
            SELECT n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, n_dead_tup
            FROM pg_stat_user_tables WHERE schemaname = 'spotter' AND relname = 'jobs'
            """)[0]
        print(table.text)
        let updates = try stats.int64("n_tup_upd")
        let hot = try stats.int64("n_tup_hot_upd")
        let lastHalf = rows.suffix(max(1, rows.count / 2))
        print(
            "enqueued \(enqueued) jobs; rows: peak \(peak), mean over the second half "
                + "\(lastHalf.reduce(0, +) / lastHalf.count); expected ≈ rate × (retention + prune_interval) = "
                + "\(rate * (retention + pruneInterval))")
        print(
            "spotter.jobs: \(try stats.int64("n_tup_ins")) inserts, \(updates) updates of which \(hot) HOT "
                + String(format: "(%.1f %%)", updates > 0 ? 100 * Double(hot) / Double(updates) : 0)
                + ", \(try stats.int64("n_tup_del")) deletes, \(try stats.int64("n_dead_tup")) dead tuples now")
    }
}
