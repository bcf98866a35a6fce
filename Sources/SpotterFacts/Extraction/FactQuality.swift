import Foundation

/// Why a fact does not stand alone: what a trainer reading it without its message could not use.
public enum FactFlaw: String, Sendable, CaseIterable, Comparable {
    /// "Likes it there", "Learned driving on one", "Mine is winter": a pronoun or referent as
    /// object or subject complement, with nothing in the fact saying what it stands for.
    case referent = "unresolved referent"
    /// "Has built a small", "Is going to", "Works with the": the fact ends in a determiner, a
    /// preposition, a conjunction, an auxiliary or an adjective without its noun; or it is an
    /// auxiliary with only a negation or adverbs after it, its verb or object left in the
    /// partner's question ("Does not", "Does sometimes", "Has tried before", "Does not know").
    case danglingEnd = "dangling ending"
    /// "Wonts to go", "Sures": a contraction, an adverb or a reply word conjugated as a verb.
    case verbedWord = "verbed contraction or adverb"
    /// "Has a home" from "a home garden": a compound noun cut before its head.
    case cutCompound = "cut compound noun"
    /// "Is tired today", "Is good": a passing state, neither health nor a plan with a date.
    case momentary = "momentary state"
    /// "Works with was good" from "the company I work with was good": a subordinate clause
    /// collapsed, its preposition run into the main clause's verb.
    case collapsedClause = "collapsed subordinate clause"
    /// "House", "Age", "Likes", "Goes": one word left of a phrase with no predicate ("near my
    /// house") or of a verb whose object stayed in the message. One word stands alone only as an
    /// activity the person does ("Runs", "Swims", "Works").
    case loneWord = "a word alone"

    /// In the order the cases are declared.
    public static func < (lhs: FactFlaw, rhs: FactFlaw) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// The mechanical checks of "every stored fact stands alone": the rules ``RuleExtractor``
/// applies before it emits a fact, and the report `spotter eval facts` prints over every
/// stored fact of a real-data corpus, whichever extractor wrote it.
///
/// The checks read the fact's content (and, for a cut compound noun, the message it came
/// from) with the extractor's lexicon: no parser, no model.
public enum FactQuality {
    /// The flaws of one fact, in ``FactFlaw`` order; empty when it stands alone. `message` is
    /// the text the fact came from, nil when unknown (the compound check is then skipped).
    public static func flaws(
        content: String, category: FactCategory, temporal: FactTemporal, message: String?
    ) -> [FactFlaw] {
        let spelled = Self.spelled(content)
        let words = spelled.map(\.lower)
        guard !words.isEmpty else { return [] }
        // A capital past the first word is a name or a title ("Shake It Off", "got an A").
        let named = Set(spelled.indices.filter { $0 > 0 && spelled[$0].capitalized })
        var found: [FactFlaw] = []
        if hasReferent(words, named: named) || isHeadlessFavorite(words)
            || message.map({ hasOthersThem(words, message: $0) }) == true
        {
            found.append(.referent)
        }
        if !named.contains(words.count - 1) && (hasDanglingEnd(words) || isBarePredicate(words)) {
            found.append(.danglingEnd)
        }
        if isVerbedWord(words[0]) { found.append(.verbedWord) }
        if let message, cutsCompound(words, message: message) { found.append(.cutCompound) }
        if isMomentary(words, category: category, temporal: temporal) { found.append(.momentary) }
        if collapsesClause(words) || message.map({ collapsesRelative(words, message: $0) }) == true {
            found.append(.collapsedClause)
        }
        if words.count == 1, !named.contains(0), !activities.contains(words[0]) { found.append(.loneWord) }
        return found
    }

    /// Activities a person does, in the third person: each a fact of its own ("Swims").
    private static let activities: Set<String> = [
        "runs", "swims", "hikes", "cooks", "sings", "exercises", "writes", "works", "skates", "drinks", "smokes",
        "vapes", "dances", "bakes", "paints", "draws", "knits", "sews", "reads", "travels", "surfs", "skis",
        "fishes", "hunts", "camps", "gardens", "lifts", "trains", "cycles", "bikes", "jogs", "walks", "volunteers",
        "teaches", "meditates", "prays", "golfs", "boxes", "climbs", "rows", "sails", "skateboards", "snowboards",
        "games", "codes", "drives", "studies", "crochets", "quilts", "journals", "blogs", "sketches", "rides", "dives",
        "kayaks", "wrestles", "races", "competes", "coaches", "tutors", "babysits", "farms", "gambles", "dates",
        "fences", "juggles", "sculpts", "composes", "raps", "acts", "models", "preaches", "nurses",
    ]

