/// A fact a human expects from an utterance; content is optional and not scored.
public struct ExpectedFact: Sendable, Hashable, Codable {
    /// `"self"` or the canonical relation ("wife", "mother", "kids").
    public var subject: String
    /// The expected category.
    public var category: FactCategory
    /// The expected polarity.
    public var polarity: FactPolarity
    /// The expected temporal status.
    public var temporal: FactTemporal
    /// An optional expected wording, for reading; the evaluation does not score it.
    public var content: String?

    /// Creates an expected fact.
    public init(
        subject: String, category: FactCategory, polarity: FactPolarity, temporal: FactTemporal,
        content: String? = nil
    ) {
        self.subject = subject
        self.category = category
        self.polarity = polarity
        self.temporal = temporal
        self.content = content
    }
}

/// One line of the labelled set: a message and the facts a human expects from it.
public struct LabelledUtterance: Sendable, Hashable, Codable {
    /// The group the line was written for ("health", "negation", "question", "foreign"…).
    public var tag: String
    /// The message text.
    public var text: String
    /// The expected facts; empty when the line should yield nothing.
    public var expected: [ExpectedFact]

    /// Creates a labelled utterance.
    public init(tag: String, text: String, expected: [ExpectedFact]) {
        self.tag = tag
        self.text = text
        self.expected = expected
    }
}
