/// What one person may talk about, drawn once per user and shared by their conversations.
struct SeedPersona {
    let facts: [SeedFact]
    let language: String

    init(person: SeedPerson, seed: UInt64) {
        var random = SeedRandom(seed: seed, key: UInt64(person.id), stream: SeedStream.persona.rawValue)
        let language = person.language
        let pounds = person.locale.hasPrefix("en-US")
        var facts: [SeedFact] = []
        if random.chance(0.5) { facts.append(SeedFacts.injury(&random, language: language)) }
        if random.chance(0.9) { facts.append(SeedFacts.goal(&random, language: language, pounds: pounds)) }
        if random.chance(0.55) { facts.append(SeedFacts.diet(&random, language: language)) }
        let partner = random.pick(["wife", "husband", "girlfriend", "boyfriend", "partner"])
        let kid = random.pick(["son", "daughter"])
        for _ in 0..<random.weightedIndex([35, 35, 20, 10]) {
            facts.append(SeedFacts.family(&random, language: language, partner: partner, kid: kid))
        }
        if random.chance(0.5) { facts.append(SeedFacts.schedule(&random, language: language)) }
        if random.chance(0.6) { facts.append(SeedFacts.like(&random, language: language)) }
        if random.chance(0.5) { facts.append(SeedFacts.dislike(&random, language: language)) }
        for _ in 0..<random.weightedIndex([40, 40, 20]) {
            facts.append(SeedFacts.habit(&random, language: language))
        }
        if random.chance(0.3) { facts.append(SeedFacts.skill(&random)) }
        if random.chance(0.25) { facts.append(SeedFacts.belief(&random)) }
        if random.chance(0.35) { facts.append(SeedFacts.experience(&random)) }
        var seen: Set<String> = []
        self.facts = facts.filter { seen.insert($0.phrasings[0]).inserted }
        self.language = language
    }
}
