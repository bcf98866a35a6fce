public import Foundation

/// One message written by one user: the only input the extractor reads.
///
/// Facts are taken only from a person's own messages, so the caller passes the message's
/// author as `userID`; coach or assistant messages must not be passed.
public struct Utterance: Sendable, Hashable {
    /// The message's identifier; becomes the fact's source.
    public var messageID: String
    /// The author of the message; the facts are recorded under this user.
    public var userID: String
    /// The message text, any script, any length (the extractor bounds its own work).
    public var text: String
    /// When the message was sent; becomes the fact's mention time.
    public var sentAt: Date
    /// The author's time zone: relative dates ("last month", "yesterday") are resolved against
    /// `sentAt` on the author's calendar. Default UTC.
    public var timeZone: TimeZone
    /// The text of the message this one answers, when known: the conversation's latest earlier
    /// message by another sender ("Do you like hiking?" before "Yes! Every weekend"). Nil when
    /// there is none or it is not known; the extractor then reads the message alone.
    public var answering: String?

    /// UTC, the zone of an utterance whose author's zone is not known (built once).
    public static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// Creates an utterance.
    public init(
        messageID: String, userID: String, text: String, sentAt: Date,
        timeZone: TimeZone = Utterance.utc, answering: String? = nil
    ) {
        self.messageID = messageID
        self.userID = userID
        self.text = text
        self.sentAt = sentAt
        self.timeZone = timeZone
        self.answering = answering
    }
}
