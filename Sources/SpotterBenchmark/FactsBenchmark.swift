import ArgumentParser
import Foundation
import Logging
import SpotterDB
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterSeed
import Synchronization

/// `spotter-bench facts`: the rule extractor's throughput over seeded message bodies (one core),
/// then, with `--database`, the extract_facts pipeline end to end over a seeded database: every
/// conversation, in shards of owners run by `--concurrency` connections, then the same shards
/// again when nothing is new (the nightly steady state).
struct FactsBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "facts",
        abstract: "Measure fact extraction: the rules per core, and the extract_facts job end to end.")

    @Option(help: "Users generated in memory for the extractor measurement.")
    var extractorUsers: Int = 2_000

    @Option(help: "Database for the end-to-end run (postgresql://… or sqlite:PATH). Without it, only the extractor.")
    var database: String?

    @Option(help: "Users to seed when the database has none (it is migrated first from --sql).")
    var users: Int = 100_000

    @Option(help: "Migrations directory for an unmigrated database.")
    var sql: String?

    @Option(help: "Owners per shard job (jobs/kinds.yaml: extract_facts shard_size).")
    var shardSize: Int = 500

    @Option(help: "Shards run at once, each on its own connection.")
    var concurrency: Int = 2

    func validate() throws {
        guard extractorUsers >= 1, users >= 1, shardSize >= 1, (1...64).contains(concurrency) else {
            throw ValidationError("--extractor-users, --users and --shard-size must be ≥ 1; --concurrency 1…64")
        }
    }

    func run() async throws {
        var logger = Logger(label: "spotter.bench.facts")
        logger.logLevel = .warning
        measureExtractor()
        guard let database else { return }
        let configuration = try DatabaseConfiguration.parse(database)
        let connection = try await DatabaseConnection.open(configuration, logger: logger)
        try await prepare(connection, backend: configuration.backend, logger: logger)
        let owners = try await connection.query("SELECT id FROM spotter.users ORDER BY id").map {
            try $0.id("id", as: UserID.self)
        }
        let shards = stride(from: 0, to: owners.count, by: shardSize).map {
            Array(owners[$0..<min($0 + shardSize, owners.count)])
        }
        try await connection.execute("DELETE FROM spotter.fact_sources")
        try await connection.execute("DELETE FROM spotter.facts")
        try await connection.execute("DELETE FROM spotter.fact_watermarks")
        await connection.close()
        print("end to end: \(owners.count) users in \(shards.count) shards of \(shardSize), concurrency \(concurrency)")
        for pass in ["first run (every message new)", "second run (nothing new)"] {
            let result = try await runShards(shards, configuration: configuration, logger: logger)
            print(pass)
            print(result.render())
        }
    }

    /// One core: the rules over every owner message of `extractorUsers` generated users.
    func measureExtractor() {
        let chunk = SeedGenerator(configuration: SeedConfiguration(users: extractorUsers, seed: 7)).chunk(
            users: 0..<extractorUsers)
        var utterances: [Utterance] = []
        for row in chunk.table("messages")?.rows ?? [] {
            guard case .int(let id) = row[0], case .int(let conversation) = row[1], case .int(let sender) = row[2],
                case .text(let body) = row[3], sender == conversation / 2
            else { continue }
            utterances.append(Utterance(messageID: String(id), userID: String(sender), text: body, sentAt: Date()))
        }
        let rules = RuleExtractor()
        let clock = ContinuousClock()
        var facts = 0
        let elapsed = clock.measure {
            for utterance in utterances { facts += rules.extract(utterance).count }
        }
        let seconds = elapsed.seconds
        let characters = utterances.reduce(0) { $0 + $1.text.count }
        print(
            "rule extractor, one core: \(utterances.count) owner messages (\(characters) characters) of "
                + "\(extractorUsers) seeded users in \(String(format: "%.2f", seconds)) s → "
                + "\(Int(Double(utterances.count) / seconds)) messages/s, \(facts) facts "
                + "(\(String(format: "%.2f", Double(facts) / Double(max(1, utterances.count)))) per message)")
    }

    /// Migrates an empty database and seeds it when it has no users.
    func prepare(_ connection: DatabaseConnection, backend: DatabaseBackend, logger: Logger) async throws {
        let directory = URL(fileURLWithPath: sql ?? backend.migrationsFolder)
        _ = try await Migrator(directory: directory).migrate(connection, logger: logger)
        let existing = try await connection.query("SELECT count(*) AS n FROM spotter.users").first?.int("n") ?? 0
        guard existing == 0 else {
            print("database already holds \(existing) users; using them")
            return
        }
        let report = try await Seeder.seed(
            into: connection, configuration: SeedConfiguration(users: users, seed: 42), logger: logger)
        print("seeded \(users) users: \(report.totalRows) rows in \(report.elapsed)")
    }

    /// Runs every shard through ``FactsPipeline`` with `concurrency` connections.
    func runShards(_ shards: [[UserID]], configuration: DatabaseConfiguration, logger: Logger) async throws
        -> ShardRun
    {
        let clock = ContinuousClock()
        let started = clock.now
        let width = concurrency
        var result = try await withThrowingTaskGroup(of: ShardRun.self) { group in
            let next = ShardCounter(count: shards.count)
            for _ in 0..<min(width, shards.count) {
                group.addTask {
                    let connection = try await DatabaseConnection.open(configuration, logger: logger)
                    var run = ShardRun()
                    while let index = next.take() {
                        let shardStart = clock.now
                        let report = try await FactsPipeline().run(
                            .owners(UserSelection(ids: shards[index])), on: connection, logger: logger)
                        run.add(report, seconds: (clock.now - shardStart).seconds)
                    }
                    await connection.close()
                    return run
                }
            }
            var total = ShardRun()
            for try await run in group { total.merge(run) }
            return total
        }
        result.wall = (clock.now - started).seconds
        return result
    }
}

