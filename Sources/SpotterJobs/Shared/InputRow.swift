import Foundation
import SpotterDB
import SpotterIDs

/// One input row of one person, as a shard's loader sees it through
/// ``UnusableInputs/forEachRow(_:_:subject:table:in:_:)``: its instants come only through
/// ``instant(_:)`` and ``optionalInstant(_:)``, which refuse a value no computation can use, and
/// any value of it that does not decode costs its person, not the shard.
struct InputRow {
    /// The row as read, for the decoders that take a `Row` (`MemberProfile(row:)`); a decoding
    /// failure inside them is still caught per person.
    let row: Row
    /// The person the row belongs to.
    let subject: UserID
    /// The input table the row comes from, for the `result_errors` detail.
    let table: String

    /// A required, usable instant (``UnusableInputs/isUsable(_:)``).
    func instant(_ column: String) throws -> Date { try checked(column, UnusableInputs.instant) }

    /// A usable instant, or nil for NULL.
    func optionalInstant(_ column: String) throws -> Date? { try checked(column, UnusableInputs.optionalInstant) }

    /// A required integer.
    func int(_ column: String) throws -> Int { try checked(column, UnusableInputs.int) }

    private func checked<T>(_ column: String, _ decode: (Row, String) throws -> T) throws -> T {
        do {
            return try decode(row, column)
        } catch {
            throw UnusableColumn(column: column)
        }
    }
}

/// Thrown by ``InputRow``'s accessors: `column` holds a value that cannot be used.
struct UnusableColumn: Error {
    var column: String
}

extension UnusableInputs {
    /// Streams the rows of an input statement whose `subject` column names the person each row
    /// belongs to. Rows of a person already left out are skipped; a value that does not decode
    /// or cannot be used (``InputRow``), anywhere in `body`, is recorded against the person and
    /// the row dropped, so one bad value costs its person only. This is the one way a shard reads
    /// its people's input rows: a kind cannot forget the guard.
    mutating func forEachRow(
        _ sql: String, _ binds: [SQLValue] = [], subject: String, table: String, in session: DatabaseSession,
        _ body: (InputRow) throws -> Void
    ) throws {
        try session.forEachRow(sql, binds) { row in
            let id = try row.id(subject, as: UserID.self)
            guard !contains(id) else { return }
            do {
                try body(InputRow(row: row, subject: id, table: table))
            } catch let unusable as UnusableColumn {
                record(id, source: "\(table).\(unusable.column)", value: row[unusable.column])
            } catch let error as DatabaseError where error.code == .decoding {
                record(id, source: table, value: .text(error.message))
            }
        }
    }

    /// ``forEachRow(_:_:subject:table:in:_:)`` for an interpolated query.
    mutating func forEachRow(
        _ query: SQLQuery, subject: String, table: String, in session: DatabaseSession,
        _ body: (InputRow) throws -> Void
    ) throws {
        let (sql, binds) = query.rendered(for: session.backend)
        try forEachRow(sql, binds, subject: subject, table: table, in: session, body)
    }
}
