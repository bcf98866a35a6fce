import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue

/// `spotter-bench queue`: enqueue throughput, backlog drain rate and enqueue→start latency of
/// the queue on PostgreSQL, with the shipped `jobs/` settings unless overridden.
struct QueueBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "Queue throughput and latency on PostgreSQL (noop jobs).",
        discussion: """
            1. enqueue --jobs noop jobs through spotter.enqueue_many, then through JobQueue.enqueue, \
            in batches of --batch; 2. drain that backlog with an in-process worker in --until-empty \
            mode at spotter work's defaults (8 slots, the shipped claim batch), refill and drain at \
            each --concurrency, then truncate, refill without new statistics and drain with a kind \
            filter (--kinds noop); 3. when --python imports pgqueuer, PgQueuer drains the same number \
            of jobs on the same server at each --pgqueuer-batch, on asyncio's event loop and on uvloop \
            when importable (what PgQueuer's own `pgq run` uses), max_concurrent_tasks unlimited (its \
            default). "Defaults" is Spotter's 8 slots against PgQueuer's batch 10 on the faster of the \
            two loops; "best" is the fastest drain of each; both ratios are printed. Each drain also \
            reports its CPU per job: the worker's process (or PgQueuer's Python) and the server's \
            processes, when the server runs on this machine; 4. with the worker idle, enqueue \
            --latency-samples single jobs one by one and report the enqueue→start latency \
            (started_at - created_at) percentiles.
            """)

    @OptionGroup var options: BenchmarkOptions

    @Option(help: "Jobs in the backlog (and per enqueue measurement).")
    var jobs = 50_000

    @Option(help: "Jobs per enqueue call.")
    var batch = 1_000

    @Option(
        name: .customLong("concurrency"), parsing: .singleValue,
        help: "Worker job slots to try besides the default 8 (repeat the option); the fastest is Spotter's best.")
    var concurrencies: [Int] = [16, 32, 64]

    @Option(
        name: .customLong("pgqueuer-batch"), parsing: .singleValue,
        help: "PgQueuer batch sizes to try (repeat the option); the fastest is PgQueuer's best, 10 its default.")
    var pgqueuerBatches: [Int] = [10, 100, 500, 1000]

    @Option(help: "Jobs per claim statement. Default: worker.claim_batch from jobs/kinds.yaml.")
    var claimBatch: Int?

    @Option(help: "Single enqueues for the latency figure.")
    var latencySamples = 500

    @Option(
        help:
            "Python for the PgQueuer comparison in the same run (it must import pgqueuer and asyncpg: pip install them into a throwaway venv). Skipped when it cannot."
    )
    var python = "python3"

    func validate() throws {
        guard jobs > 0, batch > 0, latencySamples > 0, concurrencies.allSatisfy({ $0 > 0 }),
            pgqueuerBatches.allSatisfy({ $0 > 0 })
        else {
            throw ValidationError("--jobs, --batch, --concurrency and --latency-samples must be positive")
        }
        if let claimBatch, claimBatch <= 0 { throw ValidationError("--claim-batch must be positive") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let root = try options.repositoryRoot()
        var catalog = try SpotterHandlers.loadCatalog(directory: root.appendingPathComponent("jobs"))
        if let claimBatch { catalog.worker.claimBatch = claimBatch }
        print("starting PostgreSQL / creating the benchmark database…")
        let database = try await BenchmarkDatabase.acquire(url: options.database, root: root, logger: logger)
        do {
            try await measure(database, catalog: catalog, root: root, logger: logger)
        } catch {
            if !options.keep { await database.release() }
            throw error
        }
        if options.keep {
            print("kept: \(database.configuration)")
        } else {
            await database.release()
        }
    }

    private func measure(_ database: BenchmarkDatabase, catalog: JobCatalog, root: URL, logger: Logger) async throws {
        let connection = try await DatabaseConnection.open(database.configuration, logger: logger)
        do {
            try await measure(database, catalog: catalog, root: root, connection: connection, logger: logger)
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
    }

    private func measure(
        _ database: BenchmarkDatabase, catalog: JobCatalog, root: URL, connection: DatabaseConnection, logger: Logger
    ) async throws {
        let migrator = try Migrator(directory: root.appendingPathComponent("sql/postgres"))
        _ = try await migrator.migrate(connection, logger: logger)
        let queue = JobQueue(catalog: catalog)
        try await connection.withSession { try queue.syncKinds(in: $0) }
        let server = try await connection.query(
            "SELECT version() AS v, current_setting('fsync') AS f, current_setting('synchronous_commit') AS s")[0]
        print("server: \(try server.string("v").split(separator: ",").first ?? "")")
        print(
            "        fsync=\(try server.string("f")), synchronous_commit=\(try server.string("s")); \(database.description)"
        )

        var table = FigureTable(["figure", "value", "CPU per job (client + server) / target"])
        let jobs = self.jobs
        let batch = self.batch

        // 1. Enqueue through the SQL function, in batches.
        let sqlRate = try await rate(jobs) {
            for start in stride(from: 0, to: jobs, by: batch) {
                let count = min(batch, jobs - start)
                let payloads = (start..<start + count).map { "{\\\"n\\\": \($0)}" }
                let kinds = "{" + Array(repeating: "noop", count: count).joined(separator: ",") + "}"
                let documents = "{" + payloads.map { "\"\($0)\"" }.joined(separator: ",") + "}"
                _ = try await connection.query(
                    "SELECT count(*) FROM spotter.enqueue_many(\(bind: kinds)::text[], \(bind: documents)::jsonb[])")
            }
        }
        table.add(["enqueue, spotter.enqueue_many (batches of \(batch))", jobsPerSecond(sqlRate), ""])
        try await connection.execute("TRUNCATE spotter.jobs CASCADE")

        // 2. Enqueue through JobQueue.enqueue, in batches: this is the backlog to drain.
        let apiRate = try await rate(jobs) { try await fillBacklog(queue: queue, connection: connection) }
        table.add(["enqueue, JobQueue.enqueue (batches of \(batch))", jobsPerSecond(apiRate), ""])
        try await connection.execute("VACUUM ANALYZE spotter.jobs")

        // 3. Drains: spotter work's defaults, each --concurrency, kind-filtered on stale statistics.
        let meter = CPUMeter(backendPID: try await connection.query("SELECT pg_backend_pid() AS p")[0].int("p"))
        let claimBatch = catalog.worker.claimBatch
        let atDefaults = try await drain(
            database, catalog: catalog, connection: connection, concurrency: 8, meter: meter, logger: logger)
        table.add([
            "Spotter drain \(jobs) noop (defaults: 8 slots, claim_batch \(claimBatch), paced)",
            jobsPerSecond(atDefaults.rate),
            atDefaults.cpu,
        ])
        var best = (figures: atDefaults, slots: 8)
        for slots in concurrencies where slots != 8 {
            try await connection.execute("TRUNCATE spotter.jobs CASCADE")
            try await fillBacklog(queue: queue, connection: connection)
            try await connection.execute("VACUUM ANALYZE spotter.jobs")
            let figures = try await drain(
                database, catalog: catalog, connection: connection, concurrency: slots, meter: meter, logger: logger)
            table.add([
                "Spotter drain \(jobs) noop (\(slots) slots, claim_batch \(claimBatch), paced)",
                jobsPerSecond(figures.rate),
                figures.cpu,
            ])
            if figures.rate > best.figures.rate { best = (figures, slots) }
        }
        try await connection.execute("TRUNCATE spotter.jobs CASCADE")
        try await connection.execute("ANALYZE spotter.jobs")  // statistics of an empty table
        try await fillBacklog(queue: queue, connection: connection)
        let filtered = try await drain(
            database, catalog: catalog, connection: connection, concurrency: 8, kinds: ["noop"], meter: meter,
            logger: logger)
        table.add([
            "Spotter drain \(jobs) noop, --kinds noop, refilled (stale statistics)", jobsPerSecond(filtered.rate),
            filtered.cpu,
        ])
        try await connection.execute("TRUNCATE spotter.jobs CASCADE")
        try await comparePgQueuer(
            database, defaults: atDefaults.rate, best: (best.figures.rate, "\(best.slots) slots"), meter: meter,
            table: &table)

        // 4. Latency: an idle worker (LISTEN/NOTIFY on), single enqueues one at a time.
        let (p50, p99, max) = try await latency(
            database, catalog: catalog, connection: connection, concurrency: best.slots, logger: logger)
        table.add(["enqueue→start p50 (\(latencySamples) single enqueues, idle worker)", milliseconds(p50), "≤ 5 ms"])
        table.add(["enqueue→start p99", milliseconds(p99), "≤ 50 ms"])
        table.add(["enqueue→start max", milliseconds(max), ""])
        print()
        print(table.text)
    }

    private func latency(
        _ database: BenchmarkDatabase, catalog: JobCatalog, connection: DatabaseConnection, concurrency: Int,
        logger: Logger
    ) async throws -> (Double, Double, Double) {
        let configuration = WorkerConfiguration(
            database: database.configuration, catalog: catalog, concurrency: concurrency, runsScheduler: false,
            runsTestKinds: true)
        let worker = Worker(configuration: configuration, catalog: catalog, registry: Self.registry, logger: logger)
        let samples = latencySamples
        return try await withThrowingTaskGroup(of: (Double, Double, Double)?.self) { group in
            group.addTask {
                try await worker.run()
                return nil
            }
            defer { worker.beginShutdown() }
            try await Task.sleep(for: .milliseconds(500))  // idle, listening
            for _ in 0..<samples {
                _ = try await connection.query("SELECT spotter.enqueue('noop')")
                try await Task.sleep(for: .milliseconds(10))
            }
            while try await connection.query(
                "SELECT count(*) AS n FROM spotter.jobs WHERE state <> 'succeeded'")[0].int("n") > 0
            {
                try await Task.sleep(for: .milliseconds(50))
            }
            let row = try await connection.query(
                """
                SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - created_at)) AS p50,
                       percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM started_at - created_at)) AS p99,
                       max(extract(epoch FROM started_at - created_at))::float8 AS max
                FROM spotter.jobs
                """)[0]
            return (try row.double("p50"), try row.double("p99"), try row.double("max"))
        }
    }

    static var registry: HandlerRegistry { HandlerRegistry([NoopHandler(), SleepHandler(), ProbeHandler()]) }

    /// Runs `body` and returns `count` per second of its wall time.
    func rate(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        return Double(count) / max(elapsed.seconds, 1e-9)
    }

    func jobsPerSecond(_ value: Double) -> String {
        let whole = Int(value.rounded())
        let text = String(whole)
        var grouped = ""
        for (index, digit) in text.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return String(grouped.reversed()) + " jobs/s"
    }

    private func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }
}
