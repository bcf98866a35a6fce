import Foundation

/// Counts behind one row of the real-data report: facts (predicted, written down, matched) and
/// turns (whether the extractor said something, whether the person revealed something).
public struct RealDataScore: Sendable, Hashable {
    /// Facts the extractor attributed to these turns.
    public var predicted = 0
    /// Of those, matched to a written-down fact.
    public var matched = 0
    /// Facts written down.
    public var gold = 0
    /// Of those, matched by an extracted fact (equals `matched` except per category).
    public var goldMatched = 0
    /// Turns with a fact extracted and one written down; extracted only; written down only.
    public var detectedRevealed = 0
    public var detectedSilent = 0
    public var missedRevealed = 0

    /// Creates an empty score.
    public init() {}

    mutating func add(predicted: Int, gold: Int, matched: Int) {
        self.predicted += predicted
        self.gold += gold
        self.matched += matched
        goldMatched += matched
    }

    mutating func addTurn(detected: Bool, revealed: Bool) {
        switch (detected, revealed) {
        case (true, true): detectedRevealed += 1
        case (true, false): detectedSilent += 1
        case (false, true): missedRevealed += 1
        case (false, false): break
        }
    }

    mutating func merge(_ other: RealDataScore) {
        predicted += other.predicted
        matched += other.matched
        gold += other.gold
        goldMatched += other.goldMatched
        detectedRevealed += other.detectedRevealed
        detectedSilent += other.detectedSilent
        missedRevealed += other.missedRevealed
    }

    /// Matched over predicted facts.
    public var precision: Double { predicted == 0 ? 0 : Double(matched) / Double(predicted) }
    /// Matched over written-down facts.
    public var recall: Double { gold == 0 ? 0 : Double(goldMatched) / Double(gold) }
    /// Harmonic mean of precision and recall.
    public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
    /// Of the turns where something was extracted, the share where the person revealed something.
    public var detectionPrecision: Double {
        Double(detectedRevealed) / Double(max(1, detectedRevealed + detectedSilent))
    }
    /// Of the turns where the person revealed something, the share where something was extracted.
    public var detectionRecall: Double {
        Double(detectedRevealed) / Double(max(1, detectedRevealed + missedRevealed))
    }
}

/// A turn shown as an example: what was written, written down and extracted.
public struct RealDataExample: Sendable, Hashable {
    /// The turn (cut to 240 characters), or which persona.
    public var text: String
    /// What a person wrote down about the speaker.
    public var gold: [String]
    /// What the extractor stored.
    public var extracted: [String]
}

/// The phenomena the report is split by; a turn may show several.
public enum TurnPhenomenon: String, Sendable, CaseIterable, Comparable {
    case negation
    case usedTo = "used to"
    case thirdPerson = "third person"
    case question
    case multiClause = "multi-clause"

    /// Orders as declared.
    public static func < (a: TurnPhenomenon, b: TurnPhenomenon) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    private static let negations: Set<Substring> = [
        "not", "no", "never", "nothing", "nobody", "dont", "cant", "didnt", "doesnt", "isnt", "wasnt", "wont",
        "havent",
    ]
    private static let relations: Set<Substring> = Set(
        ("wife husband partner boyfriend girlfriend fiance fiancee son sons daughter daughters kid kids child "
            + "children baby mom mum mother dad father parents brother brothers sister sisters grandma "
            + "grandmother grandpa grandfather grandparents uncle aunt cousin niece nephew friend friends "
            + "roommate boss family").split(separator: " "))

