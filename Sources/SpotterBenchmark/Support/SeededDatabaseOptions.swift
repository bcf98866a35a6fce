import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterSeed

/// What the per-kind and nightly benchmarks share: a PostgreSQL database that is migrated and,
/// when it holds no users, seeded; the catalog; and the instant to compute as of.
struct SeededDatabaseOptions: ParsableArguments {
    @Option(help: "Users to seed when the database is empty.")
    var users = 100_000

    @Option(help: "PostgreSQL URL or conninfo (default: DATABASE_URL).")
    var database: String?

    @Option(help: "The migrations directory.")
    var sql = "sql/postgres"

    @Option(help: "The jobs/ catalog directory (shard sizes, parameters).")
    var jobs = "jobs"

    @Option(help: "The instant to compute as of (default: the seed's fixed now).")
    var asOf: String?

    /// `--database`, else DATABASE_URL.
    var url: String? { database ?? ProcessInfo.processInfo.environment["DATABASE_URL"] }

    /// A quiet logger for the benchmark's own components.
    func logger() -> Logger {
        var logger = Logger(label: "spotter.bench")
        logger.logLevel = .warning
        return logger
    }

    func configuration() throws -> DatabaseConfiguration { try DatabaseConfiguration.parse(url) }

    func catalog() throws -> JobCatalog { try SpotterHandlers.loadCatalog(directory: URL(fileURLWithPath: jobs)) }

    /// `--as-of`, else the seed's fixed now.
    func instant() throws -> Date {
        guard let asOf else { return SeedConfiguration.defaultNow }
        guard let date = ISO8601Instant.parse(asOf) else { throw ValidationError("--as-of is not an ISO 8601 instant") }
        return date
    }

    /// Migrates the database, seeds `--users` when it holds none (saying so when it holds a
    /// different number), and creates an empty scratch copy `bench_floor_<table>` of each of
    /// `floorTables` for the I/O floor's writes.
    func prepare(_ connection: DatabaseConnection, floorTables: [String] = [], logger: Logger) async throws {
        _ = try await Migrator(directory: URL(fileURLWithPath: sql)).migrate(connection, logger: logger)
        let existing = try await connection.query("SELECT count(*) AS n FROM spotter.users")[0].int("n")
        if existing == 0 {
            print("seeding \(users) users…")
            let report = try await Seeder.seed(
                into: connection, configuration: SeedConfiguration(users: users), logger: logger)
            print(report.table())
        } else if existing != users {
            print("note: the database already holds \(existing) users; using them (--users \(users) ignored)")
        }
        for table in floorTables {
            try await connection.execute("DROP TABLE IF EXISTS spotter.bench_floor_\(table)")
            try await connection.execute(
                "CREATE TABLE spotter.bench_floor_\(table) (LIKE spotter.\(table) INCLUDING ALL)")
        }
    }
}
