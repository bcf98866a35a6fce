/// "We have a bunch of geese and ducks", "we keep sheep", "we have two kids": a household "we"
/// that has animals, children or a home says the speaker has them too.
///
/// Only those three kinds of thing: a team's or a class's "we" ("we have a game Friday", "we
/// have a class dog") says nothing about the speaker, so the noun must be an animal, a child or
/// a home, right after the verb (with at most a number, an article or an amount before it).
enum HouseholdStatement {
    /// The "Has …" / "Keeps …" fact of a clause that opens with a household "we", or nil.
    static func draft(in words: [Token], writer: ContentWriter) -> FactDraft? {
        var start = 0
        while start < min(words.count, 3), words[start].flags.intersects([.discourse, .filler]) { start += 1 }
        // "At my house we have three cats": the place phrase before "we" is where the household is.
        if start + 3 < words.count, words[start + 1].key == Words.my,
            let we = words[(start + 2)..<min(words.count, start + 5)].firstIndex(where: { $0.key == Words.we }),
            Anchor.isLeadingPossessivePhrase(Array(words[start..<we]))
        {
            start = we
        }
        guard start + 2 < words.count, words[start].key == Words.we, !words.contains(where: \.isQuoted)
        else { return nil }
        var verb = start + 1
        while verb < words.count, words[verb].flags.contains(.filler) || words[verb].key == WordKey("also") {
            verb += 1
        }
        guard verb + 1 < words.count, verb == start + 1 || verb == start + 2 else { return nil }
        if words[verb].key == Words.live { return home(words, at: verb + 1, writer: writer) }
        if words[verb].key == WordKey("met") { return meeting(words, at: verb, writer: writer) }
        guard let written = verbs[words[verb].key] else { return nil }
        var object = verb + 1
        if words[verb].key == WordKey("have"), words[object].key == WordKey("got") { object += 1 }
        var noun = object
        while noun < min(words.count, object + 4),
            words[noun].flags.intersects([.number, .determiner]) || amounts.contains(words[noun].key)
                || words[noun].key == WordKey("of")
        {
            noun += 1
        }
        // "a few old hens", "two little boys": one adjective may sit before the noun.
        if noun + 1 < words.count, !isHousehold(words[noun]), isHousehold(words[noun + 1]),
            !words[noun].flags.intersects([.auxiliary, .negation, .objectPronoun, .subordinator]),
            !institutions.contains(words[noun].key)
        {
            noun += 1
        }
        guard noun < words.count, isHousehold(words[noun]),
            !words[object..<noun].contains(where: { pointing.contains($0.key) })
        else { return nil }
        // "geese and ducks", "two horses, sheep and goats": after a counted head the items of a
        // list (commas are gone by now) stay together, each with its count; it had been cut at
        // the second noun. A count, an article or an amount on the head says how many the
        // household has ("two kids", "a dog", "a bunch of geese"); a list opened by a bare plural
        // ("we have sheep, goats and two horses") and a child named alone ("we have a son", one
        // of several) are not: on msc-valid those matched what was written down 3 times in 10.
        var end = noun + 1
        let counted = isCount(words[object..<noun])
        while end < words.count {
            var item = end
            if words[item].key == Words.and { item += 1 }
            var itemNoun = item
            while itemNoun < min(words.count, item + 3), isCountWord(words[itemNoun]) { itemNoun += 1 }
            guard itemNoun < words.count, isHousehold(words[itemNoun]) else { break }
            end = itemNoun + 1
        }
        guard counted,
            !children.contains(words[noun].key) || words[object..<noun].contains(where: { $0.flags.contains(.number) })
        else { return nil }
        // The list's commas, which the clause's words no longer hold, come back from the message.
        var thing = writer.original(words[object])
        for index in object + 1..<end {
            let gap = writer.bytes[min(words[index - 1].end, words[index].start)..<words[index].start]
            thing += (gap.contains(UInt8(ascii: ",")) ? ", " : " ") + writer.original(words[index])
        }
        let head = words[noun]
        let topic: String
        let category: FactCategory
        if children.contains(head.key) {
            topic = ClauseAnalyzer.relationTopic(head)
            category = .relationship
        } else if homes.contains(head.key) {
            topic = "home"
            category = .personal
        } else {
            topic = "pet-" + TopicKey.stem(head)
            category = .personal
        }
        return FactDraft(
            subject: "self", category: category, polarity: .positive, temporal: .current, confidence: 0.7,
            topic: topic, content: written + " " + thing)
    }

