import Foundation

/// Rewrites a clause as a short, self-contained statement about its subject:
/// "my left knee hurts when I run" → "Left knee hurts when running",
/// "I'm training for a half marathon" → "Training for a half marathon",
/// "Every Saturday I play football" → "Plays football every Saturday".
struct ContentWriter {
    let bytes: [UInt8]
    /// When the message was sent and its author's zone, to resolve "last month" and the like;
    /// nil leaves relative phrases as written.
    var sentAt: Date? = nil
    var timeZone: TimeZone = Utterance.utc
    /// The longest content written, in bytes; longer statements are cut at a word boundary.
    static let maxBytes = 120

    private static let verbFollowers: Set<WordKey> = [Words.when, Words.while, Words.after, Words.before, Words.if]

    /// Writes words[`start`..<`end`], dropping a speaker subject at `start` and putting the
    /// verb in the third person; `trailing` (a leading time phrase) moves to the end.
    /// `speakerElided`: the words start at the speaker's verb, their subject said before it
    /// ("I sing folk music and [play piano]", "my wife and I [are from India]").
    func write(
        _ words: [Token], from start: Int, to end: Int, trailing: Range<Int>? = nil, replacing: [Int: String] = [:],
        speakerElided: Bool = false
    ) -> String {
        var parts: [String] = []
        var index = start
        var conjugateNext = false
        if index < end, let replacement = subjectReplacement(words[index]) {
            if let replacement { parts.append(replacement) } else { conjugateNext = true }
            index += 1
            if replacement == "is", index < end, words[index].hasSuffix("ing") {
                parts.removeLast()  // "I'm training" → "Training"
            }
        } else if index < end, words[index].key == Words.my {
            index += 1
        } else if index < end, index == start, !words[index].flags.contains(.pastForm) {
            // elided "Love running"; the speaker's second verb "… and play piano" → "Plays piano"
            conjugateNext = speakerElided || words[index].flags.intersects([.likeVerb, .dislikeVerb])
        }
        let speakerSubject = conjugateNext || (parts.first.map { $0 == "is" || $0 == "has" } ?? false)
        var dates: RelativeDate? = nil
        while index < end {
            let word = words[index]
            if let sentAt, RelativeDate.mayStart(words, at: index, end: end) {
                if dates == nil { dates = RelativeDate(sentAt: sentAt, timeZone: timeZone) }
                if let resolved = dates?.resolve(words, at: index, end: end) {
                    Self.appendDate(resolved.text, to: &parts)
                    index += resolved.length
                    continue
                }
            }
            if word.flags.contains(.chatFiller) || replacing[index]?.isEmpty == true {
                index += 1  // chat filler: "honestly", "lol", "really"; or a word the rule drops
                continue
            }
            if index == end - 1, Self.echoes.contains(word.key), parts.count >= 2 {
                break  // "Likes pizza too": "too" points at the other person's message
            }
            if word.key == Words.as, index + 1 < end, words[index + 1].key == WordKey("well"), !parts.isEmpty,
                index + 2 == end || words[index + 2].key != Words.as,
                index == 0 || !words[index - 1].flags.contains(.hedge)
            {
                // "as well" echoes the other person's message wherever it stands ("Likes to travel
                // as well in their free time"); "as well as" joins two objects and "may as well" is
                // an idiom: they stay.
                index += 2
                continue
            }
            if conjugateNext && word.key == Words.am && Self.gerundFollows(words, after: index, before: end) {
                conjugateNext = false  // "I am going to a concert" → "Going to a concert", as "I'm going"
            } else if conjugateNext && word.flags.contains(.auxiliary) && word.flags.contains(.hedge) {
                parts.append(original(word))  // "I might go" → "Might go": a modal takes no -s
                conjugateNext = false
            } else if conjugateNext && (word.key == Words.do || word.key == WordKey("did")), index + 1 < end,
                Self.isBaseVerb(words[index + 1]) || words[index + 1].flags.intersects([.likeVerb, .dislikeVerb])
            {
                // Emphatic "I do enjoy cooking" → "Enjoys cooking"; "I did like it" → "Liked it".
                index += 1
                parts.append(word.key == Words.do ? thirdPerson(words[index]) : pastTense(words[index]))
                conjugateNext = false
            } else if conjugateNext && word.key == Self.myself {
                // "I myself have no allergies" → "Has no allergies": the intensifier says nothing more.
            } else if conjugateNext && word.key == Words.rather, index + 1 < end {
                if words[index + 1].flags.intersects([.likeVerb, .dislikeVerb, .pastForm, .auxiliary]) {
                    parts.append("rather")  // "I rather like jazz" → "Rather likes jazz"
                } else {
                    parts += ["would", "rather"]  // "I rather watch a comedy" is "I'd rather": "Would rather watch …"
                    conjugateNext = false
                }
            } else if conjugateNext, Self.hedgeNouns.contains(word.key), index + 2 < end,
                words[index + 1].key == Words.of
            {
                parts.append(original(word))  // "I kind of like …" → "Kind of likes …"
                parts.append(original(words[index + 1]))
                index += 1
            } else if conjugateNext
                && (!word.flags.intersects([.filler, .hedge, .frequency]) || Self.conjugatedAnyway.contains(word.key))
                && word.key != Words.no && word.key != Words.longer && !Self.isAdverb(word)
            {
                parts.append(thirdPerson(word))
                conjugateNext = false
            } else if speakerSubject, word.key == Words.and || word.key == Words.but, index > start + 1,
                let verb = Self.baseVerb(in: words, after: index, before: end),
                !Self.hasInfinitiveOrModal(words, from: start, to: index)
            {
                // "I'm 34 and weigh 82 kg" → "… and weighs 82 kg"; "… and still live with my
                // parents" → "… and still lives with their parents"
                parts.append(original(word))
                for adverb in index + 1..<verb { parts.append(original(words[adverb])) }
                parts.append(thirdPerson(words[verb]))
                index = verb
            } else if Self.verbFollowers.contains(word.key), index + 2 < end, words[index + 1].key == Words.i,
                !words[index + 2].flags.intersects([.auxiliary, .negation, .pastForm, .filler])
            {
                parts.append(original(word))  // "when I run" → "when running"
                parts.append(gerund(words[index + 2]))
                index += 2
            } else if word.key == Words.i, index + 1 < end, let verb = Self.pluralVerbs[words[index + 1].key] {
                parts.append("they " + verb)  // "when I was 16" → "when they were 16"
                index += 1
            } else if replacing[index] == nil, word.key == Words.a, index + 1 < end, Self.takesAn(words[index + 1]),
                replacing[index + 1] == nil
            {
                // "I'm a audio engineer" → "Is an audio engineer". Only "a" is mended: a written "an"
                // is right before an acronym ("an MNC") and a typo of "and" otherwise.
                parts.append(word.isCapitalized ? "An" : "an")
            } else {
                parts.append(
                    replacing[index] ?? speakerReference(word) ?? calendarName(words, at: index) ?? original(word))
            }
            index += 1
        }
        if let trailing {
            var position = trailing.lowerBound
            while position < trailing.upperBound {
                if let sentAt, RelativeDate.mayStart(words, at: position, end: trailing.upperBound),
                    let resolved = RelativeDate(sentAt: sentAt, timeZone: timeZone).resolve(
                        words, at: position, end: trailing.upperBound)
                {
                    Self.appendDate(resolved.text, to: &parts)
                    position += resolved.length
                    continue
                }
                parts.append(words[position].key == Words.my ? "their" : original(words[position]).lowercased())
                position += 1
            }
        }
        return finish(parts)
    }

