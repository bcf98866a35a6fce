import Foundation
public import SpotterDB

/// Writes a shard's results in bulk, inside the caller's transaction: the subjects' old rows
/// are deleted in one statement and the new rows land with COPY (PostgreSQL) or one prepared
/// insert per row (SQLite). Readers see the old rows until the transaction commits, then the
/// new ones: rows that no longer hold (a client who came back) disappear with the same commit.
public enum ResultWriter {
    /// Deletes the rows of `table` whose `subjectColumn` is one of `subjects`, then inserts `rows`.
    /// Returns the rows written.
    @discardableResult
    public static func replace(
        table: String, subjectColumn: String, subjects: [Int64], columns: [String], rows: [[SQLValue]],
        in session: DatabaseSession
    ) throws -> Int {
        try deleteSubjects(table: table, column: subjectColumn, subjects: subjects, extra: nil, in: session)
        guard !rows.isEmpty else { return 0 }
        return try session.copy(into: "spotter.\(table)", columns: columns, rows: rows)
    }

    /// Deletes rows of `table` whose `column` is in `subjects` (and, optionally, matching one
    /// more equality condition).
    public static func deleteSubjects(
        table: String, column: String, subjects: [Int64], extra: (column: String, value: SQLValue)?,
        in session: DatabaseSession
    ) throws {
        guard !subjects.isEmpty else { return }
        let list: String
        let binds: [SQLValue]
        switch session.backend {
        case .postgres:
            list = "\(column) = ANY($1::bigint[])"
            binds = [.int64Array(subjects)]
        case .sqlite:
            list = "\(column) IN (SELECT value FROM json_each($1))"
            binds = [.jsonArray(subjects)]
        }
        if let extra {
            try session.execute(
                "DELETE FROM spotter.\(table) WHERE \(list) AND \(extra.column) = $2", binds + [extra.value])
        } else {
            try session.execute("DELETE FROM spotter.\(table) WHERE \(list)", binds)
        }
    }

    /// Records per-subject outcomes that produced no row (invalid zone, nothing fits, …) and
    /// clears the stale outcomes of every subject of this run. A subject keeps its first
    /// outcome when `outcomes` names it twice (a client of two trainers, say).
    public static func recordOutcomes(
        kind: String, subjects: [Int64], outcomes: [SubjectOutcome], jobID: Int64?, in session: DatabaseSession
    ) throws {
        try deleteSubjects(
            table: "result_errors", column: "subject_id", subjects: subjects, extra: ("kind", .text(kind)), in: session)
        guard !outcomes.isEmpty else { return }
        var seen = Set<Int64>()
        let outcomes = outcomes.filter { seen.insert($0.subjectID).inserted }
        let now = Date()
        try session.copy(
            into: "spotter.result_errors",
            columns: ["kind", "subject_id", "reason", "detail", "local_date", "job_id", "recorded_at"],
            rows: outcomes.map { outcome in
                [
                    .text(kind), .int(outcome.subjectID), .text(outcome.reason), .text(outcome.detail),
                    outcome.localDate.map(SQLValue.text) ?? .null, jobID.map(SQLValue.int) ?? .null, .timestamp(now),
                ]
            })
    }
}

/// One subject's outcome that produced no result row, for `result_errors`.
public struct SubjectOutcome: Sendable, Hashable {
    /// The user, trainer or conversation.
    public var subjectID: Int64
    /// A short code: `invalid_time_zone`, `invalid_locale`, `nothing_fits`, …
    public var reason: String
    /// One human-readable line.
    public var detail: String
    /// The subject's local date, when known (`YYYY-MM-DD`).
    public var localDate: String?

    /// Creates an outcome.
    public init(subjectID: Int64, reason: String, detail: String, localDate: String? = nil) {
        self.subjectID = subjectID
        self.reason = reason
        self.detail = detail
        self.localDate = localDate
    }
}
