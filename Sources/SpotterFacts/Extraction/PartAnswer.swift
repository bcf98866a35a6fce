import Foundation

/// What an answer says of a body part the partner's question named, read as the answerer's own
/// statement about it: "How's your ankle?" → "Still hurts a lot" states "My ankle still hurts a
/// lot"; "How is your arm healing?" → "It's healing quite alright" states "My arm is healing
/// quite alright"; "Does your back still hurt?" → "A bit" states "My back still hurts"; → "Nope"
/// states "My back is fine now"; "Did you break your arm?" → "Yeah, skateboarding" states "I
/// broke my arm"; "How did you break your arm?" → "Skateboarding" states "I broke my arm".
///
/// A coach or a friend asks after an injury by its part, and the answer rarely names it again,
/// so without the question the answer renews nothing and lifts nothing. Only health is read
/// from the statement (``RuleExtractor/extract(_:replyingTo:)`` keeps its health facts alone),
/// and only when the answer carries a health word: "How's your knee?" → "I went to the doctor"
/// states nothing. An answer that names a part itself, or asks back, is read by its own words.
enum PartAnswer {
    /// The statement `answer` makes about the part the last question of `question` asks after,
    /// or nil. When a later question of the message asks something else ("How's your knee? Did
    /// you see the game?"), the part's question is read too, but only what the answer says of
    /// health in its own words ("still sore"): a yes or a no may answer the later question.
    static func statement(answering question: String, with answer: Substring) -> String? {
        let questions = ReplyReader.questions(in: question[...]).suffix(3).filter { $0.count <= 120 }
        guard let last = questions.last else { return nil }
        if let said = statement(answering: last, with: answer, latest: true) { return said }
        for earlier in questions.dropLast().reversed() {
            if let said = statement(answering: earlier, with: answer, latest: false) { return said }
            if askedPart(Self.words(earlier)) != nil || isOnlyPart(Self.words(earlier)) { return nil }
        }
        return nil
    }

    /// "Knee?", "And the ankle?", "Your left knee?": a question that is only the part.
    private static func isOnlyPart(_ words: [String]) -> Bool {
        words.contains { BodyPart.byPhrase[$0] != nil }
            && words.allSatisfy {
                askers.contains($0) || sides.contains($0) || leadIns.contains($0) || BodyPart.byPhrase[$0] != nil
            }
    }

    private static func statement(answering asked: Substring, with answer: Substring, latest: Bool) -> String? {
        var words = Self.words(asked)
        // "Ahh that sucks mate, how did you break your arm?": the question opens after the comma.
        if let clause = asked.split(separator: ",").last(where: { clause in
            Self.words(clause).first.map { openers.contains($0) } == true
        }) {
            words = Self.words(clause)
        }
        while let first = words.first, leadIns.contains(first) { words.removeFirst() }
        // "Knee?", "Your knee?", "And the ankle?": a question that is only the part asks how it is.
        let onlyPart = isOnlyPart(words)
        let part = askedPart(words)
        guard onlyPart || words.count >= 2 && part != nil else { return nil }
        guard let said = firstStatement(answer) else { return nil }
        let saidWords = Self.words(said)
        // "My knee is fine, but how's yours?": the answer's own words name the part.
        guard !saidWords.contains(where: { BodyPart.byPhrase[$0] != nil }) else { return nil }
        let spoken =
            part.map { words[$0.range].joined(separator: " ") }
            ?? words.filter { BodyPart.byPhrase[$0] != nil || sides.contains($0) }.joined(separator: " ")
        let first = words[0]
        let asksHow = onlyPart || first == "how" || first == "how's" || first == "hows"
        // Not the latest question: only the answer's own words about health, never its yes or no.
        guard latest else {
            guard asksHow, ReplyReader.stance(of: said) == nil, hedgedStance(saidWords) == nil else { return nil }
            return state(of: said, part: spoken)
        }
        if onlyPart { return state(of: said, part: spoken) }
        guard let part else { return nil }
        let stance = ReplyReader.stance(of: said) ?? Self.hedgedStance(saidWords)

        // "Did you break your arm …?" → "Yeah …": the event the question names, now the speaker's.
        if first == "did" || first == "have", words[1] == "you", words.count > 3,
            let past = injuryVerbs[words[2]], part.range.lowerBound <= 5
        {
            // "No, just bruised it": what it was instead.
            guard stance == true else { return stance == false ? state(of: said, part: spoken) : nil }
            // The rest of the question dates it, in the speaker's words: "Did you break your
            // wrist when you were little?" → "Yes" states "I broke my wrist when i was little".
            let when = words[part.range.upperBound...].prefix(6).enumerated().map { offset, word -> String in
                switch word {
                case "you": "i"
                case "your": "my"
                case "were" where offset > 0: "was"
                default: word
                }
            }
            let verb = first == "have" ? "have " + (participles[past] ?? past) : past
            return (["I", verb, "my", spoken] + when).joined(separator: " ")
        }
        // "How did you break your arm?" → "Skateboarding, I landed wrong": the question takes the
        // injury as said, and an answer that does not deny it tells how.
        if first == "how", words.count > 4, words[1] == "did", words[2] == "you", let past = injuryVerbs[words[3]],
            part.range.lowerBound <= 6, stance != false,
            !saidWords.contains(where: { ["didn't", "not", "never", "wasn't"].contains($0) })
        {
            return "I " + past + " my " + spoken
        }
        // "Is your knee still sore?", "Does your back still hurt?", "Has your ankle healed?"
        if polar.contains(first), part.range.lowerBound <= 3 {
            let predicate = Array(words[part.range.upperBound...].prefix(6))
            let problem = predicate.contains { problemWords.contains($0) }
            let well = predicate.first { wellWords.contains($0) }
            guard problem || well != nil else { return nil }
            switch stance {
            case true? where problem:
                return "My " + spoken + " " + agreeing(predicate, with: first).joined(separator: " ")
            case true?:
                // "Is your knee ok?" → "yeah": well again; "better?" → "yes": better, not healed;
                // "improving?" → "yes": still healing.
                switch well {
                case "better": return "My " + spoken + " is better"
                case "improving": return "My " + spoken + " is getting better"
                default: return "My " + spoken + " is fine now"
                }
            case false?:
                // A no and nothing more ("Nope", "not really", "no, not anymore"); "No, it's
                // worse" or "No, but it's getting better" says more than the no.
                if saidWords.allSatisfy({ denialWords.contains($0) || discourse.contains($0) || courtesy.contains($0) })
                {
                    if problem { return "My " + spoken + " is fine now" }
                    if let well { return "My " + spoken + " is not " + (well == "improving" ? "better" : well) }
                }
                return state(of: said, part: spoken)
            case nil:
                return state(of: said, part: spoken)
            }
        }
        // "How's your knee?", "How is your arm healing?", "How are your hands feeling?"
        if first == "how" || first == "how's" || first == "hows",
            first != "how" || howVerbs.contains(words[1]), part.range.lowerBound <= 3
        {
            return state(of: said, part: spoken)
        }
        return nil
    }

