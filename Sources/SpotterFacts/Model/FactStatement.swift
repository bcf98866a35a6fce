/// What a fact says, and whose it is: the part every fact record shares.
///
/// ``ExtractedFact`` adds the message it came from, ``NewFact`` its mentions and validity, and
/// ``StoredFact`` its row; each holds one statement and reads its fields through it
/// (`fact.content`), so the statement's fields are declared here only.
public struct FactStatement: Sendable, Hashable, Codable {
    /// The author of the messages that state it; the fact is recorded under this user.
    public var userID: String
    /// Who the fact is about: `"self"`, or the relation the speaker named ("wife", "son", "coach").
    public var subject: String
    /// What kind of fact it is; always `.relationship` when `subject` is not `"self"`.
    public var category: FactCategory
    /// A short, self-contained statement: "Left knee hurts when running". A stored fact keeps
    /// the one from its first mention unless a re-mention says more.
    public var content: String
    /// Affirmed or negated (see ``FactPolarity``).
    public var polarity: FactPolarity
    /// Current, past or intended (see ``FactTemporal``).
    public var temporal: FactTemporal
    /// How explicit the statement was, 0…1: plain first-person statements score highest,
    /// hedges ("I think", "maybe"), elided subjects and idioms lower. A merged fact keeps the
    /// highest confidence among its mentions.
    public var confidence: Double
    /// The normalised slot key `subject|category|topic` ("self|health|knee-left",
    /// "wife|relationship|diet"; canonical form: ``FactIdentity``). Two facts in the same slot
    /// are about the same thing: the merger treats a second one as a re-mention or a
    /// contradiction, never as a new fact.
    public var slot: String

    /// Creates a statement.
    public init(
        userID: String, subject: String, category: FactCategory, content: String,
        polarity: FactPolarity, temporal: FactTemporal, confidence: Double, slot: String
    ) {
        self.userID = userID
        self.subject = subject
        self.category = category
        self.content = content
        self.polarity = polarity
        self.temporal = temporal
        self.confidence = confidence
        self.slot = slot
    }
}

/// A fact record that holds a ``FactStatement`` and reads its fields as its own:
/// `fact.content` is `fact.statement.content`, for reading and writing.
@dynamicMemberLookup
public protocol FactStatementRecord {
    /// What the fact says, and whose it is.
    var statement: FactStatement { get set }
}

extension FactStatementRecord {
    /// A field of the statement.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<FactStatement, Value>) -> Value {
        get { statement[keyPath: keyPath] }
        set { statement[keyPath: keyPath] = newValue }
    }
}
