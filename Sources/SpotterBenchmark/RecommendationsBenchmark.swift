import ArgumentParser
import Foundation
import Logging
import SpotterCalendar
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterSeed

/// `spotter-bench recommendations`: `daily_suggestion` and `program_recommendations` for every
/// active user of a seeded PostgreSQL database, in the nightly batch's zone shards, next to the
/// I/O floor measured in the same run: the same SELECTs streamed without computing (every value
/// decoded), and the same number of result rows written with DELETE + COPY alone into a scratch
/// copy of each result table, one transaction per shard.
struct RecommendationsBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommendations",
        abstract:
            "daily_suggestion and program_recommendations for everyone, in users per second, against the I/O floor.")

    @OptionGroup var options: SeededDatabaseOptions

    @Option(help: "Passes of each kind and of its floor, alternating; the fastest of each is reported.")
    var passes = 2

    func validate() throws {
        guard (1...5).contains(passes) else { throw ValidationError("--passes must be 1…5") }
    }

    func run() async throws {
        let logger = options.logger()
        let configuration = try options.configuration()
        let catalog = try options.catalog()
        let instant = try options.instant()

        let connection = try await DatabaseConnection.open(configuration, logger: logger)
        try await options.prepare(
            connection,
            floorTables: (DailySuggestionHandler.resultTables + ProgramRecommendationsHandler.resultTables).map(\.name),
            logger: logger)
        let resetPeak = PeakMemory.reset()
        let active = try await connection.query("SELECT count(*) FROM spotter.users WHERE status = 'active'")[0].int(
            at: 0)
        print(
            "recommendations benchmark: \(configuration), \(active) active users, as of "
                + "\(TimestampFormat.compact(instant)), one connection")
        let payloads = try await connection.withSession { session in
            let plan = NightlyPlan(catalog: catalog, fanOut: [DailySuggestionHandler.declaration])
            return try Scheduler.zonesInUse(in: session).flatMap { zone in
                try plan.shardRequests(
                    zone: zone, localDate: NightlyPlan.localDate(of: instant, zone: zone), asOf: instant, in: session
                ).map(\.payload)
            }
        }
        let runner = BenchRunner(catalog: catalog, logger: logger, connection: connection)
        // Warm the caches with one pass of the reads.
        _ = try await runner.run(payloads, kind: DailySuggestionHandler.name) { job in
            try await Floor.read(runner.context(job))
        }
        for kind in [Floor.Kind.daily, .programs] {
            // Alternate real and floor passes so background work (autovacuum after the last
            // pass's writes, other processes) falls on both; keep the fastest of each.
            var real: (results: [[String: Int]], seconds: Double)?
            var floor: (results: [[String: Int]], seconds: Double)?
            for _ in 0..<passes {
                // Every member replayed, as on a first night: with the states the last pass kept, a
                // pass would measure a night on which nobody's window changed.
                try await connection.execute("DELETE FROM spotter.personal_states")
                let pass = try await runner.run(payloads, kind: kind.name) { job in
                    try await kind.handler.run(runner.context(job)).counts
                }
                if pass.seconds < real?.seconds ?? .infinity { real = pass }
                let written = pass.results.map { $0["rows_written"] ?? 0 }
                let sample = try await Floor.sampleRow(kind, on: connection)
                let floorPass = try await runner.run(payloads, kind: kind.name) { job in
                    try await Floor.measure(
                        kind, runner.context(job), rows: written[Int(job.id) - 1], sample: sample)
                }
                if floorPass.seconds < floor?.seconds ?? .infinity { floor = floorPass }
            }
            guard let real, let floor else { continue }
            let total = { (key: String) in real.results.reduce(0) { $0 + ($1[key] ?? 0) } }
            let inputRows = floor.results.reduce(0) { $0 + ($1["input_rows"] ?? 0) }
            let users = total("users")
            print(
                [
                    kind.name.padding(toLength: 23, withPad: " ", startingAt: 0),
                    "\(payloads.count) shards, \(users) users, \(inputRows) input rows, "
                        + "\(total("rows_written")) rows written, \(total("failures")) outcomes, "
                        + "\(real.results.first?["catalog_problems"] ?? 0) catalog problems",
                    String(format: "real %.2f s (%.0f users/s)", real.seconds, Double(users) / real.seconds),
                    String(format: "floor %.2f s (%.0f users/s)", floor.seconds, Double(users) / floor.seconds),
                    String(format: "ratio %.2f", real.seconds / floor.seconds),
                    "load \(total("load_ms")) ms, compute \(total("compute_ms")) ms, write \(total("write_ms")) ms",
                ].joined(separator: " | "))
        }
        print(
            "peak RSS (VmHWM): \(PeakMemory.kilobytes().map { "\($0 / 1024) MiB" } ?? "unknown")"
                + (resetPeak ? " during the runs" : " (including seeding: the peak could not be reset)"))
        await connection.close()
    }
}

