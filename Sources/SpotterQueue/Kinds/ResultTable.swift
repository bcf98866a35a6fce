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
        /// before it, in registry order).
        case statement(SQLQuery)
        /// A statement of the kind's own built from the prune's `as_of`.
        case query(@Sendable (Date) -> SQLQuery)
    }

    /// The `DELETE` that prunes the table as of `asOf`.
    public func pruneStatement(asOf: Date) -> SQLQuery {
        switch pruning {
        case .people(let columns):
            // Result tables hold ids in the users' own key type (migration 028): one anti-join
            // over the table, compared as the product's keys.
            let gone = columns.map { "NOT EXISTS (SELECT 1 FROM spotter.users u WHERE u.id = r.\($0))" }
            return "DELETE FROM spotter.\(unescaped: name) AS r WHERE \(unescaped: gone.joined(separator: " OR "))"
        case .statement(let query):
            return query
        case .query(let query):
            return query(asOf)
        }
    }
}
