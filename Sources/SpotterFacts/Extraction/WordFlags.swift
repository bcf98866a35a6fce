/// What the lexicon knows about a word; one look-up per token gives all of them.
struct WordFlags: OptionSet, Sendable, Hashable {
    let rawValue: UInt64

    // Function words.
    static let negation = WordFlags(rawValue: 1 << 0)
    static let auxiliary = WordFlags(rawValue: 1 << 1)
    static let filler = WordFlags(rawValue: 1 << 2)  // really, just, also: skipped in the verb group
    static let hedge = WordFlags(rawValue: 1 << 3)  // maybe, probably, might
    static let discourse = WordFlags(rawValue: 1 << 4)  // so, well, hi, btw: skipped before the anchor
    static let determiner = WordFlags(rawValue: 1 << 5)
    static let objectPronoun = WordFlags(rawValue: 1 << 6)  // it, that, you: not a durable object
    static let subordinator = WordFlags(rawValue: 1 << 7)  // when, because, if: ends the main clause
    static let questionWord = WordFlags(rawValue: 1 << 8)
    static let subjectPronoun = WordFlags(rawValue: 1 << 9)  // you, it, we, they: "do you…" is a question
    static let frequency = WordFlags(rawValue: 1 << 10)  // every, usually, twice: a routine
    static let pastTime = WordFlags(rawValue: 1 << 11)  // ago, yesterday, last: a completed event
    static let futureTime = WordFlags(rawValue: 1 << 12)  // tomorrow, next, soon
    static let pastForm = WordFlags(rawValue: 1 << 13)  // irregular past tense: ran, went, broke
    static let number = WordFlags(rawValue: 1 << 14)
    static let transient = WordFlags(rawValue: 1 << 15)  // good, fine, ready, sorry: small-talk states

    // Health.
    static let bodyPart = WordFlags(rawValue: 1 << 16)
    static let symptom = WordFlags(rawValue: 1 << 17)  // hurts, pain, sore, injured, tired
    static let condition = WordFlags(rawValue: 1 << 18)  // asthma, diabetes, allergic, pregnant
    static let recovery = WordFlags(rawValue: 1 << 19)  // fine, better, healed (with a body part)
    static let side = WordFlags(rawValue: 1 << 20)  // left, right
    static let injuryVerb = WordFlags(rawValue: 1 << 21)  // sprained, tore, pulled (with a body part)

    // Preference.
    static let likeVerb = WordFlags(rawValue: 1 << 22)
    static let dislikeVerb = WordFlags(rawValue: 1 << 23)
    static let diet = WordFlags(rawValue: 1 << 24)  // vegan, keto, meat

    // People, work, home.
    static let relation = WordFlags(rawValue: 1 << 25)  // wife, son, mom, coach
    static let marital = WordFlags(rawValue: 1 << 26)  // married, divorced, single
    static let job = WordFlags(rawValue: 1 << 27)  // nurse, engineer, retired
    static let pet = WordFlags(rawValue: 1 << 28)
    static let personalAdjective = WordFlags(rawValue: 1 << 29)  // left-handed, originally
    static let business = WordFlags(rawValue: 1 << 30)  // bakery, shop (own a …)
    static let military = WordFlags(rawValue: 1 << 31)

    // Skill.
    static let skillAdjective = WordFlags(rawValue: 1 << 32)  // good, fluent, beginner
    static let poorSkillAdjective = WordFlags(rawValue: 1 << 33)  // bad, terrible
    static let language = WordFlags(rawValue: 1 << 34)
    static let instrument = WordFlags(rawValue: 1 << 35)

    // Habit and experience.
    static let activity = WordFlags(rawValue: 1 << 36)  // run, swim, train, stretch
    static let consumption = WordFlags(rawValue: 1 << 37)  // smoke, drink, eat, snack
    static let experienceVerb = WordFlags(rawValue: 1 << 38)  // climbed, completed, won
    static let eventNoun = WordFlags(rawValue: 1 << 39)  // marathon, triathlon, medal
    static let cessationVerb = WordFlags(rawValue: 1 << 40)  // quit, stopped, gave

    // Belief.
    static let beliefVerb = WordFlags(rawValue: 1 << 41)  // think, believe, trust
    static let religion = WordFlags(rawValue: 1 << 42)

    // Other.
    static let equipment = WordFlags(rawValue: 1 << 43)
    static let possessionVerb = WordFlags(rawValue: 1 << 44)  // own, use, drive, bought

    // Goal.
    static let intention = WordFlags(rawValue: 1 << 45)  // want, plan, hope, aim, dying, itching
    static let goalNoun = WordFlags(rawValue: 1 << 46)  // goal, dream, ambition

    /// Frequent English words with no other role: they tell English from other languages.
    static let common = WordFlags(rawValue: 1 << 47)

    /// Chat filler the content never keeps: lol, haha, honestly, really.
    static let chatFiller = WordFlags(rawValue: 1 << 48)
    /// The person the speaker is talking to: you, your, you'll.
    static let listener = WordFlags(rawValue: 1 << 50)
    /// Words that start a relative date: last, next, this, yesterday, today, tomorrow.
    static let dateStart = WordFlags(rawValue: 1 << 49)
    /// Words after which a statement's content stops: a contrast ("but", "though") or a
    /// consequence ("so", "which"); see `ClauseAnalyzer.contentExtent()`.
    static let clauseBreak = WordFlags(rawValue: 1 << 51)

    /// Health words that make a clause about health on their own.
    static let healthWord: WordFlags = [.symptom, .condition]
}

extension WordFlags {
    /// True when the two sets share a flag.
    func intersects(_ other: WordFlags) -> Bool { !isDisjoint(with: other) }
}
