import Foundation
public import Logging
public import SpotterDB

/// A fresh, empty database for one test: a uniquely named database inside the PostgreSQL server
/// named by `SPOTTER_TEST_DATABASE_URL`, or a SQLite file in its own temporary directory.
///
/// Create one per test (``make(_:)``, ``all()``) or scope one with ``withDatabase(_:_:)``, which
/// drops it afterwards even when the body throws.
public struct TestDatabase: Sendable, CustomStringConvertible {
    /// How to connect to it.
    public let configuration: DatabaseConfiguration
    private let cleanup: Cleanup

    private enum Cleanup: Sendable {
        case postgres(name: String, server: DatabaseConfiguration)
        case sqlite(directory: URL)
    }

    /// Which engine it runs on.
    public var backend: DatabaseBackend { configuration.backend }

    /// `postgres` or `sqlite`, for test names.
    public var description: String { backend.rawValue }

    /// A logger for tests: warnings and above, or the level in `SPOTTER_TEST_LOG_LEVEL`.
    public static let logger: Logger = {
        var logger = Logger(label: "spotter.test")
        let level = ProcessInfo.processInfo.environment["SPOTTER_TEST_LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:))
        logger.logLevel = level ?? .warning
        return logger
    }()

    /// The server URL from `SPOTTER_TEST_DATABASE_URL`; throws a clear error when it is unset.
    public static func postgresURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["SPOTTER_TEST_DATABASE_URL"], !url.isEmpty else {
            throw TestDatabaseError(
                "SPOTTER_TEST_DATABASE_URL is not set: run the tests with `bash .ci/test` (it starts a throwaway "
                    + "PostgreSQL and sets it) or export SPOTTER_TEST_DATABASE_URL=postgresql://user@host:port/postgres"
            )
        }
        return url
    }

    /// The configuration of the test server's maintenance database (where databases are created).
    public static func serverConfiguration() throws -> DatabaseConfiguration {
        try DatabaseConfiguration.parse(postgresURL())
    }

    /// Creates a uniquely named database on the test PostgreSQL server.
    public static func makePostgres() async throws -> TestDatabase {
        let server = try serverConfiguration()
        let suffix = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        let name = "spotter_test_\(suffix)"
        try await withServerConnection(server) { try await $0.execute("CREATE DATABASE \(name)") }
        return TestDatabase(
            configuration: try server.withDatabaseName(name), cleanup: .postgres(name: name, server: server))
    }

    /// Creates a fresh SQLite file in a new temporary directory.
    public static func makeSQLite() throws -> TestDatabase {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("spotter-test-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("test.sqlite").path
        return TestDatabase(configuration: .sqlite(path), cleanup: .sqlite(directory: directory))
    }

    /// A fresh database on `backend`.
    public static func make(_ backend: DatabaseBackend) async throws -> TestDatabase {
        switch backend {
        case .postgres: try await makePostgres()
        case .sqlite: try makeSQLite()
        }
    }

    /// One fresh database of each backend, for backend-parameterised tests.
    public static func all() async throws -> [TestDatabase] {
        [try await makePostgres(), try makeSQLite()]
    }

    /// Runs `body` with a fresh database on `backend` and drops it afterwards, also on failure.
    public static func withDatabase<T>(
        _ backend: DatabaseBackend, _ body: (TestDatabase) async throws -> T
    ) async throws -> T {
        let database = try await make(backend)
        do {
            let result = try await body(database)
            await database.drop()
            return result
        } catch {
            await database.drop()
            throw error
        }
    }

    /// Runs `body` with an open connection to a fresh database on `backend`; closes and drops after.
    public static func withConnection<T>(
        _ backend: DatabaseBackend, _ body: (DatabaseConnection, TestDatabase) async throws -> T
    ) async throws -> T {
        try await withDatabase(backend) { database in
            let connection = try await database.connect()
            do {
                let result = try await body(connection, database)
                await connection.close()
                return result
            } catch {
                await connection.close()
                throw error
            }
        }
    }

    /// Opens a connection to this database.
    public func connect() async throws -> DatabaseConnection {
        try await DatabaseConnection.open(configuration, logger: Self.logger)
    }

    /// Runs `body` on a connection to the test server's maintenance database (for
    /// `pg_terminate_backend` and other server-wide actions); closes it after.
    @discardableResult
    public static func withServerConnection<T>(
        _ server: DatabaseConfiguration? = nil, _ body: (DatabaseConnection) async throws -> T
    ) async throws -> T {
        let connection = try await DatabaseConnection.open(server ?? serverConfiguration(), logger: logger)
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Removes the database (PostgreSQL: `DROP DATABASE … WITH (FORCE)`; SQLite: its directory).
    /// Failures are logged, not thrown.
    public func drop() async {
        switch cleanup {
        case .postgres(let name, let server):
            do {
                try await Self.withServerConnection(server) {
                    try await $0.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
                }
            } catch {
                Self.logger.warning("could not drop test database \(name): \(error)")
            }
        case .sqlite(let directory):
            try? FileManager.default.removeItem(at: directory)
        }
    }
}

/// A test-setup failure with a message saying what to do.
public struct TestDatabaseError: Error, CustomStringConvertible {
    /// What went wrong and how to fix it.
    public let description: String

    /// An error with `description`.
    public init(_ description: String) {
        self.description = description
    }
}