    /// The phenomena a turn shows: a negation word, "used to", someone else as subject ("my
    /// wife …", a sentence starting "he"/"she"/"they"), a question mark, more than one clause.
    public static func of(_ text: String) -> [TurnPhenomenon] {
        let lower = text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
        let words = lower.split { !($0.isLetter || $0 == "'") }
        var found: [TurnPhenomenon] = []
        if words.contains(where: { negations.contains($0) || $0.hasSuffix("n't") }) { found.append(.negation) }
        if zip(words, words.dropFirst()).contains(where: { $0 == "used" && $1 == "to" }) { found.append(.usedTo) }
        var third = false
        for index in words.indices.dropLast() where words[index] == "my" {
            let next = words[index + 1]
            let after = index + 2 < words.count ? words[index + 2] : ""
            if relations.contains(next) || relations.contains(after) { third = true }
        }
        let sentences = lower.split { $0 == "." || $0 == "!" || $0 == "?" }
            .filter { !$0.allSatisfy(\.isWhitespace) }
        for sentence in sentences {
            let first = sentence.split { !($0.isLetter || $0 == "'") }.first
            if first == "he" || first == "she" || first == "they" { third = true }
        }
        if third { found.append(.thirdPerson) }
        if lower.contains("?") { found.append(.question) }
        if sentences.count > 1 || lower.contains(",") || lower.contains(";") || lower.contains(" and i ")
            || lower.contains(" but i ") || lower.contains(" because ")
        {
            found.append(.multiClause)
        }
        return found
    }
}

/// What ``RealDataEvaluator`` measured: overall, per category, per phenomenon, with examples.
public struct RealDataEvaluation: Sendable {
    /// Turns and speakers in the corpus.
    public var turns = 0
    public var people = 0
    /// Every turn.
    public var overall = RealDataScore()
    /// Precision by the extracted fact's category, recall by the category the extractor gives
    /// the written-down sentence on its own.
    public var categories: [FactCategory: RealDataScore] = [:]
    /// Turns showing each phenomenon.
    public var phenomena: [TurnPhenomenon: RealDataScore] = [:]
    /// Turns whose written-down facts were missed, and turns with a fact nobody wrote down.
    public var misses: [RealDataExample] = []
    public var falseFacts: [RealDataExample] = []

    /// The report as text: the overall line, then the tables and the examples.
    public func report(title: String) -> String {
        func number(_ value: Double) -> String {
            let scaled = Int((value * 1000).rounded())
            let fraction = String(scaled % 1000)
            return "\(scaled / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        }
        func row(_ name: String, _ score: RealDataScore, detection: Bool = true) -> String {
            // A corpus that labels people, not turns, has no per-turn gold: "-" where undefined.
            let noGold = score.gold == 0
            var cells = [
                name.padded(14), String(score.predicted).leftPadded(7), String(score.gold).leftPadded(7),
                (score.predicted == 0 ? "-" : number(score.precision)).leftPadded(7),
                (noGold ? "-" : number(score.recall)).leftPadded(7),
                (noGold || score.predicted == 0 ? "-" : number(score.f1)).leftPadded(7),
            ]
            if detection {
                cells += [number(score.detectionPrecision).leftPadded(7), number(score.detectionRecall).leftPadded(7)]
            }
            return cells.joined(separator: " ")
        }
        var lines = ["\(title): \(turns) turns, \(people) people", ""]
        lines.append(
            "fact_f1=\(number(overall.f1)) precision=\(number(overall.precision)) recall=\(number(overall.recall)) "
                + "detect_p=\(number(overall.detectionPrecision)) detect_r=\(number(overall.detectionRecall)) "
                + "facts=\(overall.predicted)")
        lines.append("")
        let header = ["", "facts", "gold", "P", "R", "F1", "det P", "det R"]
        lines.append(
            header.enumerated().map { $0.offset == 0 ? $0.element.padded(14) : $0.element.leftPadded(7) }
                .joined(separator: " "))
        lines.append(row("all turns", overall))
        for phenomenon in TurnPhenomenon.allCases {
            lines.append(row(phenomenon.rawValue, phenomena[phenomenon] ?? RealDataScore()))
        }
        lines.append("")
        lines.append(
            header.prefix(6).enumerated().map { $0.offset == 0 ? $0.element.padded(14) : $0.element.leftPadded(7) }
                .joined(separator: " "))
        for category in FactCategory.allCases {
            lines.append(row(category.rawValue, categories[category] ?? RealDataScore(), detection: false))
        }
        for (name, examples) in [("missed", misses), ("false facts", falseFacts)] where !examples.isEmpty {
            lines.append("")
            lines.append("examples, \(name):")
            for example in examples {
                lines.append("  \(example.text)")
                lines.append(
                    "    written down: " + (example.gold.isEmpty ? "nothing" : example.gold.joined(separator: " | ")))
                lines.append(
                    "    extracted:    "
                        + (example.extracted.isEmpty ? "nothing" : example.extracted.joined(separator: " | ")))
            }
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
