public import Foundation

/// A fact as the storage layer holds it: one row per fact, open while `validTo` is nil.
///
/// Facts are never updated in place by a contradiction: the old row is closed (`validTo` set,
/// `supersededBy` pointing at its successor) and a new row is opened, so history survives.
public struct StoredFact: Sendable, Hashable {
    /// The row's identifier.
    public var id: Int64
    /// The user the fact is about (the author of its source messages).
    public var userID: String
    /// `"self"` or the relation named ("wife").
    public var subject: String
    /// The category.
    public var category: FactCategory
    /// The statement as first written.
    public var content: String
    /// Affirmed or negated.
    public var polarity: FactPolarity
    /// Current, past or intended.
    public var temporal: FactTemporal
    /// The highest confidence of any mention, 0…1.
    public var confidence: Double
    /// The canonical slot key (format: ``FactIdentity``; `self|health|knee:left`).
    public var slot: String
    /// When the first source message was sent.
    public var firstMentionedAt: Date
    /// When the latest source message was sent.
    public var lastMentionedAt: Date
    /// How many messages stated it.
    public var mentionCount: Int
    /// Every message that stated it.
    public var sourceIDs: [String]
    /// When it started to hold (its first mention).
    public var validFrom: Date
    /// When a contradicting statement closed it; nil while it holds.
    public var validTo: Date?
    /// The fact that closed it, if that happened in an earlier batch; lets a deletion reopen it.
    public var supersededBy: Int64?

    /// Creates a stored fact.
    public init(
        id: Int64, userID: String, subject: String, category: FactCategory, content: String,
        polarity: FactPolarity, temporal: FactTemporal, confidence: Double, slot: String,
        firstMentionedAt: Date, lastMentionedAt: Date, mentionCount: Int, sourceIDs: [String],
        validFrom: Date, validTo: Date? = nil, supersededBy: Int64? = nil
    ) {
        self.id = id
        self.userID = userID
        self.subject = subject
        self.category = category
        self.content = content
        self.polarity = polarity
        self.temporal = temporal
        self.confidence = confidence
        self.slot = slot
        self.firstMentionedAt = firstMentionedAt
        self.lastMentionedAt = lastMentionedAt
        self.mentionCount = mentionCount
        self.sourceIDs = sourceIDs
        self.validFrom = validFrom
        self.validTo = validTo
        self.supersededBy = supersededBy
    }

    /// True while no contradiction has closed it.
    public var isOpen: Bool { validTo == nil }
}
