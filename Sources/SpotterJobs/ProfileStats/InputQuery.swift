package import SpotterDB

/// One set-based input statement of a shard, with its binds: what a job kind reads before it
/// computes. `package` so the benchmark's I/O floor can read exactly the same rows.
package struct InputQuery: Sendable, Hashable {
    /// The SQL, with `$1, $2, …` placeholders and `spotter.`-qualified tables.
    package var sql: String
    /// The values for the placeholders.
    package var binds: [SQLValue]

    /// A statement and its binds.
    package init(sql: String, binds: [SQLValue]) {
        self.sql = sql
        self.binds = binds
    }

    /// An interpolated query rendered for `backend`.
    package init(_ query: SQLQuery, for backend: DatabaseBackend) {
        (sql, binds) = query.rendered(for: backend)
    }
}
