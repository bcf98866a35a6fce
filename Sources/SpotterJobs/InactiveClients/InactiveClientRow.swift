public import Foundation
public import SpotterCalendar
import SpotterDB
public import SpotterIDs

/// One `inactive_clients` row: a trainer's client with no message and no workout for a tier's days.
public struct InactiveClientRow: ResultRow, Hashable {
    /// `inactive_clients`.
    public static let table = "inactive_clients"
    /// `trainer_id`: a trainer's list is replaced whole.
    public static let subjectColumn = "trainer_id"
    /// The trainer.
    public var subject: UserID { trainer_id }

    /// The trainer whose list this is, and the client.
    public var trainer_id: UserID, client_id: UserID
    /// Days without a message or a workout; nil: never either.
    public var days_inactive: Int?
    /// The tier reached (3, 7, 14: from `jobs/`).
    public var tier: Int
    /// One human-readable line.
    public var reason: String
    /// The same reason as a code with arguments (JSON; nil in rows written before migration 032).
    public var reason_code: StoredReason?
    /// The client's last message to the trainer and last workout.
    public var last_message_at: Date?, last_workout_at: Date?
    /// The client's local date when computed.
    public var local_date: LocalDate
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        trainer_id: UserID, client_id: UserID, days_inactive: Int?, tier: Int, reason: String, last_message_at: Date?,
        last_workout_at: Date?, local_date: LocalDate, job_id: Int64?, reason_code: StoredReason? = nil
    ) {
        self.trainer_id = trainer_id
        self.client_id = client_id
        self.days_inactive = days_inactive
        self.tier = tier
        self.reason = reason
        self.reason_code = reason_code
        self.last_message_at = last_message_at
        self.last_workout_at = last_workout_at
        self.local_date = local_date
        self.job_id = job_id
    }
}

/// One `not_messaging_clients` row: a trainer's client who has not written to them for the
/// message threshold, whatever their workouts.
public struct NotMessagingClientRow: ResultRow, Hashable {
    /// `not_messaging_clients`.
    public static let table = "not_messaging_clients"
    /// `trainer_id`: a trainer's list is replaced whole.
    public static let subjectColumn = "trainer_id"
    /// The trainer.
    public var subject: UserID { trainer_id }

    /// The trainer whose list this is, and the client.
    public var trainer_id: UserID, client_id: UserID
    /// Days since the client last wrote to the trainer; nil: never, and the join date is unknown.
    public var days_since_message: Int?
    /// One human-readable line.
    public var reason: String
    /// The same reason as a code with arguments (JSON; nil in rows written before migration 032).
    public var reason_code: StoredReason?
    /// The client's last message to the trainer.
    public var last_message_at: Date?
    /// The client's local date when computed.
    public var local_date: LocalDate
    /// The job that wrote the row.
    public var job_id: Int64?

    /// A row from its column values.
    public init(
        trainer_id: UserID, client_id: UserID, days_since_message: Int?, reason: String, last_message_at: Date?,
        local_date: LocalDate, job_id: Int64?, reason_code: StoredReason? = nil
    ) {
        self.trainer_id = trainer_id
        self.client_id = client_id
        self.days_since_message = days_since_message
        self.reason = reason
        self.reason_code = reason_code
        self.last_message_at = last_message_at
        self.local_date = local_date
        self.job_id = job_id
    }
}
