public import SpotterFacts

/// Turns a batch of one person's messages into facts. The offline rules are the default; an
/// LLM-backed extractor falls back to the rules for any batch it cannot do.
public protocol FactExtracting: Sendable {
    /// Extracts facts from `batch` (messages of one user, in order). `extractor` names what
    /// produced them (`rules`, or e.g. `llm:gpt-4o-mini`, or `rules (llm fallback: …)`), stored
    /// in `facts.extractor`.
    func extract(_ batch: [Utterance]) async -> (facts: [ExtractedFact], extractor: String)
}

/// The deterministic, offline rule extractor as a `FactExtracting`.
public struct RulesFactExtractor: FactExtracting {
    /// The rules.
    public var rules: RuleExtractor

    /// Creates it with the default limits.
    public init(rules: RuleExtractor = RuleExtractor()) {
        self.rules = rules
    }

    /// Runs the rules over each message in order, each read as the answer to the message it
    /// answers (``Utterance/answering``), as `spotter facts extract` reads a line after another
    /// user's.
    public func extract(_ batch: [Utterance]) async -> (facts: [ExtractedFact], extractor: String) {
        (batch.flatMap { rules.extract($0, replyingTo: $0.answering) }, "rules")
    }
}
