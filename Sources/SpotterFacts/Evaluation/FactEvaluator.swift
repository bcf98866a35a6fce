public import Foundation

/// Runs an extractor over a labelled set and scores it (see ``FactEvaluation``).
public enum FactEvaluator {
    /// When every labelled line is "sent": 2026-10-17 12:00 UTC, so a label can say what a
    /// relative date resolves to ("last month" → "in September 2026").
    public static let sentAt = Date(timeIntervalSince1970: 1_792_238_400)

    /// Scores `extractor` on `set`; every line is a separate message from one user.
    public static func evaluate(_ set: [LabelledUtterance], extractor: RuleExtractor) -> FactEvaluation {
        var categories: [FactCategory: FactScore] = [:]
        for category in FactCategory.allCases { categories[category] = FactScore() }
        var overall = FactScore()
        var lenient = FactScore()
        var silent = 0
        var silentViolations = 0
        var groups: [String: FactGroupScore] = [:]
        var mismatches: [FactMismatch] = []
        for (index, line) in set.enumerated() {
            let utterance = Utterance(messageID: "eval-\(index)", userID: "eval", text: line.text, sentAt: sentAt)
            let extracted = extractor.extract(utterance)
            var strictOpen = Array(extracted.indices)
            var missed = 0
            for expected in line.expected {
                if let position = strictOpen.firstIndex(where: { matches(extracted[$0], expected, strict: true) }) {
                    strictOpen.remove(at: position)
                    categories[expected.category]?.truePositives += 1
                    overall.truePositives += 1
                } else {
                    categories[expected.category]?.falseNegatives += 1
                    overall.falseNegatives += 1
                    missed += 1
                }
            }
            for position in strictOpen {
                categories[extracted[position].category]?.falsePositives += 1
                overall.falsePositives += 1
            }
            var lenientOpen = Array(extracted.indices)
            for expected in line.expected {
                if let position = lenientOpen.firstIndex(where: { matches(extracted[$0], expected, strict: false) }) {
                    lenientOpen.remove(at: position)
                    lenient.truePositives += 1
                } else {
                    lenient.falseNegatives += 1
                }
            }
            lenient.falsePositives += lenientOpen.count
            if line.expected.isEmpty {
                silent += 1
                if !extracted.isEmpty { silentViolations += 1 }
            }
            let exact = missed == 0 && strictOpen.isEmpty
            groups[line.tag, default: FactGroupScore()].lines += 1
            if exact {
                groups[line.tag, default: FactGroupScore()].exact += 1
            } else {
                mismatches.append(
                    FactMismatch(
                        tag: line.tag, text: line.text,
                        expected: line.expected.map {
                            "\($0.subject) \($0.category.rawValue) \($0.polarity.rawValue) \($0.temporal.rawValue)"
                                + ($0.content.map { " = \"\($0)\"" } ?? "")
                        },
                        extracted: extracted.map {
                            "\($0.subject) \($0.category.rawValue) \($0.polarity.rawValue) \($0.temporal.rawValue)"
                                + " [\($0.slot)] \"\($0.content)\""
                        }))
            }
        }
        return FactEvaluation(
            categories: categories, overall: overall, lenient: lenient, utterances: set.count,
            silentUtterances: silent, silentViolations: silentViolations, groups: groups, mismatches: mismatches)
    }

    private static func matches(_ fact: ExtractedFact, _ expected: ExpectedFact, strict: Bool) -> Bool {
        guard fact.subject == expected.subject && fact.category == expected.category else { return false }
        guard strict else { return true }
        guard fact.polarity == expected.polarity && fact.temporal == expected.temporal else { return false }
        guard let content = expected.content else { return true }
        return TokenMatch.f1(TokenMatch.tokens(fact.content), TokenMatch.tokens(content)) >= TokenMatch.threshold
    }
}
