// Health, skill and experience rules.

extension ClauseAnalyzer {
    // MARK: - Health

    func healthRule() -> Decision? {
        let ranges = [anchor.nounPhrase, head..<mainEnd]
        // "on my toes", "a pain in the neck": a part in a figurative phrase names no problem.
        let idioms =
            words.contains { $0.flags.contains(.bodyPart) } ? BodyIdiom.figurative(words.map(\.text)) : []
        var flags: WordFlags = []
        for range in ranges {
            for index in range.clamped(to: 0..<words.count) where !idioms.contains(index) {
                flags.formUnion(words[index].flags)
            }
        }
        let bodily = flags.contains(.bodyPart) && flags.intersects([.injuryVerb, .symptom])
        guard flags.intersects(.healthWord) || bodily else { return nil }
        return Decision(category: .health, topic: healthTopic(in: ranges))
    }

    /// The health slot: a body part with its side and any named condition ("knee-left",
    /// "knee-surgery"), else the condition ("asthma", "sleep", "allergy-peanut").
    func healthTopic(in ranges: [Range<Int>]) -> String {
        var body: String? = nil
        var side: String? = nil
        var condition: String? = nil
        var symptom: String? = nil
        var conditionIndex = 0
        for range in ranges {
            for index in range.clamped(to: 0..<words.count) {
                let word = words[index]
                if word.flags.contains(.bodyPart) && body == nil {
                    body = TopicKey.stem(word)
                    if let before = self.word(index - 1), before.flags.contains(.side) { side = before.text }
                }
                if word.flags.contains(.condition) && condition == nil {
                    condition = TopicKey.stem(word)
                    conditionIndex = index
                }
                if word.flags.contains(.symptom) && symptom == nil { symptom = TopicKey.stem(word) }
            }
        }
        if let body { return [body, side, condition].compactMap { $0 }.joined(separator: "-") }
        if condition == "allergy", key(conditionIndex + 1) == Words.to,
            let object = TopicKey.words(words, from: conditionIndex + 2, limit: 1)
        {
            return "allergy-" + object
        }
        return condition ?? symptom ?? "health"
    }

    // MARK: - Skill

    private static let strongSkillAdjectives: Set<WordKey> = Lexicon.keys(
        "certified experienced qualified beginner intermediate advanced expert novice fluent")

