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
            if startsRunOn(token, after: current, isConjunct: conjunct),
                isNameOrState(current)
                    ? index < sentence.tokens.upperBound && tokens[index].kind == .word
                    : !endsLikeRelative(from: index, in: sentence, tokens: tokens)
                        && !opensRelativeClause(after: current, at: index - 1, in: sentence, tokens: tokens)
            {
                clauses.append(Clause(words: current, isConjunct: conjunct))
                current = [token]
                conjunct = false
                continue
            }
            if !current.isEmpty, reasonConjunctions.contains(token.key),
                startsReason(after: index, previous: current.last, in: sentence, tokens: tokens)
            {
                // "Not sure what to do since I'm a blonde girl", "… as I work nights": the reason
                // is the speaker's own statement.
                clauses.append(Clause(words: current, isConjunct: conjunct))
                current = []
                conjunct = false
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

    /// Conjunctions that give a reason only in some uses ("since I was a kid" is a time, "as I
    /// said" a reference to the talk): see ``startsReason(after:previous:in:tokens:)``.
    private static let reasonConjunctions: Set<WordKey> = Lexicon.keys("since as")
    /// Words before "as" that make it a comparison or a time ("as long as", "as soon as", "such as").
    private static let comparing: Set<WordKey> = Lexicon.keys(
        "as long soon much well far just same such good many often")
    /// Verbs after "as I" / "since I" that refer to the talk, the past or growing up, not a reason.
    private static let notReasons: Set<WordKey> = Lexicon.keys(
        ("said say mentioned mention told tell was were got get grow grew age aged get started moved left "
            + "can could would will did do should might may had saw remember"))

    /// True when "since" or "as" at `index - 1` opens the speaker's present statement as a reason:
    /// "since I'm …", "as I work …"; not "since I was little", "as I said", "as soon as I".
    private static func startsReason(after index: Int, previous: Token?, in sentence: Sentence, tokens: [Token]) -> Bool
    {
        guard let previous, previous.kind == .word, !previous.flags.contains(.subordinator),
            let subject = nextWord(after: index, in: sentence, tokens: tokens)
        else { return false }
        if tokens[index - 1].key == Words.as, comparing.contains(previous.key) || previous.flags.contains(.auxiliary) {
            return false  // "as soon as I", "I do as I please"
        }
        if subject.key == Words.iAm || subject.key == Words.im { return true }
        guard subject.key == Words.i || subject.key == Words.iHave || subject.key == Words.ive,
            let position = (index..<sentence.tokens.upperBound).first(where: { tokens[$0].kind == .word }),
            let verb = nextWord(after: position + 1, in: sentence, tokens: tokens)
        else { return false }
        return !notReasons.contains(verb.key) && !verb.flags.contains(.pastForm) && !verb.looksRegularPast
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

    /// Words after which a speaker's "I" continues the clause rather than starting a new one:
    /// verbs and adjectives that take a clause ("I think I", "I'm sure I'm"), subordinators,
    /// conjunctions (handled above), and "I" itself.
    private static let takesClause: Set<WordKey> = Lexicon.keys(
        ("think thought know knew hope hoped guess feel felt like wish wished sure believe say said says mean "
            + "thinks knows says tells told feels hopes believes guesses wishes reckons wants suggested me us "
            + "bet glad happy sorry afraid realize realized realise realised suppose imagine remember forgot "
            + "forget doubt worried worry swear admit promise figured figure noticed notice understand "
            + "assume assumed heard hear saw see seems seemed means and but or so because cause cuz though "
            + "although than as when whenever if unless until before after since while where what how why "
            + "which who whether that then once i i'm im i've ive i'd i'll even only also just maybe "
            + "probably not never do did does can could would should will might must may was were is am are "
            + "be been have has had yes yeah no ok okay well oh wow lol haha hi hey hello thanks"))

    /// A new first-person subject in a run-on without punctuation ("I'm 33 and love giving back
    /// I grew up poor", "I love the holidays I volunteer at a soup kitchen"): the clause so far
    /// has its own subject and at least a verb and an object, and the word before the new "I"
    /// does not take a clause.
    private static func startsRunOn(_ token: Token, after current: [Token], isConjunct: Bool) -> Bool {
        // Without a subject of its own, the clause so far is a remark or an interjection ("Man
        // your lucky I am a nurse", "That sounds like fun I love hiking"), unless it is a time
        // phrase the statement keeps ("Last summer I ran a marathon").
        let remark =
            !Anchor.hasSubject(current) && current.count >= 2
            && !current.contains {
                $0.flags.intersects([.frequency, .pastTime, .futureTime, .number])
                    || Lexicon.timeNouns.contains($0.key)
            }
        guard token.key != Words.my, Anchor.startsSubject(token), current.count >= (isConjunct || remark ? 2 : 3),
            isConjunct || remark || Anchor.hasSubject(current), let last = current.last, last.kind == .word,
            !last.isQuoted,
            !takesClause.contains(last.key), !Lexicon.relativeHeads.contains(last.key),
            !last.flags.intersects([.subordinator, .auxiliary, .discourse]),
            !Anchor.isLeadingPossessivePhrase(current)  // "In my youth I ran marathons"
        else { return false }
        return true
    }

    /// "I am george", "hi im sam", "my name is jill", "I am tired": the speaker's copula and one
    /// word, a name or an adjective. No relative clause follows that, so a new "I" and anything
    /// after it is a new statement, however short ("I am george I farm bees").
    private static func isNameOrState(_ current: [Token]) -> Bool {
        var start = 0
        while start < current.count,
            current[start].flags.intersects([.discourse, .filler]) || greetings.contains(current[start].key)
        {
            start += 1
        }
        let words = current[start...].map(\.key)
        let named: Bool
        switch words.count {
        case 2: named = words[0] == Words.im || words[0] == Words.iAm
        case 3:
            named = (words[0] == Words.i && words[1] == Words.am) || (words[0] == Words.my && words[1] == Words.name)
        case 4: named = words[0] == Words.my && words[1] == Words.name && words[2] == Words.is
        default: named = false
        }
        guard named, let last = current.last, last.kind == .word else { return false }
        return !last.flags.intersects([.determiner, .auxiliary, .subordinator, .negation, .objectPronoun])
    }

    private static let greetings: Set<WordKey> = Lexicon.keys("hi hello hey hiya howdy man well")

    /// Prepositions that end a relative clause without "that" ("the city I want to live in").
    private static let strandedPrepositions: Set<WordKey> = Lexicon.keys(
        "in to about for with on at of from by into")

    /// True when the words from `index` (just after the new "I") to the next comma or the end
    /// read as a relative clause without "that": at most two more words ("a band I went to
    /// see" aside, "games I never played"), or a stranded preposition at the end.
    private static func endsLikeRelative(from index: Int, in sentence: Sentence, tokens: [Token]) -> Bool {
        var count = 0
        var last: Token? = nil
        var position = index
        while position < sentence.tokens.upperBound, tokens[position].kind == .word {
            count += 1
            last = tokens[position]
            position += 1
        }
        guard let last else { return true }
        return count <= 2 || strandedPrepositions.contains(last.key)
    }

    /// True when the "I" at `position` is the subject of a relative clause on the words before it
    /// ("all my food I buy is organic", "The workout I did was brutal": ``Anchor/relativeClause(at:in:)``),
    /// so the clause goes on through it.
    private static func opensRelativeClause(
        after current: [Token], at position: Int, in sentence: Sentence, tokens: [Token]
    ) -> Bool {
        var words = current
        var index = position
        while index < sentence.tokens.upperBound, tokens[index].kind == .word, words.count < current.count + 8 {
            words.append(tokens[index])
            index += 1
        }
        return Anchor.relativeClause(at: current.count, in: words) != nil
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
