// Where a statement's content stops. Real turns run several thoughts into one clause ("I like
// metal too but the old school stuff", "I'm a store manager and we sell tacos", "I teach piano so
// I'm busy"); the fact is the first thought, and what follows a contrast, a new subject or a
// consequence is another statement (often about someone else) or chat. On msc-valid, contents
// cut there match what readers wrote down more often than the whole clause (see docs/facts.md).

extension ClauseAnalyzer {
    /// Subjects that are not the speaker: after "and", they start someone else's statement.
    static let otherSubjects: Set<WordKey> = Lexicon.keys(
        "it it's its he he's she she's we we're we've they they're they've there there's that that's this you you're")
    private static let so = WordKey("so")
    private static let much = WordKey("much")
    /// Words after "so" that open a consequence though they are not a subject ("… so maybe I
    /// could", "so hopefully", "so the …", "so now").
    private static let consequenceOpeners: Set<WordKey> = Lexicon.keys(
        "maybe hopefully will would should could can don't dont lets let's the a my now most every")

    /// The end of the content: the first contrast or consequence (``WordFlags/clauseBreak``),
    /// "and" + another subject, or condition on the listener after the head; the clause's end
    /// when there is none. Flags and key comparisons only (no hashing) until an "and".
    func contentExtent() -> Int {
        likeDegreeTrimmed(statementEnd())
    }

    private static let too = WordKey("too")
    private static let degreeLeads: Set<WordKey> = Lexicon.keys("way far")

    /// A like's degree at the end is not its object: "I love to go on walks too much" → "Loves to
    /// go on walks", "I like shoes way too much" → "Likes shoes" (as "so much" is above).
    private func likeDegreeTrimmed(_ end: Int) -> Int {
        guard end >= head + 4, end <= words.count, let verb = word(head),
            verb.flags.intersects([.likeVerb, .dislikeVerb]),
            words[end - 1].key == Self.much, words[end - 2].key == Self.too
        else { return end }
        return Self.degreeLeads.contains(words[end - 3].key) ? end - 3 : end - 2
    }

    private func statementEnd() -> Int {
        var index = max(head + 1, anchor.predicateStart + 1)
        while index < words.count {
            let flags = words[index].flags
            if flags.contains(.clauseBreak) {
                // "so much", "so far", "so good": an intensifier, not a consequence. But "so much"
                // at the end or before a clause is the like's degree, dropped with what follows
                // ("I love dogs so much I'm excited to meet him" → "Loves dogs").
                if words[index].key == Self.so, let next = word(index + 1), !Self.startsStatement(next) {
                    if next.key == Self.much, index > head + 1,
                        word(index + 2).map({ Self.startsStatement($0) || $0.key == Words.that }) ?? true
                    {
                        return index
                    }
                    index += 1
                    continue
                }
                return index
            }
            if words[index].key == Words.and || words[index].key == Words.but, let next = word(index + 1),
                Self.otherSubjects.contains(next.key) || startsOtherSubject(at: index + 1)
            {
                return index
            }
            // "… if you are interested": a condition on the conversation, not on the fact.
            if flags.contains(.subordinator), let next = word(index + 1), next.flags.contains(.listener) {
                return index
            }
            index += 1
        }
        return words.count
    }

    /// Determiners that open someone or something else's noun phrase.
    private static let otherDeterminers: Set<WordKey> = Lexicon.keys(
        "the his her their our your its this that these those")
    /// Verbs that show a noun phrase after "and" is a subject: copulas, auxiliaries, verdicts.
    private static let subjectVerbs: Set<WordKey> = Lexicon.keys(
        ("is are was were has have had does do did will can gets got makes keeps sucks rocks stinks "
            + "helps costs pays goes went seems looks sounds feels"))

    /// "… and the pay sucks", "… but the hours are long": a noun phrase of someone or
    /// something else followed by its own verb starts another statement.
    private func startsOtherSubject(at start: Int) -> Bool {
        guard let first = word(start), Self.otherDeterminers.contains(first.key) else { return false }
        for index in start + 2...start + 3 {
            guard let verb = word(index) else { return false }
            if Self.subjectVerbs.contains(verb.key) || verb.flags.contains(.auxiliary) { return true }
            if !TopicKey.isContent(verb) { return false }
        }
        return false
    }

    /// True when `word` can open a new statement after "so": a subject ("so I", "so we").
    private static func startsStatement(_ word: Token) -> Bool {
        Anchor.startsSubject(word) || otherSubjects.contains(word.key) || consequenceOpeners.contains(word.key)
    }
}

extension ClauseAnalyzer {
    /// True when the content (up to `end`) speaks of the listener ("likes your optimism", "bets
    /// you can get hurt"): a remark on the conversation, not a fact about the speaker.
    func mentionsListener(before end: Int) -> Bool {
        let range = (min(head, anchor.predicateStart)..<end).clamped(to: 0..<words.count)
        return words[range].contains { $0.flags.contains(.listener) && !$0.isCapitalized }
    }
}

extension ClauseAnalyzer {
    private static let both = WordKey("both")
    private static let same = WordKey("same")
    private static let well = WordKey("well")
    /// Words that only echo the other person's message at the end of a statement.
    private static let echoes: Set<WordKey> = Lexicon.keys("too either also")

    /// True when the content (up to `end`) has no object of its own, only a pointer to what the
    /// other person just said: it ends at a demonstrative "that" or "this" ("Would love to hear that", "Can
    /// do that", "Turns to their spouse in times like that"), "both" ("Enjoys both") or "the
    /// same" ("Did the same"), or it is the speaker's bare "do" ("I do too", "I do as well"). On msc-valid
    /// such facts matched what readers wrote down 10 times in 108: the reader wrote the thing
    /// pointed at, which is in the other message.
    func pointsBack(before end: Int) -> Bool {
        var last = min(end, words.count) - 1
        while last > head {
            if Self.echoes.contains(words[last].key) || words[last].flags.contains(.chatFiller) {
                last -= 1
            } else if words[last].key == Self.well, words[last - 1].key == Words.as, last - 1 > head {
                last -= 2
            } else {
                break
            }
        }
        guard last >= 0, last >= head else { return false }
        if last == head {
            // The speaker's own "I do", "I always do"; not "my grandfather did" (a fact about
            // him, often written down) or "my favorite thing to do".
            guard anchor.kind == .speaker, last == 0 || words[last - 1].key != Words.to else { return false }
            return words[last].key == Words.do || words[last].key == Words.did
        }
        switch words[last].key {
        case Words.that, Words.this, Self.both: return true
        case Self.same: return words[last - 1].key == Words.the
        // "Has never tried it", "Would love to hear it", "Enjoys it": a short predicate whose
        // only object is an "it" nothing in the message names (11 of 68 such facts matched).
        case Words.it: return last - head <= 3 && !words[last].isCapitalized && antecedent()[last] == nil  // not "IT"
        default: return false
        }
    }
}
