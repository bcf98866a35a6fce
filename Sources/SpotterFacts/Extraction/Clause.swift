/// A clause of a sentence: its word tokens (commas dropped) and how it was joined to the
/// clause before it.
struct Clause: Sendable {
    var words: [Token]
    /// True when the clause was split off at "and"/"but" before a verb ("… and hated it"):
    /// its subject is the previous clause's.
    var isConjunct: Bool
}

/// Splits a sentence into clauses at commas and at conjunctions that start a new subject
/// ("… but I hate running", "… because my knee hurts").
enum ClauseSplitter {
    /// Conjunctions that may start a new clause.
    private static let conjunctions: Set<WordKey> = Set(
        "and but so because cause cuz although though plus yet whereas or".split(separator: " ")
            .map(Lexicon.key))

    static func clauses(of sentence: Sentence, in tokens: [Token]) -> [Clause] {
        var clauses: [Clause] = []
        var current: [Token] = []
        var conjunct = false
        var index = sentence.tokens.lowerBound
        while index < sentence.tokens.upperBound {
            let token = tokens[index]
            index += 1
            if token.kind == .comma {
                // A lead-in without a subject ("By the way,") stays with what follows.
                if Anchor.hasSubject(current) && !isLeadIn(current) {
                    clauses.append(Clause(words: current, isConjunct: conjunct))
                    current = []
                    conjunct = false
                }
                continue
            }
            if !current.isEmpty, conjunctions.contains(token.key),
                let next = nextWord(after: index, in: sentence, tokens: tokens)
            {
                if Anchor.startsSubject(next) && !joinsRelation(current, next: next) {
                    clauses.append(Clause(words: current, isConjunct: conjunct))
                    current = []
                    conjunct = false
                    continue
                }
                let isAndBut = token.key == Words.and || token.key == Words.but
                if isAndBut
                    && nextContentWord(after: index, in: sentence, tokens: tokens).map(Anchor.isElidedVerb) == true
                    && Anchor.hasSubject(current)
                {
                    clauses.append(Clause(words: current, isConjunct: conjunct))
                    current = []
                    conjunct = true
                    continue
                }
            }
            current.append(token)
        }
        if !current.isEmpty { clauses.append(Clause(words: current, isConjunct: conjunct)) }
        return clauses
    }

    private static func nextContentWord(after index: Int, in sentence: Sentence, tokens: [Token]) -> Token? {
        var index = index
        while index < sentence.tokens.upperBound {
            let token = tokens[index]
            if token.kind == .word && !token.flags.contains(.filler) { return token }
            index += 1
        }
        return nil
    }

    private static func nextWord(after index: Int, in sentence: Sentence, tokens: [Token]) -> Token? {
        var index = index
        while index < sentence.tokens.upperBound {
            if tokens[index].kind == .word { return tokens[index] }
            index += 1
        }
        return nil
    }

    /// "In my opinion," introduces the clause after it.
    private static func isLeadIn(_ words: [Token]) -> Bool {
        guard words.count >= 2, words[words.count - 2].key == Words.my else { return false }
        let last = words[words.count - 1].key
        return last == Words.opinion || last == WordKey("view") || last == WordKey("experience")
    }

    /// "My wife and I …" is one subject, not two clauses.
    private static func joinsRelation(_ current: [Token], next: Token) -> Bool {
        guard next.key == Words.i, current.count >= 2 else { return false }
        let last = current[current.count - 1]
        return last.flags.contains(.relation) && current.contains { $0.key == Words.my }
    }
}
