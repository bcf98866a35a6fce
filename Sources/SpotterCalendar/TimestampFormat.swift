package import Foundation

/// Spotter's one ISO 8601 instant codec. Formats and parses timestamps without Foundation's
/// formatters (which are slow and locale-sensitive): the fixed-width UTC form Spotter stores on
/// SQLite and binds on PostgreSQL, and every ISO 8601 variant either backend hands back.
package enum TimestampFormat {
    private static let unixToReference: Int64 = 978_307_200

    /// Microseconds since 1970 for `date`, rounded to the nearest microsecond.
    package static func microseconds(_ date: Date) -> Int64 {
        let seconds = date.timeIntervalSinceReferenceDate.rounded(.down)
        let fraction = date.timeIntervalSinceReferenceDate - seconds
        return (Int64(seconds) + unixToReference) * 1_000_000 + Int64((fraction * 1_000_000).rounded())
    }

    /// The date for `micros` microseconds since 1970.
    package static func date(microseconds micros: Int64) -> Date {
        let seconds = CivilDays.floorDivide(micros, 1_000_000)
        let fraction = micros - seconds * 1_000_000
        return Date(timeIntervalSinceReferenceDate: Double(seconds - unixToReference) + Double(fraction) / 1_000_000)
    }

    /// `YYYY-MM-DDTHH:MM:SS.ffffffZ` in UTC: fixed width for years 0…9999, so it sorts lexically.
    package static func format(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ISO 8601 as payloads, JSON Lines and messages show an instant: `YYYY-MM-DDTHH:MM:SSZ` for
    /// a whole second (the text of Foundation's `ISO8601DateFormatter`), otherwise with the
    /// fraction's significant digits, up to microseconds (`…:05.25Z`), so it parses back to the
    /// same instant.
    package static func compact(_ date: Date) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        append(date, to: &bytes)
        bytes.removeLast()  // Z
        while bytes.last == UInt8(ascii: "0") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: ".") { bytes.removeLast() }
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``format(_:)``'s text to `bytes` (the COPY encoder's fast path).
    package static func append(_ date: Date, to bytes: inout [UInt8]) {
        let micros = microseconds(date)
        let seconds = CivilDays.floorDivide(micros, 1_000_000)
        let fraction = micros - seconds * 1_000_000
        let days = CivilDays.floorDivide(seconds, 86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilDays.civil(Int(days))
        if year >= 0 && year <= 9999 {
            append(Int64(year), width: 4, to: &bytes)
        } else {
            bytes.append(contentsOf: String(year).utf8)
        }
        bytes.append(UInt8(ascii: "-"))
        append(Int64(month), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        append(Int64(day), width: 2, to: &bytes)
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
    package static func parse(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    /// Parses only a whole ISO 8601 instant: a date, `T`, a time with seconds (a fraction is
    /// optional) and a zone, `Z` or an offset (`2026-11-21T05:00:00Z`,
    /// `2026-11-21T05:00:00.123+01:00`), as payloads and JSON Lines carry it. Nil for a bare date,
    /// a time without a zone, and PostgreSQL's space-separated output.
    package static func parseInstant(_ text: String) -> Date? {
        let utf8 = text.utf8
        guard utf8.count >= 20 else { return nil }
        let bytes = Array(utf8)
        guard bytes[10] | 0x20 == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[bytes.count - 1] | 0x20 == UInt8(ascii: "z")
                || bytes[19...].contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") })
        else { return nil }
        return parse(text)
    }

    /// ``parse(_:)`` over raw UTF-8 bytes (the PostgreSQL decoder's fast path).
    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipSpaces()
        if scanner.consume("infinity") { return scanner.atEndAfterSpaces ? .distantFuture : nil }
        if scanner.consume("-infinity") { return scanner.atEndAfterSpaces ? .distantPast : nil }
        guard let year = scanner.number(minDigits: 4, maxDigits: 6), scanner.consume(UInt8(ascii: "-")),
            let month = scanner.number(minDigits: 2, maxDigits: 2), scanner.consume(UInt8(ascii: "-")),
            let day = scanner.number(minDigits: 2, maxDigits: 2),
            (1...12).contains(month), day >= 1, day <= CivilDays.daysInMonth(year: Int(year), month: Int(month))
        else { return nil }
        var seconds = Int64(CivilDays.days(year: Int(year), month: Int(month), day: Int(day))) * 86_400
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
