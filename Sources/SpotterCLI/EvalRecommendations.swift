import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterRanking
import SpotterSeed

/// `spotter eval recommendations`: the offline evaluation of the daily suggestion.
///
/// Each person's last `--holdout-days` training days are held out and replayed in order, each
/// with only the past (incrementally: the person's state takes each day after it is scored), at
/// the workout level and the muscle-group level, next to four baselines over the person's own
/// past, with 95 % paired-bootstrap intervals of model − best baseline and the hard-constraint
/// audit. Prints its timing. Exits 1 when a suggestion breaks a hard constraint or (unless
/// `--no-require-win`) the model misses a target (``EvaluationReport/missedTargets``): an
/// interval against the best baseline wholly below zero, the headline metric not above it.
struct EvalRecommendations: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommendations",
        abstract: "Offline evaluation of the daily suggestion: hit@1/@3 at the workout and muscle level, vs baselines.",
        discussion: """
            Without --database, seeds --users members with --seed into a temporary SQLite file (deleted \
            afterwards). With --database, evaluates the data already there (DATABASE_URL is not used), e.g. \
            people imported with `spotter import`.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "Members to seed when no --database is given.")
    var users: Int = 2_000

    @Option(help: "The seed of the generated dataset.")
    var seed: UInt64 = 42

    @Option(name: .customLong("holdout-days"), help: "Most recent training days held out per person.")
    var holdoutDays: Int = 1

    @Option(name: .customLong("user"), help: "Evaluate only this person (repeatable).")
    var userIDs: [UserID] = []

    @Flag(
        name: .customLong("by-user"),
        help: "Also print one table per person, with model − each baseline and its 95 % interval.")
    var byUser = false

    @Flag(
        name: .customLong("chat-facts"),
        help: "With seeded members, extract facts from their chats first, so injured people are audited.")
    var chatFacts = false

    @Flag(
        name: .customLong("no-require-win"),
        help: "Do not fail when the model misses a target against the best baseline.")
    var noRequireWin = false

    func validate() throws {
        guard (10...200_000).contains(users) else { throw ValidationError("--users must be 10…200000") }
        guard holdoutDays >= 1 else { throw ValidationError("--holdout-days must be at least 1") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let home = try options.spotterHome()
        let spec = try home.catalog().spec(for: DailySuggestionHandler.name)
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
        if temporary != nil && chatFacts {
            // The seeded chats say who is hurt: their facts make the injured-person audit count.
            let ids = try await connection.withSession { session in
                try session.query("SELECT id FROM spotter.users ORDER BY id").map { try $0.id("id", as: UserID.self) }
            }
            let facts = try await FactsPipeline().run(.owners(UserSelection(ids: ids)), on: connection, logger: logger)
            print("extracted \(facts.inserted) facts from \(facts.messages) seeded messages")
        }
        let loaded = try await connection.withSession { session in try EvaluationLoader.load(in: session) }
        await connection.close()
        let wanted = Set(userIDs)
        let histories = wanted.isEmpty ? loaded.histories : loaded.histories.filter { wanted.contains($0.userID) }
        guard !histories.isEmpty else {
            throw CommandFailure(
                message: wanted.isEmpty
                    ? "the database holds no members to evaluate; seed it first (spotter seed)"
                    : "none of the --user ids is a member of the database")
        }
        let clock = ContinuousClock()
        let started = clock.now
        let result = RecommendationEvaluation.run(
            histories: histories, library: loaded.library, holdoutDays: holdoutDays,
            configuration: EvaluationLoader.configuration(for: spec))
        let elapsed = clock.now - started
        let report = result.overall
        if byUser {
            for user in result.perUser {
                print(user.table(everyBaseline: true))
                print("")
            }
        }
        print(report.table())
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            String(
                format: "replayed %d held-out days of %d people in %.2f s (%.0f days/s)", report.days, report.users,
                seconds, Double(report.days) / max(seconds, 1e-9)))

        var failures: [String] = []
        if report.constraintViolations > 0 {
            failures.append("\(report.constraintViolations) suggestions break a hard constraint")
        }
        if !noRequireWin {
            failures += report.missedTargets
        }
        guard failures.isEmpty else {
            throw CommandFailure(message: "evaluation failed: " + failures.joined(separator: "; "))
        }
    }
}
