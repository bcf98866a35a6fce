/// A fact a human expects from an utterance; where content is given, it is scored too.
public struct ExpectedFact: Sendable, Hashable, Codable {
    /// `"self"` or the canonical relation ("wife", "mother", "kids").
    public var subject: String
    /// The expected category.
    public var category: FactCategory
    /// The expected polarity.
    public var polarity: FactPolarity
    /// The expected temporal status.
    public var temporal: FactTemporal
    /// What the fact should say, if the label gives it: an extracted fact matches only when its
    /// content has token F1 ≥ 0.5 with it (``TokenMatch``), so a fact that lost its object or
    /// kept chat filler does not count.
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