    /// A yes or a no said without one: "A bit", "it does", "kinda" agree; "not really", "it
    /// doesn't", "not anymore" deny; nil otherwise.
    private static func hedgedStance(_ words: [String]) -> Bool? {
        let opening = words.prefix(3).joined(separator: " ")
        if hedgedNo.contains(where: { opening == $0 || opening.hasPrefix($0 + " ") }) { return false }
        if hedgedYes.contains(where: { opening == $0 || opening.hasPrefix($0 + " ") }) { return true }
        return nil
    }

    private static let hedgedYes = [
        "a little", "a bit", "a tad", "little bit", "kinda", "kind of", "sort of", "slightly", "somewhat", "sometimes",
        "occasionally", "it does", "it still does", "still does", "it is", "it still is", "still is", "they do",
        "they still do", "they are", "it has", "always", "only when", "only if", "only sometimes", "i think so",
        "think so", "probably", "i guess", "pretty much",
    ]
    private static let hedgedNo = [
        "not really", "not anymore", "not at all", "not much", "it doesn't", "it does not", "it isn't", "it's not",
        "it is not", "they don't", "they aren't", "it hasn't", "never", "no more", "not any more",
    ]

    /// "Does your back still hurt?" → "still hurts": the predicate's verb agrees with the part.
    private static func agreeing(_ predicate: [String], with auxiliary: String) -> [String] {
        guard auxiliary == "does", let verb = predicate.firstIndex(where: { !adverbs.contains($0) }),
            !predicate[verb].hasSuffix("s"), predicate[verb].allSatisfy(\.isLetter)
        else { return predicate }
        var agreed = predicate
        agreed[verb] += "s"
        return agreed
    }

