import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterRanking
import SpotterSeed

/// `spotter eval recommendations`: the offline evaluation of the daily suggestion.
///
/// Each member's most recent catalog sessions are held out; the suggestion for each held-out
/// day is computed from what came before (as the nightly run would have, at local midnight) and
/// ranked against the whole catalog, next to four baselines. Exits 1 when a suggestion breaks a
/// hard constraint or the model does not beat every baseline on hit@1, hit@3 and NDCG@10 over all
/// the held-out sessions. The same figures over the held-out sessions that break no hard
/// constraint themselves (a session the day after training the same muscles is one the model is
/// forbidden to suggest) are printed too, with how many sessions break which constraint;
/// `--safe-only` judges the model on those alone.
struct EvalRecommendations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommendations",
        abstract: "Offline evaluation of the daily suggestion: hit rate @1/@3 and NDCG@10 against baselines.",
        discussion: """
            Without --database, seeds --users members with --seed into a temporary SQLite file (deleted \
            afterwards). With --database, evaluates the data already there (DATABASE_URL is not used).
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "Members to seed when no --database is given.")
    var users: Int = 2_000

    @Option(help: "The seed of the generated dataset.")
    var seed: UInt64 = 42

    @Option(name: .customLong("hold-out"), help: "Most recent sessions held out per member.")
    var holdOut: Int = 1

    @Flag(
        name: .customLong("safe-only"),
        help: "Require beating every baseline only over the held-out sessions that break no hard constraint."
    )
    var safeOnly = false

    func validate() throws {
        guard (10...200_000).contains(users) else { throw ValidationError("--users must be 10…200000") }
        guard (1...20).contains(holdOut) else { throw ValidationError("--hold-out must be 1…20") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let home = try options.spotterHome()
        let spec = try home.catalog().spec(for: "daily_suggestion")
        var temporary: String?
        let connection: DatabaseConnection
        if let database = options.database {
            connection = try await DatabaseConnection.open(try DatabaseConfiguration.parse(database), logger: logger)
        } else {
            let file = NSTemporaryDirectory() + "spotter-eval-\(ProcessInfo.processInfo.processIdentifier).sqlite"
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
            temporary = file
            connection = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse("sqlite:" + file), logger: logger)
            _ = try await home.migrator(for: .sqlite).migrate(
                connection, logger: logger)
            let seeded = try await Seeder.seed(
                into: connection, configuration: SeedConfiguration(users: users, seed: seed), logger: logger)
            print("seeded \(users) users (seed \(seed)) into a temporary SQLite file: \(seeded.totalRows) rows")
        }
        defer {
            if let temporary {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: temporary + suffix) }
            }
        }
        let loaded = try await connection.withSession { session in try EvaluationLoader.load(in: session) }
        await connection.close()
        guard !loaded.histories.isEmpty else {
            throw CommandFailure(message: "the database holds no members to evaluate; seed it first (spotter seed)")
        }
        let report = RecommendationEvaluation.run(
            histories: loaded.histories, catalog: loaded.catalog, holdOut: holdOut,
            configuration: EvaluationLoader.configuration(for: spec))
        print(report.table())

        var failures: [String] = []
        if report.constraintViolations > 0 {
            failures.append("\(report.constraintViolations) suggestions break a hard constraint")
        }
        if report.inconsistencies > 0 {
            failures.append("\(report.inconsistencies) suggestions differ from the top of the model's ranking")
        }
        let compared = safeOnly ? report.safeRows : report.rows
        for baseline in compared.dropFirst() {
            let lost = Self.lost(compared[0], to: baseline)
            if !lost.isEmpty { failures.append("does not beat \(baseline.name) on \(lost.joined(separator: ", "))") }
        }
        if safeOnly {
            for baseline in report.baselines where !Self.lost(report.model, to: baseline).isEmpty {
                print(
                    "note: over all held-out sessions the model does not beat \(baseline.name) on "
                        + Self.lost(report.model, to: baseline).joined(separator: ", ")
                        + ": \(report.cases - report.safeCases) of \(report.cases) held-out sessions break a hard "
                        + "constraint (\(report.unsafeBreakdown()))")
            }
        }
        guard failures.isEmpty else {
            throw CommandFailure(message: "evaluation failed: " + failures.joined(separator: "; "))
        }
    }

    /// The metrics on which `model` is not strictly better than `baseline`.
    static func lost(_ model: EvaluationReport.Row, to baseline: EvaluationReport.Row) -> [String] {
        var lost: [String] = []
        if model.hitAt1 <= baseline.hitAt1 { lost.append("hit@1") }
        if model.hitAt3 <= baseline.hitAt3 { lost.append("hit@3") }
        if model.ndcgAt10 <= baseline.ndcgAt10 { lost.append("NDCG@10") }
        return lost
    }
}
