/// Expressions, casts and joins that PostgreSQL and SQLite spell differently, named for what they
/// mean, so that the statements outside SpotterDB are written once for both backends.
extension SQLQuery.StringInterpolation {
    /// `expression` as a double: `expression::float8` on PostgreSQL (whose `sum` of numerics is
    /// numeric), as is on SQLite (whose arithmetic is already in doubles). `expression` must be a
    /// function call, a column or a parenthesised expression (`::` binds tighter than operators).
    public mutating func appendInterpolation(double expression: SQLQuery) {
        pieces.append(.dialect(postgres: expression.pieces + [.sql("::float8")], sqlite: expression.pieces))
    }

    /// `expression` computed exactly: `expression::numeric` on PostgreSQL, so a sum is the same to
    /// the last bit whatever order the plan adds its terms in; as is on SQLite. `expression` must
    /// be a function call, a column or a parenthesised expression.
    public mutating func appendInterpolation(exact expression: SQLQuery) {
        pieces.append(.dialect(postgres: expression.pieces + [.sql("::numeric")], sqlite: expression.pieces))
    }

    /// "the flag `column` is false": `NOT column` on PostgreSQL (a boolean), `column = 0` on
    /// SQLite (an integer 0 or 1). `column` is SQL, spliced as written.
    public mutating func appendInterpolation(isFalse column: String) {
        pieces.append(.dialect(postgres: [.sql("NOT " + column)], sqlite: [.sql(column + " = 0")]))
    }

    /// The smaller of two values: `least(a, b)` on PostgreSQL, the two-argument scalar `min(a, b)`
    /// on SQLite.
    public mutating func appendInterpolation(least first: SQLQuery, _ second: SQLQuery) {
        appendPair("least", "min", first, second)
    }

    /// The larger of two values: `greatest(a, b)` on PostgreSQL, the scalar `max(a, b)` on SQLite.
    public mutating func appendInterpolation(greatest first: SQLQuery, _ second: SQLQuery) {
        appendPair("greatest", "max", first, second)
    }

    private mutating func appendPair(_ postgres: String, _ sqlite: String, _ first: SQLQuery, _ second: SQLQuery) {
        func call(_ name: String) -> [SQLQuery.Piece] {
            [.sql(name + "(")] + first.pieces + [.sql(", ")] + second.pieces + [.sql(")")]
        }
        pieces.append(.dialect(postgres: call(postgres), sqlite: call(sqlite)))
    }

    /// The elements of the tag list in `column` (a `text[]` on PostgreSQL, a JSON array on
    /// SQLite), as a `FROM` item named `alias` whose column `value` is the element:
    /// `unnest(column) AS alias(value)` on PostgreSQL, `json_each(column) AS alias` on SQLite. A
    /// function in `FROM` may read the items before it on both. `numbered` adds each element's
    /// position for ``appendInterpolation(isFirstElement:)`` (`WITH ORDINALITY` on PostgreSQL;
    /// `json_each` always has it); `skippingInvalid` reads text that is not JSON as no elements on
    /// SQLite (as a NULL array has none on PostgreSQL) instead of failing the statement.
    /// `column` is SQL, spliced as written.
    public mutating func appendInterpolation(
        elementsOf column: String, as alias: String, numbered: Bool = false, skippingInvalid: Bool = false
    ) {
        let postgres =
            numbered
            ? "unnest(\(column)) WITH ORDINALITY AS \(alias)(value, ordinal)" : "unnest(\(column)) AS \(alias)(value)"
        let list = skippingInvalid ? "CASE WHEN json_valid(\(column)) THEN \(column) END" : column
        pieces.append(.dialect(postgres: [.sql(postgres)], sqlite: [.sql("json_each(\(list)) AS \(alias)")]))
    }

    /// "this is the list's first element", for a `numbered` ``appendInterpolation(elementsOf:as:numbered:skippingInvalid:)``
    /// item `alias`: `alias.ordinal = 1` on PostgreSQL, `alias.key = 0` on SQLite.
    public mutating func appendInterpolation(isFirstElement alias: String) {
        pieces.append(.dialect(postgres: [.sql("\(alias).ordinal = 1")], sqlite: [.sql("\(alias).key = 0")]))
    }

    /// A join that PostgreSQL runs as one index probe per row of the items before it: `CROSS JOIN
    /// LATERAL (SELECT columns FROM table alias WHERE condition OFFSET 0) AS alias` (`LEFT JOIN
    /// LATERAL … ON true` when `outer`), which its planner cannot flatten into a hash join over the
    /// whole table, a read that grows with the table's history instead of the rows asked for. A
    /// plain `JOIN table alias ON condition` (`LEFT JOIN` when `outer`) on SQLite, whose planner
    /// probes the index per row anyway. `table`, `alias` and `columns` (the columns read, `alias.*`
    /// for all) are SQL, spliced as written; `condition` names the table by `alias`.
    public mutating func appendInterpolation(
        probeJoin table: String, as alias: String, columns: String, on condition: SQLQuery, outer: Bool = false
    ) {
        let postgres: [SQLQuery.Piece] =
            [.sql("\(outer ? "LEFT" : "CROSS") JOIN LATERAL (SELECT \(columns) FROM \(table) \(alias) WHERE ")]
            + condition.pieces + [.sql(" OFFSET 0) AS \(alias)\(outer ? " ON true" : "")")]
        let sqlite: [SQLQuery.Piece] =
            [.sql("\(outer ? "LEFT " : "")JOIN \(table) \(alias) ON ")] + condition.pieces
        pieces.append(.dialect(postgres: postgres, sqlite: sqlite))
    }

