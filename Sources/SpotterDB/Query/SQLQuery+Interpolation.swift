public import Foundation
public import SpotterCalendar

extension SQLQuery {
    /// Collects the pieces of an interpolated ``SQLQuery`` literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        /// Space for the literal's pieces.
        public init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(2 * interpolationCount + 1)
        }

        /// SQL text, as written.
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            if case .sql(let text)? = pieces.last {
                pieces[pieces.count - 1] = .sql(text + literal)
            } else {
                pieces.append(.sql(literal))
            }
        }

        /// A placeholder bound to `value`.
        public mutating func appendInterpolation(bind value: SQLValue) {
            pieces.append(.bind(value))
        }

        /// A placeholder bound to an integer.
        public mutating func appendInterpolation(bind value: Int64) {
            pieces.append(.bind(.int(value)))
        }

        /// A placeholder bound to an integer.
        public mutating func appendInterpolation(bind value: Int) {
            pieces.append(.bind(.int(Int64(value))))
        }

        /// A placeholder bound to text.
        public mutating func appendInterpolation(bind value: String) {
            pieces.append(.bind(.text(value)))
        }

        /// A placeholder bound to an instant (`timestamptz` on PostgreSQL, the fixed-width UTC
        /// text of ``SQLValue/timestamp(_:)`` on SQLite).
        public mutating func appendInterpolation(timestamp value: Date) {
            pieces.append(.bind(.timestamp(value)))
        }

        /// A JSON document (`jsonb` on PostgreSQL, text on SQLite).
        public mutating func appendInterpolation(json text: String) {
            pieces.append(.bind(.json(text)))
        }

        /// A calendar date: `$n::date` on PostgreSQL, `$n` (the `YYYY-MM-DD` text, which sorts
        /// and compares like the dates) on SQLite.
        public mutating func appendInterpolation(date value: LocalDate) {
            pieces.append(.date(value.description))
        }

        /// "is one of `ids`", after a column: `= ANY($n::bigint[])` on PostgreSQL,
        /// `IN (SELECT value FROM json_each($n))` on SQLite; one bind either way.
        public mutating func appendInterpolation(oneOf ids: [Int64]) {
            pieces.append(.oneOf(ids))
        }

        /// `ids` as a one-column table, for a `FROM` clause: `unnest($n::bigint[]) AS alias(column)`
        /// on PostgreSQL, `(SELECT value AS column FROM json_each($n)) AS alias` on SQLite.
        public mutating func appendInterpolation(idTable ids: [Int64], alias: String, column: String) {
            pieces.append(.idTable(ids, alias: alias, column: column))
        }

        /// "is one of `values`", after a column: `= ANY($n::text[])` on PostgreSQL,
        /// `IN (SELECT value FROM json_each($n))` on SQLite; one bind whatever the list's length,
        /// so the statement's text (and SQLite's cached statement) stays the same.
        public mutating func appendInterpolation(oneOf values: [String]) {
            pieces.append(
                .dialect(
                    postgres: [.sql("= ANY("), .bind(.tags(values)), .sql("::text[])")],
                    sqlite: [.sql("IN (SELECT value FROM json_each("), .bind(.tags(values)), .sql("))")]))
        }

        /// "is none of `values`", after a column: `<> ALL($n::text[])` on PostgreSQL,
        /// `NOT IN (SELECT value FROM json_each($n))` on SQLite; one bind.
        public mutating func appendInterpolation(noneOf values: [String]) {
            pieces.append(
                .dialect(
                    postgres: [.sql("<> ALL("), .bind(.tags(values)), .sql("::text[])")],
                    sqlite: [.sql("NOT IN (SELECT value FROM json_each("), .bind(.tags(values)), .sql("))")]))
        }

        /// "is none of `ids`", after a column: `<> ALL($n::bigint[])` on PostgreSQL,
        /// `NOT IN (SELECT value FROM json_each($n))` on SQLite; one bind.
        public mutating func appendInterpolation(noneOf ids: [Int64]) {
            pieces.append(
                .dialect(
                    postgres: [.sql("<> ALL("), .bind(.int64Array(ids)), .sql("::bigint[])")],
                    sqlite: [.sql("NOT IN (SELECT value FROM json_each("), .bind(.jsonArray(ids)), .sql("))")]))
        }

        /// An optional filter, "`column` is one of `values`" (as ``appendInterpolation(oneOf:)-([String])``);
        /// nil means no filter and renders `TRUE`, which both planners drop. `column` is SQL, spliced as written.
        public mutating func appendInterpolation(_ column: String, oneOf values: [String]?) {
            guard let values else { return appendLiteral("TRUE") }
            appendLiteral(column + " ")
            appendInterpolation(oneOf: values)
        }

        /// An optional filter, "`column` is none of `values`"; nil means no filter (`TRUE`).
        /// `column` is SQL, spliced as written.
        public mutating func appendInterpolation(_ column: String, noneOf values: [String]?) {
            guard let values else { return appendLiteral("TRUE") }
            appendLiteral(column + " ")
            appendInterpolation(noneOf: values)
        }

        /// A placeholder bound to a boolean (`bool` on PostgreSQL, 0 or 1 on SQLite).
        public mutating func appendInterpolation(bind value: Bool) {
            pieces.append(.bind(.bool(value)))
        }

        /// The statement's "now", `offset` later: PostgreSQL's `now()` (the transaction's start;
        /// `now() + $n * interval '1 millisecond'` with an offset); on SQLite, whose clock text has
        /// only milliseconds, `now` (the caller's clock, read once it holds the write lock) plus
        /// `offset`, bound as a timestamp.
        public mutating func appendInterpolation(now: Date, plus offset: Duration = .zero) {
            let postgres: [Piece] =
                offset == .zero
                ? [.sql("now()")]
                : [.sql("(now() + "), .bind(.int(Int64(offset.milliseconds))), .sql(" * interval '1 millisecond')")]
            pieces.append(
                .dialect(postgres: postgres, sqlite: [.bind(.timestamp(now.addingTimeInterval(offset.seconds)))]))
        }

        /// The wall clock's "now", which moves within a transaction: PostgreSQL's
        /// `clock_timestamp()`; on SQLite `now` (the caller's clock), bound.
        public mutating func appendInterpolation(clockNow now: Date) {
            pieces.append(.dialect(postgres: [.sql("clock_timestamp()")], sqlite: [.bind(.timestamp(now))]))
        }

        /// The database's clock, `seconds` later (or earlier, when negative), as an instant that
        /// compares with stored timestamps: `now()` on PostgreSQL,
        /// `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')` on SQLite (millisecond text).
        public mutating func appendInterpolation(databaseNow seconds: Int) {
            pieces.append(
                .dialect(
                    postgres: [.sql(seconds == 0 ? "now()" : "(now() + interval '\(seconds) seconds')")],
                    sqlite: [
                        .sql(
                            seconds == 0
                                ? "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
                                : "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '\(seconds > 0 ? "+" : "")\(seconds) seconds')"
                        )
                    ]))
        }

        /// Seconds from the instant `expression` (SQL, spliced as written) to the database's
        /// clock, as a double: `extract(epoch FROM now() - x)::double precision` on PostgreSQL,
        /// `(julianday('now') - julianday(x)) * 86400.0` on SQLite.
        public mutating func appendInterpolation(secondsSince expression: String) {
            pieces.append(
                .dialect(
                    postgres: [.sql("extract(epoch FROM now() - \(expression))::double precision")],
                    sqlite: [.sql("(julianday('now') - julianday(\(expression))) * 86400.0")]))
        }

        /// A JSON column read as its text: `column::text` on PostgreSQL (`jsonb` comes back as
        /// text in the server's normalized form), the stored text on SQLite. `column` is SQL.
        public mutating func appendInterpolation(jsonText column: String) {
            pieces.append(.dialect(postgres: [.sql(column + "::text")], sqlite: [.sql(column)]))
        }

        /// SQL for one backend only, nothing on the other: row locks (`FOR UPDATE SKIP
        /// LOCKED`) that PostgreSQL's concurrent claimers need and SQLite's single writer does not.
        public mutating func appendInterpolation(postgresOnly text: String) {
            pieces.append(.dialect(postgres: [.sql(text)], sqlite: []))
        }

        /// SQL spelled differently per backend: each side is a query of its own (its binds
        /// numbered in place). For a spelling the other fragments do not cover.
        public mutating func appendInterpolation(postgres: SQLQuery, sqlite: SQLQuery) {
            pieces.append(.dialect(postgres: postgres.pieces, sqlite: sqlite.pieces))
        }

        /// Another query's SQL and binds, its placeholders renumbered to follow this one's.
        public mutating func appendInterpolation(fragment: SQLQuery) {
            for piece in fragment.pieces {
                if case .sql(let text) = piece { appendLiteral(text) } else { pieces.append(piece) }
            }
        }

        /// A multi-row `VALUES ($1, $2), ($3, $4)` list, one placeholder per value; its columns are
        /// `column1`, `column2`, … on both backends. Every row must have the same number of values.
        public mutating func appendInterpolation(values rows: some Collection<[SQLValue]>) {
            appendLiteral("VALUES ")
            for (index, row) in rows.enumerated() {
                appendLiteral(index == 0 ? "(" : ", (")
                for (column, value) in row.enumerated() {
                    if column > 0 { appendLiteral(", ") }
                    pieces.append(.bind(value))
                }
                appendLiteral(")")
            }
        }

        /// A column of text binds (a `VALUES` list's) read as an id of `key`'s type:
        /// `CAST(column AS spotter.<key>)` on PostgreSQL, whose `VALUES` binds are text, the column
        /// as is on SQLite (the id column's affinity converts it). `column` is SQL, spliced as written.
        public mutating func appendInterpolation(column: String, as key: InputKey) {
            pieces.append(
                .dialect(postgres: [.sql("CAST(\(column) AS spotter.\(key.rawValue))")], sqlite: [.sql(column)]))
        }

        /// A column of timestamp binds (a `VALUES` list's) read as an instant: `CAST(column AS
        /// timestamptz)` on PostgreSQL, whose `VALUES` binds are text, the stored text on SQLite.
        public mutating func appendInterpolation(timestampColumn column: String) {
            pieces.append(.dialect(postgres: [.sql("CAST(\(column) AS timestamptz)")], sqlite: [.sql(column)]))
        }

        /// SQL text that is not a value (an identifier, a keyword), spliced as written.
        public mutating func appendInterpolation(unescaped text: String) {
            appendLiteral(text)
        }
    }

    /// Appends `other` (its placeholders renumbered), as `\(fragment:)` does.
    public static func + (lhs: SQLQuery, rhs: SQLQuery) -> SQLQuery {
        var interpolation = StringInterpolation(literalCapacity: 0, interpolationCount: 0)
        interpolation.appendInterpolation(fragment: lhs)
        interpolation.appendInterpolation(fragment: rhs)
        return SQLQuery(stringInterpolation: interpolation)
    }

    /// Joins queries with `separator` (`" AND "`, `", "`).
    public static func joined(_ parts: [SQLQuery], separator: String) -> SQLQuery {
        var interpolation = StringInterpolation(literalCapacity: 0, interpolationCount: parts.count)
        for (index, part) in parts.enumerated() {
            if index > 0 { interpolation.appendLiteral(separator) }
            interpolation.appendInterpolation(fragment: part)
        }
        return SQLQuery(stringInterpolation: interpolation)
    }
}
