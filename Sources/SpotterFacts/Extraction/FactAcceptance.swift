import Foundation

/// Which path of ``RuleExtractor`` drew a candidate fact: a feature of ``FactAcceptance``.
public enum FactOrigin: String, Sendable, CaseIterable {
    /// A clause rule that recognised the clause (a like, a job, a pet …).
    case clause
    /// The clause rules' default statement: no category rule recognised the clause.
    case generic
    /// "my two dogs" inside any clause: the speaker has them.
    case possession
    /// "I'm out of work right now": whether the speaker works.
    case work
    /// "my name is jill".
    case name
    /// "We have a bunch of geese": a household's animals, children or home.
    case household
    /// More objects of a like run on into the next clause ("… and dancing").
    case list
    /// The sentence's injury or restriction (``InjuryStatement``).
    case injury
    /// A yes or no read against the partner's question, or the speaker's own answer to it.
    case reply
}

/// A candidate fact of the rules, with the features the acceptance model reads and its
/// probability of being a fact a person would write down about the speaker.
public struct FactCandidate: Sendable {
    /// The fact as the rules would store it.
    public var fact: ExtractedFact
    /// The path that drew it.
    public var origin: FactOrigin
    /// The features, by name (``FactAcceptance/features(of:origin:message:partner:)``).
    public var features: [String: Double]
    /// ``FactAcceptance/probability(_:)`` of the features.
    public var probability: Double
}

/// A learned acceptance signal over the rules' candidate facts: a logistic model that reads
/// what a candidate looks like (the path that drew it, its first word, its length,
/// whether it names a thing, a number or a relation, vague words left in it, how much of the
/// message and of the partner's question it repeats …) and predicts whether it matches a fact a
/// person wrote down about the speaker.
///
/// The weights (``FactAcceptanceWeights``) are trained by `eval/train_fact_acceptance.py` on
/// the even half of Synthetic-Persona-Chat and checked on its odd half and on msc-valid
/// (docs/facts.md). The rules drop a candidate whose probability is under ``threshold`` and,
/// when two candidates of one message share a slot, keep the more probable one. A health fact
/// is never dropped or replaced by the model (safety: a suggestion must never load a part
/// that hurts, see ``accepts(_:)``).
public struct FactAcceptance: Sendable {
    /// Weight per feature name; a feature without a weight counts nothing.
    public var weights: [String: Double]
    /// Candidates under this probability are not stored.
    public var threshold: Double

    /// Creates a model from its weights and threshold.
    public init(weights: [String: Double], threshold: Double) {
        self.weights = weights
        self.threshold = threshold
    }

    /// The shipped model (``FactAcceptanceWeights``).
    public static let trained = FactAcceptance(
        weights: FactAcceptanceWeights.weights, threshold: FactAcceptanceWeights.threshold)

    /// The probability that a candidate with these features is a fact worth storing.
    public func probability(_ features: [String: Double]) -> Double {
        var sum = 0.0
        for (name, value) in features { sum += (weights[name] ?? 0) * value }
        return 1 / (1 + exp(-sum))
    }

    /// True when the candidate is stored: a health fact always, any other when its
    /// probability reaches ``threshold``.
    public func accepts(_ candidate: FactCandidate) -> Bool {
        candidate.fact.category == .health || candidate.probability >= threshold
    }

    /// The candidate with its features and probability.
    public func candidate(_ fact: ExtractedFact, origin: FactOrigin, message: String, partner: String?)
        -> FactCandidate
    {
        candidate(fact, origin: origin, context: Context(message: message, partner: partner))
    }

    /// The candidate with its features and probability, its message's words read once.
    func candidate(_ fact: ExtractedFact, origin: FactOrigin, context: Context) -> FactCandidate {
        let features = Self.features(of: fact, origin: origin, context: context)
        return FactCandidate(fact: fact, origin: origin, features: features, probability: probability(features))
    }

    /// The words of a candidate's message and of the partner's turn, read once per message.
    struct Context {
        /// The message's words the scorer does not ignore.
        let said: [String]
        /// The partner's words; nil without a partner's turn.
        let asked: Set<String>?
        /// True when the partner's turn asks a question.
        let question: Bool

