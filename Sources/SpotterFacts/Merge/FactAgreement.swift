/// Whether two statements about the same thing say the same thing, and which says more.
enum FactAgreement {
    /// A statement's state: polarity, temporal status and content.
    typealias Statement = (polarity: FactPolarity, temporal: FactTemporal, content: String)

    /// True when `new` restates `old`: the same polarity and temporal status, and no value that
    /// differs (a number, a name, a time of day), so "allergic to peanuts" and "has a peanut
    /// allergy" agree while "wants 7 pull-ups" and "wants 10 pull-ups", or "trains mornings"
    /// and "trains evenings", do not.
    /// With `paraphrases` false (a topic the tables do not know), the contents must also be
    /// nearly identical (``ContentSimilarity``).
    static func agrees(_ old: Statement, _ new: Statement, paraphrases: Bool = true) -> Bool {
        guard old.polarity == new.polarity, old.temporal == new.temporal else { return false }
        if !paraphrases && !ContentSimilarity.nearlyIdentical(old.content, new.content) { return false }
        return !Values(old.content).conflicts(with: Values(new.content))
    }

    /// The more specific of two statements of one fact: the one with more values (side,
    /// number, deadline, name), then more content words; the stored one on a tie.
    static func moreSpecific(_ old: String, _ new: String) -> String {
        let a = Values(old)
        let b = Values(new)
        if b.score != a.score { return b.score > a.score ? new : old }
        return b.words > a.words ? new : old
    }

    /// The values a statement carries.
    struct Values {
        var numbers: Set<String> = []
        var names: Set<String> = []
        var timesOfDay: Set<String> = []
        var sides: Set<String> = []
        var diets: Set<String> = []
        var deadline = false
        var words = 0

        init(_ content: String) {
            var first = true
            var previous = ""
            var token = ""
            func flush() {
                defer { token = "" }
                guard !token.isEmpty else { return }
                let lower = token.lowercased()
                if token.contains(where: \.isNumber) {
                    numbers.insert(Self.number(lower))
                } else if let number = Self.numberWords[lower] {
                    numbers.insert(number)  // "three kids" and "3 kids" agree; "two kids" does not
                } else if !first, token.first?.isUppercase == true, !Self.notNames.contains(lower) {
                    names.insert(lower)
                }
                if let time = Self.times[lower] { timesOfDay.insert(time) }
                if lower == "left" || lower == "right" { sides.insert(lower) }
                if let diet = Self.diets[lower] { diets.insert(diet) }
                if (previous == "by" || previous == "before" || previous == "until")
                    && !Self.notDeadlines.contains(lower)
                {
                    deadline = true
                }
                if !Self.small.contains(lower) { words += 1 }
                previous = lower
                first = false
            }
            for character in content {
                if character.isLetter || character.isNumber || character == ":" || character == "." || character == "'"
                {
                    token.append(character)
                } else {
                    flush()
                }
            }
            flush()
        }

        /// Values that count toward being more specific.
        var score: Int { numbers.count + names.count + sides.count + (deadline ? 1 : 0) + timesOfDay.count }

        /// True when both state a value of one kind and no value of that kind is shared.
        func conflicts(with other: Values) -> Bool {
            func differ(_ a: Set<String>, _ b: Set<String>) -> Bool {
                !a.isEmpty && !b.isEmpty && a.isDisjoint(with: b)
            }
            return differ(numbers, other.numbers) || differ(names, other.names)
                || differ(timesOfDay, other.timesOfDay) || differ(sides, other.sides) || differ(diets, other.diets)
        }

        /// "82kg" → "82"; "5:30" stays; a trailing dot is dropped.
        private static func number(_ token: String) -> String {
            let trimmed = token.hasSuffix(".") ? String(token.dropLast()) : token
            return String(trimmed.prefix { $0.isNumber || $0 == ":" || $0 == "." })
        }

        private static let numberWords: [String: String] = [
            "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8",
            "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twin": "2", "twins": "2", "triplets": "3",
        ]

        private static let times: [String: String] = [
            "morning": "morning", "mornings": "morning", "am": "morning", "breakfast": "morning",
            "evening": "evening", "evenings": "evening", "night": "evening", "nights": "evening",
            "afternoon": "afternoon", "afternoons": "afternoon", "lunch": "midday", "noon": "midday",
            "weekend": "weekend", "weekends": "weekend", "weekday": "weekday", "weekdays": "weekday",
        ]
        /// Diets that exclude each other ("vegetarian" then "eats meat again").
        private static let diets: [String: String] = [
            "vegetarian": "vegetarian", "veggie": "vegetarian", "vegan": "vegan", "pescatarian": "pescatarian",
            "meat": "meat", "carnivore": "meat", "keto": "keto", "low-carb": "keto", "paleo": "paleo",
        ]
        /// Capitalised words that are not names of places, employers or people.
        private static let notNames: Set<String> = [
            "i", "i'm", "i've", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december", "ok", "okay", "acl", "mcl",
        ]
        private static let notDeadlines: Set<String> = ["the", "a", "my", "then", "now"]
        private static let small: Set<String> = [
            "a", "an", "the", "is", "are", "am", "was", "has", "have", "had", "to", "of", "in", "on", "at", "for",
            "with", "and", "or", "but", "it", "my", "their", "they", "lol", "so", "very", "really", "pretty",
        ]
    }
}
