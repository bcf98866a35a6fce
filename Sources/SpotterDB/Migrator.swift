public import Foundation
public import Logging
import SpotterCalendar
import SpotterIDs

/// One versioned migration file, `NNN_name.sql`.
public struct Migration: Sendable, Hashable {
    /// The numeric prefix; migrations apply in ascending order.
    public var version: Int
    /// The file name, e.g. `002_results.sql`.
    public var fileName: String
    /// The SQL script.
    public var sql: String
    /// A stable fingerprint of the file's bytes (FNV-1a, 64 bit, hex).
    public var checksum: String

    /// Creates a migration from a file name and its contents.
    public init(fileName: String, sql: String) throws {
        let digits = fileName.prefix { $0.isNumber }
        guard let version = Int(digits), fileName.hasSuffix(".sql") else {
            throw DatabaseError(.invalidConfiguration, "migration file '\(fileName)' must be named NNN_name.sql")
        }
        self.version = version
        self.fileName = fileName
        self.sql = sql
        self.checksum = Migration.fingerprint(sql)
    }

    static func fingerprint(_ text: String) -> String {
        String(StableHash.of(text), radix: 16)
    }
}

/// What `Migrator.migrate` did.
public struct MigrationReport: Sendable {
    /// Files applied by this run, in order.
    public var applied: [String]
    /// Files that were already recorded and unchanged.
    public var alreadyApplied: [String]
    /// Statements passed over because their relation is the product's (external inputs), as
    /// `file: CREATE TABLE on spotter.users`.
    public var skipped: [String] = []
    /// Who provides the input relations in this database.
    public var inputs: InputsMode = .spotter
    /// Spotter's own views that were missing and were created again (``Migrator/views``).
    public var restoredViews: [String] = []
    /// Result columns that followed a change of the product's key types (``Migrator/followKeyTypes(in:)``):
    /// `user_key: bigint -> uuid` (PostgreSQL), `user_key: TEXT -> INTEGER` (SQLite affinities).
    public var followedKeys: [String] = []
}

/// Applies the versioned migrations of one backend in order and records what ran in
/// `spotter.schema_migrations`. Safe when several processes run it at once: on PostgreSQL the
/// whole run holds a transaction-scoped advisory lock; on SQLite it runs in one
/// `BEGIN IMMEDIATE` transaction. A database whose recorded migrations differ from the files
/// (changed or missing file) is refused with the file's name.
public struct Migrator: Sendable {
    /// The migrations, sorted by version.
    public let migrations: [Migration]

    /// Arbitrary but fixed: the advisory lock key that serialises concurrent `spotter migrate` runs.
    static let advisoryLockKey: Int64 = 0x5370_6f74_7465_72  // "Spotter"

