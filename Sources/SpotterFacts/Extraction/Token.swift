/// A lowercase ASCII word of up to 16 bytes packed into two integers, so that lexicon look-ups
/// hash two words instead of building a `String` per token.
struct WordKey: Hashable, Sendable {
    var low: UInt64
    var high: UInt64

    /// The key for a word written in source (lowercase ASCII expected).
    init(_ word: StaticString) {
        var key = WordKey(low: 0, high: 0)
        let pointer = word.utf8Start
        for index in 0..<min(word.utf8CodeUnitCount, 16) { key.set(pointer[index], at: index) }
        self = key
    }

    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    /// Stores `byte` at position `index` (0…15).
    mutating func set(_ byte: UInt8, at index: Int) {
        if index < 8 {
            low |= UInt64(byte) << (UInt64(index) * 8)
        } else {
            high |= UInt64(byte) << (UInt64(index - 8) * 8)
        }
    }

    /// The word as a string (lowercase ASCII, at most 16 bytes).
    var string: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for index in 0..<16 {
            let value = byte(at: index)
            if value == 0 { break }
            bytes.append(value)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The key of the first `length` bytes.
    func truncated(to length: Int) -> WordKey {
        var key = WordKey(low: 0, high: 0)
        for index in 0..<min(length, 16) { key.set(byte(at: index), at: index) }
        return key
    }

    /// The byte at position `index`, 0 past the end.
    func byte(at index: Int) -> UInt8 {
        index < 8
            ? UInt8(truncatingIfNeeded: low >> (UInt64(index) * 8))
            : UInt8(truncatingIfNeeded: high >> (UInt64(index - 8) * 8))
    }

    /// The hash `Set` and `Dictionary` use: the two words mixed with the table's per-process
    /// seed by multiply-xorshift instead of SipHash. Every lexicon lookup of every word hashes a
    /// key, and SipHash's seed and finalisation were a sixth of the extractor's time. The seed a
    /// table passes differs per table (and per run: it comes from the table's storage), and the
    /// sets searched are the fixed lexicon, so a message cannot choose collisions that matter.
    /// `hash(into:)` (synthesised) stays for every other use.
    func _rawHashValue(seed: Int) -> Int {
        var mixed = (low ^ UInt64(bitPattern: Int64(seed))) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= (high &+ 0x632B_E59B_D9B4_E019) &* 0xD6E8_FEB8_6659_FD93
        mixed ^= mixed >> 29
        mixed &*= 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 32
        return Int(truncatingIfNeeded: mixed)
    }
}

/// The kinds of token the tokenizer produces.
enum TokenKind: UInt8, Sendable {
    case word
    /// A comma, semicolon, colon or dash: a clause boundary candidate.
    case comma
}

/// One token of a message: its bytes in the capped buffer, its key, and its lexicon flags.
struct Token: Sendable {
    var kind: TokenKind
    /// Byte range in the message buffer (original case).
    var start: Int
    var end: Int
    var key: WordKey
    var flags: WordFlags
    /// Number of bytes of the lowercase word (may exceed 16; the key holds the first 16).
    var length: Int
    /// True when the word has letters outside ASCII (another language or script).
    var isForeign: Bool
    /// True when the first letter was uppercase in the message.
    var isCapitalized: Bool
    /// True when the token sits inside quotation marks (quoted speech is not the speaker's).
    var isQuoted: Bool
    /// True for "wife's": the key holds "wife".
    var isPossessive: Bool

    /// The lowercase word (its first 16 bytes).
    var text: String { key.string }

    /// "a" or "an" before this word, by its sound: its first letter ("a dog", "an owl"), except
    /// a vowel letter read as a consonant ("a university", "a one-way", "a European") and a
    /// silent h ("an hour", "an honest").
    var indefiniteArticle: String {
        if Self.anBeforeH.contains(where: {
            key.truncated(to: $0.utf8CodeUnitCount) == WordKey($0) && length >= $0.utf8CodeUnitCount
        }) {
            return "an"
        }
        guard "aeiou".utf8.contains(key.byte(at: 0)) else { return "a" }
        let consonantSound = Self.aBeforeVowel.contains {
            length >= $0.utf8CodeUnitCount && key.truncated(to: $0.utf8CodeUnitCount) == WordKey($0)
        }
        return consonantSound ? "a" : "an"
    }

    /// True when the word reads as a regular past ("walked", "lifted"), not a base form that
    /// ends in "ed" ("need", "breed": ``Lexicon/uninflectedBases``).
    var looksRegularPast: Bool {
        hasSuffix("ed") && !Lexicon.uninflectedBases.contains(key)
    }

    /// True when the word starts with a letter ("audio", not "8" or an emoji).
    var startsWithLetter: Bool {
        let byte = key.byte(at: 0)
        return byte >= 0x61 && byte <= 0x7A
    }

    /// Beginnings of words spelled with a vowel and said with a consonant.
    private static let aBeforeVowel: [StaticString] = [
        "uni", "use", "usu", "uti", "ura", "ure", "uro", "eu", "ewe", "one", "once", "ufo", "uk",
    ]
    /// Beginnings of words whose "h" is silent.
    private static let anBeforeH: [StaticString] = ["hour", "honest", "honor", "honour", "heir"]

    /// True when the lowercase word ends with `suffix` (ASCII, at most 16 bytes checked).
    func hasSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard length >= count, length <= 16 else { return false }
        let pointer = suffix.utf8Start
        for index in 0..<count where key.byte(at: length - count + index) != pointer[index] { return false }
        return true
    }
}

/// A sentence: a range of tokens, and whether it ended with a question mark.
struct Sentence: Sendable {
    var tokens: Range<Int>
    var isQuestion: Bool
}