    /// How specific a content is: its names (a capital past the first word), numbers and
    /// relations ("wife", "son"). Between two facts of one slot, the more specific is kept.
    public static func specificity(_ content: String) -> Int {
        let spelled = self.spelled(content)
        var score = 0
        for (index, word) in spelled.enumerated() {
            if index > 0 && word.capitalized { score += 1 }
            if word.lower.first?.isNumber == true || flags(word.lower).intersects([.number, .relation]) { score += 1 }
        }
        return score
    }

    /// True when a fact is stored whatever its flaws: a health fact naming a body part or an
    /// injury ("Knee has been hurting for a while") is kept as written (safety first: a
    /// suggestion must never load a part that hurts).
    public static func isSafetyFact(content: String, category: FactCategory) -> Bool {
        guard category == .health else { return false }
        return words(content).contains {
            Lexicon.flags(for: Lexicon.key(Substring($0))).intersects([.bodyPart, .injuryVerb])
        }
    }

    /// The lowercase words of `text`, apostrophes kept ("won't"), curly ones straightened.
    static func words(_ text: String) -> [String] { spelled(text).map(\.lower) }

    /// The words of `text`, each lowercased and whether it was written with a capital.
    static func spelled(_ text: String) -> [(lower: String, capitalized: Bool)] {
        var result: [(lower: String, capitalized: Bool)] = []
        var current = ""
        func flush() {
            while current.hasSuffix("'") || current.hasSuffix("-") { current.removeLast() }
            if !current.isEmpty { result.append((current.lowercased(), current.first?.isUppercase == true)) }
            current = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if character == "'" || character == "\u{2019}", !current.isEmpty {
                current.append("'")
            } else if character == "-", !current.isEmpty {
                current.append("-")
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    private static func flags(_ word: String) -> WordFlags {
        word.utf8.count <= 16 ? Lexicon.flags(for: Lexicon.key(Substring(word))) : []
    }

    // MARK: - Referents

    /// "Favorite", "Favorite form of potatoes", "Which is their personal favorite": a favourite
    /// with no value said ("Favorite color is orange" says one), or a relative clause cut from
    /// the noun it belongs to.
    static func isHeadlessFavorite(_ words: [String]) -> Bool {
        guard let first = words.first else { return false }
        if first == "which" { return true }
        guard first == "favorite" || first == "favourite" || first == "favorites" || first == "favourites" else {
            return false
        }
        return !words.dropFirst().contains { favoriteValueVerbs.contains($0) }
    }

    private static let favoriteValueVerbs: Set<String> = [
        "is", "are", "was", "were", "be", "includes", "include", "has", "have",
    ]

    /// Always a stand-in for something the fact does not say.
    private static let bareReferents: Set<String> = [
        "it", "something", "mine", "hers", "theirs", "yours", "ours", "stuff", "somewhere",
    ]
    /// A stand-in when no noun follows ("that", "this one"), a determiner otherwise ("that car").
    private static let demonstratives: Set<String> = ["that", "this", "these", "those"]
    /// Nouns that are themselves stand-ins after a demonstrative: "that way", "this thing".
    private static let emptyNouns: Set<String> = [
        "way", "one", "ones", "stuff", "thing", "things", "kind", "sort", "place", "type",
    ]

    /// Verbs whose "it" belongs to an idiom, not to a thing: "make it big".
    private static let idiomaticIt: Set<String> = ["make", "makes", "made", "making"]
    /// Words before "that" that make it an adverb: "not that into", "all that much".
    private static let degreeBefore: Set<String> = ["not", "all", "isn't", "wasn't", "aren't", "never"]
    /// Words after "that" that make it an adverb: "that much", "that far".
    private static let degreeAfter: Set<String> = [
        "much", "many", "far", "long", "often", "good", "bad", "big", "hard", "bad", "great", "easy", "old",
    ]

    /// True when the fact's "them" is the message's own "them", things or other people ("I grow
    /// them in my garden" → "Grows them in their garden", "I quit eating them last year"), and
    /// nothing before it in the fact names what it stands for ("Loves cats and has five of
    /// them" does). The speaker is "them" too ("me" is written so): a message that says "me"
    /// keeps its "them", which may be the speaker.
    static func hasOthersThem(_ words: [String], message: String) -> Bool {
        guard let them = words.firstIndex(of: "them") else { return false }
        let said = message.lowercased().split { !$0.isLetter && $0 != "'" }
        guard said.contains("them"), !said.contains("me"), !said.contains("myself") else { return false }
        return !words[1..<them].contains {
            $0.count > 3 && $0.hasSuffix("s") && !$0.hasSuffix("ss") && !$0.hasSuffix("'s") && !notPlurals.contains($0)
        }
    }
    /// Words ending in "s" that name nothing a "them" could stand for.
    private static let notPlurals: Set<String> = [
        "always", "sometimes", "years", "days", "weeks", "months", "hours", "minutes", "times", "unless", "thanks",
        "perhaps", "towards", "besides", "does", "this", "thus", "plus", "less", "was", "has", "its", "his", "hers",
        "ours", "yours", "theirs", "lots", "loads", "tons", "nowadays", "afterwards", "whereas", "series",
    ]

    /// True when a word of `words` stands in for something the fact does not name; `named`
    /// holds the positions written with a capital (a title's "It" is no referent).
    static func hasReferent(_ words: [String], named: Set<Int> = []) -> Bool {
        for (index, word) in words.enumerated() where !named.contains(index) {
            let next = index + 1 < words.count ? words[index + 1] : nil
            let previous = index > 0 ? words[index - 1] : nil
            if bareReferents.contains(word) {
                if word == "it", let previous, idiomaticIt.contains(previous) { continue }
                return true
            }
            if word == "her" && next == nil && index > 0 { return true }
            if word == "there" {
                if let next, ["is", "are", "was", "were"].contains(next) { continue }
                return true
            }
            if demonstratives.contains(word) {
                guard let next else { return true }
                if word == "that", degreeAfter.contains(next) || previous.map(degreeBefore.contains) == true {
                    continue
                }
                if emptyNouns.contains(next) || isPreposition(next) || conjunctions.contains(next) { return true }
                continue
            }
            if word == "one" || word == "ones" {
                // "the only one with superpowers": the speaker, not a stand-in.
                if previous == "only" { continue }
                guard let next else {
                    if let previous, ["only", "formula", "no"].contains(previous) { continue }
                    return true
                }
                if ["who", "that", "which"].contains(next) { continue }
                if let previous, flags(previous).contains(.determiner) || adjectives.contains(previous) {
                    if !isPreposition(next) && !conjunctions.contains(next) { continue }
                    return true
                }
                if next != "of", isPreposition(next) { return true }
                continue
            }
            if word == "his" {
                guard let next else { return true }
                if isPreposition(next) || conjunctions.contains(next) || flags(next).contains(.determiner) {
                    return true
                }
            }
        }
        return false
    }

    // MARK: - Dangling endings

    /// Prepositions that cannot end a statement; particles that can ("grew up", "works out",
    /// "moved in") are not among them.
    private static let prepositions: Set<String> = [
        "about", "above", "across", "against", "among", "at", "behind", "below", "beneath", "beside", "between",
        "beyond", "by", "during", "except", "for", "from", "into", "like", "near", "of", "onto", "per", "than",
        "through", "toward", "towards", "under", "until", "upon", "via", "with", "within", "without", "to", "as",
        "at", "including", "regarding", "despite", "among", "amongst",
    ]
    /// Every preposition, particles included, for what may follow a referent.
    private static let particles: Set<String> = [
        "in", "on", "up", "out", "off", "down", "over", "around", "after", "before", "since", "back", "away",
    ]
    private static func isPreposition(_ word: String) -> Bool {
        prepositions.contains(word) || particles.contains(word)
    }
    private static let conjunctions: Set<String> = [
        "and", "or", "but", "because", "cause", "cuz", "so", "if", "when", "while", "nor", "although", "whereas",
        "unless", "whether", "where", "who", "which", "whose", "whom",
    ]
    /// Determiners that need a noun after them.
    private static let articles: Set<String> = [
        "a", "an", "the", "my", "your", "her", "their", "our", "its", "some", "any", "every", "each", "another",
        "no", "several", "many", "few",
    ]
    /// Adjectives that leave a noun phrase open when they end it: "a small", "my favorite".
    private static let adjectives: Set<String> = [
        "good", "new", "first", "last", "long", "great", "little", "other", "old", "right", "big", "high",
        "different", "small", "large", "next", "early", "young", "important", "public", "bad", "same", "nice",
        "huge", "tiny", "beautiful", "lovely", "pretty", "cute", "local", "whole", "full", "real", "older",
        "younger", "bigger", "smaller", "entire", "main", "second", "third", "couple", "bunch", "few", "such",
    ]

    /// Words before a final preposition that make it stranded, not cut: a subject or a
    /// relative ("the shelter they volunteer at"), or an infinitive ("a rabbit to care for").
    private static let strandingWords: Set<String> = [
        "they", "he", "she", "we", "you", "i", "it", "that", "which", "who", "whom", "what", "to",
    ]
    /// Verbs whose "to" may end a statement, the rest understood: "don't intend to".
    private static let elidingVerbs: Set<String> = [
        "intend", "want", "wants", "like", "love", "plan", "plans", "have", "has", "need", "needs", "used",
        "going", "able", "try", "hope", "meant", "supposed", "got", "wanted", "planned", "tried", "hoped",
    ]

    static func hasDanglingEnd(_ words: [String]) -> Bool {
        guard let last = words.last else { return false }
        // "for a while", "once in a while": a noun there, not the conjunction.
        if last == "while" && words.count > 1 && words[words.count - 2] == "a" { return false }
        if articles.contains(last) || conjunctions.contains(last) { return true }
        // "Mom does", "Sister is": a subject and its auxiliary, the verb left in the partner's turn.
        if words.count == 2, bareHeads.contains(last) { return true }
        // "… now because even", "… but just": a conjunction with only adverbs after it.
        if let conjunction = words.lastIndex(where: conjunctions.contains), conjunction > 0,
            conjunction < words.count - 1, words[(conjunction + 1)...].allSatisfy(trailingAdverbs.contains)
        {
            return true
        }
        if prepositions.contains(last) {
            guard words.count > 1 else { return true }
            if last == "to" && elidingVerbs.contains(words[words.count - 2]) { return false }
            if last == "by" && ["close", "near", "stop", "stopped", "drop", "swing"].contains(words[words.count - 2]) {
                return false
            }
            return !words[max(0, words.count - 5)..<(words.count - 1)].contains(where: strandingWords.contains)
        }
        // "Likes to see", "Wants to buy", "Coworkers love": a verb that needs its object, left
        // without it; not "books they enjoy", "whatever they want" (a relative clause's).
        if objectVerbs.contains(last), words.count > 1,
            words.count == 2 && !objectVerbs.contains(words[0])
                || words.count > 2 && words[words.count - 2] == "to" && controlVerbs.contains(words[words.count - 3])
                    && (words.count == 3 || !relativeSubjects.contains(words[words.count - 4]))
        {
            return true
        }
        if adjectives.contains(last), words.count > 1 {
            let before = words[words.count - 2]
            if articles.contains(before)
                || ["very", "really", "so", "pretty", "quite", "his", "this", "that"]
                    .contains(before)
                || flags(before).contains(.number)
            {
                return true
            }
        }
        return false
    }

    /// Adverbs that say nothing after a conjunction that ends a fact ("because even").
    private static let trailingAdverbs: Set<String> = ["even", "just", "really", "still", "also", "maybe"]

    /// Verbs that need an object: a fact never ends on one just after "to" or its subject.
    private static let objectVerbs: Set<String> = [
        "love", "loves", "like", "likes", "see", "sees", "enjoy", "enjoys", "want", "wants", "hate", "hates",
        "need", "needs", "make", "makes", "get", "gets", "take", "takes", "give", "gives", "bring", "brings",
        "find", "finds", "keep", "keeps", "use", "uses", "buy", "buys", "try", "tries",
    ]

    /// Subjects of a relative clause that ends a fact ("everything they wanted to bring").
    private static let relativeSubjects: Set<String> = ["they", "i", "you", "he", "she", "we", "people"]
    /// Verbs before "to" whose infinitive is the fact's predicate ("Wants to buy"); after a noun
    /// the infinitive is the noun's ("new games to try").
    private static let controlVerbs: Set<String> = [
        "want", "wants", "wanted", "like", "likes", "liked", "love", "loves", "loved", "need", "needs", "needed",
        "went", "go", "goes", "going", "try", "tries", "tried", "trying", "hope", "hopes", "hoping", "plan", "plans",
        "planning", "wish", "wishes", "able", "decided", "learning", "learned", "started", "starting",
    ]

    /// The first words of a bare predicate: an auxiliary, or "tried" ("Tried one once").
    private static let bareHeads: Set<String> = [
        "does", "do", "did", "has", "have", "had", "is", "was", "are", "am", "can", "will", "would", "could",
        "tried",
    ]
    /// What may follow a bare predicate's head and still leave it saying nothing alone: a
    /// negation, an adverb, a stand-in, or a verb whose object the partner's question held.
    private static let bareTails: Set<String> = [
        "not", "never", "sometimes", "often", "usually", "always", "occasionally", "before", "once", "too", "so",
        "already", "still", "really", "actually", "definitely", "certainly", "ever", "again", "yet", "though",
        "know", "care", "believe", "tried", "how", "one", "that", "it", "this", "both", "either",
    ]

    /// True for "Does not", "Does sometimes", "Has tried before", "Does not know how", "Tried
    /// one once": an auxiliary (or "tried") with nothing after it but a negation, adverbs,
    /// stand-ins or an objectless know / care / believe. What it affirms or denies is in the
    /// partner's question, where ``ReplyReader`` reads it ("Do you play chess?" → "I do not"
    /// states "Doesn't play chess").
    static func isBarePredicate(_ words: [String]) -> Bool {
        guard words.count >= 2, bareHeads.contains(words[0]) else { return false }
        return words.dropFirst().allSatisfy(bareTails.contains)
    }

    // MARK: - Verbed words

    /// Words that are never a verb's base: contractions, reply words, adverbs.
    private static let nonVerbs: Set<String> = [
        "wont", "won't", "sure", "yeah", "yes", "yep", "nope", "nah", "ok", "okay", "probably", "definitely",
        "totally", "really", "actually", "maybe", "also", "just", "still", "always", "never", "usually",
        "sometimes", "often", "absolutely", "certainly", "honestly", "basically", "literally", "kinda", "not",
        "cant", "dont", "didnt", "wouldnt", "shouldnt", "couldnt", "isnt", "doesnt", "im", "ive", "id", "ill",
        "very", "too", "pretty", "even", "already", "only", "mostly", "currently", "now", "recently",
        "lately", "hopefully", "unfortunately", "luckily", "thankfully", "finally", "well", "alright", "cool",
    ]
    /// Verbs whose base ends in "ly".
    private static let lyVerbs: Set<String> = [
        "apply", "reply", "rely", "supply", "fly", "multiply", "comply", "ally", "bully", "rally", "tally",
    ]

    static func isVerbedWord(_ first: String) -> Bool {
        guard first.count > 2, first.hasSuffix("s") else { return false }
        if first.dropLast().contains("'") && !first.hasSuffix("'s") { return true }
        var bases = [String(first.dropLast())]
        if first.hasSuffix("es") { bases.append(String(first.dropLast(2))) }
        if first.hasSuffix("ies") { bases.append(String(first.dropLast(3)) + "y") }
        for base in bases {
            if nonVerbs.contains(base) { return true }
            if base.hasSuffix("ly") && base.count > 4 && !lyVerbs.contains(base) { return true }
        }
        return false
    }

    // MARK: - Cut compounds

    /// Words that may follow a noun phrase's head without being part of it.
    private static let notNounFlags: WordFlags = [
        .determiner, .auxiliary, .subordinator, .objectPronoun, .subjectPronoun, .clauseBreak, .negation, .filler,
        .hedge, .discourse, .chatFiller, .listener, .frequency, .pastTime, .futureTime, .dateStart, .pastForm,
        .likeVerb, .dislikeVerb, .activity, .consumption, .experienceVerb, .cessationVerb, .beliefVerb,
        .possessionVerb, .intention, .injuryVerb, .transient, .number, .questionWord,
    ]

    /// True when the fact ends in a noun phrase ("a home") that its message continues with a
    /// further noun, no punctuation between ("a home garden").
    static func cutsCompound(_ words: [String], message: String) -> Bool {
        guard words.count >= 2 else { return false }
        let last = words[words.count - 1]
        let before = words[words.count - 2]
        guard articles.contains(before) || adjectives.contains(before) else { return false }
        // The head may be a word the lexicon also knows as a state ("home").
        guard !articles.contains(last), !isPreposition(last),
            flags(last).isDisjoint(with: notNounFlags.subtracting(.transient))
        else {
            return false
        }
        // Every time the message says the phrase, a noun follows: "the best, … the best equipment"
        // is not a cut "the best".
        var continued = false
        for run in spokenRuns(message) {
            var index = 0
            while index + 1 < run.count {
                defer { index += 1 }
                guard run[index] == before, run[index + 1] == last else { continue }
                guard index + 2 < run.count, isNounLike(run[index + 2], after: last) else { return false }
                continued = true
            }
        }
        return continued
    }

    private static func isNounLike(_ word: String, after head: String) -> Bool {
        guard word.count > 2, word.first?.isLetter == true, !word.contains("'") else { return false }
        guard flags(word).isDisjoint(with: notNounFlags) else { return false }
        if isPreposition(word) || conjunctions.contains(word) || articles.contains(word) { return false }
        if Lexicon.timeNouns.contains(Lexicon.key(Substring(word))) { return false }
        if word.hasSuffix("ly") || word.hasSuffix("ed") || word.hasSuffix("ing") { return false }
        // A verb after a singular head ("a dog barks") ends in "s"; a plural head takes its own.
        if word.hasSuffix("s") && !head.hasSuffix("s") { return false }
        return !nonNounFollowers.contains(word)
    }

    /// Frequent words after a noun that neither the lexicon nor the endings rule out.
    private static let nonNounFollowers: Set<String> = [
        "too", "now", "here", "there", "then", "though", "lol", "haha", "yet", "ago", "again", "anymore", "either",
        "instead", "together", "alone", "myself", "yourself", "himself", "herself", "itself", "ourselves",
        "themselves", "right", "more", "less", "much", "very", "named", "called", "will", "can", "would", "could",
        "should", "must", "might", "may", "did", "does", "do", "is", "are", "was", "were", "has", "have", "had",
        "love", "like", "hate", "want", "need", "make", "get", "let", "help", "keep", "take", "give", "live",
        "work", "come", "go", "say", "think", "feel", "look", "seem",
    ]

    /// The message's words, cut into runs at punctuation.
    private static func spokenRuns(_ message: String) -> [[String]] {
        var runs: [[String]] = []
        for piece in message.split(whereSeparator: { ",.;:!?()\"\n".contains($0) }) {
            let run = words(String(piece))
            if !run.isEmpty { runs.append(run) }
        }
        return runs
    }

    // MARK: - Collapsed clauses

    private static let finiteAuxiliaries: Set<String> = [
        "is", "was", "are", "were", "has", "had", "will", "would", "does", "did", "can", "could",
    ]

    /// True when a preposition runs straight into a finite auxiliary: "with was good".
    static func collapsesClause(_ words: [String]) -> Bool {
        zip(words, words.dropFirst()).contains { prepositions.contains($0) && finiteAuxiliaries.contains($1) }
    }

    /// "Usually watches is UFC" from "the only other thing I usually watch is UFC", "Takes is about
    /// 2.5 miles" from "the path I take is …": a relative clause's "I" and verb read as the
    /// speaker's statement, the main clause's copula run on after them. The fact's words up to
    /// the copula follow an "I" in the message, the verb there unconjugated ("Parents were
    /// teachers" follows "my").
    static func collapsesRelative(_ words: [String], message: String) -> Bool {
        guard let copula = words.prefix(6).firstIndex(where: { relativeCopulas.contains($0) }),
            let verb = words.prefix(copula).firstIndex(where: { !relativeAdverbs.contains($0) }),
            words[(verb + 1)..<copula].allSatisfy({
                prepositions.contains($0) || relativeParticles.contains($0) || relativeAdverbs.contains($0)
            })
        else { return false }
        let said = Self.words(message)
        guard said.count > copula + 1 else { return false }
        for start in 0..<(said.count - copula - 1) where said[start] == "i" {
            let matches = (0...copula).allSatisfy { offset in
                let fact = words[offset]
                let written = said[start + 1 + offset]
                return fact == written || fact == written + "s" || fact == written + "es"
                    || (written.hasSuffix("y") && fact == written.dropLast() + "ies")
            }
            if matches { return true }
        }
        return false
    }

    private static let relativeCopulas: Set<String> = ["is", "was", "are", "were"]
    private static let relativeAdverbs: Set<String> = [
        "usually", "really", "always", "often", "ever", "never", "just", "still", "also", "most", "least", "best",
        "the", "regularly", "sometimes", "mostly", "only", "already", "actually", "even", "probably", "kind",
    ]
    /// Particles and places between a relative clause's verb and the copula, besides prepositions.
    private static let relativeParticles: Set<String> = [
        "in", "on", "up", "out", "back", "before", "there", "here", "ago", "off",
    ]

    // MARK: - Momentary states

    private static let stateVerbs: Set<String> = ["is", "was", "am", "feels", "felt", "been", "seems", "gets"]
    private static let stateFillers: Set<String> = [
        "very", "so", "really", "pretty", "super", "quite", "a", "bit", "kind", "of", "little", "feeling", "getting",
        "doing", "just", "too", "still", "all", "totally", "also", "bit", "kinda", "extremely", "incredibly",
        "been",
    ]
    /// Passing feelings the lexicon does not mark `.transient`.
    private static let passingStates: Set<String> = [
        "tired", "sleepy", "exhausted", "bored", "happy", "sad", "upset", "angry", "mad", "worried", "thankful",
        "grateful", "lucky", "relieved", "impressed", "jealous", "nervous", "scared", "excited", "glad", "hungry",
        "thirsty", "cold", "hot", "warm", "fine", "good", "great", "okay", "ok", "well", "better", "blessed",
        "stressed", "overwhelmed", "anxious", "cranky", "grumpy", "sorry", "bummed", "psyched", "pumped",
        "stoked", "thrilled", "awesome", "amazing", "wonderful", "fantastic", "terrific", "alright", "surprised",
        "shocked", "disappointed", "full", "busy",
    ]
    /// What may follow a passing state without making it lasting: a time of now.
    private static let nowWords: Set<String> = [
        "today", "tonight", "now", "right", "currently", "at", "the", "moment", "this", "morning", "afternoon",
        "evening", "week", "weekend", "lately", "though", "too", "as", "well", "again", "also", "anyway",
        "yesterday", "day", "all", "about", "that", "it", "to", "hear", "for", "you",
    ]

    private static let months: Set<String> = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
        "november", "december", "on", "in",
    ]

    private static func isDateWord(_ word: String) -> Bool {
        months.contains(word) || (!word.isEmpty && word.allSatisfy(\.isNumber))
    }

    static func isMomentary(_ words: [String], category: FactCategory, temporal: FactTemporal) -> Bool {
        guard let first = words.first, stateVerbs.contains(first) else { return false }
        var index = 1
        while index < words.count, stateFillers.contains(words[index]) { index += 1 }
        guard index < words.count else { return false }
        let head = words[index]
        guard passingStates.contains(head) || flags(head).contains(.transient) else { return false }
        let rest = words[(index + 1)...]
        // "today" is written as its date: "Is tired on 1 January 2024".
        guard rest.allSatisfy({ nowWords.contains($0) || isDateWord($0) }) else { return false }
        // A health state with a body part or a named condition, and a plan with a date, stay.
        if words.contains(where: { flags($0).intersects([.bodyPart, .condition, .injuryVerb]) }) { return false }
        if temporal == .intended && words.contains(where: { flags($0).intersects([.futureTime, .number]) }) {
            return false
        }
        return true
    }
}

// MARK: - Repairs

extension FactQuality {
    /// `content` with what can be mended mended before the checks: a second clause run on with
    /// "it is" cut off ("Loves baked goods it is their heaven" → "Loves baked goods"), and
    /// "there" replaced by the place it stands for when the message names one before it, or
    /// the partner's question does ("I work there" after "… at the bar" → "Works at the bar").
    /// Unchanged when nothing applies; the checks then decide.
    public static func repaired(_ content: String, message: String, partner: String?) -> String {
        var text = cuttingRunOn(content)
        if let resolved = resolvingThere(text, message: message, partner: partner) { text = resolved }
        return text
    }

    /// `content` less its last coordinated parts ("… and listens to it while working") while
    /// it fails the checks and at least two words stay: "Loves rock music and listens to it
    /// while working" → "Loves rock music". Unchanged when no cut makes it pass.
    public static func trimmed(
        _ content: String, category: FactCategory, temporal: FactTemporal, message: String
    ) -> String {
        var current = content
        for _ in 0..<3 {
            if flaws(content: current, category: category, temporal: temporal, message: message).isEmpty {
                return current
            }
            var cut: String.Index? = nil
            for joint in [" and ", " but ", " or ", " because ", " while ", " when ", " since ", " if "] {
                if let range = current.range(of: joint, options: .backwards),
                    range.lowerBound > (cut ?? current.startIndex)
                {
                    cut = range.lowerBound
                }
            }
            guard let cut else { return content }
            let head = String(current[..<cut]).trimmingCharacters(in: CharacterSet(charactersIn: " ,;"))
            guard words(head).count >= 2 else { return content }
            current = head
        }
        return flaws(content: current, category: category, temporal: temporal, message: message).isEmpty
            ? current : content
    }

    /// Words after which "it is" belongs to the clause: "when it is ripe", "what it was".
    private static let clauseOpeners: Set<String> = [
        "when", "what", "whether", "that", "if", "because", "how", "where", "while", "until", "before", "after", "as",
        "than", "so", "since", "though", "although", "once", "unless", "whenever", "make", "sure",
    ]

    static func cuttingRunOn(_ content: String) -> String {
        for pattern in [" it is ", " it's ", " it was ", " it\u{2019}s "] {
            guard let range = content.range(of: pattern, options: .caseInsensitive) else { continue }
            let head = String(content[..<range.lowerBound]).trimmingCharacters(in: .whitespaces)
            let before = words(head)
            guard before.count >= 2, let last = before.last, !clauseOpeners.contains(last) else { continue }
            return head
        }
        return content
    }

    /// Verbs after which a place is where one goes: "went there" → "went to Rome".
    private static let motionVerbs: Set<String> = [
        "go", "goes", "went", "going", "gone", "move", "moved", "moving", "moves", "travel", "travels", "traveled",
        "travelled", "traveling", "travelling", "fly", "flew", "flies", "flying", "drive", "drove", "drives",
        "driving", "come", "came", "comes", "coming", "get", "got", "return", "returned", "head", "headed", "been",
        "back",
    ]
    private static let placePrepositions: Set<String> = ["in", "at", "to", "near", "around"]
    private static let placeDeterminers: Set<String> = ["the", "a", "an", "my", "our", "this", "that"]

    /// The content with its one "there" replaced by a place, or nil when it has none to replace
    /// or no place is found.
    static func resolvingThere(_ content: String, message: String, partner: String?) -> String? {
        let spelled = self.spelled(content)
        let positions = spelled.indices.filter {
            spelled[$0].lower == "there"
                && !($0 + 1 < spelled.count && ["is", "are", "was", "were"].contains(spelled[$0 + 1].lower))
        }
        guard positions.count == 1, let index = positions.first, index > 0 else { return nil }
        var place = lastPlace(in: message, before: "there")
        if place == nil, let partner, partner.contains("?") { place = lastPlace(in: partner, before: nil) }
        guard let place else { return nil }
        let verbs = spelled[..<index].map(\.lower)
        let preposition: String
        if verbs.contains(where: motionVerbs.contains) {
            preposition = "to"
        } else {
            preposition = place.preposition == "to" ? "in" : place.preposition
        }
        // The word itself, not "there" inside "theres" or "whereas".
        var search = content.startIndex..<content.endIndex
        while let range = content.range(of: "there", options: .caseInsensitive, range: search) {
            let before = range.lowerBound == content.startIndex ? nil : content[content.index(before: range.lowerBound)]
            let after = range.upperBound == content.endIndex ? nil : content[range.upperBound]
            if before?.isLetter != true && after?.isLetter != true && after != "'" {
                var result = content
                result.replaceSubrange(range, with: "\(preposition) \(place.phrase)")
                return result
            }
            search = range.upperBound..<content.endIndex
        }
        return nil
    }

    /// The last place phrase of `text` ("at the bar", "in New York"), before its first word
    /// `stop` when given: a place preposition, then a determiner and up to three nouns, or up
    /// to three capitalised words.
    private static func lastPlace(in text: String, before stop: String?) -> (preposition: String, phrase: String)? {
        var found: (String, String)? = nil
        for piece in text.split(whereSeparator: { ",.;:!?()\"\n".contains($0) }) {
            let run = spelled(String(piece))
            let end = stop.flatMap { word in run.firstIndex(where: { $0.lower == word }) } ?? run.count
            var index = 0
            while index + 1 < end {
                defer { index += 1 }
                guard placePrepositions.contains(run[index].lower) else { continue }
                var cursor = index + 1
                var phrase: [String] = []
                if placeDeterminers.contains(run[cursor].lower) {
                    let determiner = run[cursor].lower
                    phrase.append(determiner == "my" || determiner == "our" ? "their" : determiner)
                    cursor += 1
                    while cursor < end, phrase.count < 4, isPlaceWord(run[cursor].lower) {
                        phrase.append(run[cursor].capitalized ? capitalizedWord(run[cursor].lower) : run[cursor].lower)
                        cursor += 1
                    }
                    guard phrase.count >= 2 else { continue }
                } else {
                    while cursor < end, phrase.count < 3, run[cursor].capitalized, run[cursor].lower != "i",
                        isPlaceWord(run[cursor].lower)
                    {
                        phrase.append(capitalizedWord(run[cursor].lower))
                        cursor += 1
                    }
                    guard !phrase.isEmpty else { continue }
                }
                found = (run[index].lower, phrase.joined(separator: " "))
            }
            if let stop, run.contains(where: { $0.lower == stop }) { break }
        }
        return found
    }

    private static func isPlaceWord(_ word: String) -> Bool {
        guard word.first?.isLetter == true, !word.contains("'") else { return false }
        guard flags(word).isDisjoint(with: notNounFlags) else { return false }
        return !isPreposition(word) && !conjunctions.contains(word) && !articles.contains(word)
            && !nonNounFollowers.contains(word) && !Lexicon.timeNouns.contains(Lexicon.key(Substring(word)))
    }

    private static func capitalizedWord(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
