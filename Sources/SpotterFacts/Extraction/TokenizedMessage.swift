/// A message cut to the extractor's limits, split into tokens and sentences by hand (no regular
/// expressions): the work is linear in the capped length, whatever the script.
struct TokenizedMessage: Sendable {
    /// The capped message bytes, cut on a scalar boundary.
    let bytes: [UInt8]
    private(set) var tokens: [Token] = []
    private(set) var sentences: [Sentence] = []

    init(_ text: String, maxBytes: Int, maxSentences: Int) {
        // Controls are taken out first (``ControlText``), from a bounded prefix: they cost no
        // budget, and a megabyte message still costs what its first kilobytes cost.
        let head = String(decoding: text.utf8.prefix(maxBytes * 4 + 4), as: UTF8.self)
        var utf8 = Array(ControlText.cleaned(head).utf8.prefix(maxBytes + 4))
        if utf8.count > maxBytes {
            var cut = maxBytes
            while cut > 0 && utf8[cut] & 0xC0 == 0x80 { cut -= 1 }
            utf8.removeSubrange(cut...)
        }
        bytes = utf8
        tokens.reserveCapacity(utf8.count / 4 + 4)
        scan(maxSentences: maxSentences)
    }

    // MARK: - Scanning

    private mutating func scan(maxSentences: Int) {
        var index = 0
        var sentenceStart = 0
        var quoteStart: Int? = nil
        let count = bytes.count
        while index < count && sentences.count < maxSentences {
            let byte = bytes[index]
            if isWordByte(byte) {
                index = readWord(from: index)
                continue
            }
            var width = 1
            var boundary: Character? = nil
            switch byte {
            case UInt8(ascii: "."):
                if !endsWithAbbreviation(at: index) { boundary = "." }
            case UInt8(ascii: "!"), UInt8(ascii: "\n"): boundary = "."
            case UInt8(ascii: "?"): boundary = "?"
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "("), UInt8(ascii: ")"):
                appendComma(at: index)
            case UInt8(ascii: "-"):
                appendComma(at: index)  // a dash between words ("I do--I have", "I do - I have"), as "—" is
            case UInt8(ascii: "\""):
                toggleQuote(&quoteStart)
            case 0x1B:
                width = escapeSequenceLength(at: index)  // an ANSI colour or cursor code is not text
            case 0x80...:
                let (scalar, length) = decodeScalar(at: index)
                width = length
                switch scalar {
                case 0x2018, 0x2019: break  // a stray apostrophe: separator
                case 0x201C, 0x201D: toggleQuote(&quoteStart)
                case 0x3002, 0xFF01, 0xFF0E: boundary = "."
                case 0xFF1F, 0x061F: boundary = "?"
                case 0x2014, 0x2013, 0x3001, 0xFF0C, 0x060C: appendComma(at: index)
                default:
                    if let value = Unicode.Scalar(scalar), value.properties.isAlphabetic {
                        index = readWord(from: index)
                        continue
                    }
                }
            default: break
            }
            index += width
            if let boundary {
                closeSentence(from: &sentenceStart, question: boundary == "?", quoteStart: &quoteStart)
            }
        }
        closeSentence(from: &sentenceStart, question: false, quoteStart: &quoteStart)
    }

    private mutating func closeSentence(from start: inout Int, question: Bool, quoteStart: inout Int?) {
        quoteStart = nil  // an unclosed quote is a stray mark, not quoted speech
        if tokens.count > start {
            sentences.append(Sentence(tokens: start..<tokens.count, isQuestion: question))
        } else if question, var last = sentences.last, last.tokens.upperBound == tokens.count {
            last.isQuestion = true  // "?!" or "..?" after a closed sentence
            sentences[sentences.count - 1] = last
        }
        start = tokens.count
    }

    /// Opens a quote, or closes it and marks the words between the marks as quoted.
    private mutating func toggleQuote(_ quoteStart: inout Int?) {
        guard let open = quoteStart else {
            quoteStart = tokens.count
            return
        }
        for index in open..<tokens.count { tokens[index].isQuoted = true }
        quoteStart = nil
    }

    private mutating func appendComma(at index: Int) {
        if let last = tokens.last, last.kind == .comma { return }
        tokens.append(
            Token(
                kind: .comma, start: index, end: index + 1, key: WordKey(low: 0, high: 0), flags: [],
                length: 0, isForeign: false, isCapitalized: false, isQuoted: false, isPossessive: false))
    }

    /// True for "Dr." "e.g." "vs." and single letters: a period that does not end a sentence. A
    /// single digit does end one ("I am 5. Some days …").
    private func endsWithAbbreviation(at index: Int) -> Bool {
        guard let last = tokens.last, last.kind == .word, last.end == index else { return false }
        if last.length == 1 && !last.isForeign {
            let letter = last.key.byte(at: 0)
            return letter != UInt8(ascii: "i") && !(letter >= 0x30 && letter <= 0x39)
        }
        return Lexicon.abbreviations.contains(last.key)
    }

    // MARK: - Words

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
    }

    /// Reads one word starting at `start` (letters of any script, digits, inner apostrophes,
    /// hyphens and decimal points) and appends it; returns the index after it.
    private mutating func readWord(from start: Int) -> Int {
        var index = start
        var key = WordKey(low: 0, high: 0)
        var length = 0
        var foreign = false
        var digits = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if isWordByte(byte) {
                let lower = byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte
                if length < 16 { key.set(lower, at: length) }
                if byte <= 0x39 { digits += 1 }
                length += 1
                index += 1
                continue
            }
            if byte >= 0x80 {
                let (scalar, width) = decodeScalar(at: index)
                if scalar == 0x2019 || scalar == 0x2018, index + width < count, isWordByte(bytes[index + width]) {
                    if length < 16 { key.set(UInt8(ascii: "'"), at: length) }
                    length += 1
                    index += width
                    continue
                }
                if let value = Unicode.Scalar(scalar),
                    value.properties.isAlphabetic
                        || value.properties.generalCategory == .nonspacingMark
                        || value.properties.generalCategory == .spacingMark
                {
                    foreign = true
                    length += width
                    index += width
                    continue
                }
                break
            }
            let joins =
                byte == UInt8(ascii: "'") || byte == UInt8(ascii: "-")
                || ((byte == UInt8(ascii: ".") || byte == UInt8(ascii: ",") || byte == UInt8(ascii: ":")) && digits > 0
                    && index + 1 < count && bytes[index + 1] >= 0x30 && bytes[index + 1] <= 0x39)
            if joins, index + 1 < count, isWordByte(bytes[index + 1]) || bytes[index + 1] >= 0xC0 {
                if length < 16 { key.set(byte, at: length) }
                length += 1
                index += 1
                continue
            }
            break
        }
        if digits > 0, index < count, bytes[index] == UInt8(ascii: "%") { index += 1 }  // "20%" stays whole
        var flags: WordFlags = []
        var possessive = false
        if !foreign && length <= 16 {
            flags = Lexicon.flags(for: key)
            if flags.isEmpty && length > 2 && key.byte(at: length - 2) == UInt8(ascii: "'")
                && key.byte(at: length - 1) == UInt8(ascii: "s")
            {
                length -= 2  // "wife's" reads as "wife", marked possessive
                key = key.truncated(to: length)
                flags = Lexicon.flags(for: key)
                possessive = true
            }
            if digits > 0 && digits * 2 >= length { flags.insert(.number) }
        }
        let first = bytes[start]
        tokens.append(
            Token(
                kind: .word, start: start, end: index, key: key, flags: flags, length: length,
                isForeign: foreign, isCapitalized: first >= 0x41 && first <= 0x5A, isQuoted: false,
                isPossessive: possessive))
        return index
    }

    /// The bytes of the escape sequence starting with ESC at `index`: a CSI (`ESC [` … final
    /// byte, "\u{1B}[31m"), an OSC (`ESC ]` … BEL or `ESC \\`), or ESC and one byte.
    private func escapeSequenceLength(at index: Int) -> Int {
        let count = bytes.count
        guard index + 1 < count else { return 1 }
        var end = index + 2
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            while end < count, bytes[end] >= 0x20, bytes[end] <= 0x3F { end += 1 }
            if end < count, bytes[end] >= 0x40, bytes[end] <= 0x7E { end += 1 }
        case UInt8(ascii: "]"):
            while end < count, bytes[end] != 0x07, bytes[end] != 0x1B { end += 1 }
            if end < count { end += bytes[end] == 0x07 ? 1 : min(2, count - end) }
        default:
            if bytes[index + 1] >= 0x80 { end = index + 1 }
        }
        return end - index
    }

    /// Decodes the scalar starting at `index`; malformed bytes decode as U+FFFD of width 1.
    private func decodeScalar(at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let width: Int
        var value: UInt32
        switch lead {
        case 0xC0...0xDF: width = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: width = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF7: width = 4; value = UInt32(lead & 0x07)
        default: return (0xFFFD, 1)
        }
        guard index + width <= bytes.count else { return (0xFFFD, 1) }
        for offset in 1..<width {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        return (value, width)
    }
}
