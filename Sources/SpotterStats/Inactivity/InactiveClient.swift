public import Foundation
public import SpotterCalendar
public import SpotterIDs
public import SpotterReasons

/// One flagged client on one trainer's list — one `inactive_clients` row.
public struct InactiveClient: Sendable, Hashable {
    /// The trainer whose list this is.
    public var trainerID: UserID
    /// The inactive client.
    public var clientID: UserID
    /// Calendar days (client's zone) from the latest message-or-workout to today; for a client
    /// never active, days since `linkedSince`; nil when never active and the join date is unknown.
    public var daysInactive: Int?
    /// True when the client never messaged this trainer and never worked out.
    public var neverActive: Bool
    /// The largest policy tier ≤ `daysInactive` (0 when below every tier); the largest tier when
    /// `daysInactive` is nil.
    public var tier: Int
    /// Why the client is listed, for a trainer to read:
    /// "no message and no workout for 9 days", "no message for 12 days and no workout for 9 days",
    /// "never messaged and no workout for 8 days", "never messaged or worked out since joining
    /// on 2026-10-02", "never messaged or worked out".
    public var reasonCode: Reason
    /// ``reasonCode`` in the reference English.
    public var reason: String { reasonCode.text }
    /// The latest message to this trainer, nil if never.
    public var lastMessageAt: Date?
    /// The latest workout, nil if never.
    public var lastWorkoutAt: Date?
    /// The client's "today", the date the days are counted to.
    public var localDate: LocalDate

    /// A row; ``InactivityCalculator`` is the usual source.
    public init(
        trainerID: UserID, clientID: UserID, daysInactive: Int?, neverActive: Bool, tier: Int,
        reason: Reason, lastMessageAt: Date?, lastWorkoutAt: Date?, localDate: LocalDate
    ) {
        self.trainerID = trainerID
        self.clientID = clientID
        self.daysInactive = daysInactive
        self.neverActive = neverActive
        self.tier = tier
        self.reasonCode = reason
        self.lastMessageAt = lastMessageAt
        self.lastWorkoutAt = lastWorkoutAt
        self.localDate = localDate
    }
}
