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
import Synchronization

/// `spotter-bench analytics`: `profile_stats` and `inactive_clients` over every active user of a
/// seeded database, in the nightly batch's zone shards, against the I/O floor measured in the same
/// run (the same input statements read without computing, the same number of result rows written
/// with COPY alone into a scratch copy of each result table).
struct AnalyticsBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analytics",
        abstract: "profile_stats and inactive_clients for everyone, in users per second, against the I/O floor.")

    @OptionGroup var options: SeededDatabaseOptions

    @Option(help: "Shard jobs run at once, each on its own connection (1 or 2).")
    var concurrency = 1

    func validate() throws {
        guard (1...2).contains(concurrency) else { throw ValidationError("--concurrency must be 1 or 2") }
    }

    func run() async throws {
        let logger = options.logger()
        let configuration = try options.configuration()
        let catalog = try options.catalog()
        let instant = try options.instant()

        let main = try await DatabaseConnection.open(configuration, logger: logger)
        try await options.prepare(main, floorTables: Self.floorTables, logger: logger)
        let peakAfterSeed = PeakMemory.kilobytes()
        let peakReset = PeakMemory.reset()
        var pool = [main]
        while pool.count < concurrency { pool.append(try await DatabaseConnection.open(configuration, logger: logger)) }

        let active = try await main.query("SELECT count(*) AS n FROM spotter.users WHERE status = 'active'")[0].int("n")
        print(
            "analytics benchmark: \(configuration), \(active) active users, as of \(TimestampFormat.compact(instant)), concurrency \(concurrency)"
        )
        for kind in [ProfileStatsKind(), InactiveClientsKind()] as [any BenchmarkKind] {
            let payloads = try await shardPayloads(kind.declaration, catalog: catalog, asOf: instant, on: main)
            let runner = ShardRunner(catalog: catalog, logger: logger, pool: pool)
            _ = try await runner.run(payloads, kind: kind.name) { connection, job in  // warms the caches
                try await kind.floor(connection, count: nil, context: runner.context(job, connection))
            }
            let real = try await runner.run(payloads, kind: kind.name) { connection, job in
                try await kind.handler.run(runner.context(job, connection)).counts
            }
            let written = real.results.map { $0["rows_written"] ?? 0 }
            let floor = try await runner.run(payloads, kind: kind.name) { connection, job in
                try await kind.floor(
                    connection, count: written[Int(job.id) - 1], context: runner.context(job, connection))
            }
            let total = { (key: String) in real.results.reduce(0) { $0 + ($1[key] ?? 0) } }
            let inputRows = floor.results.reduce(0) { $0 + ($1["input_rows"] ?? 0) }
            let line = [
                kind.name.padding(toLength: 17, withPad: " ", startingAt: 0),
                "\(payloads.count) shards, \(total("users")) subjects, \(inputRows) input rows, \(total("rows_written")) rows written, \(total("failures")) failures",
                String(format: "real %.2f s (%.0f users/s)", real.seconds, Double(active) / real.seconds),
                String(format: "floor %.2f s (%.0f users/s)", floor.seconds, Double(active) / floor.seconds),
                String(format: "ratio %.2f", real.seconds / floor.seconds),
            ].joined(separator: " | ")
            print(line)
        }
        let peak = PeakMemory.kilobytes()
        print(
            "peak RSS (VmHWM): \(peak.map { "\($0 / 1024) MiB" } ?? "unknown") during the runs"
                + (peakReset
                    ? "" : " (could not reset after seeding; \(peakAfterSeed.map { "\($0 / 1024)" } ?? "?") MiB then)"))
        for table in Self.floorTables {
            try await main.execute("DROP TABLE IF EXISTS spotter.bench_floor_\(table)")
        }
        for connection in pool { await connection.close() }
    }

    /// The result tables the two kinds write, copied empty for the floor's writes.
    static let floorTables = (ProfileStatsHandler.resultTables + InactiveClientsHandler.resultTables).map(\.name)

    /// The nightly fan-out's shard payloads of `kind` for every zone in use.
    private func shardPayloads(
        _ kind: KindDeclaration, catalog: JobCatalog, asOf: Date, on connection: DatabaseConnection
    )
        async throws -> [String]
    {
        try await connection.withSession { session in
            let plan = NightlyPlan(catalog: catalog, fanOut: [kind])
            return try Scheduler.zonesInUse(in: session).flatMap { zone in
                try plan.shardRequests(
                    zone: zone, localDate: NightlyPlan.localDate(of: asOf, zone: zone), asOf: asOf, in: session
                ).map(\.payload)
            }
        }
    }
}

/// Runs shard jobs on a small pool of connections, `pool.count` at a time, and times the whole.
private struct ShardRunner: Sendable {
    let catalog: JobCatalog
    let logger: Logger
    let pool: [DatabaseConnection]

    func context(_ job: Job, _ connection: DatabaseConnection) -> JobContext {
        JobContext(
            job: job, spec: catalog.spec(for: job.kind) ?? KindSpec(name: job.kind, description: ""), catalog: catalog,
            database: connection, logger: logger)
    }

    /// Each payload becomes job number index + 1; returns each job's counters in payload order.
    func run(
        _ payloads: [String], kind: String,
        _ body: @escaping @Sendable (DatabaseConnection, Job) async throws -> [String: Int]
    ) async throws -> (results: [[String: Int]], seconds: Double) {
        let cursor = ShardCursor()
        let clock = ContinuousClock()
        let start = clock.now
        let results = try await withThrowingTaskGroup(of: [(Int, [String: Int])].self) { group in
            for connection in pool {
                group.addTask {
                    var done: [(Int, [String: Int])] = []
                    while true {
                        let index = cursor.take()
                        guard index < payloads.count else { return done }
                        let job = Job(id: Int64(index + 1), kind: kind, payload: payloads[index])
                        done.append((index, try await body(connection, job)))
                    }
                }
            }
            var all = [[String: Int]](repeating: [:], count: payloads.count)
            for try await part in group { for (index, counts) in part { all[index] = counts } }
            return all
        }
        let elapsed = clock.now - start
        return (results, elapsed.seconds)
    }
}

