extension SeedFacts {
    /// A training goal, usually intended; a few are dropped later.
    static func goal(_ random: inout SeedRandom, language: String, pounds: Bool) -> SeedFact {
        let month = random.pick(SeedText.months)
        let season = random.pick(SeedText.seasons)
        switch random.below(12) {
        case 0:
            var fact = SeedFact(
                topic: .goal,
                phrasings: [
                    "I want to run a half marathon in the \(season)",
                    "my goal is to run a half marathon next \(season)",
                ])
            fact.foreign =
                [
                    "pt": "quero correr uma meia maratona", "de": "ich will einen Halbmarathon laufen",
                    "es": "quiero correr una media maratón",
                ][language]
            if random.chance(0.15) {
                fact.update = "I don't want to run the half marathon anymore, I just want to stay healthy"
                fact.updateTopic = .goal
            }
            return fact
        case 1:
            let kilos = random.int(in: 3...15)
            let weight = pounds ? "\(kilos * 2 + random.below(2)) pounds" : "\(kilos) kg"
            var fact = SeedFact(
                topic: .goal,
                phrasings: [
                    "my goal is to lose \(weight)", "I want to lose \(weight) before \(month)",
                    "I'm trying to lose \(weight)",
                ])
            fact.foreign =
                [
                    "pt": "quero perder \(kilos) kg", "de": "ich möchte \(kilos) kg abnehmen",
                    "es": "quiero perder \(kilos) kilos",
                ][language]
            return fact
        case 2:
            let count = random.int(in: 3...15)
            return SeedFact(
                topic: .goal,
                phrasings: ["I want to do \(count) pull-ups", "my goal is \(count) strict pull-ups by \(month)"])
        case 3:
            let kilos = random.int(in: 12...36) * 5
            return SeedFact(
                topic: .goal,
                phrasings: ["I want to squat \(kilos) kg", "I'd love to squat \(kilos) kg by the end of the year"])
        case 4:
            return SeedFact(
                topic: .goal,
                phrasings: ["I'm training for a 10k in \(month)", "I signed up for a 10k race in \(month)"])
        case 5:
            return SeedFact(
                topic: .goal,
                phrasings: ["I want to run 5k without stopping", "my goal is to run a 5k without walking"])
        case 6:
            return SeedFact(
                topic: .goal, phrasings: ["I want to be able to touch my toes", "my goal is to touch my toes"])
        case 7:
            return SeedFact(
                topic: .goal,
                phrasings: ["I want to get back in shape after the baby", "I want my fitness back after the pregnancy"])
        case 8:
            return SeedFact(
                topic: .goal,
                phrasings: ["I want to have more energy for my kids", "I want to feel less tired during the day"])
        case 9:
            return SeedFact(
                topic: .goal, phrasings: ["I want to bench my bodyweight", "my goal is a bodyweight bench press"])
        case 10:
            return SeedFact(
                topic: .goal,
                phrasings: [
                    "I want to walk the Camino de Santiago next summer", "I'm planning to hike the Camino next summer",
                ])
        default:
            return SeedFact(
                topic: .goal,
                phrasings: [
                    "I want to look good for my wedding in \(month)",
                    "my wedding is in \(month) and I want to be in shape",
                ])
        }
    }

    /// Something about a partner, child, parent or pet: third person, or first person about family.
    static func family(_ random: inout SeedRandom, language: String, partner: String, kid: String) -> SeedFact {
        let age = random.int(in: 3...16)
        switch random.below(16) {
        case 0:
            var fact = SeedFact(
                topic: .family, phrasings: ["my \(partner) is vegan", "my \(partner) went vegan last year"])
            if partner == "wife" {
                fact.foreign =
                    ["pt": "minha esposa é vegana", "de": "meine Frau ist Veganerin", "es": "mi esposa es vegana"][
                        language]
            }
            return fact
        case 1:
            return SeedFact(
                topic: .family, phrasings: ["my \(partner) runs marathons", "my \(partner) is a marathon runner"])
        case 2:
            return SeedFact(
                topic: .family,
                phrasings: ["my \(partner) hates the gym", "my \(partner) never wants to come to the gym"])
        case 3:
            return SeedFact(
                topic: .family,
                phrasings: ["my \(partner) works night shifts", "my \(partner) is on night shifts this month"])
        case 4:
            return SeedFact(
                topic: .family,
                phrasings: ["my \(partner) wants to start training with me", "my \(partner) might join my sessions"])
        case 5:
            return SeedFact(
                topic: .family, phrasings: ["my \(partner) has a bad back", "my \(partner)'s back is really bad"])
        case 6 where kid == "son":
            return SeedFact(
                topic: .family, phrasings: ["my son plays football", "my son has football practice on Saturdays"])
        case 6, 7:
            return SeedFact(
                topic: .family,
                phrasings: ["my \(kid) plays volleyball", "my \(kid) has a volleyball tournament this weekend"])
        case 8:
            return SeedFact(
                topic: .family, phrasings: ["my \(kid) is \(age) years old", "my \(kid) just turned \(age)"])
        case 9:
            return SeedFact(
                topic: .family, phrasings: ["I have \(random.int(in: 2...4)) kids", "my kids keep me really busy"])
        case 10: return SeedFact(topic: .family, phrasings: ["my mom has diabetes", "my mother has type 2 diabetes"])
        case 11:
            return SeedFact(
                topic: .family,
                phrasings: ["my dad had knee surgery last month", "my father is recovering from knee surgery"])
        case 12:
            return SeedFact(
                topic: .family, phrasings: ["I walk my dog every morning", "my dog needs long walks so I walk a lot"])
        case 13: return SeedFact(topic: .family, phrasings: ["I live alone", "I live on my own"])
        case 14: return SeedFact(topic: .family, phrasings: ["I just got married", "we got married last month"])
        default:
            return SeedFact(
                topic: .family, phrasings: ["my sister got me into running", "my sister is a personal trainer"])
        }
    }