        init(message: String, partner: String?) {
            said = FactQuality.words(message).filter { !FactAcceptance.stopWords.contains($0) }
            if let partner, !partner.isEmpty {
                asked = Set(FactQuality.words(partner))
                question = partner.contains("?")
            } else {
                asked = nil
                question = false
            }
        }
    }

    /// The features of one candidate, each 1 when present unless said otherwise:
    /// `bias`; `origin=`, `category=`, `temporal=`, `negative`, `other-subject`; `first=` (the
    /// first word, lower case: the predicate); `words=` (a length bucket); `named` (a capital
    /// past the first word), `number`, `relation`; `has=` (a closed list of vague and referring
    /// words); `confidence` (the rule's, 0–1); `cover` (the share of the message's words the fact repeats, 0–1);
    /// `partner-question`, `from-partner` (the share of the fact's words found in the
    /// partner's turn, 0–1); `long-message`.
    public static func features(of fact: ExtractedFact, origin: FactOrigin, message: String, partner: String?)
        -> [String: Double]
    {
        features(of: fact, origin: origin, context: Context(message: message, partner: partner))
    }

    static func features(of fact: ExtractedFact, origin: FactOrigin, context: Context) -> [String: Double] {
        var features: [String: Double] = ["bias": 1]
        features["origin=" + origin.rawValue] = 1
        features["category=" + fact.category.rawValue] = 1
        features["temporal=" + fact.temporal.rawValue] = 1
        if fact.polarity == .negative { features["negative"] = 1 }
        if fact.subject != "self" { features["other-subject"] = 1 }
        let spelled = FactQuality.spelled(fact.content)
        let words = spelled.map(\.lower)
        if let first = words.first { features["first=" + first] = 1 }
        features["words=" + lengthBucket(words.count)] = 1
        for (index, word) in spelled.enumerated() {
            if index > 0 && word.capitalized { features["named"] = 1 }
            let flags = word.lower.utf8.count <= 16 ? Lexicon.flags(for: Lexicon.key(Substring(word.lower))) : []
            if word.lower.first?.isNumber == true || flags.contains(.number) { features["number"] = 1 }
            if flags.contains(.relation) { features["relation"] = 1 }
            if vagueWords.contains(word.lower) { features["has=" + word.lower] = 1 }
        }
        features["confidence"] = fact.confidence
        let content = Set(words.filter { !stopWords.contains($0) })
        let said = context.said
        if !said.isEmpty {
            features["cover"] = Double(said.filter(content.contains).count) / Double(said.count)
        }
        if said.count > 25 { features["long-message"] = 1 }
        if let asked = context.asked {
            if context.question { features["partner-question"] = 1 }
            if !content.isEmpty {
                features["from-partner"] = Double(content.filter(asked.contains).count) / Double(content.count)
            }
        }
        return features
    }

    private static func lengthBucket(_ count: Int) -> String {
        switch count {
        case ...2: String(count)
        case 3: "3"
        case 4...5: "4-5"
        case 6...8: "6-8"
        default: "9+"
        }
    }

    /// Words whose presence says a fact may lean on its message or say little.
    static let vagueWords: Set<String> = [
        "them", "they", "it", "one", "ones", "that", "this", "there", "those", "these", "some", "lot", "lots",
        "thing", "things", "stuff", "different", "kind", "kinds", "sort", "good", "great", "fun", "nice", "much",
        "many", "everything", "anything", "something", "time", "now", "today", "currently", "really", "always",
        "never", "all", "more", "too", "also", "very", "so", "new", "other", "same", "again", "here", "well",
        "still", "just", "way", "day", "bit", "little", "sure", "own", "their",
    ]

    /// Words the scorer ignores (``TokenMatch``): they say nothing of what a fact is about.
    static let stopWords: Set<String> = [
        "a", "an", "the", "and", "or", "but", "so", "to", "of", "in", "on", "at", "for", "with", "is", "am", "are",
        "was", "were", "be", "been", "being", "it", "that", "this", "i", "me", "my", "mine", "myself", "he", "him",
        "his", "she", "her", "hers", "they", "them", "their", "we", "our", "you", "your", "has", "have", "had",
        "do", "does", "did", "very", "really", "also", "just", "i'm", "i've", "it's",
    ]
}
