/// A calendar date without a time or a zone: the day a user sees on their wall calendar.
///
/// Proleptic Gregorian (ISO 8601), years 1 … 9999. Encodes to and from JSON as the ISO string
/// `"YYYY-MM-DD"`, which is also its `description`.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The year, 1 … 9999.
    public let year: Int
    /// The month, 1 … 12.
    public let month: Int
    /// The day of the month, 1 … 28/29/30/31.
    public let day: Int

    /// A date from its parts, or nil when the parts do not name a real date (2023-02-29, month 13)
    /// or fall outside years 1 … 9999.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...CivilDays.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `daysSince1970` days after 1970-01-01 (negative for earlier dates), clamped to
    /// the supported range 0001-01-01 … 9999-12-31.
    public init(daysSince1970: Int) {
        let (y, m, d) = CivilDays.civil(min(max(daysSince1970, CivilDays.minimum), CivilDays.maximum))
        year = y
        month = m
        day = d
    }

    /// Parses exactly `"YYYY-MM-DD"` (four-digit year, two-digit month and day); nil otherwise.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int { CivilDays.days(year: year, month: month, day: day) }

    /// Weekday, 1 = Sunday … 7 = Saturday (the numbering of `Calendar.firstWeekday`).
    public var weekday: Int { CivilDays.weekday(daysSince1970) }

    /// The date `days` calendar days later (earlier when negative), clamped to the supported range.
    public func adding(days: Int) -> LocalDate { LocalDate(daysSince1970: daysSince1970 + days) }

    /// Calendar days from `other` to `self`: positive when `self` is later.
    public func days(since other: LocalDate) -> Int { daysSince1970 - other.daysSince1970 }

    /// `"YYYY-MM-DD"`.
    /// Written digit by digit into one small string: every result row with a date column spells
    /// one or two of these, which made the interpolated form a hot spot of the bulk writes.
    public var description: String {
        String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ value: Int, width: Int, at start: Int) {
                var rest = value
                for position in stride(from: start + width - 1, through: start, by: -1) {
                    bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            bytes[4] = UInt8(ascii: "-")
            put(month, width: 2, at: 5)
            bytes[7] = UInt8(ascii: "-")
            put(day, width: 2, at: 8)
            return 10
        }
    }

    /// Chronological order.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Decodes the ISO string `"YYYY-MM-DD"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(iso: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected a date \"YYYY-MM-DD\", got \"\(text)\"")
        }
        self = date
    }

    /// Encodes the ISO string `"YYYY-MM-DD"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