/// Hands out shard indexes to the connections' tasks.
final class ShardCounter: Sendable {
    private let next = Mutex(0)
    private let count: Int

    init(count: Int) { self.count = count }

    /// The next shard index, or nil when every shard was handed out.
    func take() -> Int? {
        next.withLock { next in
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}

/// What a set of shard runs did.
struct ShardRun: Sendable {
    var shards = 0
    var report = FactsRunReport()
    var shardSeconds: [Double] = []
    var wall = 0.0

    mutating func add(_ shard: FactsRunReport, seconds: Double) {
        shards += 1
        shardSeconds.append(seconds)
        report.messages += shard.messages
        report.utterances += shard.utterances
        report.users += shard.users
        report.inserted += shard.inserted
        report.rementioned += shard.rementioned
        report.sources += shard.sources
        report.conversations += shard.conversations
    }

    mutating func merge(_ other: ShardRun) {
        shards += other.shards
        shardSeconds += other.shardSeconds
        report.messages += other.report.messages
        report.utterances += other.report.utterances
        report.users += other.report.users
        report.inserted += other.report.inserted
        report.rementioned += other.report.rementioned
        report.sources += other.report.sources
        report.conversations += other.report.conversations
    }

    func render() -> String {
        let sorted = shardSeconds.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
        let rate = wall > 0 ? Double(report.messages) / wall : 0
        return """
              \(shards) shards in \(String(format: "%.1f", wall)) s; shard p50 \(String(format: "%.2f", percentile(0.5))) s, \
            p95 \(String(format: "%.2f", percentile(0.95))) s
              \(report.conversations) conversations, \(report.messages) messages read (\(Int(rate)) messages/s), \
            \(report.utterances) owner messages extracted, \(report.users) users
              \(report.inserted) facts inserted, \(report.rementioned) re-mentioned, \(report.sources) sources written
            """
    }
}
