public import Foundation
public import SpotterIDs

/// A client's standing with one trainer.
public enum ClientStatus: String, Sendable, Hashable, CaseIterable {
    /// Coached now: checked for inactivity.
    case active
    /// On a break agreed with the trainer: never flagged.
    case paused
    /// No longer coached: never flagged.
    case deactivated
}

/// What the inactivity check knows about one (trainer, client) link.
///
/// A client linked to two trainers is two values, one per trainer, each with the last message
/// to that trainer.
public struct ClientActivity: Sendable, Hashable {
    /// The trainer.
    public var trainerID: UserID
    /// The client.
    public var clientID: UserID
    /// The link's status; only ``ClientStatus/active`` clients can be inactive.
    public var status: ClientStatus
    /// The client's IANA time zone; days are counted on the client's calendar.
    public var timeZone: String
    /// The latest message the client sent to this trainer; nil if never.
    public var lastMessageToTrainerAt: Date?
    /// The start of the client's latest workout; nil if never.
    public var lastWorkoutAt: Date?
    /// When the client was linked to this trainer, if known; dates a never-active client.
    public var linkedSince: Date?

    /// A link; the dates default to nil (never / unknown).
    public init(
        trainerID: UserID, clientID: UserID, status: ClientStatus, timeZone: String,
        lastMessageToTrainerAt: Date? = nil, lastWorkoutAt: Date? = nil, linkedSince: Date? = nil
    ) {
        self.trainerID = trainerID
        self.clientID = clientID
        self.status = status
        self.timeZone = timeZone
        self.lastMessageToTrainerAt = lastMessageToTrainerAt
        self.lastWorkoutAt = lastWorkoutAt
        self.linkedSince = linkedSince
    }
}
