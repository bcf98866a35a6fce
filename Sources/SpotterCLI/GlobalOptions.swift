import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterLogging
import Synchronization

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help:
            "Database: postgresql://…, a libpq conninfo, sqlite:PATH or FILE.sqlite. Default: DATABASE_URL, then the PG* variables."
    )
    var database: String?

    @Option(name: .long, help: "Log level. Default: info for work, warning otherwise.")
    var logLevel: LogLevelOption?

    @Option(name: .long, help: "Log lines: text (swift-log's format) or json (one object per line).")
    var logFormat: LogFormatOption = .text

    @Option(
        name: .long,
        help:
            "Directory holding jobs/ and sql/. Default: SPOTTER_HOME, else the copies built into this executable."
    )
    var home: String?

    /// Sets up logging to stderr once, at the given level (or the command's default) and format.
    func makeLogger(label: String = "spotter", defaultLevel: Logger.Level = .warning) throws -> Logger {
        let level = logLevel?.level ?? defaultLevel
        LoggingBootstrap.once(level: level, format: logFormat.format)
        var logger = Logger(label: label)
        logger.logLevel = level
        return logger
    }

    /// The database configuration from --database, DATABASE_URL, or the PG* variables. A SQLite
    /// file must exist unless `creating` (only `migrate` creates one): a mistyped path is an
    /// error, not a new empty database.
    func databaseConfiguration(creating: Bool = false) throws -> DatabaseConfiguration {
        let environment = ProcessInfo.processInfo.environment
        var configuration = try DatabaseConfiguration.parse(database ?? environment["DATABASE_URL"])
        if let kept = environment["SPOTTER_KEPT_STATEMENTS"] {
            guard let count = Int(kept), count >= 0 else {
                throw CommandFailure(
                    message: "SPOTTER_KEPT_STATEMENTS must be a whole number of statements, 0 or more "
                        + "(0: none kept); got \"\(kept)\"",
                    exitCode: 2)
            }
            configuration.keptStatements = count
        }
        if !creating, configuration.isMissingFile {
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

    /// Opens the database, runs `body` in one session and closes the connection: a command that
    /// reads or writes once.
    func withSession<T: Sendable>(_ body: @Sendable (DatabaseSession) throws -> T) async throws -> T {
        let connection = try await connect(logger: try makeLogger())
        do {
            let result = try await connection.withSession(body)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }
}

/// `--log-level` values.
enum LogLevelOption: String, ExpressibleByArgument, CaseIterable {
    case trace, debug, info, notice, warning, error, critical

    var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}

/// `--log-format` values.
enum LogFormatOption: String, ExpressibleByArgument, CaseIterable {
    case text, json

    var format: LogFormat { self == .json ? .json : .text }
}

/// Bootstraps swift-log exactly once per process.
enum LoggingBootstrap {
    private static let bootstrapped = Mutex(false)

    static func once(level: Logger.Level, format: LogFormat) {
        bootstrapped.withLock { bootstrapped in
            guard !bootstrapped else { return }
            bootstrapped = true
            let sink = LogSink.standardError()
            LoggingSystem.bootstrap { label in
                SpotterLogHandler(label: label, format: format, level: level, sink: sink)
            }
        }
    }
}

/// Where the read commands (`context`, `facts search`, `mcp`) read: `--read-database`, else
/// `SPOTTER_READ_DATABASE_URL`, else the main database (``GlobalOptions``). A hot standby serves
/// them as well as the primary; on PostgreSQL the session is opened read-only
/// (`default_transaction_read_only`), wherever it points, so the read path never writes.
struct ReadDatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: """
            Database to read from, e.g. a hot standby (postgresql://…, a libpq conninfo, sqlite:PATH). \
            Default: SPOTTER_READ_DATABASE_URL, then the main database. Opened read-only.
            """)
    var readDatabase: String?

    /// Whether a read database is given (`--read-database` or `SPOTTER_READ_DATABASE_URL`).
    var isGiven: Bool { givenURL != nil }

    private var givenURL: String? {
        let environment = ProcessInfo.processInfo.environment["SPOTTER_READ_DATABASE_URL"]
        return readDatabase ?? environment.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The read configuration: the given read database, or the main one; read-only on PostgreSQL.
    func configuration(_ options: GlobalOptions) throws -> DatabaseConfiguration {
        var configuration: DatabaseConfiguration
        if let given = givenURL {
            configuration = try DatabaseConfiguration.parse(given)
            if configuration.isMissingFile {
                throw CommandFailure(
                    message: "no SQLite database at \(configuration.path) (the read database)", exitCode: 2)
            }
        } else {
            configuration = try options.databaseConfiguration()
        }
        if configuration.backend == .postgres { configuration.readOnly = true }
        return configuration
    }

    /// Opens the read database (a clear one-line error when it cannot).
    func connect(_ options: GlobalOptions, logger: Logger) async throws -> DatabaseConnection {
        let configuration = try configuration(options)
        do {
            return try await DatabaseConnection.open(configuration, logger: logger)
        } catch let error as DatabaseError where error.code == .connectionFailed {
            throw ErrorReport.connectionFailure(
                error, databaseGiven: readDatabase != nil || options.database != nil)
        }
    }
}
