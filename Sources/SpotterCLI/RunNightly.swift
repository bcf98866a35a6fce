import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterQueue

/// `spotter run nightly`.
struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a batch synchronously through the queue.", subcommands: [RunNightly.self])
}

/// `spotter run nightly [--zone Z] [--date D]`: a whole nightly batch, now, through the same
/// queue and handlers the schedule uses, with progress and a summary.
struct RunNightly: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nightly",
        abstract: "Run the nightly batch now (every zone in use, or one) and print what it computed.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "Only this IANA time zone.")
    var zone: String?

    @Option(help: "The local date to compute for (YYYY-MM-DD). Default: each zone's current date.")
    var date: String?

    @Option(help: "Compute as of this ISO 8601 instant (backfills, reproducible runs). Default: now.")
    var asOf: String?

    @Option(help: "Job slots for this run.")
    var concurrency: Int = 2

    func validate() throws {
        if let date, LocalDateArgument.parse(date) == nil {
            throw ValidationError("--date '\(date)' is not a calendar date like 2026-11-21")
        }
        if let zone { try UnknownName.checkZone(zone) }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be 1…64") }
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
        let connection = try await DatabaseConnection.open(configuration, logger: logger)
        let summaries = try await NightlyRunner.run(
            zone: zone, localDate: date, asOf: instant, concurrency: concurrency, connection: connection,
            configuration: configuration, catalog: catalog, logger: logger)
        await connection.close()
        print(NightlyRunner.render(summaries), terminator: "")
        if summaries.contains(where: { $0.failedJobs > 0 }) {
            throw CommandFailure(message: "some jobs of the batch failed; see `spotter status`")
        }
    }
}

/// Runs a nightly batch in-process and reports progress.
enum NightlyRunner {
    static func run(
        zone: String?, localDate: String?, asOf: Date, concurrency: Int, connection: DatabaseConnection,
        configuration: DatabaseConfiguration, catalog: JobCatalog, logger: Logger
    ) async throws -> [KindSummary] {
        let queue = JobQueue(catalog: catalog)
        let batch = try await connection.withSession { session in
            let batch = try NightlyBatch.plan(zone: zone, localDate: localDate, asOf: asOf, in: session)
            _ = try batch.enqueue(queue: queue, in: session)
            return batch
        }
        let registry = try SpotterHandlers.registry(
            catalog: catalog, environment: ProcessInfo.processInfo.environment, logger: logger)
        let kinds = ["nightly"] + (catalog.spec(for: "nightly")?.fanOut ?? [])
        let worker = Worker(
            configuration: WorkerConfiguration(
                database: configuration, catalog: catalog, concurrency: concurrency,
                filter: ClaimFilter(kinds: kinds.filter { registry.handler(for: $0) != nil }), untilEmpty: true),
            catalog: catalog, registry: registry, logger: logger)
        let interactive = isatty(STDOUT_FILENO) == 1
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await worker.run() }
            group.addTask {
                var last = ""
                while !Task.isCancelled {
                    try await Task.sleep(for: .milliseconds(interactive ? 200 : 2000))
                    let (done, total) = try await connection.withSession { try batch.progress(in: $0) }
                    let line =
                        "\(StatusReport.progressBar(done: done, remaining: total - done, width: 30))  \(done)/\(total) jobs"
                    if interactive {
                        FileHandle.standardOutput.write(Data("\r\(line)".utf8))
                    } else if line != last {
                        print(line)
                    }
                    last = line
                }
            }
            try await group.next()
            group.cancelAll()
        }
        if interactive { print("") }
        return try await connection.withSession { try batch.summary(in: $0) }
    }

    static func render(_ summaries: [KindSummary]) -> String {
        var rows = [["kind", "jobs", "ok", "failed", "users", "rows written", "per-person errors", "time"]]
        for summary in summaries {
            rows.append([
                summary.kind, "\(summary.jobs)", "\(summary.succeeded)", "\(summary.failedJobs)",
                summary.counts["users"].map(String.init) ?? (summary.counts["shards"].map { "\($0) shards" } ?? "-"),
                summary.counts["rows_written"].map(String.init) ?? "-",
                summary.counts["failures"].map(String.init) ?? "-",
                summary.seconds.map { String(format: "%.2fs", $0) } ?? "-",
            ])
        }
        var text = "\nnightly batch summary\n" + StatusReport.table(rows)
        for summary in summaries where !summary.errors.isEmpty {
            text += "\(summary.kind) errors: \(summary.errors.prefix(3).joined(separator: " | "))\n"
        }
        return text
    }
}