    /// Loads `*.sql` files from `directory` (e.g. `sql/postgres`).
    public init(directory: URL) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw DatabaseError(.invalidConfiguration, "cannot read migrations directory \(directory.path)")
        }
        var migrations: [Migration] = []
        for name in names where name.hasSuffix(".sql") {
            let url = directory.appendingPathComponent(name)
            guard let sql = try? String(contentsOf: url, encoding: .utf8) else {
                throw DatabaseError(.invalidConfiguration, "cannot read migration \(url.path)")
            }
            migrations.append(try Migration(fileName: name, sql: sql))
        }
        try self.init(migrations: migrations)
    }

    /// Already sorted and checked migrations.
    private init(unsorted migrations: [Migration]) {
        self.migrations = migrations
    }

    /// Uses the given migrations (sorted by version here). Two files with one version are refused.
    public init(migrations: [Migration]) throws {
        let sorted = migrations.sorted { ($0.version, $0.fileName) < ($1.version, $1.fileName) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.version == b.version {
            throw DatabaseError(
                .invalidConfiguration, "migrations \(a.fileName) and \(b.fileName) share version \(a.version)")
        }
        self.migrations = sorted
    }

    /// Applies every migration not yet recorded, in one transaction. `inputs` says who provides
    /// the input relations; nil keeps the database's mode (external once an input is a view).
    public func migrate(_ connection: DatabaseConnection, inputs: InputsMode? = nil, logger: Logger) async throws
        -> MigrationReport
    {
        let migrations = self.migrations
        let report = try await connection.withTransaction(immediate: true) { session in
            try Migrator.apply(migrations, inputs: inputs, session: session)
        }
        for name in report.applied {
            logger.info("applied migration", metadata: ["migration": "\(name)"])
        }
        // A migration (022 on PostgreSQL) may make or change the key types: every connection of
        // this process reads them again.
        InputKeyTypes.invalidate()
        return report
    }

    private static func apply(_ migrations: [Migration], inputs: InputsMode?, session: DatabaseSession) throws
        -> MigrationReport
    {
        if session.backend == .postgres {
            try session.execute("SELECT pg_advisory_xact_lock($1)", [.int(advisoryLockKey)])
            try session.executeScript("CREATE SCHEMA IF NOT EXISTS spotter")
        }
        try session.executeScript(
            """
            CREATE TABLE IF NOT EXISTS spotter.schema_migrations (
                version    integer PRIMARY KEY,
                file_name  text NOT NULL,
                checksum   text NOT NULL,
                applied_at text NOT NULL
            )
            """)
        let recorded = try session.query(
            "SELECT version, file_name, checksum FROM spotter.schema_migrations ORDER BY version")
        let byVersion = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        var already: [String] = []
        for row in recorded {
            let version = try row.int("version")
            let fileName = try row.string("file_name")
            guard let file = byVersion[version] else {
                throw DatabaseError(
                    .invalidConfiguration,
                    "migration \(fileName) is recorded in the database but its file is missing; refusing to migrate"
                )
            }
            guard try row.string("checksum") == file.checksum, file.fileName == fileName else {
                throw DatabaseError(
                    .invalidConfiguration,
                    "migration \(file.fileName) differs from the one recorded as applied (\(fileName)); refusing to migrate — add a new migration instead of editing an applied one"
                )
            }
            already.append(fileName)
        }
        let recordedVersions = Set(try recorded.map { try $0.int("version") })
        var applied: [String] = []
        var skipped: [String] = []
        let mode = try resolveMode(inputs, migratedBefore: !recordedVersions.isEmpty, session: session)
        if recordedVersions.isEmpty, !migrations.isEmpty {
            try checkInputsBeforeFirstMigration(mode: mode, session: session)
        }
        let now = TimestampFormat.compact(Date())
        var beforeTextIDs = BeforeTextIDs(fresh: recordedVersions.isEmpty)
        for migration in migrations where !recordedVersions.contains(migration.version) {
            do {
                try run(migration, mode: mode, session: session, skipped: &skipped, beforeTextIDs: &beforeTextIDs)
                if migration.version == textIDsVersion, session.backend == .postgres {
                    try beforeTextIDs.verify(in: session)
                }
            } catch var error as DatabaseError {
                error.message = "\(migration.fileName): \(error.message)"
                throw error
            }
            try session.execute(
                "INSERT INTO spotter.schema_migrations (version, file_name, checksum, applied_at) VALUES ($1, $2, $3, $4)",
                [.int(Int64(migration.version)), .text(migration.fileName), .text(migration.checksum), .text(now)])
            applied.append(migration.fileName)
        }
        var report = MigrationReport(applied: applied, alreadyApplied: already, skipped: skipped, inputs: mode)
        // The result ids keep the product's key types, also when a key changed type since.
        report.followedKeys = try Migrator(unsorted: migrations).followKeyTypes(in: session)
        // Migrations ran once; the views they made may since have gone (a DROP … CASCADE on an
        // input view): create those again, so that "up to date" means the views are there too.
        report.restoredViews = try Migrator(unsorted: migrations).restoreViews(in: session)
        return report
    }
}
