/// The extractor's word knowledge: flags per word, canonical relation names, verb forms.
///
/// Built once on first use from the grouped lists in `Lexicon+Groups.swift`; after that every
/// look-up is one hash of two integers.
enum Lexicon {
    private static let table: [WordKey: WordFlags] = {
        var table: [WordKey: WordFlags] = [:]
        for (flags, words) in groups {
            for word in words.split(separator: " ") {
                table[key(word), default: []].formUnion(flags)
            }
        }
        return table
    }()

    /// The flags of a lowercase word; a possessive ("wife's") inherits its base word's flags.
    static func flags(for key: WordKey) -> WordFlags {
        if let flags = table[key] { return flags }
        return []
    }

    /// The key of a lowercase ASCII word.
    static func key(_ word: Substring) -> WordKey {
        var key = WordKey(low: 0, high: 0)
        for (index, byte) in word.utf8.prefix(16).enumerated() { key.set(byte, at: index) }
        return key
    }

    /// The keys of a word list written as one space-separated string: how every rule spells
    /// the words it looks for.
    static func keys(_ words: String) -> Set<WordKey> {
        Set(words.split(separator: " ").map(key))
    }

    /// Words after which a period does not end the sentence.
    static let abbreviations: Set<WordKey> = Set(
        "dr mr mrs ms st vs etc approx min mins sec hr hrs jr sr prof dept eg ie".split(separator: " ").map(key))

    /// Relation words mapped to the canonical subject stored on facts.
    static let canonicalRelations: [WordKey: String] = {
        let pairs = [
            ("mom", "mother"), ("mum", "mother"), ("mommy", "mother"), ("mama", "mother"),
            ("dad", "father"), ("daddy", "father"), ("papa", "father"), ("hubby", "husband"),
            ("bf", "boyfriend"), ("gf", "girlfriend"), ("kid", "child"), ("children", "kids"),
            ("grandma", "grandmother"), ("granny", "grandmother"), ("grandpa", "grandfather"),
            ("bestie", "friend"), ("neighbour", "neighbor"), ("coworker", "colleague"),
            ("co-worker", "colleague"), ("fiancee", "fiance"), ("spouse", "partner"),
        ]
        return Dictionary(pairs.map { (key(Substring($0.0)), $0.1) }, uniquingKeysWith: { first, _ in first })
    }()

    /// Words that may sit between "my" and a relation: "my best friend", "my older brother".
    static let relationModifiers: Set<WordKey> = Set(
        "best older younger little big oldest youngest eldest baby twin new late dear lovely step"
            .split(separator: " ").map(key))

    /// Words naming a time, kept when a leading time phrase moves to the end of a statement.
    /// Animals a person keeps or farms, beyond the usual pets (`.pet`): one list for a household's
    /// animals ("we keep goats") and a pet's name ("my owl's name is Hoot").
    static let animals: Set<WordKey> = Lexicon.keys(
        ("horse horses pony ponies goat goats sheep cow cows cattle pig pigs chicken chickens hen hens "
            + "rooster roosters duck ducks goose geese llama llamas alpaca alpacas donkey donkeys bees turkey "
            + "turkeys fish birds bird lizard snake ferret guinea puppies kittens bunnies bunny tortoise turtle "
            + "owl parakeet budgie cockatiel iguana gecko frog mouse rat gerbil chinchilla hedgehog mule "
            + "pigeon canary tarantula spider bull calf lamb"))

    /// Nouns and pronouns a relative clause without "that" follows ("the way I look", "all the
    /// stuff I eat", "everyone I love"): the "I" after them opens no statement of the speaker's.
    static let relativeHeads: Set<WordKey> = keys(
        ("way ways thing things one ones stuff everything anything something nothing all kind type sort reason "
            + "much lot time times day place person people guy girl man woman"))

    static let timeNouns: Set<WordKey> = Set(
        ("day days week weeks month months year years morning mornings night nights evening evenings "
            + "weekend weekends monday tuesday wednesday thursday friday saturday sunday summer winter "
            + "spring autumn fall today lately recently").split(separator: " ").map(key))

    /// Irregular base forms, for slot topics: "ran" and "running" both become "run".
    static let irregularLemmas: [WordKey: String] = {
        let pairs =
            "ran:run went:go gone:go did:do done:do does:do goes:go broke:break broken:break tore:tear "
            + "torn:tear got:get ate:eat drank:drink swam:swim swum:swim rode:ride won:win met:meet "
            + "felt:feel slept:sleep bought:buy thought:think feet:foot teeth:tooth "
            + "children:kids kids:kids calves:calf is:be am:be are:be was:be were:be has:have had:have "
            + "smoker:smoke drinker:drink sleeping:sleep sleeps:sleep slept:sleep diabetic:diabetes "
            + "asthmatic:asthma allergic:allergy allergies:allergy migraine:headache migraines:headache "
            + "headaches:headache stressed:stress tired:energy exhausted:energy exhaustion:energy "
            + "fatigue:energy fatigued:energy weigh:weight weighs:weight pregnant:pregnancy "
            + "injuries:injury injured:injury intolerant:intolerance lactose:lactose"
        return table(pairs)
    }()

    /// Third-person forms for rewriting "I have" as "Has"; regular verbs take -s or -es. "are"
    /// and "were" are the speaker's verbs after "my wife and I" ("… are from India" → "Is from
    /// India with wife").
    static let thirdPerson: [WordKey: String] = table(
        ("am:is 'm:is have:has 've:has do:does don't:doesn't dont:doesn't go:goes 'd:would 'll:will are:is "
            + "were:was aren't:isn't arent:isn't weren't:wasn't werent:wasn't"))

    /// Base forms that end like an inflected verb: "need", "breed" and "shred" are not pasts,
    /// "sing" and "bring" not gerunds, "focus" not a third person. Read by their ending, they
    /// kept their base form in the third person ("I need to rest" was "Need to rest") and made a
    /// present statement past ("I breed dogs").
    static let uninflectedBases: Set<WordKey> = keys(
        ("need feed bleed breed speed shred wed seed proceed succeed exceed heed weed shed embed "
            + "bring sing sting swing ring cling fling wring spring string sling focus"))

    /// Past forms of irregular verbs, for "I did get caught" → "Got caught"; regular verbs take -ed.
    static let irregularPasts: [WordKey: String] = table(
        "get:got go:went do:did run:ran eat:ate drink:drank swim:swam ride:rode win:won meet:met feel:felt "
            + "sleep:slept buy:bought think:thought break:broke tear:tore make:made take:took come:came "
            + "begin:began become:became grow:grew fall:fell give:gave leave:left lose:lost keep:kept "
            + "spend:spent teach:taught bring:brought catch:caught find:found tell:told say:said see:saw sit:sat "
            + "stand:stood write:wrote fly:flew drive:drove choose:chose have:had hurt:hurt put:put quit:quit")

    /// A table from space-separated `word:form` pairs; the first pair for a word wins.
    private static func table(_ pairs: String) -> [WordKey: String] {
        Dictionary(
            pairs.split(separator: " ").map { pair in
                let parts = pair.split(separator: ":")
                return (key(parts[0]), String(parts[1]))
            }, uniquingKeysWith: { first, _ in first })
    }
}
