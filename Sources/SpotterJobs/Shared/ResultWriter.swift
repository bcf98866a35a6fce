public import Foundation
public import SpotterDB
public import SpotterIDs

/// Writes a shard's results in bulk, inside the caller's transaction: the subjects' old rows
/// are deleted in one statement and the new rows land with COPY (PostgreSQL) or one prepared
/// insert per row (SQLite). Readers see the old rows until the transaction commits, then the
/// new ones: rows that no longer hold (a client who came back) disappear with the same commit.
///
/// A backfill never replaces newer results: every row is stamped with the run's `as_of`
/// (column `as_of`, migration 017), and a subject whose stored rows are for a later `as_of`
/// keeps them (its new rows are dropped). The check reads the stored stamps in the writer's
/// own transaction, so a concurrent newer run is never overwritten either.
public enum ResultWriter {
    /// What ``replace(_:subjects:asOf:table:in:)`` did.
    public struct Replacement: Sendable, Hashable {
        /// The rows written.
        public var written: Int
        /// The subjects whose stored rows were for a later `as_of` and were kept.
        public var keptNewer: Set<UserID>
    }

    /// Deletes the rows of `table` (default: the rows' own) whose subject column is one of
    /// `subjects`, then inserts `rows` (stamped with `asOf`), except for subjects whose stored
    /// rows are newer than `asOf`: those keep their rows.
    @discardableResult
    public static func replace<Record: ResultRow>(
        _ rows: [Record], subjects: [UserID], asOf: Date, table: String = Record.table, in session: DatabaseSession
    ) throws -> Replacement {
        let column = Record.subjectColumn
        let newer = try newerSubjects(table: table, column: column, subjects: subjects, asOf: asOf, in: session)
        let replaced = newer.isEmpty ? subjects : subjects.filter { !newer.contains($0) }
        try deleteSubjects(table: table, column: column, subjects: replaced, extra: nil, in: session)
        var fresh = try EncodedRows(newer.isEmpty ? rows : rows.filter { !newer.contains($0.subject) })
        fresh.append(column: "as_of", value: .timestamp(asOf))
        let written = try session.copy(into: "spotter.\(table)", rows: fresh)
        return Replacement(written: written, keptNewer: newer)
    }

    /// The subjects among `subjects` whose stored rows in `table` are for a later `as_of`.
    static func newerSubjects(
        table: String, column: String, subjects: [UserID], asOf: Date, in session: DatabaseSession
    ) throws -> Set<UserID> {
        guard !subjects.isEmpty else { return [] }
        var newer: Set<UserID> = []
        try session.forEachRow(
            """
            SELECT DISTINCT \(unescaped: column) AS id FROM spotter.\(unescaped: table)
            WHERE \(unescaped: column) \(oneOf: subjects) AND as_of > \(timestamp: asOf)
            """
        ) { row in newer.insert(try row.id("id")) }
        return newer
    }

    /// Deletes rows of `table` whose `column` is in `subjects` (and, optionally, matching one
    /// more equality condition).
    public static func deleteSubjects(
        table: String, column: String, subjects: [UserID], extra: (column: String, value: SQLValue)?,
        in session: DatabaseSession
    ) throws {
        guard !subjects.isEmpty else { return }
        let delete: SQLQuery = "DELETE FROM spotter.\(unescaped: table) WHERE \(unescaped: column) \(oneOf: subjects)"
        if let extra {
            try session.execute("\(fragment: delete) AND \(unescaped: extra.column) = \(bind: extra.value)")
        } else {
            try session.execute(delete)
        }
    }

    /// Records per-subject outcomes that produced no row (invalid zone, nothing fits, …) and
    /// clears the stale outcomes of every subject of this run. A subject keeps its first
    /// outcome when `outcomes` names it twice (a client of two trainers, say).
    public static func recordOutcomes(
        kind: String, subjects: [UserID], outcomes: [SubjectOutcome], jobID: Int64?, in session: DatabaseSession
    ) throws {
        try deleteSubjects(
            table: ResultErrorRow.table, column: ResultErrorRow.subjectColumn, subjects: subjects,
            extra: ("kind", .text(kind)), in: session)
        guard !outcomes.isEmpty else { return }
        var seen = Set<UserID>()
        let outcomes = outcomes.filter { seen.insert($0.subjectID).inserted }
        let now = Date()
        try session.copy(
            into: "spotter.\(ResultErrorRow.table)",
            records: outcomes.map { ResultErrorRow($0, kind: kind, jobID: jobID, recordedAt: now) })
    }
}

/// One subject's outcome that produced no result row, for `result_errors`.
public struct SubjectOutcome: Sendable, Hashable {
    /// The user, trainer or conversation.
    public var subjectID: UserID
    /// A short code: `invalid_time_zone`, `invalid_locale`, `nothing_fits`, …
    public var reason: String
    /// One human-readable line.
    public var detail: String
    /// The subject's local date, when known (`YYYY-MM-DD`).
    public var localDate: String?

    /// Creates an outcome.
    public init(subjectID: UserID, reason: String, detail: String, localDate: String? = nil) {
        self.subjectID = subjectID
        self.reason = reason
        self.detail = detail
        self.localDate = localDate
    }
}
