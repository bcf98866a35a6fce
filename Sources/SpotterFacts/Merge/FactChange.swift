public import Foundation

/// A fact to insert: one extracted fact, with any re-mentions from the same batch folded in.
///
/// Its statement's fields read as its own (`fact.content`): the content is its first
/// mention's (or a more specific re-mention's), the confidence the highest among its mentions.
public struct NewFact: FactStatementRecord, Sendable, Hashable {
    /// What it says, and whose it is.
    public var statement: FactStatement
    /// When its first source message was sent.
    public var firstMentionedAt: Date
    /// When its latest source message was sent.
    public var lastMentionedAt: Date
    /// How many messages stated it.
    public var mentionCount: Int
    /// Those messages, in order.
    public var sourceIDs: [String]
    /// When it started to hold: its first mention.
    public var validFrom: Date
    /// Set when a later message (of the same batch, or an already stored newer fact)
    /// contradicts it: it is written closed.
    public var validTo: Date?

    /// A new fact from one extracted fact.
    public init(_ fact: ExtractedFact) {
        self.init(
            fact.statement, firstMentionedAt: fact.mentionedAt, lastMentionedAt: fact.mentionedAt, mentionCount: 1,
            sourceIDs: [fact.sourceID], validFrom: fact.mentionedAt)
    }

    /// A fact with the given statement, mentions and validity.
    public init(
        _ statement: FactStatement, firstMentionedAt: Date, lastMentionedAt: Date, mentionCount: Int,
        sourceIDs: [String], validFrom: Date, validTo: Date? = nil
    ) {
        self.statement = statement
        self.firstMentionedAt = firstMentionedAt
        self.lastMentionedAt = lastMentionedAt
        self.mentionCount = mentionCount
        self.sourceIDs = sourceIDs
        self.validFrom = validFrom
        self.validTo = validTo
    }
}

/// One write the storage layer must make, in order, to merge a batch of extracted facts.
public enum FactChange: Sendable, Hashable {
    /// Insert a new fact (open, or already closed when the batch itself contradicted it).
    case insert(NewFact)
    /// Another message stated an open stored fact again: append `sourceID` to its sources,
    /// add one to its mention count, set last_mentioned_at to the later of the two times
    /// (first_mentioned_at to the earlier), and keep the higher confidence.
    case remention(factID: Int64, sourceID: String, at: Date, confidence: Double)
    /// A message contradicted an open stored fact in the same slot: close the old fact
    /// (valid_to = `at`, superseded_by = the new row) and insert `by`. Nothing is deleted.
    case supersede(oldFactID: Int64, at: Date, by: NewFact)
    /// A re-mention in other words said more (a side, a deadline, a number): the open stored
    /// fact takes `content` and `slot` (a slot gains a side: `…|knee` → `…|knee:left`). Always
    /// follows the `.remention` of the same fact.
    case refine(factID: Int64, content: String, slot: String)
    /// The statement of the nearest preceding `.supersede` closes this open stored fact too
    /// (valid_to = `at`, superseded_by = that supersede's new row): "knee is fine now" after
    /// pain in the left and in the right knee.
    case alsoClose(oldFactID: Int64, at: Date)
}

/// One write the storage layer must make after messages are deleted.
public enum FactRetraction: Sendable, Hashable {
    /// No remaining message supports the fact: delete its row.
    case delete(factID: Int64)
    /// Remove the deleted messages from its sources and set its mention count; a store that
    /// keeps message times may also recompute first/last_mentioned_at from what remains.
    case detachSources(factID: Int64, removed: [String], mentionCount: Int)
    /// The fact that had closed this one is gone and nothing else holds the slot: reopen it
    /// (valid_to and superseded_by back to null).
    case reopen(factID: Int64)
}
