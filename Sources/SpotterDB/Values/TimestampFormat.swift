import Foundation

/// Formats and parses timestamps without Foundation's formatters (which are slow and
/// locale-sensitive): the fixed-width UTC form Spotter stores on SQLite and binds on
/// PostgreSQL, and every ISO 8601 variant either backend hands back.
enum TimestampFormat {
    private static let unixToReference: Int64 = 978_307_200

    /// Microseconds since 1970 for `date`, rounded to the nearest microsecond.
    static func microseconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        let fraction = date.timeIntervalSinceReferenceDate - seconds
        return (Int64(seconds) + unixToReference) * 1_000_000 + Int64((fraction * 1_000_000).rounded())
    }

    /// The date for `micros` microseconds since 1970.
    static func date(microseconds micros: Int64) -> Date {
        let seconds = floorDiv(micros, 1_000_000)
        let fraction = micros - seconds * 1_000_000
        return Date(timeIntervalSinceReferenceDate: Double(seconds - unixToReference) + Double(fraction) / 1_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS.ffffffZ` in UTC: fixed width for years 0…9999, so it sorts lexically.
    static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``format(_:)``'s text to `bytes` (the COPY encoder's fast path).
    static func append(_ date: Date, to bytes: inout [UInt8]) {
        let micros = microseconds(date)
        let seconds = floorDiv(micros, 1_000_000)
        let fraction = micros - seconds * 1_000_000
        let days = floorDiv(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        if year >= 0 && year <= 9999 {
            append(year, width: 4, to: &bytes)
        } else {
            bytes.append(contentsOf: String(year).utf8)
        }
        bytes.append(UInt8(ascii: "-"))
        append(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        append(fraction, width: 6, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// Parses ISO 8601 / PostgreSQL output: `2024-03-10`, `2024-03-10T06:59:59Z`,
    /// `2024-03-10 01:59:59.123456-05`, `…+05:30`, `…+0530`, `…+05:53:28`; no zone means UTC.
    /// `infinity` and `-infinity` map to `Date.distantFuture` and `Date.distantPast`.
    static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// ``parse(_:)`` over raw UTF-8 bytes (the PostgreSQL decoder's fast path).
    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipSpaces()
        if scanner.consume("infinity") { return scanner.atEndAfterSpaces ? .distantFuture : nil }
        if scanner.consume("-infinity") { return scanner.atEndAfterSpaces ? .distantPast : nil }
        guard let year = scanner.number(minDigits: 4, maxDigits: 6), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.number(minDigits: 2, maxDigits: 2), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.number(minDigits: 2, maxDigits: 2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month)
        else { return nil }
        var seconds = daysFromCivil(year: year, month: month, day: day) * 86_400
        var micros: Int64 = 0
        if scanner.consume(UInt8(ascii: "T")) || scanner.consume(UInt8(ascii: "t"))
            || scanner.consume(UInt8(ascii: " "))
        {
            guard let hour = scanner.number(minDigits: 2, maxDigits: 2), scanner.consume(UInt8(ascii: ":")),
                let minute = scanner.number(minDigits: 2, maxDigits: 2), hour <= 24, minute <= 59
            else { return nil }
            var second: Int64 = 0
            if scanner.consume(UInt8(ascii: ":")) {
                guard let value = scanner.number(minDigits: 2, maxDigits: 2), value <= 60 else { return nil }
                second = value
                if scanner.consume(UInt8(ascii: ".")) || scanner.consume(UInt8(ascii: ",")) {
                    guard let value = scanner.fractionMicroseconds() else { return nil }
                    micros = value
                }
            }
            seconds += hour * 3600 + minute * 60 + second
            scanner.skipSpaces()
            if scanner.consume(UInt8(ascii: "Z")) || scanner.consume(UInt8(ascii: "z")) {
                // UTC
            } else if let sign = scanner.consumeSign() {
                guard let offset = scanner.zoneOffsetSeconds() else { return nil }
                seconds -= sign * offset
            }
        }
        guard scanner.atEndAfterSpaces else { return nil }
        return date(microseconds: seconds * 1_000_000 + micros)
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, after Howard Hinnant's algorithms)

    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDiv(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = floorDiv(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }

    private static func append(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var value = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            value %= divisor
            divisor /= 10
        }
    }
}

/// A cursor over UTF-8 bytes for the small hand-written parsers in this module.
struct ByteScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index >= bytes.count }
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    var atEndAfterSpaces: Bool {
        mutating get {
            skipSpaces()
            return atEnd
        }
    }

    mutating func skipSpaces() {
        while let byte = current,
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
        {
            index += 1
        }
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        index += 1
        return true
    }

    /// Consumes `word` (ASCII, case-insensitive) if it comes next.
    mutating func consume(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let start = word.utf8Start
        for offset in 0..<count where bytes[index + offset] | 0x20 != start[offset] | 0x20 {
            return false
        }
        index += count
        return true
    }

    mutating func consumeSign() -> Int64? {
        if consume(UInt8(ascii: "+")) { return 1 }
        if consume(UInt8(ascii: "-")) { return -1 }
        return nil
    }

    /// A run of `minDigits…maxDigits` decimal digits.
    mutating func number(minDigits: Int, maxDigits: Int) -> Int64? {
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
    mutating func fractionMicroseconds() -> Int64? {
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
    mutating func zoneOffsetSeconds() -> Int64? {
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
