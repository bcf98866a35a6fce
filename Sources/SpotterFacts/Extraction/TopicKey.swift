/// Builds the topic part of a slot key: a few content words reduced to a crude stem, so that
/// "smoke", "smoking" and "smoked" (or "knee" and "knees") land in the same slot.
enum TopicKey {
    /// Words that never name a topic: grammar, time, quantity, light verbs, trigger words.
    private static let stopWords: Set<WordKey> = Lexicon.keys(
        ("to of in on at for with from by about into over than as up out off down back around before after "
            + "and or but a an the some any my your his her their our this that these those it them me myself "
            + "lot lots bit couple pair few much many more most less really very just also still too so "
            + "be is am are was were been being have has had get gets got getting do does did doing go goes "
            + "going make start starting try become keep able how can could will would should must "
            + "want wants need needs hope plan planning aim like likes love loves enjoy hate prefer "
            + "think thinks believe believes sure convinced used quit stopped gave give "
            + "time times day days week weeks month months year years morning mornings night nights evening "
            + "afternoon today tonight tomorrow yesterday now again ago last next every once twice daily weekly "
            + "single whole first real proper mean big little new old good bad free spicy cold hot heavy "
            + "crowded long short early late fresh bit around about approximately roughly nearly almost "
            + "myself someday day one two three four five six seven eight nine ten anymore longer"))

    /// Up to `limit` content words from `start`, stemmed and joined with "-"; nil if none. The
    /// words are adjacent ("knee-pain") unless `bridging` is true, when they may lie across
    /// function words ("working on a robot" → "work-robot").
    static func words(_ words: [Token], from start: Int, limit: Int, stopAt end: Int? = nil, bridging: Bool = false)
        -> String?
    {
        var parts: [String] = []
        var index = start
        let end = min(end ?? words.count, words.count)
        var gap = false
        var adjective: String? = nil  // "the cold": an adjective is the topic when no noun follows
        while index < end && parts.count < limit {
            let word = words[index]
            index += 1
            if parts.isEmpty && adjective == nil && adjectives.contains(word.key) { adjective = stem(word) }
            if isContent(word) {
                if gap && !parts.isEmpty && !bridging { break }
                parts.append(stem(word))
                gap = false
            } else if !parts.isEmpty && !isQuantifier(word) {
                gap = true
            }
        }
        if parts.isEmpty, let adjective { return adjective }
        return parts.isEmpty ? nil : parts.joined(separator: "-")
    }

    private static let adjectives: Set<WordKey> = Lexicon.keys(
        "single whole real proper mean big little new old good bad free spicy cold hot heavy crowded long short early late fresh"
    )

    /// True when the word can name a topic.
    static func isContent(_ word: Token) -> Bool {
        if word.isForeign || word.length > 16 || word.flags.contains(.number) { return false }
        // Chat filler ("lol", "haha") is no topic, as it is no content: "I walk a lot lol" and "I
        // walk a lot" are one slot ("walk-lol" kept both current).
        if word.flags.intersects([
            .negation, .auxiliary, .determiner, .objectPronoun, .subordinator, .frequency, .chatFiller,
        ]) {
            return false
        }
        return !stopWords.contains(word.key) && !Anchor.startsSubject(word)
    }

    private static func isQuantifier(_ word: Token) -> Bool {
        word.flags.contains(.determiner) || word.key == Words.of || word.key == Words.lot
    }

    /// A crude, consistent stem: irregular forms from the lexicon, then -ies → -y, -s, -ing,
    /// -ed, a final e, and a doubled final consonant ("running" → "run", "smokes" → "smok").
    static func stem(_ word: Token) -> String {
        if let irregular = Lexicon.irregularLemmas[word.key] { return irregular }
        var bytes: [UInt8] = []
        for index in 0..<min(word.length, 16) { bytes.append(word.key.byte(at: index)) }
        func ends(_ suffix: String) -> Bool { bytes.count > suffix.utf8.count + 2 && bytes.ends(with: suffix.utf8) }
        if ends("ies") {
            bytes.removeLast(3)
            bytes.append(UInt8(ascii: "y"))
        } else if ends("s") && !ends("ss") && !ends("is") && !ends("us") {
            bytes.removeLast()
        }
        if ends("ing") {
            bytes.removeLast(3)
        } else if ends("ed") {
            bytes.removeLast(2)
        }
        if ends("e") && bytes[bytes.count - 2] != UInt8(ascii: "e") { bytes.removeLast() }
        if bytes.count > 3, bytes[bytes.count - 1] == bytes[bytes.count - 2],
            !"aeioulsz".utf8.contains(bytes[bytes.count - 1])
        {
            bytes.removeLast()
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: String.UTF8View) -> Bool {
        let count = suffix.count
        guard self.count >= count else { return false }
        return self[(self.count - count)...].elementsEqual(suffix)
    }
}
