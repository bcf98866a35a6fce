/// A cursor over UTF-8 bytes for the small hand-written parsers (the timestamp codec here, the
/// array and JSON readers in SpotterDB).
package struct ByteScanner {
    /// The bytes being read.
    package let bytes: UnsafeBufferPointer<UInt8>

    /// A scanner at the start of `bytes`.
    package init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package var index = 0

    package var atEnd: Bool { index >= bytes.count }
    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    package var atEndAfterSpaces: Bool {
        mutating get {
            skipSpaces()
            return atEnd
        }
    }

    package mutating func skipSpaces() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        {
            index += 1
        }
    }

    package mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `word` (ASCII, case-insensitive) if it comes next.
    package mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] | 0x20 != start[offset] | 0x20 {
            return false
        }
        index += count
        return true
    }

    package mutating func consumeSign() -> Int64? {
        if consume(UInt8(ascii: "+")) { return 1 }
        if consume(UInt8(ascii: "-")) { return -1 }
        return nil
    }

    /// A run of `minDigits…maxDigits` decimal digits.
    package mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
        var value: Int64 = 0
        var digits = 0
        while digits < maxDigits, let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits >= minDigits ? value : nil
    }

    /// Fraction digits after the decimal point, rounded to microseconds.
    package mutating func fractionMicroseconds() -> Int64? {
        var micros: Int64 = 0
        var digits = 0
        var roundUp = false
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            if digits < 6 {
                micros = micros * 10 + Int64(byte - UInt8(ascii: "0"))
            } else if digits == 6 {
                roundUp = byte >= UInt8(ascii: "5")
            }
            digits += 1
            index += 1
        }
        guard digits > 0 else { return nil }
        for _ in digits..<max(digits, 6) { micros *= 10 }
        return micros + (roundUp ? 1 : 0)
    }

    /// `HH`, `HH:MM`, `HHMM`, `HH:MM:SS` after a zone sign, in seconds.
    package mutating func zoneOffsetSeconds() -> Int64? {
        guard let hours = number(minDigits: 2, maxDigits: 2) else { return nil }
        var total = hours * 3600
        let hadColon = consume(UInt8(ascii: ":"))
        if let minutes = number(minDigits: 2, maxDigits: 2) {
            total += minutes * 60
            if (!hadColon || consume(UInt8(ascii: ":"))), let seconds = number(minDigits: 2, maxDigits: 2) {
                total += seconds
            }
        } else if hadColon {
            return nil
        }
        return total
    }
}
