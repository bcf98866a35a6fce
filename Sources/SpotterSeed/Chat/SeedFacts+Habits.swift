extension SeedFacts {
    /// A habit, current or past.
    static func habit(_ random: inout SeedRandom, language: String) -> SeedFact {
        let hours = random.int(in: 5...8)
        switch random.below(11) {
        case 0:
            var fact = SeedFact(topic: .habit, phrasings: ["I used to smoke", "I smoked for years but stopped"])
            fact.foreign = ["pt": "eu fumava", "de": "früher habe ich geraucht", "es": "antes fumaba"][language]
            return fact
        case 1: return SeedFact(topic: .habit, phrasings: ["I quit smoking \(random.int(in: 2...10)) years ago"])
        case 2:
            var fact = SeedFact(
                topic: .habit, phrasings: ["I smoke a few cigarettes a day", "I still smoke, trying to cut down"])
            if random.chance(0.3) { fact.update = "I quit smoking last week!"; fact.updateTopic = .habit }
            return fact
        case 3:
            var fact = SeedFact(
                topic: .habit,
                phrasings: ["I sleep about \(hours) hours a night", "I only get around \(hours) hours of sleep"])
            fact.foreign =
                [
                    "pt": "durmo umas \(hours) horas", "de": "ich schlafe etwa \(hours) Stunden",
                    "es": "duermo unas \(hours) horas",
                ][language]
            return fact
        case 4: return SeedFact(topic: .habit, phrasings: ["I drink \(random.int(in: 2...6)) coffees a day"])
        case 5: return SeedFact(topic: .habit, phrasings: ["I walk about \(random.int(in: 4...15))k steps a day"])
        case 6:
            return SeedFact(
                topic: .habit, phrasings: ["I used to run every day", "back in the day I ran every single day"])
        case 7: return SeedFact(topic: .habit, phrasings: ["I sit at a desk all day", "I'm at my desk 9 hours a day"])
        case 8:
            return SeedFact(
                topic: .habit,
                phrasings: ["I usually go to bed after midnight", "I'm a night owl, never in bed before 1"])
        case 9:
            return SeedFact(
                topic: .habit, phrasings: ["I used to drink a lot of beer", "I used to go out drinking every weekend"])
        default:
            return SeedFact(
                topic: .habit, phrasings: ["I meditate every morning", "I do 10 minutes of meditation daily"])
        }
    }

    /// A skill the person has, lacks or used to have.
    static func skill(_ random: inout SeedRandom) -> SeedFact {
        switch random.below(10) {
        case 0: return SeedFact(topic: .skill, phrasings: ["I can swim", "I'm a decent swimmer"])
        case 1: return SeedFact(topic: .skill, phrasings: ["I can't swim", "I never learned to swim"])
        case 2: return SeedFact(topic: .skill, phrasings: ["I played basketball in college"])
        case 3:
            return SeedFact(
                topic: .skill, phrasings: ["I can do a handstand", "I can hold a handstand for a few seconds"])
        case 4:
            var fact = SeedFact(topic: .skill, phrasings: ["I've never done a pull-up", "I can't do a single pull-up"])
            if random.chance(0.3) { fact.update = "I did my first pull-up today!!"; fact.updateTopic = .skill }
            return fact
        case 5: return SeedFact(topic: .skill, phrasings: ["I know how to do a power clean"])
        case 6: return SeedFact(topic: .skill, phrasings: ["I used to play tennis", "I played tennis as a teenager"])
        case 7: return SeedFact(topic: .skill, phrasings: ["I did ballet as a kid"])
        case 8: return SeedFact(topic: .skill, phrasings: ["I can do \(random.int(in: 10...50)) push-ups in a row"])
        default: return SeedFact(topic: .skill, phrasings: ["I'm a certified lifeguard"])
        }
    }

    /// An opinion about training or food.
    static func belief(_ random: inout SeedRandom) -> SeedFact {
        let options: [[String]] = [
            ["I think cardio kills gains", "I'm convinced cardio eats my muscle"],
            ["I believe stretching prevents injuries"], ["I don't think supplements are necessary"],
            ["I think breakfast is the most important meal of the day"],
            ["I believe rest days matter as much as training"], ["I don't believe in diets"],
            ["I think you have to suffer to make progress", "no pain no gain, right?"],
        ]
        return SeedFact(topic: .belief, phrasings: random.pick(options))
    }

    /// Something that happened to the person.
    static func experience(_ random: inout SeedRandom) -> SeedFact {
        let year = random.int(in: 2008...2024)
        switch random.below(10) {
        case 0: return SeedFact(topic: .experience, phrasings: ["I ran my first marathon in \(year)"])
        case 1:
            return SeedFact(
                topic: .experience, phrasings: ["I tore my ACL a few years ago", "I had ACL surgery a few years back"])
        case 2: return SeedFact(topic: .experience, phrasings: ["I did CrossFit for two years"])
        case 3: return SeedFact(topic: .experience, phrasings: ["I had back surgery in \(year)"])
        case 4:
            return SeedFact(
                topic: .experience,
                phrasings: ["I did a triathlon last year", "I finished a sprint triathlon last year"])
        case 5: return SeedFact(topic: .experience, phrasings: ["I lost \(random.int(in: 5...30)) kg a few years ago"])
        case 6:
            return SeedFact(
                topic: .experience, phrasings: ["I broke my \(random.pick(["left", "right"])) wrist when I was a kid"])
        case 7: return SeedFact(topic: .experience, phrasings: ["I've been lifting since \(year)"])
        case 8: return SeedFact(topic: .experience, phrasings: ["I had a baby \(random.int(in: 3...12)) months ago"])
        default: return SeedFact(topic: .experience, phrasings: ["I played rugby at school"])
        }
    }
}