    /// Appends a resolved date ("in September 2026", "on 16 October 2026"). After a preposition
    /// of its own ("since last month", "as of last week", "by next summer") the date's "in" or
    /// "on" goes: "since September 2026", not "since in September 2026".
    static func appendDate(_ date: String, to parts: inout [String]) {
        if let last = parts.last, datePrepositions.contains(last.lowercased()),
            date.hasPrefix("in ") || date.hasPrefix("on ")
        {
            parts.append(String(date.dropFirst(3)))
        } else {
            parts.append(date)
        }
    }

    private static let datePrepositions: Set<String> = [
        "since", "from", "until", "till", "til", "by", "before", "after", "during", "of", "in", "on", "around",
        "through", "to", "starting", "for",
    ]

    /// True when a verb in "-ing" follows `index`, past chat filler ("I am currently listening").
    private static func gerundFollows(_ words: [Token], after index: Int, before end: Int) -> Bool {
        var next = index + 1
        while next < end, words[next].flags.contains(.chatFiller) { next += 1 }
        return next < end && words[next].hasSuffix("ing")
    }

    /// The index of the base verb after the "and" at `conjunction`, past adverbs that stand
    /// before a verb ("and still live", "and also work"); nil when no base verb follows.
    private static func baseVerb(in words: [Token], after conjunction: Int, before end: Int) -> Int? {
        var index = conjunction + 1
        while index < end, index - conjunction <= 2, isAdverb(words[index]) || preVerbAdverbs.contains(words[index].key)
        {
            index += 1
        }
        guard index < end, isBaseVerb(words[index]) else { return nil }
        return index
    }

