/// Which database engine a configuration or connection uses.
public enum DatabaseBackend: String, Sendable, CaseIterable {
    /// PostgreSQL through libpq (production).
    case postgres
    /// SQLite through libsqlite3 (embedded, single host).
    case sqlite
}