/// Runs shard jobs one after the other on one connection and times the whole.
private struct BenchRunner: Sendable {
    let catalog: JobCatalog
    let logger: Logger
    let connection: DatabaseConnection

    func context(_ job: Job) -> JobContext {
        JobContext(
            job: job, spec: catalog.spec(for: job.kind) ?? KindSpec(name: job.kind, description: ""), catalog: catalog,
            database: connection, logger: logger)
    }

    /// Each payload becomes job number index + 1; returns each job's counters in payload order.
    func run(_ payloads: [String], kind: String, _ body: (Job) async throws -> [String: Int]) async throws -> (
        results: [[String: Int]], seconds: Double
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        var results: [[String: Int]] = []
        for (index, payload) in payloads.enumerated() {
            results.append(try await body(Job(id: Int64(index + 1), kind: kind, payload: payload)))
        }
        let elapsed = clock.now - start
        return (results, elapsed.seconds)
    }
}

/// The I/O floor of a shard: its reads, and writing as many result rows as the job wrote.
private enum Floor {
    enum Kind {
        case daily, programs

        var name: String { self == .daily ? DailySuggestionHandler.name : ProgramRecommendationsHandler.name }
        var table: String { self == .daily ? DailySuggestionRow.table : ProgramRecommendationRow.table }
        var handler: any JobHandler { self == .daily ? DailySuggestionHandler() : ProgramRecommendationsHandler() }
    }

    /// A written row's title and reasons, to give the floor's rows the real width.
    static func sampleRow(_ kind: Kind, on connection: DatabaseConnection) async throws -> (
        title: String, reasons: [String]
    ) {
        let row = try await connection.query("SELECT title, reasons FROM spotter.\(kind.table) LIMIT 1").first
        return (try row?.string("title") ?? "Upper A — Upper/Lower", try row?.value("reasons", as: [String].self) ?? [])
    }

    /// Streams every statement of the shard, decoding every value.
    static func read(_ context: JobContext) async throws -> [String: Int] {
        let selection = try UserSelection(context.decodePayload(SelectionPayload.self))
        return try await context.database.withSession { session in
            // The job reads the similar-members sample once per process and as_of: so does the floor.
            try readAll(selection, includingSample: context.job.id == 1, in: session).counts
        }
    }

    private static func readAll(_ selection: UserSelection, includingSample: Bool, in session: DatabaseSession)
        throws -> (
            counts: [String: Int], users: [UserID]
        )
    {
        var rows = 0
        var touched = 0
        let users = try RecommendationInputs.streamAll(
            for: selection, includingSample: includingSample, in: session
        ) { row in
            rows += 1
            for column in 0..<row.count {
                switch row[column] {
                case .int(let value): touched &+= Int(truncatingIfNeeded: value)
                case .timestamp(let value): touched &+= Int(value.timeIntervalSince1970)
                case .text(let value), .json(let value): touched &+= value.utf8.count
                case .tags(let value): touched &+= value.count
                case .double(let value): touched &+= Int(value)
                case .bool(let value): touched &+= value ? 1 : 0
                case .null: break
                }
            }
        }
        return (["input_rows": rows, "touched": touched], users)
    }

    /// Reads the shard, then replaces `rows` result-shaped rows of its users in the scratch table
    /// in one transaction.
    static func measure(
        _ kind: Kind, _ context: JobContext, rows count: Int, sample: (title: String, reasons: [String])
    ) async throws -> [String: Int] {
        let selection = try UserSelection(context.decodePayload(SelectionPayload.self))
        let jobID = context.job.id
        return try await context.database.withSession { session in
            let (counts, users) = try readAll(selection, includingSample: jobID == 1, in: session)
            let now = Date()
            let table = "bench_floor_\(kind.table)"
            switch kind {
            case .daily:
                let rows = users.prefix(count).map { id in
                    DailySuggestionRow(
                        user_id: id, local_date: "2026-11-21", workout_id: 101, program_id: 1, title: sample.title,
                        score: 3.25, reasons: sample.reasons, job_id: jobID)
                }
                // Like the handler: per-date history, only the rows of this date replaced.
                try session.withTransaction(immediate: true) {
                    _ = try DailySuggestionHandler.write(
                        rows, replacing: ["2026-11-21": users], table: table, in: session)
                }
            case .programs:
                let perUser = users.isEmpty ? 0 : (count + users.count - 1) / users.count
                let rows = Array(
                    users.lazy.flatMap { id in
                        (1...max(1, perUser)).map { rank in
                            ProgramRecommendationRow(
                                user_id: id, rank: rank, program_id: ProgramID(Int64(rank)), title: sample.title,
                                score: 2.5,
                                reasons: sample.reasons, local_date: "2026-11-21", job_id: jobID)
                        }
                    }.prefix(count))
                try session.withTransaction(immediate: true) {
                    try ResultWriter.replace(rows, subjects: users, asOf: now, table: table, in: session)
                }
            }
            return counts
        }
    }
}