    func skillRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        let next = key(head + 1)
        if group.canModal && !group.hypothetical && !group.hedged && headKey != Words.stand
            && headKey != WordKey("wait") && !headWord.flags.contains(.determiner)
        {
            // "I can swim", "I can't cook": an ability, not "I can bring snacks" or "I can imagine".
            guard
                Self.abilityVerbs.contains(headKey) || headWord.flags.intersects([.activity, .consumption])
                    || any(.number, in: head..<mainEnd),  // "I can hold a plank for three minutes"
                !addressesListener()
            else { return nil }
            return Decision(category: .skill, topic: TopicKey.words(words, from: head, limit: 1) ?? "ability")
        }
        if group.copula && headKey == Words.able && next == Words.to {
            return Decision(category: .skill, topic: TopicKey.words(words, from: head + 2, limit: 1) ?? "ability")
        }
        if headKey == Words.know || headKey == WordKey("knows") {
            if next == Words.how, key(head + 2) == Words.to {
                return Decision(category: .skill, topic: TopicKey.words(words, from: head + 3, limit: 1) ?? "ability")
            }
            if next == Words.nothing || next == Words.lot || next == Words.a, contains(Words.about, in: head..<mainEnd)
            {
                let about = (head..<mainEnd).first { words[$0].key == Words.about } ?? head
                return Decision(
                    category: .skill, topic: TopicKey.words(words, from: about + 1, limit: 1) ?? "knowledge")
            }
        }
        if headKey == Words.speak || headKey == Words.speaks, let language = first(.language, in: head..<mainEnd) {
            return Decision(category: .skill, topic: words[language].text)
        }
        if headKey == Words.play || headKey == Words.plays, let instrument = first(.instrument, in: head..<head + 3) {
            return Decision(category: .skill, topic: words[instrument].text)
        }
        if headKey == Words.learned || headKey == Words.learnt || headKey == Words.learn, next == Words.to {
            return Decision(category: .skill, topic: TopicKey.words(words, from: head + 2, limit: 1) ?? "ability")
        }
        if group.copula {
            let complement = complementHead(head)
            if key(complement) == WordKey("new"), key(complement + 1) == Words.to {  // "I'm new to lifting"
                return Decision(
                    category: .skill, topic: TopicKey.words(words, from: complement + 2, limit: 1) ?? "ability")
            }
            if let doer = word(complement), doer.hasSuffix("er"), doer.length > 4, let before = word(complement - 1),
                before.flags.intersects([.skillAdjective, .poorSkillAdjective])
                    || Self.doerAdjectives.contains(before.key)
            {  // "a strong swimmer", "a terrible cook"
                return Decision(
                    category: .skill, topic: TopicKey.stem(doer),
                    stanceNegative: before.flags.contains(.poorSkillAdjective) || before.key == WordKey("weak"))
            }
            guard let word = word(complement), word.flags.intersects([.skillAdjective, .poorSkillAdjective]) else {
                return nil
            }
            let after = key(complement + 1)
            var start: Int? = nil
            if after == Words.at || after == Words.in || after == Words.with {
                start = complement + 2
            } else if Self.strongSkillAdjectives.contains(word.key), complement + 1 < mainEnd {
                start = complement + 1
            }
            guard let start else { return nil }
            return Decision(
                category: .skill, topic: TopicKey.words(words, from: start, limit: 1) ?? "ability",
                stanceNegative: word.flags.contains(.poorSkillAdjective))
        }
        return nil
    }

    /// Verbs that name an ability after "can" ("I can speak French", "I can't cook").
    private static let abilityVerbs: Set<WordKey> = Lexicon.keys(
        ("speak read write sing draw paint knit sew crochet cook bake code program drive fix build dance swim "
            + "ski skate surf run lift squat bench deadlift juggle type touch whistle count climb dive sail "
            + "fly shoot hunt fish garden tell"))

    /// True when the predicate speaks of the listener ("I can bring your stuff", "I'm sure you'll
    /// love it"): about the conversation, not about the speaker.
    func addressesListener() -> Bool {
        head < mainEnd && words[head..<mainEnd].contains { $0.flags.contains(.listener) }
    }

    // MARK: - Experience

    private static let countMarkers: Set<WordKey> = Lexicon.keys(
        "times once twice before")
    private static let doerAdjectives: Set<WordKey> = Lexicon.keys(
        "strong weak fast slow keen")

    /// Participles that state something the speaker has lived through when their object is a
    /// thing of its own ("I have seen Free Solo", "I've ridden a camel"), not the conversation's
    /// ("I've seen that movie"). "I've heard of …" was written down 1 time in 5: not here.
    private static let livedParticiples: Set<WordKey> = Lexicon.keys(
        "seen ridden eaten read watched flown driven tasted owned climbed")
    /// Participles whose object must be named: "seen", "read" and "watched" are said of
    /// pictures, ads and shows in passing far more often than of something lived through.
    private static let namedParticiples: Set<WordKey> = Lexicon.keys("seen read watched")
    private static let amounts: Set<WordKey> = Lexicon.keys("lot lots couple few bunch ton number")
    private static let images: Set<WordKey> = Lexicon.keys(
        "pictures picture photos photo pics pic images ads commercials")
    /// Words that point at what was just said rather than name a thing.
    private static let pointing: Set<WordKey> = Lexicon.keys(
        "this that these those it them one ones your his her their so such")

    /// "I have seen a blue jay", "I've never had sushi", "I have never been on a plane": a
    /// perfect of a participle of living through something, with an object that names a thing.
    private func perfectExperience(_ headWord: Token) -> Decision? {
        guard group.perfect || group.possession, !group.hypothetical, !group.future, !group.canModal else { return nil }
        let before = key(head - 1)
        var start = head + 1
        if before == Words.been, group.never, Self.placePrepositions.contains(headWord.key) {
            // "I have never been on a plane" (the verb group stops at the preposition)
        } else if before == Words.had, group.never, !group.copula {
            start = head  // "I have never had sushi": the group ends at the object
        } else {
            guard Self.livedParticiples.contains(headWord.key) else { return nil }
            if Self.namedParticiples.contains(headWord.key) {
                // "I have seen Free Solo", "I've seen a blue jay …", "I've read Dune": a thing with a
                // name. On msc-valid a reader wrote down 1 in 3 of every "I've seen …" (pictures,
                // ads, "some cool cars"), and fewer of those denied ("haven't seen any ads").
                let named = (start..<min(start + 4, mainEnd)).contains {
                    words[$0].isCapitalized && words[$0].key != Words.i
                }
                // "a blue jay", "an eagle": one thing seen, not "a lot of people" or "a couple snakes".
                let one =
                    (key(start) == Words.a || key(start) == Words.an)
                    && !Self.amounts.contains(key(start + 1) ?? WordKey(""))
                guard !group.negated, named || one,
                    !Self.images.contains(words[start].key), !Self.images.contains(key(start + 1) ?? WordKey(""))
                else { return nil }
            }
        }
        guard let object = word(start), !Self.pointing.contains(object.key), !object.flags.contains(.objectPronoun),
            !addressesListener(),
            let topic = TopicKey.words(words, from: start, limit: 2, stopAt: mainEnd)
        else { return nil }
        return Decision(category: .experience, topic: topic)
    }

    private static let placePrepositions: Set<WordKey> = Lexicon.keys("to on in at inside")

    func experienceRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        if group.perfect, group.copula, headWord.hasSuffix("ing"), headWord.flags.contains(.activity),
            group.never || words[head..<mainEnd].contains(where: { Self.countMarkers.contains($0.key) })
        {
            return Decision(category: .experience, topic: TopicKey.stem(headWord))  // "I've been skiing a few times"
        }
        if let lived = perfectExperience(headWord) { return lived }
        guard headWord.flags.contains(.experienceVerb) else { return nil }
        let topicStart = headWord.key == Words.been ? head + 2 : head + 1
        let topic = TopicKey.words(words, from: topicStart, limit: 2, stopAt: mainEnd) ?? TopicKey.stem(headWord)
        if group.perfect && !group.copula {
            return Decision(category: .experience, topic: topic)
        }
        guard group.past || headWord.flags.contains(.pastForm), headWord.key != Words.had else { return nil }
        let rest = head + 1..<words.count
        var marked = any([.eventNoun, .pastTime], in: rest) || any(.pastTime, in: 0..<head)
        for index in rest.clamped(to: 0..<words.count) where !marked {
            let word = words[index]
            if word.flags.contains(.number) && word.length == 4 { marked = true }  // a year
            if word.isCapitalized && !word.flags.contains(.relation) && word.key != Words.i { marked = true }
        }
        if headWord.key == WordKey("met"), any(.relation, in: rest) { marked = true }
        if headWord.key == WordKey("went"), let next = word(head + 1), next.hasSuffix("ing") { marked = true }
        guard marked else { return nil }
        return Decision(category: .experience, topic: topic)
    }
}
