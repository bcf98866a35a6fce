public import Foundation
public import SpotterCalendar
public import SpotterIDs
public import SpotterReasons

/// One client on a trainer's "not messaging" list — one `not_messaging_clients` row: an active
/// client who has not written to this trainer for the policy's message threshold, whatever
/// their workouts.
public struct NotMessagingClient: Sendable, Hashable {
    /// The trainer whose list this is.
    public var trainerID: UserID
    /// The client.
    public var clientID: UserID
    /// Calendar days (client's zone) since the client last wrote to this trainer; for a client
    /// who never did, days since `linkedSince`; nil when never and the join date is unknown.
    public var daysSinceMessage: Int?
    /// "no message for 9 days", "never messaged since joining on 2026-10-02", "never messaged".
    public var reasonCode: Reason
    /// ``reasonCode`` in the reference English.
    public var reason: String { reasonCode.text }
    /// The latest message the client sent this trainer, nil if never.
    public var lastMessageAt: Date?
    /// The client's "today", the date the days are counted to.
    public var localDate: LocalDate

    /// A row; ``InactivityCalculator/notMessaging(_:policy:now:)`` is the usual source.
    public init(
        trainerID: UserID, clientID: UserID, daysSinceMessage: Int?, reason: Reason, lastMessageAt: Date?,
        localDate: LocalDate
    ) {
        self.trainerID = trainerID
        self.clientID = clientID
        self.daysSinceMessage = daysSinceMessage
        self.reasonCode = reason
        self.lastMessageAt = lastMessageAt
        self.localDate = localDate
    }
}
