public import Foundation
public import SpotterDB

/// A table a kind writes its results to, with how `prune_results` forgets what no longer holds
/// and who may read it.
public struct ResultTable: Sendable {
    /// The table in schema `spotter`.
    public var name: String
    /// How rows are forgotten.
    public var pruning: Pruning
    /// Whether `spotter_reader` (dashboards, chat services) may read it; bookkeeping tables
    /// (watermarks, retraction candidates) are for the worker only.
    public var readable: Bool
    /// Rows for local dates more than `keep_days` (a `prune_results` parameter) old are deleted:
    /// for tables that keep one row per person and local date.
    public var expiresByLocalDate: Bool

    /// Creates a result table.
    public init(_ name: String, pruning: Pruning, readable: Bool = true, expiresByLocalDate: Bool = false) {
        self.name = name
        self.pruning = pruning
        self.readable = readable
        self.expiresByLocalDate = expiresByLocalDate
    }

    /// How `prune_results` removes rows of what no longer exists.
    public enum Pruning: Sendable {
        /// Rows naming, in any of these columns, a user who no longer exists.
        case people([String])
        /// A statement of the kind's own (run after every `people` table of the declarations
        /// before it, in registry order); its binds are built from the prune's `as_of`.
        case statement(String, binds: @Sendable (Date) -> [SQLValue] = { _ in [] })
        /// A statement of the kind's own as an ``SQLQuery`` built from the prune's `as_of` (for
        /// statements with backend fragments, such as the product's id types).
        case query(@Sendable (Date) -> SQLQuery)
    }

    /// The `DELETE` that prunes the table, with its binds, as of `asOf`, for `backend`.
    public func pruneStatement(asOf: Date, backend: DatabaseBackend) -> (sql: String, binds: [SQLValue]) {
        switch pruning {
        case .people(let columns):
            // Result tables hold ids in the users' own key type (migration 028): one anti-join
            // over the table, compared as the product's keys.
            let gone = columns.map { "NOT EXISTS (SELECT 1 FROM spotter.users u WHERE u.id = r.\($0))" }
            return ("DELETE FROM spotter.\(name) AS r WHERE " + gone.joined(separator: " OR "), [])
        case .statement(let sql, let binds):
            return (sql, binds(asOf))
        case .query(let query):
            return query(asOf).rendered(for: backend)
        }
    }
}
