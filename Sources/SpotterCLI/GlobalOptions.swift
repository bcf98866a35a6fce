import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB

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
            "Directory holding jobs/ and sql/. Default: SPOTTER_HOME, else the copies built into this executable."
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

    /// The database configuration from --database, DATABASE_URL, or the PG* variables. A SQLite
    /// file must exist unless `creating` (only `migrate` creates one): a mistyped path is an
    /// error, not a new empty database.
    func databaseConfiguration(creating: Bool = false) throws -> DatabaseConfiguration {
        let text = database ?? ProcessInfo.processInfo.environment["DATABASE_URL"]
        let configuration = try DatabaseConfiguration.parse(text)
        if configuration.backend == .sqlite, !creating, !FileManager.default.fileExists(atPath: configuration.path) {
            throw CommandFailure(
                message: "no SQLite database at \(configuration.path); only `spotter migrate` creates one "
                    + "(spotter migrate --database sqlite:\(configuration.path))",
                exitCode: 2)
        }
        return configuration
    }

    /// Where `jobs/` and `sql/` come from: --home, SPOTTER_HOME, or the built-in copies.
    func spotterHome() throws -> SpotterHome {
        try SpotterHome.locate(explicit: home)
    }

    /// Opens the database (a clear one-line error when it cannot); see
    /// ``databaseConfiguration(creating:)`` for when a SQLite file may be created.
    func connect(logger: Logger, creating: Bool = false) async throws -> DatabaseConnection {
        let configuration = try databaseConfiguration(creating: creating)
        do {
            return try await DatabaseConnection.open(configuration, logger: logger)
        } catch let error as DatabaseError where error.code == .connectionFailed {
            throw ErrorReport.connectionFailure(error, databaseGiven: database != nil)
        }
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
