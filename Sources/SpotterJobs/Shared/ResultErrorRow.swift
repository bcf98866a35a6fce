public import Foundation
import SpotterDB
public import SpotterIDs

/// One `result_errors` row: a subject's outcome that produced no result row (invalid zone,
/// nothing fits, …), per kind.
public struct ResultErrorRow: ResultRow, Hashable {
    /// `result_errors`.
    public static let table = "result_errors"
    /// `subject_id`.
    public static let subjectColumn = "subject_id"
    /// The subject.
    public var subject: UserID { subject_id }

    /// The kind whose run it was.
    public var kind: String
    /// The user, trainer or conversation.
    public var subject_id: UserID
    /// A short code: `invalid_time_zone`, `invalid_locale`, `nothing_fits`, …
    public var reason: String
    /// One human-readable line.
    public var detail: String
    /// The subject's local date, when known (`YYYY-MM-DD`).
    public var local_date: String?
    /// The job that recorded it.
    public var job_id: Int64?
    /// When.
    public var recorded_at: Date

    /// The row of `outcome`.
    public init(_ outcome: SubjectOutcome, kind: String, jobID: Int64?, recordedAt: Date) {
        self.kind = kind
        subject_id = outcome.subjectID
        reason = outcome.reason
        detail = outcome.detail
        local_date = outcome.localDate
        job_id = jobID
        recorded_at = recordedAt
    }
}
