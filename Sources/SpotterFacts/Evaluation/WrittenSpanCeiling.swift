import Foundation

/// How far an extractor that copies words of a turn can go on a labelled corpus: the share of the
/// written-down facts that some span of their own turn, as written, matches with the scorer's
/// metric (``TokenMatch``, token F1 ≥ 0.5). The rules rewrite spans of the turn (a subject
/// dropped, a verb put in the third person), so this is the ceiling of their recall; a fact a
/// reader inferred ("I just got done watching a horror movie" → "I watch horror movies") is out of
/// any span's reach.
///
/// A sentence ends at ".", "!" or "?"; a clause also at ",", ";" and at "and", "but", "so",
/// "because". `spotter eval facts --msc DIR --ceiling` prints it.
public struct WrittenSpanCeiling: Sendable, Hashable {
    /// Written-down facts in the corpus.
    public var facts = 0
    /// Facts some sentence of their turn matches.
    public var bySentence = 0
    /// Facts some clause of their turn matches.
    public var byClause = 0
    /// Facts some clause with a first-person word ("I", "my", "me", …) matches.
    public var byFirstPersonClause = 0
    /// Facts some sentence or clause matches.
    public var bySentenceOrClause = 0
    /// Clauses in turns with written-down facts, and those that match one of their turn's facts:
    /// the precision of an extractor that kept every clause of those turns.
    public var clauses = 0
    public var matchingClauses = 0

    /// Measures `corpus` (only turns with labels count).
    public static func measure(_ corpus: RealDataCorpus) -> WrittenSpanCeiling {
        var ceiling = WrittenSpanCeiling()
        for turn in corpus.turns {
            guard let gold = turn.gold, !gold.isEmpty else { continue }
            let sentences = Self.sentences(of: turn.text)
            let clauses = sentences.flatMap(Self.clauses(of:))
            let sentenceTokens = sentences.map(TokenMatch.tokens)
            let clauseTokens = clauses.map(TokenMatch.tokens)
            let firstPerson = clauses.map(Self.isFirstPerson)
            let goldTokens = gold.map(TokenMatch.tokens)
            for fact in goldTokens {
                ceiling.facts += 1
                let sentence = sentenceTokens.contains { TokenMatch.f1($0, fact) >= TokenMatch.threshold }
                let clause = clauseTokens.indices.filter {
                    TokenMatch.f1(clauseTokens[$0], fact) >= TokenMatch.threshold
                }
                if sentence { ceiling.bySentence += 1 }
                if !clause.isEmpty { ceiling.byClause += 1 }
                if clause.contains(where: { firstPerson[$0] }) { ceiling.byFirstPersonClause += 1 }
                if sentence || !clause.isEmpty { ceiling.bySentenceOrClause += 1 }
            }
            ceiling.clauses += clauses.count
            ceiling.matchingClauses +=
                clauseTokens.filter { clause in
                    goldTokens.contains { TokenMatch.f1(clause, $0) >= TokenMatch.threshold }
                }.count
        }
        return ceiling
    }

    /// The figures as a few lines of text.
    public func report() -> String {
        func share(_ count: Int, of total: Int) -> String {
            total == 0 ? "–" : String(format: "%.3f", Double(count) / Double(total))
        }
        return """
            written-down facts: \(facts)
            matched by some span of their turn as written (token F1 ≥ \(TokenMatch.threshold)):
              a sentence             \(share(bySentence, of: facts))  (\(bySentence))
              a clause               \(share(byClause, of: facts))  (\(byClause))
              a first-person clause  \(share(byFirstPersonClause, of: facts))  (\(byFirstPersonClause))
              a sentence or clause   \(share(bySentenceOrClause, of: facts))  (\(bySentenceOrClause))
            clauses of labelled turns matching one of their turn's facts: \
            \(share(matchingClauses, of: clauses))  (\(matchingClauses) of \(clauses))
            """
    }

    static func sentences(of text: String) -> [String] {
        var sentences: [String] = []
        var current = ""
        for character in text {
            current.append(character)
            if character == "." || character == "!" || character == "?" {
                if current.contains(where: \.isLetter) { sentences.append(current) }
                current = ""
            }
        }
        if current.contains(where: \.isLetter) { sentences.append(current) }
        return sentences
    }

    private static let clauseWords: Set<String> = ["and", "but", "so", "because"]

    static func clauses(of sentence: String) -> [String] {
        var clauses: [String] = []
        var current: [Substring] = []
        func close() {
            if current.contains(where: { $0.contains(where: \.isLetter) }) {
                clauses.append(current.joined(separator: " "))
            }
            current = []
        }
        for word in sentence.split(separator: " ") {
            if clauseWords.contains(word.lowercased()) {
                close()
                continue
            }
            if let last = word.last, last == "," || last == ";" {
                current.append(word.dropLast())
                close()
                continue
            }
            current.append(word)
        }
        close()
        return clauses
    }

    private static let firstPersonWords: Set<String> = ["i", "i'm", "im", "i've", "i'd", "i'll", "my", "me", "mine"]

    static func isFirstPerson(_ clause: String) -> Bool {
        clause.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            .split(whereSeparator: { !$0.isLetter && $0 != "'" })
            .contains { firstPersonWords.contains(String($0)) }
    }
}
