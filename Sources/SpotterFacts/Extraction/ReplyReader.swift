import Foundation

/// What a yes or a no says when read against the question it answers: "Do you like hiking?" →
/// "Yes! Every weekend" states "Likes hiking"; "Do you have kids?" → "No, not yet" states
/// "Doesn't have kids".
///
/// Measured on real conversations (Multi-Session Chat), people write down what such an answer
/// confirms only for a few question shapes: a like or a pastime asked about ("do you like /
/// love / enjoy / play …"), and a possession denied ("do you have …" → "no"). A bare "yes" to
/// "are you …", "have you …" or "do you have …", and "me too" after a statement, were kept far
/// less often than half the time, so they yield nothing.
enum ReplyReader {
    /// The first-person sentence `answer` states about its author when it answers the last
    /// sentence of `question` (the partner's message), or nil.
    static func statement(answering question: String, with answer: Substring) -> String? {
        // The question first: most messages answer none, and its test reads a character or two.
        guard let asked = lastQuestion(in: question) else { return nil }
        let words = asked.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        var index = 0
        while index < words.count, leadIns.contains(words[index].lowercased().trimmingCharacters(in: [","])) {
            index += 1  // "So, do you …", "Yes, do you …"
        }
        if let named = namedAnswer(to: words[index...], with: answer) { return named }
        if let echoed = echoedAnswer(to: words[index...], with: answer) { return echoed }
        guard let stance = stance(of: answer) else { return nil }
        guard index + 3 < words.count + 1, index + 2 < words.count,
            words[index].lowercased() == "do", words[index + 1].lowercased() == "you"
        else { return nil }
        let verb = words[index + 2].lowercased()
        var rest = words[(index + 3)...].map { word -> String in
            switch word.lowercased() {
            case "your": return "my"
            case "yours": return "mine"
            case "yourself": return "myself"
            default: return String(word)
            }
        }
        while let last = rest.last, trailing.contains(last.lowercased()) { rest.removeLast() }
        // "Do you sing?" → "I do": a verb of the speaker's own needs no object.
        let doing = stance && !notDoings.contains(verb) && !["like", "love", "enjoy", "play"].contains(verb)
        guard !rest.isEmpty || doing, rest.count <= 6,
            !rest.contains(where: { refused.contains($0.lowercased()) })
        else { return nil }
        let object = rest.joined(separator: " ")
        switch (verb, stance) {
        case ("like", _), ("love", _), ("enjoy", _), ("play", _):
            return (stance ? "I " : "I don't ") + verb + " " + object
        case ("have", false):
            return "I don't have " + object
        case (_, true) where !notDoings.contains(verb) && verb.allSatisfy(\.isLetter):
            // "Do you sell watches?" → "Yes, …" → "I sell watches": a yes to what the speaker
            // does (on msc-valid 0.46 of such answers in silent turns were written down so).
            return object.isEmpty ? "I " + verb : "I " + verb + " " + object
        default:
            return nil
        }
    }

