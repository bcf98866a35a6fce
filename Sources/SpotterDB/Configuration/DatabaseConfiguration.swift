/// Where and how to connect. Built once at the edge (from `--database`, `DATABASE_URL` or the
/// `PG*` variables, usually with ``parse(_:)``) and passed down.
public struct DatabaseConfiguration: Sendable, CustomStringConvertible {
    /// Which engine. No default: chosen by ``parse(_:)`` or the caller.
    public var backend: DatabaseBackend
    /// PostgreSQL: a libpq conninfo (`host=… dbname=…`) or a `postgres[ql]://` URL. Empty (the
    /// default) means libpq's defaults: the `PG*` environment variables and `.pgpass`.
    public var conninfo: String
    /// SQLite: the database file path (created if missing). Default empty.
    public var path: String
    /// PostgreSQL `application_name`, shown in `pg_stat_activity`. Default `spotter`; a value in
    /// the conninfo wins.
    public var applicationName: String
    /// PostgreSQL `connect_timeout` (whole seconds, at least 1). Default 10 s; a value in the
    /// conninfo wins.
    public var connectTimeout: Duration
    /// SQLite `busy_timeout`: how long a statement waits for another connection's lock before
    /// failing with `.busy`. Default 30 s.
    public var busyTimeout: Duration
    /// SQLite: open the file read-only (`sqlite:PATH?mode=ro`). PostgreSQL: every transaction
    /// read-only (`default_transaction_read_only`), for a read path that may live on a hot
    /// standby. Writes fail with `.readOnly`. Default false.
    public var readOnly: Bool
    /// PostgreSQL run-time parameters set on every new connection (`SET name TO 'value'`), by
    /// name. Default none; workers add `WorkerConfiguration.serverSettings` (no parallel query,
    /// no JIT). Ignored by SQLite.
    public var settings: [String: String] = [:]
    /// PostgreSQL: how many repeated statements each connection keeps prepared on the server
    /// (see `StatementCache`). Default 100; 0 turns it off, for a transaction-mode pooler that
    /// does not carry prepared statements (PgBouncer before 1.21, or without
    /// `max_prepared_statements`). `spotter` reads it from `SPOTTER_KEPT_STATEMENTS`. Ignored by
    /// SQLite.
    public var keptStatements = 100

    /// A configuration with the documented defaults for the fields not given.
    public init(
        backend: DatabaseBackend,
        conninfo: String = "",
        path: String = "",
        applicationName: String = "spotter",
        connectTimeout: Duration = .seconds(10),
        busyTimeout: Duration = .seconds(30),
        readOnly: Bool = false
    ) {
        self.backend = backend
        self.conninfo = conninfo
        self.path = path
        self.applicationName = applicationName
        self.connectTimeout = connectTimeout
        self.busyTimeout = busyTimeout
        self.readOnly = readOnly
    }

    /// A PostgreSQL configuration for a conninfo or URL (empty: the `PG*` variables), not validated.
    public static func postgres(_ conninfo: String = "") -> DatabaseConfiguration {
        DatabaseConfiguration(backend: .postgres, conninfo: conninfo)
    }

    /// A SQLite configuration for the file at `path`.
    public static func sqlite(_ path: String, readOnly: Bool = false) -> DatabaseConfiguration {
        DatabaseConfiguration(backend: .sqlite, path: path, readOnly: readOnly)
    }

    /// The target with any password replaced by `***`: `postgresql://user:***@host/db`,
    /// `host=db password=*** dbname=x`, `PG* environment variables`, or `sqlite:PATH`.
    public var description: String {
        switch backend {
        case .postgres:
            conninfo.isEmpty ? "postgres (PG* environment variables)" : ConninfoRedaction.redact(conninfo)
        case .sqlite:
            "sqlite:" + path + (readOnly ? "?mode=ro" : "")
        }
    }
}
