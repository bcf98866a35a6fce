import ArgumentParser
import Foundation
import SpotterDB
import SpotterJobs
import SpotterSeed

/// `spotter seed --users N --seed S`.
struct Seed: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fill an empty, migrated database with a deterministic, realistic dataset.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "How many users.")
    var users: Int = 1000

    @Option(help: "The random seed; the same seed and size give the same data, byte for byte.")
    var seed: UInt64 = 42

    @Option(help: "The dataset's 'today' (ISO 8601 instant). Default: now, rounded down to the hour.")
    var now: String?

    @Flag(
        inversion: .prefixedNo,
        help: "Write every set of the seeded sessions to session_sets (about ten rows a session; the default).")
    var sessionSets = true

    func validate() throws {
        guard (1...10_000_000).contains(users) else { throw ValidationError("--users must be 1…10000000") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        var anchor = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        if let now {
            guard let parsed = ISO8601Instant.parse(now) else {
                throw CommandFailure(message: "--now '\(now)' is not an ISO 8601 instant", exitCode: 2)
            }
            anchor = parsed
        }
        let connection = try await options.connect(logger: logger)
        // Seeding writes the input tables: never into a product's views (external inputs).
        let external = try await connection.withSession { try Migrator.isProductRelation("users", in: $0) }
        if external {
            await connection.close()
            throw CommandFailure(
                message: "this database's inputs are your own views (spotter migrate --inputs external): "
                    + "spotter seed writes only Spotter's own input tables; seed a separate database", exitCode: 2)
        }
        let configuration = SeedConfiguration(users: users, seed: seed, now: anchor, sessionSets: sessionSets)
        let report = try await Seeder.seed(into: connection, configuration: configuration, logger: logger)
        await connection.close()
        print(report.table(), terminator: "")
    }
}