    /// "Do you live in the southwest?" → "No I do not." states "I don't live in the southwest";
    /// "Do you go to church?" → "I do sometimes" states "I sometimes go to church";
    /// "Have you tried learning to play?" → "I have tried!" states "I have tried learning to
    /// play": an answer that repeats the question's auxiliary ("I do", "I don't", "I have",
    /// "I haven't", with a frequency or nothing after it) affirms or denies the question's own
    /// predicate, whatever its verb. Without this reading the answer's own words leave a fact
    /// with no predicate ("Does not", "Does sometimes": ``FactQuality/isBarePredicate(_:)``).
    /// A plain yes or no is read by the narrower rules of ``statement(answering:with:)``.
    static func echoedAnswer(to asked: ArraySlice<Substring>, with answer: Substring) -> String? {
        let question = asked.map { $0.lowercased() }
        guard question.count >= 3, question.count <= 12, question[1] == "you",
            question[0] == "do" || question[0] == "have"
        else { return nil }
        // A plain "I do" to "do you …?" is read by the narrower rules below (a yes to "do you
        // watch / have / own …" was written down too rarely): here only its frequency or its no.
        guard let echo = echo(in: answer), echo.auxiliary == question[0],
            echo.auxiliary == "have" || !echo.affirms || echo.frequency != nil
        else { return nil }
        var at = 2
        while at < question.count, questionAdverbs.contains(question[at]) { at += 1 }
        guard at < question.count else { return nil }
        let verb = question[at]
        // "I sometimes do volunteer work" is written "Sometimes volunteers work": not a do of its own.
        guard verb.allSatisfy(\.isLetter), !echoRefusedVerbs.contains(verb),
            echo.affirms == false || !["have", "get", "do"].contains(verb),
            !question.contains(where: momentWords.contains),
            verb != "been" || at + 1 >= question.count || !question[at + 1].hasSuffix("ing")  // "been thinking"
        else { return nil }
        var rest: [String] = []
        for (word, lower) in zip(asked.dropFirst(at + 1), question.dropFirst(at + 1)) {
            switch lower {
            case "your": rest.append("my")
            case "yours": rest.append("mine")
            case "yourself": continue  // "try making samosa yourself?": the speaker's own doing anyway
            case "any" where echo.affirms: continue  // "Have you owned any fish?" → "I have owned fish"
            default: rest.append(String(word))
            }
        }
        while let last = rest.last?.lowercased(), trailing.contains(last) || last == "chance" || last == "by" {
            rest.removeLast()
        }
        guard rest.count <= 8, !rest.contains(where: { refused.contains($0.lowercased()) || $0.lowercased() == "or" })
        else { return nil }
        let predicate = ([verb] + rest).joined(separator: " ")
        let frequency = echo.frequency.map { $0 + " " } ?? ""
        switch (echo.auxiliary, echo.affirms) {
        case ("do", true): return "I " + frequency + predicate
        case ("do", false): return "I don't " + predicate
        case (_, true): return "I have " + frequency + predicate
        default: return "I have never " + predicate  // "I haven't been …" reads as no experience
        }
    }