    /// The answer as a statement about the part: "It's healing quite alright" → "My arm is
    /// healing quite alright", "Still sore" → "My knee still sore"; nil when it says nothing of
    /// health (no problem, healing or recovery word).
    private static func state(of sentence: Substring, part: String) -> String? {
        // The first clause that says more than yes, no or thanks: "No, but it's stiff" → "it's stiff".
        let clauses = sentence.split(separator: ",").map { Self.words($0) }
        guard
            let clause = clauses.first(where: {
                !$0.allSatisfy { discourse.contains($0) || yesNo.contains($0) || courtesy.contains($0) }
            })
        else { return nil }
        var rest = clause.drop(while: { discourse.contains($0) })[...]
        // "no pain" keeps its "no"; "No, it hurts" drops it.
        if let opening = rest.first, yesNo.contains(opening),
            rest.dropFirst().first.map({ !problemWords.contains($0) && $0 != "more" && $0 != "longer" }) ?? true
        {
            rest = rest.dropFirst().drop(while: { discourse.contains($0) || yesNo.contains($0) })
        }
        guard !rest.isEmpty else { return nil }
        // "I rested it all week and now it feels fine": the speaker's own clause, with "it" the
        // part; without an "it" it is about something else ("I went to the doctor").
        if let speaker = rest.first, speakers.contains(speaker) {
            guard rest.contains(where: { ["it", "it's", "its"].contains($0) }) else { return nil }
            let named = rest.flatMap { word -> [String] in
                switch word {
                case "it": ["my", part]
                case "it's", "its": ["my", part, "is"]
                default: [word]
                }
            }
            let statement = Array(named.prefix(16))
            guard readsAsHealth(statement.flatMap { $0.split(separator: " ").map(String.init) }) else { return nil }
            return statement.joined(separator: " ")
        }
        var verb: [String] = []
        switch rest.first! {
        case "it's", "its", "they're", "theyre":
            let plural = rest.first!.hasPrefix("they")
            rest = rest.dropFirst()
            verb = rest.first == "been" ? [plural ? "have" : "has"] : [plural ? "are" : "is"]
        case "it", "they":
            rest = rest.dropFirst()
        default:
            break
        }
        // "They're okay now, but I decided not to apply": a "but" before the speaker turns to
        // something else; "better than yesterday but still sore" does not.
        var statement = Array(rest.prefix(12))
        if let but = statement.firstIndex(of: "but"), but > 0, but + 1 < statement.count,
            speakers.contains(statement[but + 1])
        {
            statement.removeSubrange(but...)
        }
        while let last = statement.last, courtesy.contains(last) { statement.removeLast() }
        // "Terrible", "pretty rough": a bad state, said as a coach hears it.
        if let bad = statement.firstIndex(where: { badStates.contains($0) }), bad <= 2 {
            statement.replaceSubrange(bad...bad, with: ["not", "great"])
        }
        // "Getting there": healing, said as a coach hears it.
        if let there = statement.firstIndex(of: "there"), there > 0, statement[there - 1] == "getting" {
            statement[there] = "better"
        }
        let words = ["my"] + part.split(separator: " ").map(String.init) + verb + statement
        // Only what reads as health: an injury reading, a recovery, or how well the part is.
        guard statement.contains(where: { wellWords.contains($0) }) || readsAsHealth(words) else { return nil }
        return (["My", part] + verb + statement).joined(separator: " ")
    }

    /// Whether the words, read as the nightly reads a message, say the part is hurt or well again.
    private static func readsAsHealth(_ words: [String]) -> Bool {
        Recovery.says(words) || !InjuryStatement.drafts(words, sentAt: nil, timeZone: utc).isEmpty
    }

    /// The part the question asks after, said with "your", "the" or "that" just before it
    /// ("your left knee", "the ankle"), as the range of its words.
    private static func askedPart(_ words: [String]) -> (part: BodyPart, range: Range<Int>)? {
        for (index, word) in words.enumerated() {
            let pair = index + 1 < words.count ? BodyPart.byPhrase[word + " " + words[index + 1]] : nil
            guard let part = pair ?? BodyPart.byPhrase[word] else { continue }
            var start = index
            while start > 0, sides.contains(words[start - 1]) { start -= 1 }
            guard start > 0, askers.contains(words[start - 1]) else { return nil }
            let end = index + (pair == nil ? 1 : 2)
            // "How's your leg day going?", "your knee sleeve": the part names something else.
            if end < words.count, compounds.contains(words[end]) { return nil }
            return (part, start..<end)
        }
        return nil
    }

    /// The first sentence of the answer that is more than thanks ("Thanks for asking! They're
    /// okay now" → "They're okay now"), or nil when it asks back or says nothing.
    private static func firstStatement(_ answer: Substring) -> Substring? {
        var rest = answer.prefix(400)
        while !rest.isEmpty {
            let end = rest.firstIndex { $0 == "." || $0 == "!" || $0 == "?" || $0 == "\n" } ?? rest.endIndex
            let sentence = rest[..<end]
            if end < rest.endIndex, rest[end] == "?" { return nil }
            let words = Self.words(sentence)
            if !words.isEmpty, !words.allSatisfy({ courtesy.contains($0) || discourse.contains($0) }) {
                return sentence
            }
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
        }
        return nil
    }

