import ArgumentParser
import Foundation
import Logging
import SpotterCalendar
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterLogging
import SpotterQueue
import SpotterStats

/// `spotter run nightly`.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a batch synchronously through the queue.", subcommands: [RunNightly.self])
}

/// `spotter run nightly [--zone Z] [--date D]`: a whole nightly batch, now, through the same
/// queue and handlers the schedule uses, with progress and a summary. Exits 0 only when every
/// job of the batch succeeded.
struct RunNightly: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "Run the nightly batch now (every zone in use, or one) and print what it computed.",
        discussion: """
            Runs the batch's jobs in this process and waits until every job of the batch has ended, \
            whoever runs it (other `spotter work` processes may take some). A failed job is retried \
            with its kind's backoff while the next try is due within --retry-wait seconds. Exits 1 \
            when any job of the batch did not succeed (dead, cancelled, still retryable, or waiting for \
            one of those), listing each with its kind, shard, state and last error. A database restart during the run is \
            ridden out: the command reconnects and keeps waiting.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "Only this IANA time zone.")
    var zone: String?

    @Option(help: "The local date to compute for (YYYY-MM-DD). Default: each zone's current date.")
    var date: String?

    @Option(help: "Compute as of this ISO 8601 instant (backfills, reproducible runs). Default: now.")
    var asOf: String?

    @Option(help: "Job slots for this run.")
    var concurrency: Int = 2

    @Option(
        help: "Wait for a failed job's retry when it is due within this many seconds; later retries count as not done.")
    var retryWait: Double = 60

    func validate() throws {
        if let date, LocalDate(iso: date) == nil {
            throw ValidationError("--date '\(date)' is not a calendar date like 2026-11-21")
        }
        if let zone { try UnknownName.checkZone(zone) }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1…64") }
        guard retryWait.isFinite, (0...86_400).contains(retryWait) else {
            throw ValidationError("--retry-wait must be 0…86400 seconds")
        }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let catalog = try options.spotterHome().catalog()
        var instant = Date()
        if let asOf {
            guard let parsed = ISO8601Instant.parse(asOf) else {
                throw CommandFailure(message: "--as-of '\(asOf)' is not an ISO 8601 instant", exitCode: 2)
            }
            instant = parsed
        }
        let configuration = try options.databaseConfiguration()
        let (date, given) = (self.date, asOf == nil ? nil : instant)
        let status = try await NightlyRunner.run(
            zone: zone, localDate: date, asOf: instant, concurrency: concurrency, retryWait: retryWait,
            configuration: configuration, catalog: catalog, logger: logger,
            check: { try NightlyDates.check(zones: $0, date: date, asOf: given) })
        // Inputs that make a whole class of results impossible or thin, one line each with the fix.
        // The batch is done: a failure here costs the notes, never the run's outcome.
        var notes: [InputProblem] = []
        do {
            notes = try await NightlyRunner.resilient(
                DatabasePool(configuration: configuration, size: 1, logger: logger), logger: logger, close: true
            ) { try InputCoverage.notes(in: $0) }
        } catch {
            logger.warning("could not check the inputs for the summary", metadata: ["error": "\(error)"])
        }
        print(NightlyRunner.render(status, notes: notes), terminator: "")
        if !status.notSucceeded.isEmpty {
            throw CommandFailure(
                message: "\(status.notSucceeded.count) job(s) of the batch did not succeed (listed above); "
                    + "see `spotter status`, and `spotter retry` to run them again")
        }
    }
}

/// Runs a nightly batch in-process and reports progress.
enum NightlyRunner {
    /// Enqueues the batch, runs its jobs with an in-process worker, and waits until the batch is
    /// settled (``BatchStatus/isSettled(now:retryWait:)``), whoever runs its jobs. Every read
    /// rides out a lost connection (a server restart): it reconnects and tries again.
    static func run(
        zone: String?, localDate: String?, asOf: Date, concurrency: Int, retryWait: Double = 60,
        configuration: DatabaseConfiguration, catalog: JobCatalog, logger: Logger,
        check: (@Sendable ([(zone: String, localDate: String)]) throws -> Void)? = nil
    ) async throws -> BatchStatus {
        let database = DatabasePool(configuration: configuration, size: 1, logger: logger)
        do {
            let status = try await run(
                zone: zone, localDate: localDate, asOf: asOf, concurrency: concurrency, retryWait: retryWait,
                database: database, catalog: catalog, logger: logger, check: check)
            await database.close()
            return status
        } catch {
            await database.close()
            throw error
        }
    }

    private static func run(
        zone: String?, localDate: String?, asOf: Date, concurrency: Int, retryWait: Double, database: DatabasePool,
        catalog: JobCatalog, logger: Logger, check: (@Sendable ([(zone: String, localDate: String)]) throws -> Void)?
    ) async throws -> BatchStatus {
        let configuration = database.configuration
        let queue = JobQueue(catalog: catalog)
        let batch = try await resilient(database, logger: logger) { session in
            var batch = try NightlyBatch.plan(zone: zone, localDate: localDate, asOf: asOf, in: session)
            try check?(batch.zones)
            _ = try batch.enqueue(queue: queue, in: session)
            return batch
        }
        let registry = try SpotterHandlers.registry(
            catalog: catalog, environment: ProcessInfo.processInfo.environment, logger: logger)
        let kinds = [NightlyHandler.name] + (catalog.spec(for: NightlyHandler.name)?.fanOut ?? [])
        let worker = Worker(
            configuration: WorkerConfiguration(
                database: configuration, catalog: catalog, concurrency: concurrency,
                filter: ClaimFilter(kinds: kinds.filter { registry.handler(for: $0) != nil }), runsScheduler: false),
            catalog: catalog, registry: registry, logger: logger)
        let interactive = isatty(STDOUT_FILENO) == 1
        let status = try await withThrowingTaskGroup(of: BatchStatus?.self) { group in
            group.addTask {
                try await worker.run()
                return nil
            }
            group.addTask {
                var log = ProgressLog()
                while true {
                    try await Task.sleep(for: .milliseconds(interactive ? 200 : 1000))
                    let status = try await resilient(database, logger: logger) { try batch.status(in: $0) }
                    let (done, total) = status.progress
                    let settled = status.isSettled(now: Date(), retryWait: retryWait)
                    let line =
                        "\(StatusReport.progressBar(done: done, remaining: total - done, width: 30))  \(done)/\(total) jobs"
                    if interactive {
                        FileHandle.standardOutput.write(Data("\r\(line)".utf8))
                    } else if log.shouldPrint(line, settled: settled, at: .now) {
                        print(line)
                    }
                    if settled { return status }
                }
            }
            var settled: BatchStatus?
            while let next = try await group.next() {
                if let next {
                    settled = next
                    worker.beginShutdown()
                }
            }
            return settled
        }
        if interactive { print("") }
        if let status { return status }
        return try await resilient(database, logger: logger) { try batch.status(in: $0) }
    }

    /// Runs `body` in a session of `pool`, reconnecting and retrying (with backoff, for up to
    /// ten minutes) while the database is unreachable or the connection is lost.
    static func resilient<T: Sendable>(
        _ pool: DatabasePool, logger: Logger, close: Bool, _ body: @escaping @Sendable (DatabaseSession) throws -> T
    ) async throws -> T {
        do {
            let result = try await resilient(pool, logger: logger, body)
            if close { await pool.close() }
            return result
        } catch {
            if close { await pool.close() }
            throw error
        }
    }

    static func resilient<T: Sendable>(
        _ pool: DatabasePool, logger: Logger, _ body: @escaping @Sendable (DatabaseSession) throws -> T
    ) async throws -> T {
        let deadline = ContinuousClock.now.advanced(by: .seconds(600))
        var attempt = 0
        while true {
            do {
                return try await pool.withConnection { try await $0.withSession(body) }
            } catch let error as DatabaseError where error.isConnectionError && ContinuousClock.now < deadline {
                attempt += 1
                let delay = Backoff().delay(forAttempt: attempt)
                logger.warning(
                    "database unavailable; reconnecting",
                    metadata: ["error": "\(error.message)", "retry_in": "\(delay)"])
                try await Task.sleep(for: delay)
            }
        }
    }

    /// The summary table, the jobs that did not succeed, and `notes`: inputs that make a whole
    /// class of results impossible or thin (``InputCoverage``), one line each with the fix.
    static func render(_ status: BatchStatus, notes: [InputProblem] = []) -> String {
        var rows = [["kind", "jobs", "ok", "failed", "users", "rows written", "per-person errors", "time"]]
        for summary in status.summaries {
            rows.append([
                summary.kind, "\(summary.jobs)", "\(summary.succeeded)", "\(summary.jobs - summary.succeeded)",
                summary.counts["users"].map(String.init) ?? (summary.counts["shards"].map { "\($0) shards" } ?? "-"),
                summary.counts["rows_written"].map(String.init) ?? "-",
                summary.counts["failures"].map(String.init) ?? "-",
                summary.seconds.map { String(format: "%.2fs", $0) } ?? "-",
            ])
        }
        var text = "\nnightly batch summary\n" + StatusReport.table(rows)
        if !status.notSucceeded.isEmpty {
            text += "\nnot succeeded (\(status.notSucceeded.count)):\n"
            var failed = [["kind", "shard", "state", "last error"]]
            for job in status.notSucceeded {
                let state = job.waitsForNight ? "waiting for the night's other kinds" : job.state
                failed.append([job.kind, job.uniqueKey, state, String((job.lastError ?? "-").prefix(200))])
            }
            text += StatusReport.table(failed)
        }
        if !notes.isEmpty {
            text += "\ninputs (see `spotter check-inputs`):\n" + notes.map { "  \($0)\n" }.joined()
        }
        return text
    }
}