    private static let preVerbAdverbs: Set<WordKey> = Lexicon.keys(
        "still also just now usually always often sometimes never rarely actually currently")

    /// True when words[`start`..<`end`] hold an infinitive or a modal whose verb a later "and"
    /// continues: "I need to go out and get gloves" stays "… and get gloves" (it was "… and gets
    /// gloves"); "I'm 34 and weigh 82 kg" has none.
    private static func hasInfinitiveOrModal(_ words: [Token], from start: Int, to end: Int) -> Bool {
        for index in start..<end {
            let word = words[index]
            if modals.contains(word.key) { return true }
            if word.key == Words.to, index + 1 < end,
                isSpeakerVerb(words[index + 1])
                    || words[index + 1].flags.intersects([.activity, .consumption, .common])
                        && !words[index + 1].flags.intersects([.determiner, .objectPronoun])
            {
                return true
            }
        }
        return false
    }

    private static let modals: Set<WordKey> = Lexicon.keys("can could would will should must might may 'd 'll")

    /// True when a content word after a written "a" takes "an" (``Token/indefiniteArticle``):
    /// not a function word ("I'm a in the army" stays as written).
    private static func takesAn(_ next: Token) -> Bool {
        next.kind == .word && next.startsWithLetter && next.indefiniteArticle == "an"
            && !next.flags.intersects([.determiner, .subordinator, .auxiliary, .subjectPronoun, .objectPronoun])
            && !functionWords.contains(next.key)
    }

    private static let functionWords: Set<WordKey> = Lexicon.keys(
        "in on at of and or as if up into onto about i it is are an a")

    /// Frequency words that are verbs themselves: "I tend to snack" → "Tends to snack".
    private static let conjugatedAnyway: Set<WordKey> = Lexicon.keys("tend")
    /// Adverbs that may sit before the verb and take no -s: "I once cycled" → "Once cycled".
    private static let adverbs: Set<WordKey> = Lexicon.keys(
        "once ever even already hardly barely almost")
    /// Verbs that end in "ly" ("I fly fish", "I apply for …"): every other word in "ly" before
    /// the verb is an adverb ("I completely agree" → "Completely agrees", "I highly recommend …").
    private static let lyVerbs: Set<WordKey> = Lexicon.keys(
        "fly apply rely reply supply imply comply multiply ally rally tally bully sully")
    private static let myself = WordKey("myself")
    /// "I kind of like …", "I sort of know …": the verb comes after them.
    private static let hedgeNouns: Set<WordKey> = Lexicon.keys("kind sort")

    private static func isAdverb(_ word: Token) -> Bool {
        adverbs.contains(word.key) || (word.length > 4 && word.hasSuffix("ly") && !lyVerbs.contains(word.key))
    }

    /// The speaker's verb after "they": "I was" → "they were".
    private static let pluralVerbs: [WordKey: String] = [WordKey("was"): "were", WordKey("am"): "are"]

    /// Words that only echo the other person's message when they end a statement.
    private static let echoes: Set<WordKey> = Lexicon.keys("too either also")

