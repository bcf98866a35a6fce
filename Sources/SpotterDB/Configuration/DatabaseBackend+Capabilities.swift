import Foundation

/// What a backend can do, named for what the callers depend on, so that code outside SpotterDB
/// asks for a capability instead of naming the engine: where PostgreSQL and SQLite differ in what
/// there is to do (a claim's locking, a stored routine), not only in spelling (for which
/// ``SQLQuery`` has named interpolations).
extension DatabaseBackend {
    /// How writers share the database.
    public enum Writers: Sendable, Hashable {
        /// Many at once, each locking the rows it changes (PostgreSQL): concurrent claimers skip
        /// each other's rows (`FOR UPDATE SKIP LOCKED`), and one statement may both read and write
        /// (data-modifying `WITH`).
        case concurrent
        /// One at a time, holding the whole database for its transaction (SQLite's `BEGIN
        /// IMMEDIATE`): a cheap read decides whether to take the lock at all, and a write made of
        /// several statements runs them under it.
        case oneAtATime
    }

    /// How writers share the database: ``Writers/concurrent`` on PostgreSQL,
    /// ``Writers/oneAtATime`` on SQLite.
    public var writers: Writers {
        switch self {
        case .postgres: .concurrent
        case .sqlite: .oneAtATime
        }
    }

    /// Whether the schema keeps routines (functions the migrations define, which an operator role
    /// may be granted without the tables): PostgreSQL. SQLite keeps none: the caller computes what
    /// such a routine would.
    public var storesRoutines: Bool { self == .postgres }

    /// Whether a statement can bind a whole array to one placeholder (PostgreSQL): a batch is one
    /// statement over arrays. SQLite binds one value per placeholder.
    public var bindsArrays: Bool { self == .postgres }

    /// Whether an idle session can wait for another session's notification (`LISTEN`/`NOTIFY`):
    /// PostgreSQL. On SQLite a waiter polls.
    public var deliversNotifications: Bool { self == .postgres }

    /// Whether the database has roles that grants are given to (PostgreSQL); SQLite has none.
    public var hasRoles: Bool { self == .postgres }

    /// Whether the database can have hot standbys that readers connect to, replaying the
    /// primary's commits with a lag (PostgreSQL streaming replication).
    public var hasStandbys: Bool { self == .postgres }

    /// Whether the database is a file on this host that opening creates (SQLite), rather than a
    /// server a connection reaches (PostgreSQL).
    public var isLocalFile: Bool { self == .sqlite }

    /// Whether the database computes percentiles (`percentile_cont`, PostgreSQL); on SQLite the
    /// caller computes them from the values.
    public var computesPercentiles: Bool { self == .postgres }

    /// The folder of this backend's migrations in a Spotter home: `sql/postgres`, `sql/sqlite`.
    public var migrationsFolder: String { "sql/" + rawValue }
}

extension DatabaseConfiguration {
    /// Whether this names a database file on this host that does not exist (SQLite; opening it
    /// would create an empty one). Never true for a server.
    public var isMissingFile: Bool {
        backend.isLocalFile && !FileManager.default.fileExists(atPath: path)
    }
}
