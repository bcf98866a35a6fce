import ArgumentParser
import Foundation
import SpotterDB
import SpotterQueue
import SpotterSeed

/// `spotter demo`: the whole nightly batch on a fresh embedded SQLite file.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "From nothing: create an SQLite file, migrate, seed a small dataset, run every job kind, print a summary.")

    @OptionGroup var options: GlobalOptions

    @Option(help: "The SQLite file to create (must not exist). Default: a new file in the temporary directory.")
    var path: String?

    @Option(help: "How many users to seed.")
    var users: Int = 300

    func validate() throws {
        guard (10...100_000).contains(users) else { throw ValidationError("--users must be 10…100000") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let home = try options.spotterHome()
        let catalog = try home.catalog()
        let file = path ?? NSTemporaryDirectory() + "spotter-demo-\(ProcessInfo.processInfo.processIdentifier).sqlite"
        guard !FileManager.default.fileExists(atPath: file) else {
            throw CommandFailure(
                message: "\(file) already exists; the demo starts from nothing (pass another --path)", exitCode: 2)
        }
        let configuration = try DatabaseConfiguration.parse("sqlite:" + file)
        let connection = try await DatabaseConnection.open(configuration, logger: logger)
        let clock = ContinuousClock()
        let started = clock.now

        print("Spotter demo — embedded SQLite at \(file)\n")
        let migrator = try home.migrator(for: .sqlite)
        let migrated = try await migrator.migrate(connection, logger: logger)
        print("schema: \(migrated.applied.count) migrations applied")

        let anchor = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let seeded = try await Seeder.seed(
            into: connection, configuration: SeedConfiguration(users: users, seed: 42, now: anchor), logger: logger)
        print("seeded \(users) users:")
        print(seeded.table())

        let summary = try await DemoBatch.run(
            connection: connection, configuration: configuration, catalog: catalog, logger: logger)
        print(summary)
        await connection.close()
        print("done in \(StatusReport.seconds((clock.now - started).seconds)); inspect with: sqlite3 \(file)")
    }
}
