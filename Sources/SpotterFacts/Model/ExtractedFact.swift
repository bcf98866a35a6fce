public import Foundation

/// One fact the extractor found in one message, before merging with what is stored.
public struct ExtractedFact: Sendable, Hashable, Codable {
    /// The author of the message; the fact is recorded under this user.
    public var userID: String
    /// Who the fact is about: `"self"`, or the relation the speaker named ("wife", "son", "coach").
    public var subject: String
    /// What kind of fact it is; always `.relationship` when `subject` is not `"self"`.
    public var category: FactCategory
    /// A short, self-contained statement: "Left knee hurts when running".
    public var content: String
    /// Affirmed or negated (see ``FactPolarity``).
    public var polarity: FactPolarity
    /// Current, past or intended (see ``FactTemporal``).
    public var temporal: FactTemporal
    /// How explicit the statement was, 0…1: plain first-person statements score highest,
    /// hedges ("I think", "maybe"), elided subjects and idioms lower.
    public var confidence: Double
    /// The normalised slot key `subject|category|topic` ("self|health|knee-left",
    /// "wife|relationship|diet"). Two facts in the same slot are about the same thing: the
    /// merger treats a second one as a re-mention or a contradiction, never as a new fact.
    public var slot: String
    /// The message the fact came from.
    public var sourceID: String
    /// When the message was sent.
    public var mentionedAt: Date

    /// Creates an extracted fact.
    public init(
        userID: String, subject: String, category: FactCategory, content: String,
        polarity: FactPolarity, temporal: FactTemporal, confidence: Double, slot: String,
        sourceID: String, mentionedAt: Date
    ) {
        self.userID = userID
        self.subject = subject
        self.category = category
        self.content = content
        self.polarity = polarity
        self.temporal = temporal
        self.confidence = confidence
        self.slot = slot
        self.sourceID = sourceID
        self.mentionedAt = mentionedAt
    }
}