    /// The auxiliary an answer repeats ("do" or "have"), whether it affirms, and a frequency
    /// after it ("sometimes"), when its first clause is only that: "I do.", "No, I do not",
    /// "Yes I have tried", "I do sometimes, but …"; nil otherwise.
    static func echo(in answer: Substring) -> (auxiliary: String, affirms: Bool, frequency: String?)? {
        var words: [String] = []
        var current = ""
        for character in answer.prefix(60) {
            if character.isLetter || character == "'" || character == "\u{2019}" {
                current.append(character == "\u{2019}" ? "'" : character)
                continue
            }
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
            if ".!?,;:".contains(character) && words.count > 1 { break }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        if let end = words.firstIndex(where: { ["but", "and", "though", "although", "because"].contains($0) }) {
            words = Array(words[..<end])
        }
        while let first = words.first, yes.contains(first) || no.contains(first) || echoLeadIns.contains(first) {
            words.removeFirst()
        }
        guard words.count >= 2, words[0] == "i" else { return nil }
        var auxiliary: String
        var affirms = true
        var at = 2
        switch words[1] {
        case "do", "have":
            auxiliary = words[1]
            if at < words.count, words[at] == "not" || words[at] == "never" {
                affirms = false
                at += 1
            }
        case "don't", "dont": (auxiliary, affirms) = ("do", false)
        case "haven't", "havent": (auxiliary, affirms) = ("have", false)
        default: return nil
        }
        if auxiliary == "have", affirms, at < words.count, words[at] == "tried" { at += 1 }  // "I have tried!"
        var frequency: String? = nil
        if at < words.count, frequencies.contains(words[at]) {
            frequency = words[at]
            at += 1
        }
        while at < words.count, echoFillers.contains(words[at]) { at += 1 }
        guard at == words.count else { return nil }
        if !affirms { frequency = nil }
        return (auxiliary, affirms, frequency)
    }

    /// How often, said after an echoed auxiliary ("I do sometimes").
    private static let frequencies: Set<String> = ["sometimes", "often", "usually", "always", "occasionally"]
    /// Words after an echoed auxiliary that add nothing to it.
    private static let echoFillers: Set<String> = [
        "too", "actually", "really", "definitely", "certainly", "indeed", "lol", "haha", "yet", "though", "now",
        "already", "before", "myself",
    ]
    private static let echoLeadIns: Set<String> = [
        "well", "oh", "actually", "haha", "lol", "hmm", "um", "ah", "sadly", "unfortunately", "honestly", "of",
        "course", "ok", "okay",
    ]
    /// Adverbs between "do you" and the verb ("Do you ever go kayaking?", "every" its common typo).
    private static let questionAdverbs: Set<String> = [
        "ever", "every", "still", "usually", "often", "really", "also", "now",
    ]
    /// A question about what happened lately ("Have you read any books lately?"): its answer is
    /// news of the moment, not a standing fact.
    private static let momentWords: Set<String> = [
        "lately", "recently", "yet", "today", "tonight", "tomorrow", "yesterday", "week", "weekend", "anymore",
    ]
    /// Verbs of a question about the conversation, the listener's mind or the moment: an echoed
    /// answer to them ("Do you know what I mean?" → "I do") states nothing lasting.
    private static let echoRefusedVerbs: Set<String> = [
        "know", "think", "mean", "agree", "guess", "understand", "mind", "remember", "see", "want", "wanna",
        "need", "feel", "hear", "happen", "wish", "hope", "recommend", "suppose", "say", "got", "gotten", "heard",
        "seen", "thought", "considered", "noticed", "ever", "meant",
    ]

    /// "What's your favorite movie?" → "Casablanca!" states "My favorite movie is Casablanca";
    /// "What kind of music do you like?" → "Country." states "I like country music": a short
    /// answer with no verb or subject of its own names what was asked for. Only these two
    /// shapes: "what do you do?", "how are you?" and the like are answered by a fragment about
    /// the moment ("Just cooking some dinner") far more often than by a fact.
    static func namedAnswer(to asked: ArraySlice<Substring>, with answer: Substring) -> String? {
        let question = asked.map { $0.lowercased() }
        guard question.count >= 4, question.count <= 8 else { return nil }
        let opener = question[question.startIndex]
        var at = question.startIndex + 1
        if opener == "what", ["is", "are"].contains(question[at]) { at += 1 }
        var favorite: String? = nil
        var kind: (noun: String, verb: String)? = nil
        if opener == "how", question[at] == "long", question[at + 1] == "have", question[at + 2] == "you",
            question[at + 3] == "been", at + 4 < question.endIndex
        {
            // "How long have you been coding?" → "A few years now" → "I have been coding for a few years now".
            var doing = question[(at + 4)...].map { word in word == "your" ? "my" : word }
            if doing.count > 1, doing.last == "for" { doing.removeLast() }
            guard doing.count <= 4, !doing.contains(where: { refusedInSpan.contains($0) }),
                let span = fragment(answer),
                span.split(separator: " ").contains(where: { spanUnits.contains($0.lowercased()) })
            else { return nil }
            let joined = span.lowercased().hasPrefix("since ") || span.lowercased().hasPrefix("for ") ? " " : " for "
            return "I have been " + doing.joined(separator: " ") + joined + span
        }
        if opener == "how", question[at] == "many", at + 4 == question.endIndex - 1, question[at + 2] == "do",
            question[at + 3] == "you", question[at + 4] == "have"
        {
            // "How many kids do you have?" → "Three" → "I have three kids".
            guard let count = fragment(answer), !count.contains(" ") else { return nil }
            return "I have " + count + " " + question[at + 1]
        }
        if opener == "what" || opener == "what's" || opener == "whats", question[at] == "your" {
            guard at + 2 < question.endIndex, ["favorite", "favourite", "fav", "fave"].contains(question[at + 1])
            else { return nil }
            favorite = question[(at + 2)...].joined(separator: " ")
        } else if opener == "what", ["kind", "type", "sort", "kinds", "types", "sorts"].contains(question[at]),
            at + 5 < question.endIndex, question[at + 1] == "of", question[at + 3] == "do", question[at + 4] == "you"
        {
            let verb = question[(at + 5)...].joined(separator: " ")
            guard kindVerbs.contains(verb) else { return nil }
            kind = (question[at + 2], verb)
        } else {
            return nil
        }
        guard let named = fragment(answer) else { return nil }
        if let favorite {
            guard !favorite.isEmpty, favorite.split(separator: " ").count <= 2 else { return nil }
            return "My favorite " + favorite + (question.contains("are") ? " are " : " is ") + named
        }
        guard let kind else { return nil }
        // "Country" → "country music"; "a shiba", "German Shepherds" name the thing whole.
        let single = !named.contains(" ") && kind.noun != "things" && kind.noun != "stuff"
        return "I " + kind.verb + " " + named + (single ? " " + kind.noun : "")
    }

    /// The answer's first phrase (up to a comma or the sentence's end) when it is a short name
    /// with no verb, subject or yes/no of its own ("Pizza with black olives", "Definitely the
    /// fall"); nil otherwise.
    static func fragment(_ answer: Substring) -> String? {
        let end = answer.firstIndex(where: { ".!?,;:(\n".contains($0) }) ?? answer.endIndex
        var words = answer[..<end].split(separator: " ").map(String.init)
        while let first = words.first, answerLeadIns.contains(first.lowercased()) { words.removeFirst() }
        guard !words.isEmpty, words.count <= 5 else { return nil }
        for word in words {
            let lower = word.lowercased()
            if notNames.contains(lower) || lower.contains(where: { $0 == "'" || $0 == "\u{2019}" })
                || !lower.contains(where: \.isLetter)
            {
                return nil
            }
        }
        // The first word is capitalised as a sentence's: "Pizza with black olives" → "pizza with
        // black olives", unless the words after it are capitalised too ("German Shepherds").
        if words.dropFirst().allSatisfy({ $0.first?.isUppercase != true }), let first = words.first,
            first.dropFirst().allSatisfy({ !$0.isUppercase })
        {
            words[0] = first.lowercased()
        }
        return words.joined(separator: " ")
    }

    /// "What's your favorite season? Mine is winter!", "Whats your fave cartoon mine is mickey
    /// mouse", or "Mine is papaya" after the partner's "What is your favorite food?": the
    /// speaker's own answer, said through "mine", states "My favorite season is winter". The
    /// thing "mine" stands for is named by "your/my (least) favorite …", "your hobby" or "your
    /// dream" earlier in the message or, failing that, in the partner's message; without it
    /// ("Mine is spoiled", "How is your day? Mine is great") nothing is read. The answer is a
    /// short name (``fragment(_:)``).
    static func ownAnswer(in text: Substring, after previous: String?) -> String? {
        // Every message comes here: most have no "mine", found by a byte scan that costs no copy
        // and no Foundation search (which took 5 % of the extractor's instructions on real chat).
        guard holdsMine(text.utf8) else { return nil }
        let text = String(text)
        guard let mine = text.range(of: "mine", options: .caseInsensitive),
            mine.lowerBound == text.startIndex || !text[text.index(before: mine.lowerBound)].isLetter
        else { return nil }
        var rest = text[mine.upperBound...]
        if rest.hasPrefix("'s ") || rest.hasPrefix("\u{2019}s ") {
            rest = rest.dropFirst(3)
        } else {
            let words = rest.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard let verb = words.first?.lowercased() else { return nil }
            switch verb {
            case "is": rest = rest.drop(while: { $0 == " " }).dropFirst(2)
            case "are": rest = rest.drop(while: { $0 == " " }).dropFirst(3)
            case "would":
                guard words.count > 1, words[1].lowercased() == "be" else { return nil }
                rest = rest.drop(while: { $0 == " " }).dropFirst(5).drop(while: { $0 == " " }).dropFirst(2)
            default: return nil
            }
        }
        // "How is your day? Mine is great": a "your" of the message's own is what "mine" answers.
        let before = text[..<mine.lowerBound]
        let asked = before.range(of: "your", options: .caseInsensitive) != nil
        guard let thing = ownedThing(in: before) ?? (asked ? nil : previous.flatMap({ ownedThing(in: Substring($0)) })),
            let named = fragment(rest.drop(while: { $0 == " " }))
        else { return nil }
        let plural = thing.hasSuffix("s") && !thing.hasSuffix("ss")
        return "My " + thing + (plural ? " are " : " is ") + named
    }

    /// "Do you like the holidays? I don't." → "I don't like the holidays": the speaker's own
    /// "I do" or "I don't" after a question of their own message, read as an answer to it
    /// (``statement(answering:with:)``). Only an answer with "I": a bare "yes" after one's own
    /// question is rare, and "Me too" or "I like them" carry no stance to read.
    static func selfAnswer(in text: Substring) -> String? {
        guard let mark = text.utf8.lastIndex(of: UInt8(ascii: "?")) else { return nil }
        let answer = text[text.utf8.index(after: mark)...].drop(while: { $0.isWhitespace })
        let opening = answer.prefix(8).lowercased()
        guard opening.hasPrefix("i do") || opening.hasPrefix("i don"), stance(of: answer) != nil else { return nil }
        return statement(answering: String(text[...mark]), with: answer)
    }

    private static let mineBytes: [UInt8] = Array("mine".utf8)

    /// True when the bytes hold "mine" in any ASCII case.
    static func holdsMine(_ bytes: Substring.UTF8View) -> Bool {
        let mine = Self.mineBytes
        var matched = 0
        for byte in bytes {
            let lower = (65...90).contains(byte) ? byte | 0x20 : byte
            if lower == mine[matched] {
                matched += 1
                if matched == mine.count { return true }
            } else {
                matched = lower == mine[0] ? 1 : 0
            }
        }
        return false
    }

    /// The last "your/my (least) favorite N", "your/my hobby", "your/my dream" in `text`, as
    /// "favorite N" ("least favorite food", "favorite kind of pizza", "hobby"); nil when there is
    /// none or its noun is missing ("what is your favorite?").
    static func ownedThing(in text: Substring) -> String? {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" && $0 != "-" })
            .map(String.init)
        guard let owner = words.lastIndex(where: { $0 == "your" || $0 == "my" }) else { return nil }
        var index = owner + 1
        var thing: [String] = []
        if index < words.count, words[index] == "least" {
            thing.append("least")
            index += 1
        }
        guard index < words.count else { return nil }
        if favorites.contains(words[index]) {
            thing.append("favorite")
            index += 1
            var noun: [String] = []
            while index < words.count, noun.count < 3, !thingEnds.contains(words[index]), !words[index].contains("'"),
                words[index] != "of" || noun.last.map(kinds.contains) == true
            {
                noun.append(words[index])
                index += 1
            }
            guard !noun.isEmpty else { return nil }
            return (thing + noun).joined(separator: " ")
        }
        guard thing.isEmpty, ["hobby", "dream"].contains(words[index]) else { return nil }
        return words[index]
    }

    private static let favorites: Set<String> = ["favorite", "favourite", "fave", "fav"]
    private static let kinds: Set<String> = ["kind", "type", "sort", "genre", "style"]
    /// Words that end the noun after "favorite": a verb, a pronoun, a question's tail.
    private static let thingEnds: Set<String> = [
        "is", "are", "was", "were", "to", "right", "then", "so", "and", "or", "mine", "i", "you", "what", "how",
        "it", "that", "has", "have", "would", "will", "by", "these", "those", "lately", "now", "ever", "does",
        "do", "did", "can", "could", "should", "must", "in", "for", "at", "on", "with", "from", "as", "there", "here",
    ]

    /// Units of a span ("a few years", "six months", "since 2010").
    private static let spanUnits: Set<String> = [
        "year", "years", "month", "months", "decade", "decades", "week", "weeks", "since", "life", "forever",
    ]
    /// "How long have you been here / waiting / there?": about the moment, not a standing activity.
    private static let refusedInSpan: Set<String> = [
        "here", "there", "waiting", "thinking", "it", "that", "this", "gone", "away", "up", "awake", "sick",
    ]

    /// Verbs of "what kind of … do you …?" whose answer says what the speaker has or likes.
    private static let kindVerbs: Set<String> = [
        "like", "love", "enjoy", "prefer", "have", "own", "drive", "play", "read", "watch", "listen to", "eat",
        "cook", "make", "grow", "raise", "teach", "write", "sell", "collect",
    ]
    private static let answerLeadIns: Set<String> = [
        "oh", "well", "hmm", "hmmm", "um", "umm", "ah", "definitely", "probably", "mostly", "usually", "easily",
        "absolutely", "haha", "lol", "wow", "ooh", "ok", "okay", "so", "honestly", "actually", "really", "just",
        "maybe", "perhaps", "personally", "currently", "right", "now",
    ]
    /// Words that make the phrase more than a name: a subject, a verb, a yes or no, a pronoun,
    /// a vague quantity, or a return question.
    private static let notNames: Set<String> = [
        "i", "me", "my", "mine", "we", "us", "our", "you", "your", "yours", "he", "she", "it", "they", "them", "that",
        "this", "these", "those", "is", "are", "was", "were", "am", "be", "been", "do", "does", "did", "have", "has",
        "had", "can", "could", "would", "will", "should", "like", "love", "yes", "yeah", "yep", "no", "nope", "not",
        "nothing", "none", "anything", "everything", "all", "any", "depends", "sure", "idk", "what", "how", "why",
        "who", "which", "too", "same", "both", "either", "neither", "hard", "tough", "good", "great", "nice",
        "cool", "thanks", "thank", "sorry", "hi", "hello", "hey", "its", "im", "ive", "dont", "mmm", "mm", "yum",
        "yummy", "deal", "awesome", "agreed", "right", "exactly", "true", "alright", "lots", "many", "some",
    ]

    /// True for an answer that starts with a yes, false for a no, nil otherwise.
    static func stance(of answer: Substring) -> Bool? {
        var words: [String] = []
        var current = ""
        for character in answer.prefix(40) {
            if character.isLetter || character == "'" || character == "\u{2019}" {
                current.append(character)
            } else {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                if words.count >= 3 || character == "." || character == "!" || character == "?" { break }
            }
        }
        if !current.isEmpty && words.count < 3 { words.append(current.lowercased()) }
        guard let first = words.first else { return nil }
        if yes.contains(first) { return true }
        if no.contains(first) { return words.count > 1 && words[1] == "doubt" ? nil : false }
        if first == "i", words.count >= 2 {
            if words[1] == "do" { return words.count == 2 || words[2] != "not" }
            if words[1] == "don't" || words[1] == "don\u{2019}t" { return false }
        }
        return nil
    }

    /// The last sentence of `text` when it is a question ("Do you like dogs?"), without its
    /// question mark.
    static func lastQuestion(in text: String) -> Substring? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        guard end > text.startIndex, text[text.index(before: end)] == "?" else { return nil }
        return questions(in: text[..<end]).last.flatMap { $0.count <= 120 ? $0 : nil }
    }

