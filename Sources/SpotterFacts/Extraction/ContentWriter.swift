/// Rewrites a clause as a short, self-contained statement about its subject:
/// "my left knee hurts when I run" → "Left knee hurts when running",
/// "I'm training for a half marathon" → "Training for a half marathon",
/// "Every Saturday I play football" → "Plays football every Saturday".
struct ContentWriter {
    let bytes: [UInt8]
    /// The longest content written, in bytes; longer statements are cut at a word boundary.
    static let maxBytes = 120

    private static let verbFollowers: Set<WordKey> = [Words.when, Words.while, Words.after, Words.before, Words.if]

    /// Writes words[`start`..<`end`], dropping a speaker subject at `start` and putting the
    /// verb in the third person; `trailing` (a leading time phrase) moves to the end.
    func write(
        _ words: [Token], from start: Int, to end: Int, trailing: Range<Int>? = nil, replacing: [Int: String] = [:]
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
            conjugateNext = words[index].flags.intersects([.likeVerb, .dislikeVerb])  // elided "Love running"
        }
        while index < end {
            let word = words[index]
            if conjugateNext && !word.flags.intersects([.filler, .hedge, .frequency]) && word.key != Words.no
                && word.key != Words.longer
            {
                parts.append(thirdPerson(word))
                conjugateNext = false
            } else if Self.verbFollowers.contains(word.key), index + 2 < end, words[index + 1].key == Words.i,
                !words[index + 2].flags.intersects([.auxiliary, .negation, .pastForm, .filler])
            {
                parts.append(original(word))  // "when I run" → "when running"
                parts.append(gerund(words[index + 2]))
                index += 2
            } else {
                parts.append(replacing[index] ?? speakerReference(word) ?? original(word))
            }
            index += 1
        }
        if let trailing {
            for position in trailing { parts.append(original(words[position]).lowercased()) }
        }
        return finish(parts)
    }

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

    /// The word as written in the message.
    func original(_ word: Token) -> String {
        String(decoding: bytes[word.start..<word.end], as: UTF8.self)
    }

    private func thirdPerson(_ word: Token) -> String {
        if let mapped = Lexicon.thirdPerson[word.key] { return mapped }
        let text = original(word)
        if word.isForeign || word.flags.intersects([.pastForm, .auxiliary]) || word.hasSuffix("ed")
            || word.hasSuffix("ing") || word.key == Words.used
        {
            return text
        }
        if word.hasSuffix("s") && !word.hasSuffix("ss") { return text }
        if word.hasSuffix("y"), word.length > 2, !"aeiou".utf8.contains(word.key.byte(at: word.length - 2)) {
            return String(text.dropLast()) + "ies"
        }
        if word.hasSuffix("sh") || word.hasSuffix("ch") || word.hasSuffix("ss") || word.hasSuffix("x")
            || word.hasSuffix("o")
        {
            return text + "es"
        }
        return text + "s"
    }

    private func gerund(_ word: Token) -> String {
        var text = original(word).lowercased()
        if text == "be" { return "being" }
        if text.hasSuffix("ie") { return String(text.dropLast(2)) + "ying" }
        if text.hasSuffix("e") && !text.hasSuffix("ee") && text.count > 2 { text.removeLast() }
        let bytes = Array(text.utf8)
        if bytes.count >= 3, bytes.count <= 4 {
            let vowels = "aeiou".utf8
            let (a, b, c) = (bytes[bytes.count - 3], bytes[bytes.count - 2], bytes[bytes.count - 1])
            if !vowels.contains(a) && vowels.contains(b) && !vowels.contains(c) && !"wxy".utf8.contains(c) {
                text.append(Character(Unicode.Scalar(c)))  // run → running, swim → swimming
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
