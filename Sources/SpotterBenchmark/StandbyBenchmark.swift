import ArgumentParser
import Foundation
import SpotterCalendar
import SpotterDB
import SpotterJobs
import SpotterQueue

/// `spotter-bench standby`: the nightly batch on the primary (as `spotter-bench nightly` runs
/// it, W `spotter work` processes) while N `spotter mcp` processes (as `spotter-bench mcp`
/// speaks them, for the trainer with the most clients) read from a hot standby given by
/// `--read-database`, and the standby's replay lag sampled meanwhile. It takes URLs: it does not
/// build the servers (docs/replication.md says how to start a primary and a standby).
struct StandbyBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "standby",
        abstract: "The nightly on the primary while MCP readers hammer a standby: wall time, tool latency, replay lag.",
        discussion: """
            --database is the primary (seeded with --users when empty), --read-database a hot standby \
            streaming from it. The readers read the results already there (the previous night's; one \
            night is run first when there are none), as they would in production while the night runs.
            """)

    @OptionGroup var options: SeededDatabaseOptions

    @Option(help: "The hot standby the readers read from (PostgreSQL URL).")
    var readDatabase: String

    @Option(help: "Concurrent `spotter mcp` processes reading from the standby.")
    var readers = 4

    @Option(help: "`spotter work` processes running the night on the primary.")
    var workers = 2

    @Option(help: "Job slots per worker process.")
    var concurrency = 8

    @OptionGroup var spotter: SpotterExecutable

    func validate() throws {
        guard (1...64).contains(readers) else { throw ValidationError("--readers must be 1…64") }
        guard (1...64).contains(workers) else { throw ValidationError("--workers must be 1…64") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1…64") }
    }

    func run() async throws {
        let logger = options.logger()
        guard let url = options.url else { throw ValidationError("--database or DATABASE_URL is required") }
        let configuration = try options.configuration()
        guard configuration.backend.hasStandbys else {
            throw ValidationError("spotter-bench standby needs PostgreSQL")
        }
        let readConfiguration = try DatabaseConfiguration.parse(readDatabase)
        guard readConfiguration.backend.hasStandbys else {
            throw ValidationError("--read-database must be a PostgreSQL standby")
        }
        let catalog = try options.catalog()
        let instant = try options.instant()
        let executable = try spotter.path()
        let home = URL(fileURLWithPath: options.jobs).standardizedFileURL.deletingLastPathComponent().path
        let arguments = [
            "work", "--until-empty", "--no-scheduler", "--concurrency", "\(concurrency)", "--database", url,
            "--home", home, "--log-level", "warning",
        ]

        let main = try await DatabaseConnection.open(configuration, logger: logger)
        try await options.prepare(main, logger: logger)
        let standby = try await DatabaseConnection.open(readConfiguration, logger: logger)
        guard try await standby.query("SELECT pg_is_in_recovery() AS r")[0].bool("r") else {
            throw ValidationError("--read-database is not a standby (pg_is_in_recovery() is false)")
        }
        let queue = JobQueue(catalog: catalog)
        let results = try await main.query("SELECT count(*) AS n FROM spotter.profile_stats")[0].int("n")
        if results == 0 {
            print("no results yet: running one night first, untimed, so the readers have something to read")
            try await main.execute("TRUNCATE spotter.jobs, spotter.schedule_slots CASCADE")
            _ = try await NightlyBenchmark.night(
                asOf: instant, workers, queue: queue, executable: executable, arguments: arguments, main: main)
        }
        try await waitForReplay(main, standby)
        // The readers speak for the trainer with the most clients, picked on the standby.
        let cast = try await MCPBenchCast.pick(standby)
        print(
            "standby benchmark: primary \(configuration), standby \(readConfiguration); \(cast.users) users; "
                + "\(workers) worker(s) × \(concurrency) slots; \(readers) reader(s) as trainer \(cast.trainer) "
                + "(\(cast.clients.count) clients)")

        // Tonight's queue only; the results stay, as in production while a night runs.
        try await main.execute("TRUNCATE spotter.jobs, spotter.schedule_slots CASCADE")
        let stop = MCPStdioClient.StopSignal()
        let tools = cast.trainerPlan().map(\.tool)
        let readerArguments = [
            "mcp", "--as-user", "\(cast.trainer)", "--database", url, "--read-database", readDatabase,
        ]
        let clock = ContinuousClock()
        let readStart = clock.now
        let readerTasks = (0..<readers).map { _ in
            Task {
                try await MCPStdioClient.measure(
                    executable: executable, arguments: readerArguments, plan: cast.trainerPlan(), calls: 20, warmup: 5,
                    until: stop)
            }
        }
        let sampler = Task { try await Self.sampleLag(standby, until: stop) }
        let night: (NightlyBatch, Double, FigureTable, [Int], Double, derivedRead: [String: Int])
        do {
            night = try await NightlyBenchmark.night(
                asOf: instant, workers, queue: queue, executable: executable, arguments: arguments, main: main)
        } catch {
            stop.stop()
            for task in readerTasks { _ = try? await task.value }
            _ = try? await sampler.value
            throw error
        }
        stop.stop()
        var figures: [[MCPStdioClient.Figure]] = []
        for task in readerTasks { figures.append(try await task.value) }
        let readSeconds = (clock.now - readStart).seconds
        let lags = try await sampler.value.sorted()
        let (batch, wall, _, _, workerCPU, _) = night
        let summaries = try await main.withSession { try batch.summary(in: $0) }
        let failed = summaries.reduce(0) { $0 + $1.failedJobs + $1.unfinished }
        print(
            "\nnight on the primary: wall \(String(format: "%.2f", wall)) s for \(batch.zones.count) zones, "
                + "\(summaries.reduce(0) { $0 + $1.jobs }) jobs (\(failed) failed or unfinished), "
                + "worker CPU \(String(format: "%.1f", workerCPU)) s")

        var table = FigureTable(["tool", "calls", "p50 ms", "p99 ms", "max ms", "calls/s"])
        var all: [Double] = []
        for (slot, tool) in tools.enumerated() {
            let durations = figures.flatMap { $0[slot].durations }
            all += durations
            let figure = MCPStdioClient.Figure(tool: tool, durations: durations, bytes: 0)
            table.add([
                tool, "\(durations.count)", MCPBenchmark.ms(figure.percentile(0.50)),
                MCPBenchmark.ms(figure.percentile(0.99)), MCPBenchmark.ms(durations.max() ?? 0),
                String(format: "%.1f", Double(durations.count) / readSeconds),
            ])
        }
        let total = MCPStdioClient.Figure(tool: "all", durations: all, bytes: 0)
        table.add([
            "all", "\(all.count)", MCPBenchmark.ms(total.percentile(0.50)), MCPBenchmark.ms(total.percentile(0.99)),
            MCPBenchmark.ms(all.max() ?? 0), String(format: "%.1f", Double(all.count) / readSeconds),
        ])
        print(
            "\n\(readers) reader(s) on the standby for \(String(format: "%.1f", readSeconds)) s "
                + "(timed calls after 5 warm-up calls per tool and reader):")
        print(table.text)
        if lags.isEmpty {
            print("replay lag: no sample")
        } else {
            print(
                "standby replay lag during the night (\(lags.count) samples every 200 ms): "
                    + "median \(String(format: "%.3f", lags[lags.count / 2])) s, max \(String(format: "%.3f", lags.last ?? 0)) s"
            )
        }
        await standby.close()
        await main.close()
    }

    /// Waits (up to a minute) until the standby has replayed what the primary has written.
    private func waitForReplay(_ main: DatabaseConnection, _ standby: DatabaseConnection) async throws {
        let target = try await main.query("SELECT pg_current_wal_lsn()::text AS lsn")[0].string("lsn")
        for _ in 0..<600 {
            let caughtUp = try await standby.query(
                "SELECT pg_last_wal_replay_lsn() >= \(bind: target)::pg_lsn AS done" as SQLQuery)[0].bool("done")
            if caughtUp { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchmarkError("the standby did not replay the primary's WAL within a minute: is it streaming from it?")
    }

    /// The standby's replay lag every 200 ms until `stop`: 0 while it has replayed everything it
    /// received, else the age of the last transaction it replayed (the usual recipe; an idle
    /// primary does not count as lag).
    private static func sampleLag(_ standby: DatabaseConnection, until stop: MCPStdioClient.StopSignal)
        async throws -> [Double]
    {
        var lags: [Double] = []
        while !stop.isStopped {
            let row = try await standby.query(
                """
                SELECT CASE WHEN pg_last_wal_receive_lsn() IS NULL OR pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
                            THEN 0
                            ELSE coalesce(extract(epoch FROM now() - pg_last_xact_replay_timestamp()), 0) END::float8 AS lag
                """)[0]
            lags.append(try row.double("lag"))
            try await Task.sleep(for: .milliseconds(200))
        }
        return lags
    }
}