    /// A subquery's statement that PostgreSQL's planner keeps apart from the statement around it:
    /// `query OFFSET 0` (its optimization fence), `query` on SQLite (where `OFFSET` needs a
    /// `LIMIT`). Write it inside the parentheses: `FROM (\(planFenced: q)) AS s`.
    public mutating func appendInterpolation(planFenced query: SQLQuery) {
        pieces.append(.dialect(postgres: query.pieces + [.sql(" OFFSET 0")], sqlite: query.pieces))
    }

    /// "is one of the rows of `query`" (a one-column `SELECT`), after a column: `= ANY(ARRAY(query))`
    /// on PostgreSQL, so the column's index is probed with the array (as `IN (query)` the planner
    /// may hash the subquery and read the whole table), `IN (query)` on SQLite.
    public mutating func appendInterpolation(oneOfRows query: SQLQuery) {
        pieces.append(
            .dialect(
                postgres: [.sql("= ANY(ARRAY(")] + query.pieces + [.sql("))")],
                sqlite: [.sql("IN (")] + query.pieces + [.sql(")")]))
    }

    /// A stored instant read as text, the database's own spelling of it: `CAST(column AS text)` on
    /// PostgreSQL, the stored text on SQLite. Bound back as it was read, it compares equal to the
    /// stored value. `column` is SQL, spliced as written.
    public mutating func appendInterpolation(instantText column: String) {
        pieces.append(.dialect(postgres: [.sql("CAST(\(column) AS text)")], sqlite: [.sql(column)]))
    }
}

extension SQLQuery {
    /// An empty tag list: `'{}'::text[]` on PostgreSQL, the JSON array `'[]'` on SQLite.
    public static var emptyTags: SQLQuery {
        SQLQuery(pieces: [.dialect(postgres: [.sql("'{}'::text[]")], sqlite: [.sql("'[]'")])])
    }

    /// An instant before every stored one: `CAST('-infinity' AS timestamptz)` on PostgreSQL, the
    /// empty text on SQLite (whose instants are text that sorts as the instants do).
    public static var earliestInstant: SQLQuery {
        SQLQuery(pieces: [.dialect(postgres: [.sql("CAST('-infinity' AS timestamptz)")], sqlite: [.sql("''")])])
    }

    init(pieces: [Piece]) {
        self.pieces = pieces
    }
}

/// Aggregates computed over the rows that belong to each row of a statement (a session's sets
/// counted per session): on PostgreSQL one `CROSS JOIN LATERAL (SELECT aggregate AS name, … FROM
/// rows) AS alias` reads the rows once per outer row and ``columns`` reads `alias.name, …`; SQLite,
/// which has no `LATERAL`, computes each aggregate in a correlated subquery in ``columns``, and
/// ``join`` is empty. Write both: `SELECT s.id, \(fragment: a.columns) FROM t s \(fragment: a.join)`.
public struct PerRowAggregates: Sendable, Hashable {
    /// The aggregates as select-list columns, each named as given.
    public let columns: SQLQuery
    /// The `FROM` item the PostgreSQL columns read (nothing on SQLite).
    public let join: SQLQuery

    /// `aggregates` (name, SQL expression) over `rows`, a `FROM … WHERE …` clause body naming the
    /// outer row's columns (`spotter.session_sets ss WHERE ss.session_id = s.id`); `alias` names
    /// the PostgreSQL `LATERAL` item. Everything is SQL, spliced as written.
    public init(_ aggregates: [(name: String, expression: String)], over rows: String, alias: String) {
        let named = aggregates.map { "\($0.expression) AS \($0.name)" }.joined(separator: ", ")
        let postgresColumns = aggregates.map { "\(alias).\($0.name)" }.joined(separator: ", ")
        let sqliteColumns = aggregates.map { "(SELECT \($0.expression) FROM \(rows)) AS \($0.name)" }
            .joined(separator: ", ")
        columns = SQLQuery(pieces: [.dialect(postgres: [.sql(postgresColumns)], sqlite: [.sql(sqliteColumns)])])
        join = SQLQuery(
            pieces: [
                .dialect(postgres: [.sql("CROSS JOIN LATERAL (SELECT \(named) FROM \(rows)) AS \(alias)")], sqlite: [])
            ])
    }
}
