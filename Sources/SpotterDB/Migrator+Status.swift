/// How a database's recorded migrations compare with the files.
public struct MigrationStatus: Sendable, Hashable {
    /// Files recorded as applied, unchanged.
    public var applied: [String]
    /// Files not applied yet, in order.
    public var pending: [String]
    /// Recorded migrations whose file changed or is missing (the migrator refuses such a database).
    public var mismatched: [String]
    /// Spotter's own views (``Migrator/views``) that are gone although their migrations were
    /// applied (a `DROP … CASCADE` on an input view); `spotter migrate` creates them again.
    /// Only looked for when no migration is pending.
    public var missingViews: [String] = []

    /// True when every file is applied, none differs and every view is there.
    public var isCurrent: Bool { pending.isEmpty && mismatched.isEmpty && missingViews.isEmpty }
}

extension Migrator {
    /// Compares the migrations recorded in the database with the files, without changing
    /// anything (for `spotter health`). A database that was never migrated has every file pending.
    public func status(in session: DatabaseSession) throws -> MigrationStatus {
        let exists: Bool
        switch session.backend {
        case .postgres:
            exists =
                try session.query("SELECT to_regclass('spotter.schema_migrations') IS NOT NULL AS present")
                .first?.bool("present") ?? false
        case .sqlite:
            exists =
                try session.query(
                    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
                ).first?.int("n") ?? 0 > 0
        }
        guard exists else { return MigrationStatus(applied: [], pending: migrations.map(\.fileName), mismatched: []) }
        let recorded = try session.query("SELECT version, file_name, checksum FROM spotter.schema_migrations")
        let byVersion = Dictionary(uniqueKeysWithValues: migrations.map { ($0.version, $0) })
        var status = MigrationStatus(applied: [], pending: [], mismatched: [])
        var seen = Set<Int>()
        for row in recorded {
            let version = try row.int("version")
            let name = try row.string("file_name")
            seen.insert(version)
            if let file = byVersion[version], file.fileName == name, file.checksum == (try row.string("checksum")) {
                status.applied.append(name)
            } else {
                status.mismatched.append(name)
            }
        }
        status.pending = migrations.filter { !seen.contains($0.version) }.map(\.fileName)
        if status.pending.isEmpty, status.mismatched.isEmpty { status.missingViews = try missingViews(in: session) }
        return status
    }
}