    /// Every question of `text`, in order: each sentence that ends in "?" ("How's your knee? Did
    /// you see the game?"), without its mark and the spaces before it.
    static func questions(in text: Substring) -> [Substring] {
        var found: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "?") || byte == 0x0A {
                let sentence = text[start..<index].drop(while: { $0.isWhitespace })
                if byte == UInt8(ascii: "?"), !sentence.isEmpty { found.append(sentence) }
                start = next
            }
            index = next
        }
        return found
    }

    private static let yes: Set<String> = [
        "yes", "yeah", "yep", "yup", "yea", "ya", "definitely", "absolutely", "sure", "certainly", "totally",
    ]
    private static let no: Set<String> = ["no", "nope", "nah"]
    private static let leadIns: Set<String> = [
        "so", "and", "well", "oh", "but", "also", "hey", "ok", "okay", "yes", "yeah", "yep", "no", "nope",
    ]
    /// Verbs of "do you …?" whose yes says nothing lasting ("do you know …", "do you think …",
    /// "do you have …": a yes to it was written down 1 time in 4 or 5, third round).
    private static let notDoings: Set<String> = [
        "have", "know", "think", "want", "mean", "need", "remember", "see", "agree", "feel", "get", "go", "ever",
        "watch", "believe", "guess", "understand", "mind", "wanna", "plan", "miss", "recommend", "prefer", "own",
        "find", "hear", "happen", "still", "also", "really", "usually", "often", "do", "wish", "hope", "care",
    ]

    /// Words after the object that are not part of it ("… too", "… at all").
    private static let trailing: Set<String> = ["too", "also", "ever", "much", "then", "now", "either"]
    /// Questions about the conversation or the listener's opinion, not a taste or a possession.
    private static let refused: Set<String> = [
        "you", "me", "him", "her", "them", "it", "that", "this", "those", "these", "or", "time", "plans",
        "idea", "ideas", "tips", "advice", "questions", "question", "luck", "suggestions", "recommendations",
    ]
}