    /// "We live in Tennessee", "we live on a farm": where the household lives is where the
    /// speaker lives, up to the end of the main clause; not "we live together", "we live in a
    /// time where …" or a place pointed at ("we live there").
    private static func home(_ words: [Token], at place: Int, writer: ContentWriter) -> FactDraft? {
        guard place + 1 < words.count, places.contains(words[place].key) else { return nil }
        let end = clauseEnd(words, after: place, writer: writer)
        guard end > place + 1,
            !words[(place + 1)..<end].contains(where: { eras.contains($0.key) || $0.flags.contains(.objectPronoun) })
        else { return nil }
        let written = writer.write(words, from: place, to: end)
        guard let first = written.first else { return nil }
        return FactDraft(
            subject: "self", category: .personal, polarity: .positive, temporal: .current, confidence: 0.7,
            topic: "home", content: "Lives " + first.lowercased() + written.dropFirst())
    }

    /// Where the clause that goes on after `start` ends: at a subordinator, "and", "but" or a
    /// comma (which the words no longer hold), or the end of the words.
    private static func clauseEnd(_ words: [Token], after start: Int, writer: ContentWriter) -> Int {
        var end = start + 1
        while end < words.count, !words[end].flags.intersects([.subordinator, .clauseBreak]),
            words[end].key != Words.and,
            words[end].key != Words.but,
            !writer.bytes[min(words[end - 1].end, words[end].start)..<words[end].start].contains(UInt8(ascii: ","))
        {
            end += 1
        }
        return end
    }

    /// "We met at school", "we actually met on an online dating website": how the speaker met
    /// their partner (on msc-valid "we met" + where matched what readers wrote down 4 times in
    /// 6, all in turns that had yielded nothing). Only with where after it: not "we met up",
    /// "we met them", "we met at 1".
    private static func meeting(_ words: [Token], at verb: Int, writer: ContentWriter) -> FactDraft? {
        let place = verb + 1
        guard place + 1 < words.count, meetingPlaces.contains(words[place].key),
            !words[place + 1].flags.intersects([.number, .objectPronoun, .listener])
        else { return nil }
        let end = clauseEnd(words, after: place, writer: writer)
        let written = writer.write(words, from: verb, to: end)
        guard !written.isEmpty else { return nil }
        return FactDraft(
            subject: "self", category: .relationship, polarity: .positive, temporal: .past, confidence: 0.7,
            topic: "met-" + (TopicKey.words(words, from: place, limit: 2, stopAt: end) ?? "partner"), content: written)
    }

    private static let meetingPlaces: Set<WordKey> = Lexicon.keys("at in on through online during")

    private static let places: Set<WordKey> = Lexicon.keys("in on near outside")
    /// "we live in a time where …", "in a world", "in this society": an age, not a place.
    private static let eras: Set<WordKey> = Lexicon.keys("time times world society age era generation day days")

    /// A count, an article or an amount ("two", "a", "a bunch of") says how many.
    private static func isCount(_ words: ArraySlice<Token>) -> Bool {
        words.contains {
            $0.flags.contains(.number) || amounts.contains($0.key) || $0.key == Words.a || $0.key == Words.an
        }
    }

    private static func isCountWord(_ word: Token) -> Bool {
        word.flags.intersects([.number, .determiner]) || amounts.contains(word.key) || word.key == WordKey("of")
    }

    private static func isHousehold(_ word: Token) -> Bool {
        word.flags.contains(.pet) || Lexicon.animals.contains(word.key) || homes.contains(word.key)
            || children.contains(word.key)
    }

    private static let verbs: [WordKey: String] = [
        WordKey("have"): "Has", WordKey("keep"): "Keeps", WordKey("own"): "Owns", WordKey("raise"): "Raises",
        WordKey("got"): "Has",
    ]
    /// "we have a class dog", "a team bus": the "we" is a class or a team, not a household.
    private static let institutions: Set<WordKey> = Lexicon.keys(
        "class team school office work company shop store church station club unit")
    private static let amounts: Set<WordKey> = Lexicon.keys(
        "bunch lot lots couple few several ton tons herd flock pair")
    /// "we have that dog too", "we have your kids' class": the listener's or what was just said.
    private static let pointing: Set<WordKey> = Lexicon.keys(
        "that this those these your his her their the")
    private static let children: Set<WordKey> = Lexicon.keys(
        ("kids kid children child son sons daughter daughters boys girls twins grandkids grandchildren baby"))
    private static let homes: Set<WordKey> = Lexicon.keys(
        "house farm farmhouse ranch cabin cottage apartment condo home acres")
}