    /// Verbs that read as the speaker's second predicate after "and": "… and weigh 82 kg".
    private static let coordinatedVerbs: Set<WordKey> = Lexicon.keys(
        ("weigh have love like hate enjoy prefer work live play run swim train lift walk cycle ride eat drink "
            + "smoke cook teach study own use drive go do need want try hope plan get keep take spend read "
            + "write watch listen volunteer coach make sleep"))

    static func isBaseVerb(_ word: Token) -> Bool {
        coordinatedVerbs.contains(word.key)
    }

    /// Verbs a speaker's second predicate opens with ("I sing folk music and play piano"): the
    /// coordinated verbs, pastimes, and base forms that look inflected ("need", "sing"). Only
    /// known verbs: an adjective after "and" ("I am 27 and single") shares the copula.
    static func isSpeakerVerb(_ word: Token) -> Bool {
        coordinatedVerbs.contains(word.key) || pastimeVerbs.contains(word.key)
            || Lexicon.uninflectedBases.contains(word.key)
    }

    /// True when `content` holds an infinitive ("Likes to swim", "Decided to face their fear"):
    /// a verb after "and" continues it rather than the speaker's finite verb.
    static func endsInInfinitive(_ content: String) -> Bool {
        let words = content.lowercased().split(separator: " ")
        for (index, word) in words.enumerated().dropLast() where word == "to" {
            let next = words[index + 1]
            let key = Lexicon.key(next)
            if coordinatedVerbs.contains(key) || pastimeVerbs.contains(key) || Lexicon.uninflectedBases.contains(key)
                || Lexicon.flags(for: key).intersects([.activity, .consumption, .common])
                    && !Lexicon.flags(for: key).intersects([.determiner, .objectPronoun])
                || ["ize", "ise", "ate", "ish", "ify"].contains(where: { next.hasSuffix($0) })
            {
                return true
            }
        }
        return false
    }

    private static let pastimeVerbs: Set<WordKey> = Lexicon.keys(
        ("dance bake hike knit sew collect travel shop paint draw hunt camp surf ski skate bike jog garden "
            + "fish sing write study learn teach help raise grow build fix volunteer attend visit"))

    /// nil when the token is not the speaker; .some(nil) to drop it and conjugate what follows.
    private func subjectReplacement(_ word: Token) -> String?? {
        switch word.key {
        case Words.i: return .some(nil)
        case Words.iAm, Words.im: return "is"
        case Words.iHave, Words.ive: return "has"
        case Words.iWould: return "would"
        case Words.iWill: return "will"
        default: return nil
        }
    }

    private func speakerReference(_ word: Token) -> String? {
        switch word.key {
        case Words.i: return "they"
        case Words.iAm, Words.im: return "they're"
        case Words.iHave, Words.ive: return "they've"
        case Words.iWould: return "they'd"
        case Words.iWill: return "they'll"
        case Words.my: return "their"
        case Words.me: return "them"
        default: return nil
        }
    }

    /// A month or a weekday typed in lower case, capitalised: "my goal is 4 pull-ups by january"
    /// → "… by January", "free on tuesdays" → "free on Tuesdays". "may" and "march" only after
    /// a preposition of time or before a number ("by may", "in march 2027"), not as verbs.
    private func calendarName(_ words: [Token], at index: Int) -> String? {
        let word = words[index]
        guard !word.isCapitalized, Self.calendarNames.contains(word.key) else { return nil }
        if Self.ambiguousMonths.contains(word.key) {
            let afterPreposition = index > 0 && Self.timePrepositions.contains(words[index - 1].key)
            let beforeNumber = index + 1 < words.count && words[index + 1].flags.contains(.number)
            guard afterPreposition || beforeNumber else { return nil }
        }
        let text = original(word)
        guard let first = text.first else { return nil }
        return first.uppercased() + text.dropFirst()
    }

