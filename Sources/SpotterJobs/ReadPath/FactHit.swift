public import Foundation
public import SpotterIDs

/// One fact found by ``FactSearch``: what it says, its tense and dates, whether it still holds,
/// and the quoted words of the live messages it came from.
public struct FactHit: Sendable, Hashable, Codable {
    /// One live source message, quoted.
    public struct Source: Sendable, Hashable, Codable {
        /// The message id.
        public var messageID: MessageID
        /// When it was sent.
        public var sentAt: Date
        /// Its text, cut to ``FactSearch/quoteLength`` characters.
        public var text: String

        enum CodingKeys: String, CodingKey {
            case messageID = "message_id", sentAt = "sent_at", text
        }
    }

    /// Whose fact it is.
    public var userID: UserID
    /// Their display name.
    public var name: String
    /// The fact's row id.
    public var factID: Int64
    /// health, goal, preference, …
    public var category: String
    /// `self` or who it is about ("wife").
    public var subject: String
    /// The statement.
    public var content: String
    /// `positive` or `negative`.
    public var polarity: String
    /// The tense: `current`, `past` or `intended`.
    public var temporal: String
    /// 0…1.
    public var confidence: Double
    /// Whether it still holds (not superseded by a later statement).
    public var isCurrent: Bool
    /// First and latest mention.
    public var firstMentionedAt: Date, lastMentionedAt: Date
    /// Distinct messages that state it.
    public var mentionCount: Int
    /// Start and, once superseded, end of validity.
    public var validFrom: Date, validTo: Date?
    /// The fact that replaced it, if any.
    public var supersededBy: Int64?
    /// Distinct query terms found in the content or a live source.
    public var matchedTerms: Int
    /// Up to three live source messages, those containing a query term first.
    public var sources: [Source]

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", name, factID = "fact_id", category, subject, content, polarity, temporal
        case confidence, isCurrent = "is_current", firstMentionedAt = "first_mentioned_at"
        case lastMentionedAt = "last_mentioned_at", mentionCount = "mention_count", validFrom = "valid_from"
        case validTo = "valid_to", supersededBy = "superseded_by", matchedTerms = "matched_terms", sources
    }
}
