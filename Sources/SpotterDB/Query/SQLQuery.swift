import SpotterIDs

/// A statement written as string interpolation: every interpolated value becomes a bind, and the
/// query numbers the placeholders itself (`$1`, `$2`, … in order of appearance), like
/// postgres-nio's `PostgresQuery`. Fragments whose spelling differs between PostgreSQL and SQLite
/// (an id list, a date) are one interpolation each, rendered for the session's backend when the
/// statement runs, so callers neither count placeholders nor branch on the backend.
///
/// ```swift
/// let recent: SQLQuery = "SELECT id FROM spotter.users u WHERE u.id \(oneOf: ids) AND u.time_zone = \(bind: zone)"
/// try session.query(recent)
/// ```
///
/// Every interpolation has a label (`bind:`, `oneOf:`, `date:`, `timestamp:`, `json:`,
/// `fragment:`, `unescaped:`): an unlabeled `\(value)` would make the literal a plain `String`
/// and splice the value into the SQL text. `\(unescaped:)` is the visible way to splice SQL
/// (identifiers, keywords) that is not a value.
public struct SQLQuery: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// One piece of the statement.
    enum Piece: Sendable, Hashable {
        /// SQL text, as written.
        case sql(String)
        /// `$n`, bound to the value.
        case bind(SQLValue)
        /// "is one of these ids": `= ANY($n::bigint[])` / `IN (SELECT value FROM json_each($n))`.
        case oneOf([Int64])
        /// The ids as a one-column table `alias(column)`.
        case idTable([Int64], alias: String, column: String)
        /// "is one of these product ids" (any id type): `= ANY($n)` with an untyped array on
        /// PostgreSQL, `IN (SELECT value FROM json_each($n))` on SQLite. The list is spelled
        /// only for the backend the statement runs on: a shard's statements carry thousands of ids.
        case oneOfIDs([EntityID<UntypedEntity>])
        /// A calendar date: `$n::date` on PostgreSQL, the `YYYY-MM-DD` text on SQLite.
        case date(String)
        /// A fragment spelled differently per backend (see `SQLQuery+Interpolation.swift` and
        /// `SQLQuery+IDs.swift`);
        /// its binds are numbered in place like any other.
        indirect case dialect(postgres: [Piece], sqlite: [Piece])
    }

    var pieces: [Piece]

    /// A query of plain SQL text without binds.
    public init(stringLiteral value: String) {
        pieces = [.sql(value)]
    }

    /// The query an interpolated literal spells.
    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The SQL text for `backend` with its placeholders numbered from `$1`, and the binds in order.
    public func rendered(for backend: DatabaseBackend) -> (sql: String, binds: [SQLValue]) {
        var sql = ""
        var binds: [SQLValue] = []
        func placeholder(_ value: SQLValue) -> String {
            binds.append(value)
            return "$\(binds.count)"
        }
        func render(_ pieces: [Piece]) {
            for piece in pieces {
                switch (piece, backend) {
                case (.sql(let text), _):
                    sql += text
                case (.bind(let value), _):
                    sql += placeholder(value)
                case (.oneOf(let ids), .postgres):
                    sql += "= ANY(\(placeholder(.int64Array(ids)))::bigint[])"
                case (.oneOf(let ids), .sqlite):
                    sql += "IN (SELECT value FROM json_each(\(placeholder(.jsonArray(ids)))))"
                case (.oneOfIDs(let ids), .postgres):
                    sql += "= ANY(\(placeholder(.text(IDLists.postgresArray(ids)))))"
                case (.oneOfIDs(let ids), .sqlite):
                    sql += "IN (SELECT value FROM json_each(\(placeholder(.text(IDLists.jsonArray(ids))))))"
                case (.idTable(let ids, let alias, let column), .postgres):
                    sql += "unnest(\(placeholder(.int64Array(ids)))::bigint[]) AS \(alias)(\(column))"
                case (.idTable(let ids, let alias, let column), .sqlite):
                    sql += "(SELECT value AS \(column) FROM json_each(\(placeholder(.jsonArray(ids))))) AS \(alias)"
                case (.date(let text), .postgres):
                    sql += "\(placeholder(.text(text)))::date"
                case (.date(let text), .sqlite):
                    sql += placeholder(.text(text))
                case (.dialect(let pieces, _), .postgres), (.dialect(_, let pieces), .sqlite):
                    render(pieces)
                }
            }
        }
        render(pieces)
        return (sql, binds)
    }
}
