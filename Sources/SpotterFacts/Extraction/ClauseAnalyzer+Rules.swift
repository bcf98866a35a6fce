// The category rules, tried in order: the first that recognises the clause decides.
// Goal before belief before preference before health, because "I want to sleep better" is a
// goal and "I think carbs are bad" a belief, whatever words they contain.

extension ClauseAnalyzer {
    private static let reportVerbs: Set<WordKey> = Lexicon.keys(
        "thinks think says said told tells asked asks reckons wants feels thought suggested")

    /// Where a named person's report about the speaker starts: "my doctor says [I have high
    /// cholesterol]"; nil when the clause is not such a report.
    func reportedStart() -> Int? {
        guard case .relation = anchor.kind, let head = word(head), Self.reportVerbs.contains(head.key) else {
            return nil
        }
        var start = self.head + 1
        if key(start) == Words.that { start += 1 }
        guard let next = word(start), Anchor.startsSubject(next) || next.key == Words.me || next.key == Words.you
        else { return nil }
        return start
    }

    mutating func decide() -> Decision? {
        if anchor.kind == .speakerPossession {
            if withholdsName() { return nil }
            return possessionRule() ?? possessionStatement()
        }
        if let idiom = idiomRule() { return idiom }
        if isConjunct, let head = word(head), head.flags.intersects([.job, .marital, .diet, .condition, .symptom]),
            !head.flags.intersects([.activity, .consumption])
        {
            group.copula = true  // "I'm 61 and recently retired": the conjunct shares the copula
        }
        // "I might do some embroidery", "I'd probably want a cat": only a symptom stands, not an aim.
        if group.hedged { return healthRule() }
        if let goal = goalRule() { return goal }
        if group.hypothetical && key(head) != Words.rather { return nil }  // "I could eat a horse"
        if group.future { return nil }  // "I'll be there at 6"
        // An opinion ("I think …", "I'm sure …", "I believe …") is a belief or nothing: its inner
        // words ("running was bad for your knees") are not the speaker's health or habits.
        if beliefEmbedding() != nil { return beliefRule() }
        // The rules in order, the first decision wins. Written as a chain rather than a list of
        // method references: each reference copied the whole analyzer into a closure, per clause.
        if let decision = beliefRule() ?? preferenceRule() ?? healthRule() ?? skillRule() ?? experienceRule()
            ?? relationshipRule() ?? personalRule() ?? habitRule() ?? otherRule() ?? statementRule()
        {
            return decision
        }
        if case .speakerWith(let relation) = anchor.kind, word(head) != nil {
            return Decision(category: .relationship, topic: relation, weight: 0.8)
        }
        return relationFallback()
    }

    /// Words that say a name is beside the point ("my name doesn't matter", "my name is a secret").
    private static let nonAnswers: Set<WordKey> = Lexicon.keys(
        "matter matters important unimportant irrelevant secret")

    /// "my name doesn't matter", "my name is not important", "my age is a secret": a non-answer,
    /// no name and no fact.
    private func withholdsName() -> Bool {
        let phrase = anchor.nounPhrase.clamped(to: 0..<words.count)
        guard contains(Words.name, in: phrase) || contains(WordKey("age"), in: phrase) else { return false }
        return group.negated || words[anchor.predicateStart...].contains { Self.nonAnswers.contains($0.key) }
    }

    // MARK: - Idioms and goals

    /// Set phrases whose words mislead: (words, category, topic, polarity of the phrase).
    private static let idioms: [([WordKey], FactCategory, String)] = [
        (["couch", "potato"].map { WordKey($0) }, .habit, "exercise"),
        (["gym", "rat"].map { WordKey($0) }, .habit, "gym"),
        (["sweet", "tooth"].map { WordKey($0) }, .preference, "sweets"),
        (["night", "owl"].map { WordKey($0) }, .personal, "chronotype"),
        (["early", "bird"].map { WordKey($0) }, .personal, "chronotype"),
        (["morning", "person"].map { WordKey($0) }, .personal, "chronotype"),
        (["at", "the", "bit"].map { WordKey($0) }, .goal, "comeback"),
        (["out", "of", "shape"].map { WordKey($0) }, .health, "fitness"),
    ]

    func idiomRule() -> Decision? {
        for (phrase, category, topic) in Self.idioms {
            guard let start = words.indices.first(where: { words[$0].key == phrase[0] }),
                start + phrase.count <= words.count,
                zip(phrase, words[start..<start + phrase.count]).allSatisfy({ $0 == $1.key })
            else { continue }
            if category == .goal {
                return Decision(
                    category: .goal, topic: TopicKey.words(words, from: start + 3, limit: 2) ?? topic,
                    temporal: .intended, weight: 0.9)
            }
            return Decision(category: category, topic: topic, weight: 0.9)
        }
        for index in words.indices {
            if words[index].key == Words.under, key(index + 1) == Words.the, key(index + 2) == Words.weather {
                return Decision(category: .health, topic: "illness", weight: 0.9)
            }
            if words[index].key == Words.head, key(index + 1) == Words.over, key(index + 2) == Words.heels {
                let topic = TopicKey.words(words, from: index + 3, limit: 1) ?? "thing"
                return Decision(category: .preference, topic: topic, weight: 0.9)
            }
        }
        return nil
    }