    /// When the person can train; some schedules change later.
    static func schedule(_ random: inout SeedRandom, language: String) -> SeedFact {
        switch random.below(10) {
        case 0:
            var fact = SeedFact(
                topic: .schedule, phrasings: ["I can only train mornings", "mornings are the only time I can train"])
            fact.foreign =
                [
                    "pt": "só consigo treinar de manhã", "de": "ich kann nur morgens trainieren",
                    "es": "solo puedo entrenar por las mañanas",
                ][language]
            if random.chance(0.2) { fact.update = "now I can only train in the evenings"; fact.updateTopic = .schedule }
            return fact
        case 1:
            return SeedFact(
                topic: .schedule,
                phrasings: ["I can only train in the evenings after work", "evenings work best for me"])
        case 2:
            return SeedFact(
                topic: .schedule, phrasings: ["I work night shifts", "I'm on night shifts, so I sleep during the day"])
        case 3:
            return SeedFact(
                topic: .schedule,
                phrasings: ["weekends are busy with the kids", "I can't train on weekends because of the kids"])
        case 4:
            return SeedFact(
                topic: .schedule, phrasings: ["I travel for work every other week", "I'm on the road a lot for work"])
        case 5:
            return SeedFact(
                topic: .schedule,
                phrasings: ["I'm free on Tuesdays and Thursdays", "Tuesdays and Thursdays are my free days"])
        case 6: return SeedFact(topic: .schedule, phrasings: ["I can't train on Fridays", "Fridays never work for me"])
        case 7:
            return SeedFact(
                topic: .schedule,
                phrasings: ["I only have about 30 minutes at lunch", "I train on my lunch break, 30 minutes max"])
        case 8:
            return SeedFact(
                topic: .schedule, phrasings: ["I start work at 7 so I train at 5:30", "I train at 5:30 before work"])
        default:
            return SeedFact(
                topic: .schedule, phrasings: ["I work from home so I'm flexible", "my schedule is pretty flexible"])
        }
    }

    /// Something the person enjoys.
    static func like(_ random: inout SeedRandom, language: String) -> SeedFact {
        let options: [[String]] = [
            ["I love swimming", "swimming is my favourite"],
            ["I really enjoy deadlifts", "deadlifts are my favourite lift"],
            ["I like hiking on weekends", "I love hiking"], ["I love yoga", "yoga really helps me relax"],
            ["I enjoy cycling to work", "I cycle to work every day and love it"],
            ["I love group classes", "group classes keep me motivated"],
            ["I like training with music on", "I can't train without music"],
            ["I love the rowing machine", "rowing is my favourite cardio"],
            ["I enjoy long walks", "I love a long walk after dinner"],
            ["I really like kettlebell work", "kettlebells are so much fun"],
        ]
        let index = random.below(options.count)
        var fact = SeedFact(topic: .like, phrasings: options[index])
        if index == 0 {
            fact.foreign = ["pt": "adoro nadar", "de": "ich schwimme gern", "es": "me encanta nadar"][language]
        }
        return fact
    }

    /// Something the person dislikes; a few change their mind.
    static func dislike(_ random: inout SeedRandom, language: String) -> SeedFact {
        let options: [[String]] = [
            ["I never liked running", "running is not for me"], ["I hate burpees", "please no burpees 😩"],
            ["I don't like training in the evening", "evening workouts are the worst for me"],
            ["yoga isn't for me", "I find yoga boring"],
            ["I can't stand the treadmill", "I hate the treadmill"],
            ["I don't enjoy lunges at all", "I really don't like lunges"],
            ["I hate early mornings", "I'm not a morning person at all"],
            ["I'm not a fan of crowded gyms", "I don't like busy gyms"],
        ]
        let index = random.below(options.count)
        var fact = SeedFact(topic: .dislike, phrasings: options[index])
        if index == 0 {
            fact.foreign =
                ["pt": "nunca gostei de correr", "de": "ich mochte Laufen nie", "es": "nunca me gustó correr"][language]
            if random.chance(0.2) { fact.update = "I actually enjoy running now!"; fact.updateTopic = .like }
        }
        return fact
    }
}
