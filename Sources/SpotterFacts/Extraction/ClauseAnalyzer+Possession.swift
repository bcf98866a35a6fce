// Clauses whose subject is something of the speaker's ("my left knee", "my goal"), and the few
// patterns that state a fact about the speaker without "I" or "my" ("running makes me happy").

extension ClauseAnalyzer {
    private static let personalNouns: [WordKey: String] = [
        Words.name: "name", Words.job: "job", WordKey("age"): "age", WordKey("birthday"): "birthday",
        WordKey("address"): "home", WordKey("hometown"): "origin", WordKey("schedule"): "work-pattern",
        WordKey("shift"): "work-pattern", WordKey("shifts"): "work-pattern", WordKey("work"): "job",
    ]

    func possessionRule() -> Decision? {
        let phrase = anchor.nounPhrase.clamped(to: 0..<words.count)
        let predicate = anchor.predicateStart
        if contains(Words.heart, in: phrase), contains(Words.set, in: predicate..<predicate + 3) {
            let on = (predicate..<words.count).first { words[$0].key == Words.on } ?? predicate
            return Decision(
                category: .goal, topic: TopicKey.words(words, from: on + 1, limit: 2) ?? "goal",
                temporal: .intended, weight: 0.9)
        }
        if any(.goalNoun, in: phrase) {
            let topic = TopicKey.words(words, from: predicate, limit: 2) ?? "goal"
            return Decision(category: .goal, topic: topic, temporal: .intended)
        }
        if contains(Words.opinion, in: phrase) {
            let topic = TopicKey.words(words, from: predicate, limit: 2) ?? "opinion"
            return Decision(category: .belief, topic: topic, contentStart: predicate)
        }
        if let favourite = phrase.first(where: {
            let key = words[$0].key
            return key == Words.favourite || key == Words.favorite || key == Words.fave
        }) {
            let what = TopicKey.words(words, from: favourite + 1, limit: 1, stopAt: phrase.upperBound) ?? "thing"
            return Decision(category: .preference, topic: "favourite-" + what)
        }
        if any(.bodyPart, in: phrase) {
            guard any([.symptom, .condition, .recovery, .injuryVerb], in: 0..<words.count) else { return nil }
            return Decision(category: .health, topic: healthTopic(in: [phrase]))
        }
        if any(.condition, in: phrase) || contains(Words.weight, in: phrase) {
            return Decision(category: .health, topic: healthTopic(in: [phrase]))
        }
        if let personal = phrase.lazy.compactMap({ Self.personalNouns[self.words[$0].key] }).first {
            let detail = personal == "job" ? TopicKey.words(words, from: predicate, limit: 1) : nil
            return Decision(category: .personal, topic: [personal, detail].compactMap { $0 }.joined(separator: "-"))
        }
        if let equipment = first(.equipment, in: phrase) {
            return Decision(category: .other, topic: TopicKey.stem(words[equipment]))
        }
        if any(.diet, in: phrase) || contains(Words.diet, in: phrase) {
            return Decision(category: .preference, topic: "diet")
        }
        return nil
    }

    private static let feelGood: Set<WordKey> = Lexicon.keys(
        "happy smile calm relaxed sane strong better good alive")
    private static let valueWords: Set<WordKey> = Lexicon.keys(
        "matter matters important first everything lot world more most")

    /// "Running makes me happy" (a preference), "Family comes first for me" (a belief).
    func special() -> FactDraft? {
        for index in words.indices.dropFirst() {
            let key = words[index].key
            guard self.key(index + 1) == Words.me, !words[index].isQuoted else { continue }
            var decision: Decision? = nil
            if key == Words.makes || key == Words.make || key == Words.keeps,
                let next = word(index + 2), Self.feelGood.contains(next.key)
            {
                if let topic = TopicKey.words(words, from: 0, limit: 1, stopAt: index) {
                    decision = Decision(category: .preference, topic: topic)
                }
            } else if key == Words.to || key == Words.for, Self.valueWords.contains(words[index - 1].key),
                !words[0..<index].contains(where: { $0.flags.contains(.questionWord) })
            {
                if let topic = TopicKey.words(words, from: 0, limit: 1, stopAt: index) {
                    decision = Decision(category: .belief, topic: topic)
                }
            }
            guard let decision else { continue }
            return FactDraft(
                subject: "self", category: decision.category, polarity: .positive, temporal: .current,
                confidence: 0.7, topic: decision.topic, content: writer.write(words, from: 0, to: words.count))
        }
        return nil
    }

    /// "My dog is named Max", "My parents live in Ohio": a statement about something of the
    /// speaker's that no possession rule recognised, kept when it is plain and durable.
    func possessionStatement() -> Decision? {
        let phrase = anchor.nounPhrase.clamped(to: 0..<words.count)
        guard phrase.contains(where: { TopicKey.isContent(words[$0]) }), let headWord = word(head),
            !group.hypothetical, !group.future, !group.hedged, !group.canModal, !addressesListener(),
            !headWord.flags.intersects([.objectPronoun, .transient, .questionWord])
        else { return nil }
        if group.copula, headWord.flags.intersects([.transient, .symptom]) { return nil }
        guard let noun = TopicKey.words(words, from: phrase.lowerBound, limit: 2, stopAt: phrase.upperBound),
            let said = TopicKey.words(words, from: head, limit: 2, stopAt: mainEnd)
        else { return nil }
        return Decision(
            category: .other, topic: "said-" + noun + "-" + said, weight: 0.7, contentEnd: mainEnd, generic: true)
    }
}