/// Hands out shard indexes to the runner's tasks, each once.
private final class ShardCursor: Sendable {
    private let next = Mutex(0)

    func take() -> Int {
        next.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}

/// A kind under test: its handler and its I/O floor.
private protocol BenchmarkKind: Sendable {
    /// The kind's declaration.
    var declaration: KindDeclaration { get }
    var name: String { get }
    var handler: any JobHandler { get }
    /// Reads the shard's input statements touching every value, then (when `count` is given)
    /// writes `count` result-shaped rows with COPY into the scratch table in one transaction.
    func floor(_ connection: DatabaseConnection, count: Int?, context: JobContext) async throws -> [String: Int]
}

private struct ProfileStatsKind: BenchmarkKind {
    var declaration: KindDeclaration { ProfileStatsHandler.declaration }
    var name: String { ProfileStatsHandler.name }
    var handler: any JobHandler { ProfileStatsHandler() }

    func floor(_ connection: DatabaseConnection, count: Int?, context: JobContext) async throws -> [String: Int] {
        let selection = try UserSelection(context.decodePayload(SelectionPayload.self))
        return try await connection.withSession { session in
            let users = ProfileStatsHandler.usersQuery(for: selection, backend: session.backend)
            var subjects: [(UserID, String)] = []
            var touched = 0
            try session.forEachRow(users.sql, users.binds) { row in
                subjects.append((try row.id("id"), try row.string("time_zone")))
                touched &+= try row.string("locale").utf8.count
            }
            var sessions = 0
            let sessionsQuery = ProfileStatsHandler.sessionsQuery(for: subjects.map(\.0), backend: session.backend)
            if !subjects.isEmpty {
                try session.forEachRow(sessionsQuery.sql, sessionsQuery.binds) { row in
                    touched &+=
                        Int(try row.int64("id")) &+ Int(try row.date("started_at").timeIntervalSince1970)
                        &+ (try row.int("duration_minutes"))
                    sessions += 1
                }
            }
            guard let count else { return ["input_rows": subjects.count + sessions, "touched": touched] }
            let now = Date()
            let (today, weekStart) = (LocalDate(iso: "2026-11-21")!, LocalDate(iso: "2026-11-16")!)
            let rows = subjects.prefix(count).map { id, zone in
                ProfileStatsRow(
                    user_id: id, local_date: today, time_zone: zone, current_streak: 3, longest_streak: 9,
                    week_start: weekStart, week_workouts: 2, week_minutes: 90,
                    week_days: [true, false, true, false, false, false, false],
                    week_labels: ["M", "T", "W", "T", "F", "S", "S"], last_workout_at: now, total_workouts: 40,
                    total_minutes: 1800, job_id: context.job.id)
            }
            try session.withTransaction(immediate: true) {
                try session.copy(into: "spotter.bench_floor_\(ProfileStatsRow.table)", records: rows)
            }
            return ["input_rows": subjects.count + sessions, "touched": touched]
        }
    }
}

private struct InactiveClientsKind: BenchmarkKind {
    var declaration: KindDeclaration { InactiveClientsHandler.declaration }
    var name: String { InactiveClientsHandler.name }
    var handler: any JobHandler { InactiveClientsHandler() }

    func floor(_ connection: DatabaseConnection, count: Int?, context: JobContext) async throws -> [String: Int] {
        let selection = try UserSelection(context.decodePayload(SelectionPayload.self))
        return try await connection.withSession { session in
            let trainersQuery = InactiveClientsHandler.trainersQuery(for: selection, backend: session.backend)
            var trainers: [UserID] = []
            var links: [(UserID, UserID)] = []
            var touched = 0
            try session.forEachRow(trainersQuery.sql, trainersQuery.binds) { trainers.append(try $0.id("id")) }
            if !trainers.isEmpty {
                let linksQuery = InactiveClientsHandler.linksQuery(
                    trainers: trainers, asOf: selection.asOf, backend: session.backend)
                try session.forEachRow(linksQuery.sql, linksQuery.binds) { row in
                    links.append((try row.id("trainer_id"), try row.id("client_id")))
                    touched &+= (try row.string("status")).utf8.count &+ (try row.string("time_zone")).utf8.count
                    for column in ["since", "last_message_at", "last_workout_at"] {
                        touched &+= Int(try row.optionalDate(column)?.timeIntervalSince1970 ?? 0)
                    }
                }
            }
            let rowsRead = trainers.count + links.count
            guard let count else { return ["input_rows": rowsRead, "touched": touched] }
            let now = Date()
            let today = LocalDate(iso: "2026-11-21")!
            let rows = links.prefix(count).map { trainer, client in
                InactiveClientRow(
                    trainer_id: trainer, client_id: client, days_inactive: 9, tier: 7,
                    reason: "no message for 9 days and no workout for 10 days", last_message_at: now,
                    last_workout_at: now, local_date: today, job_id: context.job.id)
            }
            try session.withTransaction(immediate: true) {
                try session.copy(into: "spotter.bench_floor_\(InactiveClientRow.table)", records: rows)
            }
            return ["input_rows": rowsRead, "touched": touched]
        }
    }
}