    private static let calendarNames: Set<WordKey> = Lexicon.keys(
        ("january february march april may june july august september october november december "
            + "monday tuesday wednesday thursday friday saturday sunday "
            + "mondays tuesdays wednesdays thursdays fridays saturdays sundays"))
    private static let ambiguousMonths: Set<WordKey> = Lexicon.keys("may march")
    private static let timePrepositions: Set<WordKey> = Lexicon.keys(
        "in by since until till from of before after early late mid next last this")

    /// The word as written in the message.
    func original(_ word: Token) -> String {
        String(decoding: bytes[word.start..<word.end], as: UTF8.self)
    }

    private func thirdPerson(_ word: Token) -> String {
        if let mapped = Lexicon.thirdPerson[word.key] { return mapped }
        let text = original(word)
        let base = Lexicon.uninflectedBases.contains(word.key)  // "need", "sing", "focus"
        if word.isForeign || word.flags.intersects([.pastForm, .auxiliary]) || word.looksRegularPast
            || (word.hasSuffix("ing") && !base) || word.key == Words.used
        {
            return text
        }
        if word.hasSuffix("s") && !word.hasSuffix("ss") && !base { return text }
        if word.hasSuffix("y"), word.length > 2, !"aeiou".utf8.contains(word.key.byte(at: word.length - 2)) {
            return String(text.dropLast()) + "ies"
        }
        if word.hasSuffix("sh") || word.hasSuffix("ch") || word.hasSuffix("s") || word.hasSuffix("x")
            || word.hasSuffix("o")
        {
            return text + "es"
        }
        return text + "s"
    }

    private func pastTense(_ word: Token) -> String {
        if let irregular = Lexicon.irregularPasts[word.key] { return irregular }
        let text = original(word)
        if text.hasSuffix("e") { return text + "d" }
        return text + "ed"
    }

    /// words[`start`..<`end`] with the first one as a gerund: "cycle to work" → "cycling to work".
    func gerundPhrase(_ words: [Token], from start: Int, to end: Int) -> String {
        ([gerund(words[start])] + words[(start + 1)..<end].map(original)).joined(separator: " ")
    }

    private func gerund(_ word: Token) -> String {
        var text = original(word).lowercased()
        if text == "be" { return "being" }
        if text.hasSuffix("ie") { return String(text.dropLast(2)) + "ying" }
        if text.hasSuffix("e") && !text.hasSuffix("ee") && text.count > 2 { text.removeLast() }
        let bytes = Array(text.utf8)
        if bytes.count >= 3 {
            // One syllable ending consonant-vowel-consonant doubles: run → running, squat →
            // squatting; "visit" (two syllables) does not.
            let vowels = "aeiou".utf8
            var groups = 0
            var previousVowel = false
            for (position, byte) in bytes.enumerated() {
                let vowel =
                    vowels.contains(byte)
                    && !(byte == UInt8(ascii: "u") && position > 0
                        && bytes[position - 1] == UInt8(ascii: "q"))
                if vowel && !previousVowel { groups += 1 }
                previousVowel = vowel
            }
            let (a, b, c) = (bytes[bytes.count - 3], bytes[bytes.count - 2], bytes[bytes.count - 1])
            if groups == 1 && (!vowels.contains(a) || a == UInt8(ascii: "u")) && vowels.contains(b)
                && !vowels.contains(c) && !"wxy".utf8.contains(c)
            {
                text.append(Character(Unicode.Scalar(c)))
            }
        }
        return text + "ing"
    }

    /// More than three letters, every one of them uppercase ("MY KNEE HURTS"). ASCII is
    /// classified by range; only other scalars consult the Unicode tables.
    static func isShouting(_ text: String) -> Bool {
        var letters = 0
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                switch scalar.value {
                case 0x61...0x7A: return false
                case 0x41...0x5A: letters += 1
                default: continue
                }
            } else if scalar.properties.isAlphabetic {
                guard scalar.properties.isUppercase else { return false }
                letters += 1
            }
        }
        return letters > 3
    }

    private func finish(_ parts: [String]) -> String {
        var text = ""
        for part in parts {
            if text.utf8.count + part.utf8.count + 1 > Self.maxBytes { break }
            if !text.isEmpty { text.append(" ") }
            text.append(part)
        }
        if Self.isShouting(text) { text = text.lowercased() }
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
