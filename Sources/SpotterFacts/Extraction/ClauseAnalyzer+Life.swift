// Relationship, personal, habit and other rules, and the fallback for named people.

extension ClauseAnalyzer {
    // MARK: - Relationship

    /// The slot name for a relation: children of any wording share one slot.
    static func relationTopic(_ word: Token) -> String {
        let name = Lexicon.canonicalRelations[word.key] ?? word.text
        switch name {
        case "kids", "child", "baby", "babies", "toddler", "sons", "daughters", "stepkids": return "children"
        case "grandchildren", "grandkids", "grandson", "granddaughter": return "grandchildren"
        default: return name
        }
    }

    func relationshipRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        if group.copula {
            let complement = complementHead(head)
            if let word = word(complement), word.flags.contains(.marital) {
                return Decision(category: .relationship, topic: "marital")
            }
            if key(complement) == Words.getting, word(complement + 1)?.flags.contains(.marital) == true {
                return Decision(category: .relationship, topic: "marital")
            }
            if let word = word(complement), word.flags.contains(.relation), key(complement + 1) == Words.of {
                return Decision(category: .relationship, topic: "children")
            }
        }
        if group.possession {
            var index = head
            while let word = word(index), index < head + 5,
                word.flags.intersects([.number, .determiner, .negation]) || Lexicon.relationModifiers.contains(word.key)
                    || Self.ageWords.contains(word.key)
            {
                index += 1  // "a 3 year old daughter"
            }
            if let word = word(index), word.flags.contains(.relation) {
                return Decision(category: .relationship, topic: Self.relationTopic(word))
            }
        }
        let headKey = headWord.key
        if headKey == Words.live || headKey == Words.lives || headKey == Words.living,
            key(head + 1) == Words.with, let relation = first(.relation, in: head + 2..<head + 5)
        {
            return Decision(category: .relationship, topic: Self.relationTopic(words[relation]))
        }
        if headKey == Words.expecting, contains(WordKey("baby"), in: head..<mainEnd) {
            return Decision(category: .relationship, topic: "children")
        }
        if headKey == Words.got || headKey == WordKey("get") || headKey == Words.getting,
            word(head + 1)?.flags.contains(.marital) == true
        {
            return Decision(category: .relationship, topic: "marital")
        }
        return nil
    }

    private static let ageWords: Set<WordKey> = Lexicon.keys(
        "year years old month months week weeks year-old month-old")

    /// Number words a person's age is written with ("I'm sixteen", "I just turned four"): not
    /// "one" ("I'm one of them"), "couple", "dozen" or "hundred".
    private static let ageNumbers: Set<WordKey> = Lexicon.keys(
        ("two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
            + "seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety"))

    private static let weightUnits: Set<WordKey> = Lexicon.keys("lbs lb pounds pound kg kgs kilos kilo kilograms stone")

    private static let tens: Set<WordKey> = Lexicon.keys("twenty thirty forty fifty sixty seventy eighty ninety")

    /// Words after a number that make it another quantity: "I'm 5 foot 2", "I'm 2 hours away",
    /// "I'm 100 percent sure", "I'm 6 months pregnant".
    private static let quantityUnits: Set<WordKey> = Lexicon.keys(
        ("lbs lb pounds pound kg kgs kilos kilo kilograms percent hours hour hrs hr minutes minute mins min "
            + "seconds secs miles mile km kms feet foot ft inches inch cm meters metres days day weeks week "
            + "months month times time dollars bucks grand stone steps reps sets points degrees k am pm "
            + "weeks' o'clock out"))

    /// True when words[`index`] can be the speaker's age: a whole number from 1 to 120 or an
    /// age's number word ("twenty", "twenty-five"), not followed by a unit ("I'm 320" is a
    /// weight, "I'm 5 foot 2" a height).
    func isAge(_ index: Int) -> Bool {
        guard let number = word(index) else { return false }
        let text = number.text
        if let value = Int(text) {
            guard (1...120).contains(value) else { return false }
        } else if !Self.ageNumbers.contains(number.key) {
            // "twenty-five": tens and a unit, not "two-time" or "one-way"
            let parts = text.split(separator: "-")
            guard parts.count == 2, Self.tens.contains(Lexicon.key(parts[0])),
                Self.ageNumbers.contains(Lexicon.key(parts[1]))
            else { return false }
        }
        if let next = word(index + 1), Self.quantityUnits.contains(next.key) { return false }
        return true
    }

    // MARK: - Personal

    private static let workPatterns: Set<WordKey> = Lexicon.keys(
        "from nights night shifts shift remotely part-time full-time weekends alone overtime")
    private static let homeMarkers: Set<WordKey> = Lexicon.keys(
        "in near abroad downtown with by on outside")

    func personalRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        let next = key(head + 1)
        let working =
            headKey == Words.work || headKey == Words.works || headKey == Words.worked
            || headKey == Words.working
        // "I work out twice a week", "I'm working on a robot": a workout or a project, not the job
        // (in the job slot a later "working on my bachelors" closed "Works in a bookstore").
        if working, next == WordKey("out") { return Decision(category: .habit, topic: "workout") }
        if working, next == WordKey("on"), headKey != Words.work && headKey != Words.works { return nil }
        if working {
            if let next, Self.workPatterns.contains(next) || word(head + 1)?.flags.contains(.number) == true {
                return Decision(category: .personal, topic: "work-pattern")
            }
            if contains(WordKey("shifts"), in: head..<mainEnd) || contains(Words.night, in: head..<mainEnd) {
                return Decision(category: .personal, topic: "work-pattern")
            }
            return Decision(category: .personal, topic: "job")
        }
        if headKey == Words.live || headKey == Words.lives || headKey == Words.lived || headKey == Words.living,
            let next, Self.homeMarkers.contains(next)
        {
            return Decision(category: .personal, topic: "home")
        }
        if headKey == Words.moving && next == Words.to { return Decision(category: .personal, topic: "home") }
        if headKey == Words.born { return Decision(category: .personal, topic: "birthplace") }
        if headKey == WordKey("turned") || headKey == WordKey("turning") || headKey == WordKey("turn"),
            isAge(head + 1)
        {
            return Decision(category: .personal, topic: "age")
        }
        if headKey == Words.got || headKey == WordKey("get") || headKey == WordKey("started"),
            contains(Words.job, in: head..<min(head + 4, mainEnd))
        {
            return Decision(category: .personal, topic: "job")
        }
        if group.possession, let pet = first(.pet, in: head..<min(head + 3, mainEnd)) {
            return Decision(category: .personal, topic: "pet-" + TopicKey.stem(words[pet]))
        }
        if headKey == WordKey("own") || headKey == WordKey("owns"), any(.business, in: head..<mainEnd) {
            return Decision(category: .personal, topic: "job")
        }
        guard group.copula else { return nil }
        let complement = complementHead(head)
        guard let word = word(complement) else { return nil }
        // "I'm 34", "I am a 56 year old lady". Not "I'm 320" (a weight), "I'm 5 foot 2", "I'm 2
        // hours away" or "since I've been 16": in the age slot such a statement closed the
        // person's real age. What else a number says is left to the rules below ("I'm the only
        // one with …", "I'm a 1980 kid").
        if isAge(complement), !group.perfect,
            !words[head..<complement].contains(where: { $0.flags.contains(.determiner) })
                || Self.ageWords.contains(key(complement + 1) ?? Words.a)
        {
            return Decision(category: .personal, topic: "age")
        }
        if word.key == WordKey("one"), complement + 1 < mainEnd,
            let topic = TopicKey.words(words, from: complement, limit: 3, stopAt: mainEnd)
        {
            // "I'm the only one with superpowers", "I'm not one for horror": about the speaker,
            // not their age (it had been read as one)
            return Decision(category: .personal, topic: "one-" + topic, weight: 0.8)
        }
        if word.flags.contains(.number), let unit = key(complement + 1), Self.weightUnits.contains(unit) {
            return Decision(category: .health, topic: "weight")  // "I'm 175 pounds", "I've been 175 pounds for years"
        }
        if word.key == Words.from { return Decision(category: .personal, topic: "origin") }
        if word.key == Words.in, any(.military, in: complement..<mainEnd) {
            return Decision(category: .personal, topic: "job")
        }
        if any(.job, in: complement..<min(complement + 3, mainEnd)) {
            return Decision(category: .personal, topic: "job")
        }
        if word.flags.contains(.personalAdjective) { return Decision(category: .personal, topic: word.text) }
        if let article = self.word(head), article.key == Words.a || article.key == Words.an,
            !word.flags.intersects([.transient, .objectPronoun]),
            let topic = TopicKey.words(words, from: complement, limit: 2, stopAt: mainEnd)
        {
            return Decision(category: .personal, topic: topic, weight: 0.8)
        }
        return nil
    }

    // MARK: - Habit

    private static let cessationParticles: Set<WordKey> = Lexicon.keys(
        "up out off down on")

    /// Verbs of knowing, saying and perceiving: a frequency word after them belongs to what is
    /// known or said ("I know black cats rarely get adopted"), not to a routine of the speaker's.
    private static let reportingHeads: Set<WordKey> = Lexicon.keys(
        ("know knew knows hear heard see saw say said tell told remember understand mean guess feel felt wonder "
            + "think thought notice noticed"))

    func habitRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        let headKey = headWord.key
        if headKey == Words.tend || headKey == Words.tends, key(head + 1) == Words.to {
            return Decision(category: .habit, topic: TopicKey.words(words, from: head + 2, limit: 2) ?? "routine")
        }
        if headWord.flags.contains(.cessationVerb) && !group.copula {
            var start = head + 1
            if let particle = key(start), Self.cessationParticles.contains(particle) { start += 1 }
            guard let topic = TopicKey.words(words, from: start, limit: 2, stopAt: mainEnd) else { return nil }
            return Decision(category: .habit, topic: topic, cessation: true)
        }
        let routine = group.frequent || any(.frequency, in: head..<mainEnd) || saysPerPeriod()
        if routine && Self.reportingHeads.contains(headKey) && !headWord.flags.contains(.activity) { return nil }
        if group.copula {
            let complement = complementHead(head)
            if let word = word(complement), word.key == WordKey("smoker") || word.key == WordKey("drinker") {
                return Decision(category: .habit, topic: TopicKey.stem(word))
            }
            guard routine, let word = word(complement), !word.flags.intersects(.healthWord) else { return nil }
            return Decision(category: .habit, topic: TopicKey.words(words, from: complement, limit: 2) ?? "routine")
        }
        if group.possession { return nil }
        let activity = headWord.flags.intersects([.activity, .consumption])
        let present = !headWord.flags.contains(.pastForm) && !headWord.hasSuffix("ing")
        let lasted = headWord.flags.contains(.pastForm) && saysForYears()
        guard
            (activity && (present || group.usedTo)) || routine || lasted
                || (group.usedTo && TopicKey.isContent(headWord))
        else { return nil }
        guard !headWord.flags.intersects([.determiner, .objectPronoun, .transient]) else { return nil }
        return Decision(
            category: .habit, topic: TopicKey.words(words, from: head, limit: 2, stopAt: mainEnd) ?? "routine")
    }

    /// "a day", "a week", "per night": a frequency without a frequency word.
    private func saysPerPeriod() -> Bool {
        for index in head..<mainEnd where index + 1 < words.count {
            let key = words[index].key
            let next = words[index + 1].key
            if key == Words.a || key == Words.per,
                next == Words.day || next == Words.week || next == Words.night || next == Words.month
            {
                return true
            }
        }
        return false
    }

    /// "for ten years": a past routine rather than an event.
    private func saysForYears() -> Bool {
        for index in head..<mainEnd where words[index].key == Words.for && index + 2 < words.count {
            if words[index + 1].flags.contains(.number) && words[index + 2].key == Words.years { return true }
        }
        return false
    }

    // MARK: - Other

    private static let otherVerbs: Set<WordKey> = Lexicon.keys(
        "own owns use uses drive drives bought")

    func otherRule() -> Decision? {
        guard let headWord = word(head) else { return nil }
        if group.possession || Self.otherVerbs.contains(headWord.key) {
            let start = group.possession ? head : head + 1
            if let equipment = first(.equipment, in: start..<mainEnd) {
                return Decision(category: .other, topic: TopicKey.stem(words[equipment]))
            }
            if let article = word(start), article.key == Words.a || article.key == Words.an,
                let topic = TopicKey.words(words, from: start, limit: 1, stopAt: mainEnd)
            {
                return Decision(category: .other, topic: topic, weight: 0.8)
            }
        }
        return nil
    }

    /// A statement about a named person that no rule recognised ("my kids keep me busy").
    func relationFallback() -> Decision? {
        guard case .relation = anchor.kind, word(head) != nil, !group.hypothetical, !group.future else {
            return nil
        }
        var dropped: [Int] = []
        if group.copula {
            // "My mom is way too traditional" → "Mom is traditional"; "My son is in junior high".
            var complement = head
            while let word = word(complement), Self.copulaIntensifiers.contains(word.key) {
                dropped.append(complement)
                complement += 1
            }
            guard let word = word(complement), complement < mainEnd else { return nil }
            let placed =
                word.key == Words.in && (complement + 1..<mainEnd).contains { TopicKey.isContent(words[$0]) }
            if word.flags.intersects([.transient, .objectPronoun]) && !placed { return nil }
            if !dropped.isEmpty && !TopicKey.isContent(word) { return nil }
        }
        let topic =
            TopicKey.words(words, from: head, limit: 1, stopAt: mainEnd)
            ?? TopicKey.words(words, from: head, limit: 1) ?? "about"
        return Decision(category: .relationship, topic: topic, weight: 0.75, dropped: dropped)
    }

    /// Degree words before a copula's complement that a fact does without.
    private static let copulaIntensifiers: Set<WordKey> = Lexicon.keys(
        "way too so very really super pretty quite extremely kinda totally incredibly")
}
