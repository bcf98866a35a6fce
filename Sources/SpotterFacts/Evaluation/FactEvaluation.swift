/// Counts for one category (or for all): true positives, false positives, false negatives.
public struct FactScore: Sendable, Hashable {
    /// Extracted facts that matched an expected fact.
    public var truePositives = 0
    /// Extracted facts that matched none.
    public var falsePositives = 0
    /// Expected facts that nothing matched.
    public var falseNegatives = 0

    /// Creates a score.
    public init(truePositives: Int = 0, falsePositives: Int = 0, falseNegatives: Int = 0) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.falseNegatives = falseNegatives
    }

    /// Matched over extracted; nil when nothing was extracted.
    public var precision: Double? {
        let extracted = truePositives + falsePositives
        return extracted == 0 ? nil : Double(truePositives) / Double(extracted)
    }

    /// Matched over expected; nil when nothing was expected.
    public var recall: Double? {
        let expected = truePositives + falseNegatives
        return expected == 0 ? nil : Double(truePositives) / Double(expected)
    }

    /// Harmonic mean of precision and recall; nil when either is undefined or both are zero.
    public var f1: Double? {
        guard let precision, let recall, precision + recall > 0 else { return nil }
        return 2 * precision * recall / (precision + recall)
    }
}

/// How the lines of one group (tag) fared.
public struct FactGroupScore: Sendable, Hashable {
    /// Lines in the group.
    public var lines = 0
    /// Lines whose extracted facts matched the labels exactly (strictly, nothing extra).
    public var exact = 0
}

/// One line where the extractor and the labels disagree.
public struct FactMismatch: Sendable, Hashable {
    /// The line's group.
    public var tag: String
    /// The message text.
    public var text: String
    /// `subject category polarity temporal` of each expected fact.
    public var expected: [String]
    /// The same for each extracted fact, with its content.
    public var extracted: [String]
}

/// The result of running the extractor over a labelled set.
///
/// A fact matches when subject, category, polarity and temporal status all agree (strict);
/// the lenient score asks only subject and category. Per-category counts credit a match to
/// the expected category, a false positive to the extracted one.
public struct FactEvaluation: Sendable {
    /// Strict counts per category, every category present.
    public var categories: [FactCategory: FactScore]
    /// Strict counts over all categories (micro-averaged).
    public var overall: FactScore
    /// Counts when only subject and category must agree.
    public var lenient: FactScore
    /// Lines evaluated.
    public var utterances: Int
    /// Lines labelled to yield nothing (questions, small talk, non-English…).
    public var silentUtterances: Int
    /// Of those, lines where the extractor produced something anyway.
    public var silentViolations: Int
    /// Per group: lines, and lines whose extracted set matched the labels exactly.
    public var groups: [String: FactGroupScore]
    /// Every line where extractor and labels disagree.
    public var mismatches: [FactMismatch]

    /// A printable report: per-category precision, recall and F1, totals, and groups.
    public func table() -> String {
        func format(_ value: Double?) -> String {
            guard let value else { return "    -" }
            let text = String(Int((value * 1000).rounded()))
            let padded = String(repeating: "0", count: max(0, 4 - text.count)) + text
            return " " + padded.prefix(padded.count - 3) + "." + padded.suffix(3)
        }
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
        }
        func number(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        func row(_ name: String, _ score: FactScore) -> String {
            pad(name, 13) + format(score.precision) + "  " + format(score.recall) + "  " + format(score.f1)
                + number(score.truePositives, 6) + number(score.falsePositives, 5) + number(score.falseNegatives, 5)
        }
        var lines = [pad("category", 13) + "     P       R       F1    TP   FP   FN"]
        for category in FactCategory.allCases {
            lines.append(row(category.rawValue, categories[category] ?? FactScore()))
        }
        lines.append(row("overall", overall))
        lines.append(row("lenient", lenient))
        lines.append("")
        lines.append(
            "\(utterances) utterances; \(silentUtterances) should yield nothing, "
                + "\(silentViolations) of them yielded something")
        lines.append("group         lines  exact")
        for tag in groups.keys.sorted() {
            let group = groups[tag] ?? FactGroupScore()
            lines.append(pad(tag, 13) + number(group.lines, 6) + number(group.exact, 7))
        }
        return lines.joined(separator: "\n")
    }
}
