/// Builders of persona facts. Every number or side is drawn once, so re-mentions agree.
enum SeedFacts {
    private struct BodyPart {
        let name: String
        let sided: Bool
        let activities: [String]
    }

    private static let parts: [BodyPart] = [
        BodyPart(name: "knee", sided: true, activities: ["run", "squat", "do lunges", "go down stairs", "jump"]),
        BodyPart(
            name: "shoulder", sided: true, activities: ["press overhead", "do push-ups", "sleep on that side", "swim"]),
        BodyPart(
            name: "lower back", sided: false,
            activities: ["deadlift", "sit for a long time", "bend over", "pick up my kids"]),
        BodyPart(name: "ankle", sided: true, activities: ["run", "jump", "walk downhill"]),
        BodyPart(name: "hip", sided: true, activities: ["run", "sit for a long time", "squat deep"]),
        BodyPart(name: "wrist", sided: true, activities: ["do push-ups", "type", "do front squats"]),
        BodyPart(name: "elbow", sided: true, activities: ["do curls", "do pull-ups", "play tennis"]),
        BodyPart(name: "neck", sided: false, activities: ["sit at my desk", "look down at my phone", "turn my head"]),
        BodyPart(name: "hamstring", sided: true, activities: ["sprint", "run fast", "bend forward"]),
        BodyPart(name: "heel", sided: true, activities: ["get up in the morning", "run"]),
    ]
    private static let partWeights: [Double] = [25, 15, 20, 8, 7, 5, 5, 6, 5, 4]

    /// An injury or pain with body side and trigger; half of them recover later, some get worse.
    static func injury(_ random: inout SeedRandom, language: String) -> SeedFact {
        let part = parts[random.weightedIndex(partWeights)]
        let left = random.chance(0.5)
        let side = part.sided ? (left ? "left " : "right ") : ""
        let named = side + part.name
        let activity = random.pick(part.activities)
        let onset = random.pick(
            SeedText.weekdays.map { "since \($0)" } + ["for two weeks", "since last week", "since the weekend"])
        let tweakWhen = random.pick([
            "yesterday", "last week", "on Saturday", "playing football", "moving house", "at work",
        ])
        let phrasings = [
            "my \(named) hurts when I \(activity)",
            "my \(named) has been sore \(onset)",
            "I have pain in my \(named) when I \(activity)",
            "I tweaked my \(named) \(tweakWhen)",
            "my \(named) is still bothering me",
            "I think I strained my \(named)",
        ]
        var fact = SeedFact(topic: .injury, phrasings: Array(phrasings.shuffledPrefix(3, random: &random)))
        fact.foreign = foreignInjury(part.name, left: left, language: language)
        if random.chance(0.5) {
            fact.update = random.pick([
                "my \(part.name) doesn't hurt anymore",
                "my \(named) is fine now",
                "no more pain in my \(part.name)!",
                "the pain in my \(part.name) is gone",
                "my \(part.name) feels much better, no pain at all",
            ])
            fact.updateTopic = .recovery
            fact.foreignUpdate = foreignRecovery(part.name, language: language)
        } else if random.chance(0.3) {
            fact.update = "my \(named) is getting worse, it hurts even when I walk"
            fact.updateTopic = .injury
        }
        return fact
    }

    private static func foreignInjury(_ part: String, left: Bool, language: String) -> String? {
        switch (language, part) {
        case ("pt", "knee"): "meu joelho \(left ? "esquerdo" : "direito") está doendo"
        case ("pt", "shoulder"): "meu ombro \(left ? "esquerdo" : "direito") está doendo"
        case ("pt", "lower back"): "estou com dor na lombar desde segunda"
        case ("de", "knee"): "mein \(left ? "linkes" : "rechtes") Knie tut weh"
        case ("de", "shoulder"): "meine \(left ? "linke" : "rechte") Schulter tut weh"
        case ("de", "lower back"): "mein unterer Rücken tut seit Montag weh"
        case ("es", "knee"): "me duele la rodilla \(left ? "izquierda" : "derecha")"
        case ("es", "shoulder"): "me duele el hombro \(left ? "izquierdo" : "derecho")"
        case ("es", "lower back"): "me duele la espalda baja desde el lunes"
        default: nil
        }
    }