    private static let goingPlaces: Set<WordKey> = Lexicon.keys(
        "bed work school church sleep class practice town")

    func goalRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        let next = key(head + 1)
        var start: Int? = nil
        if headWord.flags.contains(.intention) {
            switch headKey {
            case Words.wanna, Words.gonna: start = head + 1
            case Words.going:
                if next == Words.to, let after = word(head + 2), !after.flags.contains(.determiner),
                    !Self.goingPlaces.contains(after.key)
                {
                    start = head + 2
                }
            case Words.planning, Words.thinking, Words.considering, WordKey("plan"), WordKey("plans"):
                if next == Words.on || next == Words.about || next == Words.of || next == Words.to { start = head + 2 }
            case Words.training, Words.saving, WordKey("aiming"), WordKey("aim"):
                if next == Words.for || next == Words.up || next == Words.to { start = head + 2 }
            case Words.wish:
                // "I wish to compete" is an aim; "I wish I could …", "I wish I had …" is a regret
                // (on msc-valid 1 in 6 of them was what a reader wrote down).
                if next == Words.to { start = head + 2 }
            default: if next == Words.to { start = head + 2 }
            }
        }
        if group.hypothetical, headKey == Words.like || headKey == Words.love, next == Words.to { start = head + 2 }
        // "I'll need to add it to my list", "I'll try to get pictures": what the speaker will do
        // next is no aim (5 of 43 such facts matched what readers wrote down on msc-valid)...
        if group.future { start = nil }
        // ... but "I'll run a 10k next summer", "I'm running a 10k next summer" is a dated plan.
        if group.future || group.progressive, any([.activity, .eventNoun], in: head..<mainEnd),
            any(.futureTime, in: head..<words.count)
        {
            start = head
        }
        guard let start else { return nil }
        // "I'd love to!", "I want to do that": an aim needs an object ("… to run a marathon").
        guard let topic = TopicKey.words(words, from: start, limit: 2, stopAt: min(mainEnd, contentExtent())),
            !addressesListener()
        else {
            return nil
        }
        return Decision(category: .goal, topic: topic, temporal: .intended)
    }

    // MARK: - Belief

    /// Where the statement embedded under "I think", "I'm sure", "I believe in" starts.
    func beliefEmbedding() -> (start: Int?, topic: String?)? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        var start: Int? = nil
        if !group.copula && headWord.flags.contains(.beliefVerb) && headKey != WordKey("sure") {
            start = key(head + 1) == Words.in ? head + 2 : head + 1
        } else if headKey == Words.feel || headKey == Words.feels, key(head + 1) == Words.like {
            start = head + 2
        } else if group.copula {
            let complement = complementHead(head)
            guard let word = word(complement) else { return nil }
            if word.flags.contains(.religion) { return (nil, "religion") }
            if word.key == WordKey("sure") || word.key == WordKey("convinced") {
                start = complement + 1
            } else if word.key == WordKey("believer") {
                start = key(complement + 1) == Words.in ? complement + 2 : complement + 1
            }
        } else if headWord.flags.contains(.religion) {
            return (nil, "religion")
        }
        guard var begin = start else { return nil }
        if key(begin) == Words.that { begin += 1 }
        return (begin, nil)
    }

    private static let genericPronouns: Set<WordKey> = Lexicon.keys(
        "everyone everybody everything nobody nothing people")
    private static let quantifiers: Set<WordKey> = Lexicon.keys("most all some many")

    private static let commitmentVerbs: Set<WordKey> = Lexicon.keys(
        "believe believes believed trust trusts trusted")

    /// Beliefs the speaker holds as values ("I believe in rest days", "I'm convinced stretching
    /// prevents injuries", "I'm not religious"). "I think …", "I'm sure …" and "I feel like …"
    /// are opinions of the moment: on real conversations (msc-valid) 9 in 100 of them were
    /// what a reader wrote down about the speaker, so they are not stored.
    func beliefRule() -> Decision? {
        guard let embedded = beliefEmbedding() else { return nil }
        if let topic = embedded.topic { return Decision(category: .belief, topic: topic) }
        guard let headWord = word(head) else { return nil }
        let committed =
            group.copula
            ? [WordKey("convinced"), WordKey("believer")].contains(word(complementHead(head))?.key)
            : Self.commitmentVerbs.contains(headWord.key)
        guard committed else { return nil }
        guard let start = embedded.start, var first = word(start), first.key != WordKey("so") else { return nil }
        // What the belief is about must be the world ("carbs are the enemy", "everyone should
        // learn to swim"), not the conversation ("you should go", "that's for the best", "he would").
        var subject = start
        while first.flags.contains(.determiner) || Self.quantifiers.contains(first.key), let next = word(subject + 1) {
            subject += 1
            first = next
        }
        let generic = Self.genericPronouns.contains(first.key)
        guard
            generic
                || (TopicKey.isContent(first) && !first.flags.intersects([.questionWord, .subjectPronoun])
                    && !first.flags.contains(.listener))
        else { return nil }
        let topic = TopicKey.words(words, from: start, limit: 2) ?? "belief"
        return Decision(category: .belief, topic: topic)
    }

    // MARK: - Preference

    private static let becomeVerbs: Set<WordKey> = Lexicon.keys(
        "went go goes gone became become becoming turned turn going")
    private static let notVerbs: Set<WordKey> = Lexicon.keys(
        "favourite favorite fave fan rather obsessed")
    private static let boring: Set<WordKey> = Lexicon.keys("boring dull annoying tedious")

    func preferenceRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        if headWord.flags.intersects([.likeVerb, .dislikeVerb]) && !Self.notVerbs.contains(headKey) && !group.copula {
            var start = head + 1
            if key(start) == Words.to { start += 1 }
            guard let topic = objectTopic(from: start) else { return nil }
            return Decision(category: .preference, topic: topic, stanceNegative: headWord.flags.contains(.dislikeVerb))
        }
        if headKey == Words.rather {
            return Decision(category: .preference, topic: TopicKey.words(words, from: head + 1, limit: 1) ?? "choice")
        }
        if group.canModal && group.negated && headKey == Words.stand {
            guard let topic = objectTopic(from: head + 1) else { return nil }
            return Decision(category: .preference, topic: topic, polarity: .negative)
        }
        if group.copula {
            let complement = complementHead(head)
            let word = word(complement)
            if word?.key == Words.fan, key(complement + 1) == Words.of, let topic = objectTopic(from: complement + 2) {
                return Decision(category: .preference, topic: topic)
            }
            if word?.key == Words.into, let topic = objectTopic(from: complement + 1), topic != "shape" {
                return Decision(category: .preference, topic: topic)
            }
            if word?.flags.contains(.diet) == true
                || (word?.key == Words.on && self.word(complement + 1)?.flags.contains(.diet) == true)
            {
                return Decision(category: .preference, topic: "diet")
            }
            if let fear = fearRule(from: complement) { return fear }
            if word?.key == WordKey("obsessed"), key(complement + 1) == Words.with,
                let topic = objectTopic(from: complement + 2)
            {
                return Decision(category: .preference, topic: topic)
            }
        }
        if Self.becomeVerbs.contains(headKey), word(head + 1)?.flags.contains(.diet) == true {
            return Decision(category: .preference, topic: "diet")  // "I went vegan last year"
        }
        if headKey == Words.eat || headKey == Words.eats {
            let object = words[(head + 1)..<min(head + 4, mainEnd)]
            if object.contains(where: {
                $0.flags.contains(.diet) || $0.key == Words.everything || $0.key == Words.anything
            }) {
                return Decision(category: .preference, topic: "diet")
            }
        }
        if headKey == Words.find, words[head..<mainEnd].contains(where: { Self.boring.contains($0.key) }) {
            return Decision(
                category: .preference, topic: TopicKey.words(words, from: head + 1, limit: 1) ?? "thing",
                stanceNegative: true)
        }
        return nil
    }

    /// Adjectives of fear, with the common misspelling "scare" read as "scared".
    private static let fearWords: Set<WordKey> = Lexicon.keys(
        "scared scare afraid terrified frightened fearful petrified")

    /// "I'm scared of spiders", "I'm pretty scare of scorpions", "I'm deathly afraid of clowns":
    /// a standing fear of a thing, in the slot `fear-<thing>`. "I'm scared to ask" and "I'm
    /// afraid I can't" are feelings of the moment and name nothing.
    private func fearRule(from complement: Int) -> Decision? {
        var adjective = complement
        while adjective < complement + 2, let word = word(adjective), !Self.fearWords.contains(word.key),
            word.hasSuffix("ly") || word.flags.intersects([.filler, .discourse])
        {
            adjective += 1  // "so scared", "deathly afraid"
        }
        guard let word = word(adjective), Self.fearWords.contains(word.key), key(adjective + 1) == Words.of,
            let topic = objectTopic(from: adjective + 2)
        else { return nil }
        var decision = Decision(category: .preference, topic: "fear-" + topic)
        if word.key == WordKey("scare") { decision.respelled[adjective] = "scared" }
        // "pretty", "so", "really" before the adjective say nothing a reader writes down.
        decision.dropped = (anchor.predicateStart..<adjective).filter {
            self.words[$0].flags.intersects([.filler, .discourse])
        }
        return decision
    }

    /// The topic of an object; a bare pronoun ("I love that") names nothing durable, unless it
    /// points back at the previous clause ("I tried CrossFit and hated it").
    func objectTopic(from start: Int) -> String? {
        guard let first = word(start) else { return nil }
        if first.flags.contains(.objectPronoun) {
            return isConjunct ? previous?.topic : nil
        }
        if any(.diet, in: start..<min(start + 3, mainEnd)) { return "diet" }
        return TopicKey.words(words, from: start, limit: 1, stopAt: mainEnd)
    }
}
