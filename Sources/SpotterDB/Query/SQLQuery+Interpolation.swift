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

        /// Another query's SQL and binds, its placeholders renumbered to follow this one's.
        public mutating func appendInterpolation(fragment: SQLQuery) {
            for piece in fragment.pieces {
                if case .sql(let text) = piece { appendLiteral(text) } else { pieces.append(piece) }
            }
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