    private static func foreignRecovery(_ part: String, language: String) -> String? {
        switch (language, part) {
        case ("pt", "knee"): "meu joelho não dói mais"
        case ("pt", "shoulder"): "meu ombro não dói mais"
        case ("pt", "lower back"): "minhas costas não doem mais"
        case ("de", "knee"): "mein Knie tut nicht mehr weh"
        case ("de", "shoulder"): "meine Schulter tut nicht mehr weh"
        case ("de", "lower back"): "mein Rücken tut nicht mehr weh"
        case ("es", "knee"): "ya no me duele la rodilla"
        case ("es", "shoulder"): "ya no me duele el hombro"
        case ("es", "lower back"): "ya no me duele la espalda"
        default: nil
        }
    }

    /// A diet, allergy or eating habit, present or past.
    static func diet(_ random: inout SeedRandom, language: String) -> SeedFact {
        let years = random.int(in: 2...12)
        switch random.below(13) {
        case 0:
            var fact = SeedFact(topic: .diet, phrasings: ["I'm vegetarian", "I don't eat meat, I'm vegetarian"])
            fact.foreign = ["pt": "sou vegetariano", "de": "ich bin Vegetarier", "es": "soy vegetariano"][language]
            if random.chance(0.15) { fact.update = "I'm not vegetarian anymore"; fact.updateTopic = .diet }
            return fact
        case 1:
            var fact = SeedFact(topic: .diet, phrasings: ["I'm vegan", "I've been vegan for \(years) years"])
            fact.foreign = ["pt": "sou vegano", "de": "ich bin Veganer", "es": "soy vegano"][language]
            return fact
        case 2:
            return SeedFact(
                topic: .diet,
                phrasings: ["I'm lactose intolerant", "dairy doesn't agree with me, I'm lactose intolerant"])
        case 3: return SeedFact(topic: .diet, phrasings: ["I'm allergic to peanuts", "I have a peanut allergy"])
        case 4:
            return SeedFact(
                topic: .diet, phrasings: ["I eat gluten-free because of celiac disease", "I have celiac disease"])
        case 5:
            var fact = SeedFact(
                topic: .diet,
                phrasings: ["I'm doing intermittent fasting", "I only eat between 12 and 8, intermittent fasting"])
            if random.chance(0.3) { fact.update = "I stopped intermittent fasting"; fact.updateTopic = .diet }
            return fact
        case 6: return SeedFact(topic: .diet, phrasings: ["I'm trying keto", "I'm on a low-carb diet"])
        case 7: return SeedFact(topic: .diet, phrasings: ["I don't eat pork", "no pork for me"])
        case 8:
            return SeedFact(
                topic: .diet,
                phrasings: ["I'm trying to eat more protein", "I've been adding more protein to every meal"])
        case 9:
            return SeedFact(
                topic: .diet, phrasings: ["I used to eat a lot of sugar", "I used to have dessert every night"])
        case 10:
            return SeedFact(
                topic: .diet, phrasings: ["I used to drink a lot of soda", "I used to drink two cans of cola a day"])
        case 11:
            return SeedFact(
                topic: .diet, phrasings: ["I eat a lot of fast food, I know", "I eat out almost every day"])
        default: return SeedFact(topic: .diet, phrasings: ["I don't drink alcohol", "I never drink alcohol"])
        }
    }
}

extension Array {
    /// The first `count` elements after a shuffle driven by `random`.
    func shuffledPrefix(_ count: Int, random: inout SeedRandom) -> ArraySlice<Element> {
        var copy = self
        random.shuffle(&copy)
        return copy.prefix(count)
    }
}