    /// Lower-case words, apostrophes kept ("it's"), curly ones made straight.
    private static func words(_ text: Substring) -> [String] {
        text.lowercased().replacingOccurrences(of: "\u{2019}", with: "'")
            .split { !$0.isLetter && $0 != "'" && !$0.isNumber }.map(String.init)
    }

    private static let utc = TimeZone(identifier: "UTC")!
    /// Words that make a clause the speaker's own ("I rested it …").
    private static let speakers: Set<String> = [
        "i", "i'm", "im", "i've", "ive", "i'd", "i'll", "we", "we're", "we've", "you", "he", "she", "they", "my",
    ]
    /// A no and the words that only say it again: "not really", "no, not anymore".
    private static let denialWords: Set<String> = [
        "no", "nope", "nah", "not", "really", "anymore", "at", "all", "much", "more", "any", "longer", "it",
        "doesn't", "isn't", "does", "is", "thankfully", "luckily", "now", "yet", "never",
    ]
    /// One word for a bad state: "terrible", "pretty rough".
    private static let badStates: Set<String> = [
        "terrible", "awful", "horrible", "rough", "shot", "bad", "rubbish", "crap", "crappy", "miserable",
    ]
    /// Nouns after a part that make it something else: "leg day", "knee sleeve", "arm workout".
    private static let compounds: Set<String> = [
        "day", "days", "sleeve", "sleeves", "workout", "workouts", "routine", "training", "session", "sessions",
        "exercise", "exercises", "program", "strength", "press", "curls", "brace", "wraps", "straps", "muscles",
        "size", "gains", "squat", "squats", "speed", "writing", "pr", "pb", "stretch", "stretches",
    ]
    private static let adverbs: Set<String> = ["still", "really", "ever", "even", "sometimes", "often", "always"]
    /// Words that open a question about a part.
    private static let openers: Set<String> = [
        "how", "how's", "hows", "is", "are", "does", "do", "has", "have", "did", "was",
    ]
    private static let leadIns: Set<String> = ["so", "and", "oh", "well", "hey", "ok", "okay", "also", "but", "btw"]
    private static let askers: Set<String> = ["your", "ur", "the", "that"]
    private static let sides: Set<String> = ["left", "right", "lower", "upper", "poor", "bad", "injured", "sore"]
    private static let polar: Set<String> = ["is", "are", "does", "do", "has", "have", "was", "did"]
    private static let howVerbs: Set<String> = ["is", "are", "does", "do", "has", "have", "'s", "s"]
    private static let yesNo: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "ya", "no", "nope", "nah", "definitely", "absolutely", "sure",
    ]
    private static let discourse: Set<String> = [
        "oh", "well", "honestly", "ugh", "haha", "lol", "so", "hmm", "um", "umm", "ah", "aw", "aww", "actually",
        "tbh", "sadly", "unfortunately", "luckily", "thankfully", "man", "mate", "dude", "but",
    ]
    private static let courtesy: Set<String> = [
        "thanks", "thank", "you", "for", "asking", "aw", "aww", "that's", "so", "sweet", "kind", "of", "nice",
        "haha", "lol", "hi", "hey", "hello",
    ]
    /// Words after a no that say more than it: "No, still sore", "No, but it's better".
    private static let holdingWords: Set<String> = ["but", "still", "though", "bit", "little", "sometimes", "yet"]
    /// Words that ask after a problem ("still hurt?", "sore?").
    private static let problemWords: Set<String> = [
        "hurt", "hurts", "hurting", "sore", "pain", "painful", "ache", "aches", "aching", "bother", "bothering",
        "swollen", "stiff", "tender", "killing", "injured", "broken", "sprained", "bruised", "numb", "throbbing",
        "acting", "playing", "healing", "mend", "rough", "bad", "worse", "terrible", "awful", "agony", "achy",
    ]
    /// Words that ask after a recovery ("better?", "healed?").
    private static let wellWords: Set<String> = [
        "better", "ok", "okay", "fine", "healed", "good", "recovered", "improving", "alright",
    ]
    /// Injury verbs of "did you … your <part>?" and their past tense.
    private static let injuryVerbs: [String: String] = [
        "break": "broke", "broke": "broke", "broken": "broke", "hurt": "hurt", "injure": "injured",
        "injured": "injured", "sprain": "sprained", "sprained": "sprained", "pull": "pulled", "pulled": "pulled",
        "tear": "tore", "torn": "tore", "twist": "twisted", "twisted": "twisted", "strain": "strained",
        "strained": "strained", "tweak": "tweaked", "tweaked": "tweaked", "dislocate": "dislocated",
        "dislocated": "dislocated", "fracture": "fractured", "fractured": "fractured",
        "bang": "banged",
    ]
    /// The participle of each past tense above that differs from it ("have broken").
    private static let participles: [String: String] = ["broke": "broken", "tore": "torn"]
}
