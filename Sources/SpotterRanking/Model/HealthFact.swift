public import Foundation

/// A health fact about the member as the facts pipeline stores it (`spotter.facts`, current at
/// the time of the computation): what the daily suggestion needs to keep away from an injured
/// body part. See ``Injuries`` for how they are read.
public struct HealthFact: Sendable, Hashable {
    /// Who it is about: "self", or another person ("dad"); only "self" counts.
    public var subject: String
    /// The normalised slot ("knee-left", "shoulder-surgery", "asthma").
    public var slot: String
    /// The fact's content ("Has pain in their left knee when they jump").
    public var content: String
    /// "positive" or "negative" ("No pain in the knee any more").
    public var polarity: String
    /// "current", "past" or "intended".
    public var temporal: String
    /// When the person last said it.
    public var mentionedAt: Date

    /// Creates a fact.
    public init(subject: String, slot: String, content: String, polarity: String, temporal: String, mentionedAt: Date) {
        self.subject = subject
        self.slot = slot
        self.content = content
        self.polarity = polarity
        self.temporal = temporal
        self.mentionedAt = mentionedAt
    }
}
