import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB

/// Options every benchmark takes: where PostgreSQL is and where the repository is.
struct BenchmarkOptions: ParsableArguments {
    @Option(
        help: """
            A PostgreSQL server (postgresql://… or conninfo); the benchmark creates and drops its own \
            database in it. Default: a private cluster started with .ci/postgres-cluster in a temporary \
            directory (stock settings, durable commits) and removed afterwards.
            """)
    var database: String?

    @Option(
        help:
            "The Spotter directory (holding sql/, jobs/ and .ci/). Default: SPOTTER_HOME, else found from the working directory or the executable."
    )
    var home: String?

    @Flag(help: "Keep the benchmark database (and a private cluster) instead of dropping it.")
    var keep = false

    @Option(help: "Log level for the benchmark's own components.")
    var logLevel: String = "warning"

    func makeLogger() throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw ValidationError("unknown log level '\(logLevel)'")
        }
        var logger = Logger(label: "spotter.bench")
        logger.logLevel = level
        return logger
    }

    /// The repository root: --home, SPOTTER_HOME, or the nearest ancestor of the working
    /// directory or of the executable that holds `sql/` and `jobs/kinds.yaml`.
    func repositoryRoot() throws -> URL {
        do {
            return try SpotterDirectory.locate(explicit: home)
        } catch .notAHome(let url) {
            throw ValidationError("\(url.path) holds no jobs/kinds.yaml and sql/")
        } catch .notFound {
            throw ValidationError("cannot find the Spotter directory (sql/, jobs/); pass --home")
        }
    }
}
