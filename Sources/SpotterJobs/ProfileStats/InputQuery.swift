public import SpotterDB

/// One set-based input statement of a shard, with its binds: what a job kind reads before it
/// computes. Public so the benchmark's I/O floor can read exactly the same rows.
public struct InputQuery: Sendable, Hashable {
    /// The SQL, with `$1, $2, …` placeholders and `spotter.`-qualified tables.
    public var sql: String
    /// The values for the placeholders.
    public var binds: [SQLValue]

    /// A statement and its binds.
    public init(sql: String, binds: [SQLValue]) {
        self.sql = sql
        self.binds = binds
    }
}
