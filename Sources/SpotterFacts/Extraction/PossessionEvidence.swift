/// "Just relaxing with my two dogs", "My son is in junior high": a kinship or pet noun after
/// "my" is evidence that the speaker has one, whatever the clause says about it. Readers of
/// real chat write that down as its own fact ("I have two dogs", "I have a son").
///
/// Only nouns whose having is news count: children, grandchildren, siblings, a boyfriend or
/// girlfriend, pets. Parents, friends and a spouse are mentioned far more often than anyone
/// writes down "has a mother" (on msc-valid, under a third of the time for a spouse), and a
/// clause about a death or a loss ("my dog passed away") is no evidence of having one now.
enum PossessionEvidence {
    private static let had: Set<WordKey> = Lexicon.keys(
        ("grandchildren grandkids grandson granddaughter stepkids boyfriend girlfriend bf gf son sons daughter "
            + "daughters kid kids child children baby babies toddler brother brothers sister sisters sibling "
            + "siblings twin twins stepson stepdaughter dog dogs cat cats puppy puppies kitten kittens pet pets "
            + "rabbit parrot hamster horse horses"))
    private static let singular: Set<WordKey> = Lexicon.keys(
        ("grandson granddaughter boyfriend girlfriend bf gf son daughter kid child baby toddler brother sister "
            + "sibling twin stepson stepdaughter dog cat puppy kitten pet rabbit parrot hamster horse"))
    /// Words that say the person or animal is gone, was never had, or is someone else's.
    private static let loss: Set<WordKey> = Set(
        ("died dies passed lost lose losing killed death dead funeral miss missed late ex former "
            + "if unless when whenever wish hope want wanted would could someday").split(separator: " ")
            .map(Lexicon.key))

    /// Partners the speaker has had.
    private static let partners: Set<WordKey> = Lexicon.keys("boyfriend girlfriend bf gf")
    /// Words that end a relationship: "I broke up with my boyfriend", "my girlfriend dumped me" are
    /// no evidence of having one; within `breakUpReach` words of the partner, so that "I divorced
    /// 2 years before meeting my new girlfriend" still is.
    private static let breakUp: Set<WordKey> = Lexicon.keys(
        "broke break breaking breakup split splitting dumped dump dumping divorced divorcing divorce separated")
    private static let breakUpReach = 4

    /// The "Has …" fact of the first such noun after "my" in `words`, or nil.
    static func draft(in words: [Token], writer: ContentWriter) -> FactDraft? {
        guard !words.contains(where: { loss.contains($0.key) || $0.isQuoted }) else { return nil }
        for index in words.indices where words[index].key == Words.my {
            var next = index + 1
            var number: Int? = nil
            while next < min(words.count, index + 4),
                words[next].flags.contains(.number) || Lexicon.relationModifiers.contains(words[next].key)
            {
                if words[next].flags.contains(.number) { number = next }
                next += 1
            }
            guard next < words.count, had.contains(words[next].key) else { continue }
            let noun = words[next]
            if partners.contains(noun.key),
                words[max(0, next - breakUpReach)..<min(words.count, next + breakUpReach + 1)].contains(where: {
                    breakUp.contains($0.key)
                })
            {
                continue
            }
            // "my baby" is as often the speaker's partner as a child; only a baby with an age counts.
            if noun.key == WordKey("baby"), number == nil { continue }
            var parts = ["Has"]
            if number == nil && singular.contains(noun.key) {
                let first = next > index + 1 ? words[index + 1] : noun
                parts.append(first.indefiniteArticle)
            }
            // "my dog's name is Rex": the speaker has a dog, not a "dog's".
            parts += words[(index + 1)...next].map {
                let text = writer.original($0).lowercased()
                return $0.isPossessive ? String(text.dropLast(2)) : text
            }
            let pet = noun.flags.contains(.pet) || !noun.flags.contains(.relation)
            return FactDraft(
                subject: "self", category: pet ? .personal : .relationship, polarity: .positive,
                temporal: .current, confidence: 0.7,
                topic: pet ? "pet-" + TopicKey.stem(noun) : ClauseAnalyzer.relationTopic(noun),
                content: parts.joined(separator: " "))
        }
        return nil
    }
}
