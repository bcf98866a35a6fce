import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Database: postgresql://…, a libpq conninfo, sqlite:PATH or FILE.sqlite. Default: DATABASE_URL, then the PG* variables."
    )
    var database: String?

    @Option(name: .long, help: "Log level: trace, debug, info, notice, warning, error, critical.")
    var logLevel: String?

    @Option(
        name: .long,
        help:
            "Directory holding jobs/ and sql/. Default: SPOTTER_HOME, else found from the working directory or the executable."
    )
    var home: String?

    /// Sets up logging to stderr once, at the given level (or the command's default).
    func makeLogger(label: String = "spotter", defaultLevel: Logger.Level = .warning) throws -> Logger {
        let level: Logger.Level
        if let text = logLevel {
            guard let parsed = Logger.Level(rawValue: text.lowercased()) else {
                throw CommandFailure(
                    message: "unknown log level '\(text)'; use trace, debug, info, notice, warning, error or critical",
                    exitCode: 2)
            }
            level = parsed
        } else {
            level = defaultLevel
        }
        LoggingBootstrap.once(level: level)
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }

    /// The database configuration from --database, DATABASE_URL, or the PG* variables.
    func databaseConfiguration() throws -> DatabaseConfiguration {
        let text = database ?? ProcessInfo.processInfo.environment["DATABASE_URL"]
        return try DatabaseConfiguration.parse(text)
    }

    /// The project directory holding `jobs/` and `sql/`.
    func spotterHome() throws -> SpotterHome {
        try SpotterHome.locate(explicit: home)
    }

    /// Opens the database (a clear one-line error when it cannot).
    func connect(logger: Logger) async throws -> DatabaseConnection {
        try await DatabaseConnection.open(try databaseConfiguration(), logger: logger)
    }
}

/// Bootstraps swift-log exactly once per process.
enum LoggingBootstrap {
    private static let done = NSLock()
    nonisolated(unsafe) private static var bootstrapped = false

    static func once(level: Logger.Level) {
        done.lock()
        defer { done.unlock() }
        guard !bootstrapped else { return }
        bootstrapped = true
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// Where `jobs/` and `sql/` live.
struct SpotterHome {
    var root: URL

    var jobsDirectory: URL { root.appendingPathComponent("jobs") }

    func migrationsDirectory(for backend: DatabaseBackend) -> URL {
        root.appendingPathComponent("sql").appendingPathComponent(backend == .postgres ? "postgres" : "sqlite")
    }

    /// Loads and validates `jobs/` (errors name the file, line and key).
    func catalog() throws -> JobCatalog {
        try SpotterHandlers.loadCatalog(directory: jobsDirectory)
    }

    /// --home, then SPOTTER_HOME, then the nearest ancestor of the working directory or of the
    /// executable that holds both `jobs/kinds.yaml` and `sql/`.
    static func locate(explicit: String?) throws -> SpotterHome {
        do {
            return SpotterHome(root: try SpotterDirectory.locate(explicit: explicit))
        } catch .notAHome(let url) {
            throw CommandFailure(
                message: "\(url.path) holds no jobs/kinds.yaml and sql/ (set by --home or SPOTTER_HOME)", exitCode: 2)
        } catch .notFound {
            throw CommandFailure(
                message: "cannot find jobs/ and sql/; run from the Spotter directory or set SPOTTER_HOME", exitCode: 2)
        }
    }
}
