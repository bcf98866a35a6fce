/// Things people state in many wordings, each with one slot topic, so that a re-mention in other
/// words merges and a change of state supersedes: "smokes a few cigarettes a day", "still
/// smokes" and "quit smoking" are all `smoking`; "allergic to peanuts" and "peanut allergy" are
/// both `allergy-peanut`; "works at Acme" and "left my job" are both `job`.
///
/// A topic may fix the category (a habit stated as an experience is still the habit), except
/// for the categories it keeps: a goal always stays a goal ("wants to quit smoking" is its own
/// slot), and "loves swimming" (a preference) is not "can swim" (a skill).
struct FactTopic: Sendable, Hashable {
    /// The slot topic.
    let name: String
    /// The category of the slot, when the topic fixes one.
    let category: FactCategory?
    /// Categories that stay as the extractor gave them (besides goal).
    var keeps: Set<FactCategory> = []

    init(name: String, category: FactCategory?, keeps: Set<FactCategory> = []) {
        self.name = name
        self.category = category
        self.keeps = keeps
    }

    /// The first topic the statement's words name, if any.
    static func find(in words: [String], category: FactCategory) -> FactTopic? {
        func topic(_ name: String, _ fixed: FactCategory?, keeps: Set<FactCategory> = []) -> FactTopic {
            let kept = category == .goal || keeps.contains(category)
            return FactTopic(name: name, category: kept ? nil : fixed)
        }
        if let allergen = allergen(in: words) { return topic("allergy-" + allergen, .health) }
        if let index = words.firstIndex(where: { $0 == "intolerant" || $0 == "intolerance" }), index > 0 {
            return topic("intolerance-" + singular(words[index - 1]), .health)
        }
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            let pair = pairFirstWords.contains(word) ? pairs[word + " " + next] : nil
            if let entry = pair ?? single[word] {
                return topic(entry.name, entry.category, keeps: entry.keeps)
            }
            if Self.workVerbs.contains(word), next == "from" || next == "remotely" || next == "remote" {
                return topic("remote-work", .personal)
            }
            // "left my job", "quit their job", "lost my job": the job slot the extractor gives
            // "works at Acme" and "is a nurse".
            if Self.jobEnds.contains(word),
                (index + 1..<min(words.count, index + 3)).contains(where: { words[$0] == "job" })
            {
                return topic("job", .personal)
            }
            if Self.homeVerbs.contains(word) {
                if next == "alone" || next == "on" || next == "with" { return topic("household", .personal) }
                if next == "in" || next == "to" || next == "near" { return topic("home", .personal) }
            }
        }
        return nil
    }

    /// True when statements in other words about `topic` are one fact (a table name, an
    /// allergy or intolerance). Not `job` or `home`: "works in construction" and "works at a
    /// shelter", or "lives in a small town" and "lives near the beach", are compatible facts
    /// that only share a slot so that "left my job" or "moved to Denver" supersedes them.
    static func isNamed(_ topic: String) -> Bool {
        names.contains(topic) || topic.hasPrefix("allergy-") || topic.hasPrefix("intolerance-")
    }

    private static let names: Set<String> = Set(single.values.map(\.name)).union(pairs.values.map(\.name))
        .union(["remote-work", "household"])

    /// "allergic to peanuts" → "peanut"; "a peanut allergy" → "peanut"; "allergies" alone → nil.
    private static func allergen(in words: [String]) -> String? {
        guard let index = words.firstIndex(where: { $0 == "allergic" || $0 == "allergy" || $0 == "allergies" })
        else { return nil }
        if words[index] == "allergic" {
            var next = index + 1
            if next < words.count, words[next] == "to" { next += 1 }
            return next < words.count ? singular(words[next]) : "unknown"
        }
        if index > 0, !["an", "a", "have", "has", "my", "no", "any", "bad", "severe"].contains(words[index - 1]) {
            return singular(words[index - 1])
        }
        if index + 2 < words.count, words[index + 1] == "to" { return singular(words[index + 2]) }
        return "unknown"
    }

    /// Drops a plural -s ("peanuts" → "peanut"), not from "-ss" words.
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 3 { return String(word.dropLast()) }
        return word
    }

    private static let workVerbs: Set<String> = ["work", "works", "working", "worked"]
    private static let jobEnds: Set<String> = ["left", "quit", "lost", "leaving", "quitting", "losing"]
    private static let homeVerbs: Set<String> = ["live", "lives", "living", "lived", "moved", "moving", "relocated"]

    /// One word naming the topic.
    private static let single: [String: FactTopic] = {
        let table: [(String, FactCategory?, String)] = [
            ("smoking", .habit, "smoke smokes smoking smoked smoker cigarette cigarettes cigs vape vapes vaping"),
            ("alcohol", .habit, "alcohol beer beers booze sober drinking"),
            ("coffee", .habit, "coffee coffees caffeine espresso"),
            ("diet", .preference, "vegetarian vegan pescatarian meat keto carnivore low-carb"),
            ("celiac", .health, "celiac coeliac gluten gluten-free"),
            ("fasting", .habit, "fasting"),
            ("night-shift", nil, "shift shifts"),
            ("sleep", nil, "sleep sleeps sleeping"),
            ("meditation", .habit, "meditate meditates meditation meditating"),
            ("steps", .habit, "steps"),
            ("chronotype", .personal, "midnight"),  // "owl" alone is a bird ("my owl's name is Hoot")
            ("lunch", .habit, "lunch"),
            ("weight", nil, "pounds lbs kg kilos kilograms"),
            ("desk", .habit, "desk"),
        ]
        var result: [String: FactTopic] = [:]
        for (name, category, words) in table {
            for word in words.split(separator: " ") { result[String(word)] = FactTopic(name: name, category: category) }
        }
        // Things done or liked: the category stays the extractor's ("loves rowing" and "rowing
        // is my favourite cardio" merge; "used to play tennis", a habit, is not a preference).
        for (name, words) in [
            ("squat", "squat squats squatting"), ("bench", "bench"), ("rowing", "rowing rower"),
            ("deadlift", "deadlift deadlifts deadlifting"), ("tennis", "tennis"),
            ("triathlon", "triathlon triathlons"), ("soda", "soda sodas cola coke"), ("protein", "protein"),
            ("yoga", "yoga"), ("hiking", "hike hikes hiking"), ("cycling", "cycle cycles cycling bike biking"),
            ("kettlebell", "kettlebell kettlebells"), ("treadmill", "treadmill"), ("burpee", "burpee burpees"),
            ("lunge", "lunge lunges"), ("basketball", "basketball"), ("rugby", "rugby"), ("ballet", "ballet"),
            ("crossfit", "crossfit"), ("10k", "10k"), ("5k", "5k"), ("sugar", "sugar dessert desserts sweets"),
        ] {
            for word in words.split(separator: " ") where result[String(word)] == nil {
                result[String(word)] = FactTopic(name: name, category: nil)
            }
        }
        // Activities: a skill unless stated as a liking or a goal.
        for (name, words) in [
            ("swim", "swim swims swimming swimmer"), ("pull-up", "pullup pullups"), ("push-up", "pushup pushups"),
            ("handstand", "handstand handstands"),
        ] {
            for word in words.split(separator: " ") {
                result[String(word)] = FactTopic(name: name, category: .skill, keeps: [.preference])
            }
        }
        return result
    }()

    /// The first words of ``pairs``, so most words cost no lookup of a joined pair.
    private static let pairFirstWords: Set<String> = Set(
        pairs.keys.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// Two words naming the topic (a hyphen splits words: "pull-ups" is "pull ups").
    private static let pairs: [String: FactTopic] = {
        let table: [(String, FactCategory?, String)] = [
            ("pull-up", .skill, "pull up|pull ups"), ("push-up", .skill, "push up|push ups"),
            ("chin-up", .skill, "chin up|chin ups"), ("half-marathon", nil, "half marathon"),
            ("weight-loss", nil, "lose weight|losing weight|lost weight"), ("toe-touch", nil, "touch toes|my toes"),
            ("chronotype", .personal, "night owl|early bird"),
            ("mornings", .preference, "morning person|early mornings"),
            ("eating-out", nil, "fast food|eat out|eats out"),
        ]
        var result: [String: FactTopic] = [:]
        for (name, category, phrases) in table {
            for phrase in phrases.split(separator: "|") {
                result[String(phrase)] = FactTopic(
                    name: name, category: category, keeps: category == .skill ? [.preference] : [])
            }
        }
        return result
    }()
}
