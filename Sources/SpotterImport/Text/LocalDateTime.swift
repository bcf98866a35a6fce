public import Foundation

/// A wall-clock date and time as an export writes it, read into the instant it names in a zone.
///
/// Reads `2020-09-29 07:10:22`, `2020-09-29T07:10`, ISO 8601 with `Z` or an offset (then the
/// zone is ignored), `15 Sep 2025, 07:48` and its translations (`15 sept. 2025, 07:48`,
/// `15. Okt. 2025, 07:48`, `15 de set. de 2025 07:48`; month names in English, German, French,
/// Spanish, Portuguese, Italian and Dutch), `Sep 15, 2025 7:48 PM`, and numeric dates:
/// `15.09.2025` (day first), `2025/09/15`, and `9/15/2025` / `15/9/2025` (month first unless the
/// first number cannot be a month). A date without a time is midnight.
public struct LocalDateTime: Sendable, Hashable {
    /// The calendar fields.
    public var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    /// Seconds east of UTC when the text carried an offset (`Z` is 0); nil for wall-clock text.
    public var utcOffset: Int?

    /// `yyyy-MM-ddTHH:mm:ss`: the same for the same session in every language and zone.
    public var key: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(hour)):\(two(minute)):\(two(second))"
    }

    /// The instant, reading the wall clock in `zone` (an offset in the text wins). A time that
    /// a daylight-saving change skips is moved forward, as the calendar does.
    public func instant(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utcOffset.flatMap { TimeZone(secondsFromGMT: $0) } ?? zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        return back.year == year && back.month == month && back.day == day ? date : nil
    }

    /// Reads `text`; nil when it is no date this type knows.
    public static func parse(_ text: String) -> LocalDateTime? {
        var tokens = Tokens(TextFolding.fold(text))
        return tokens.read()
    }
}

/// The scanner behind ``LocalDateTime/parse(_:)``.
private struct Tokens {
    enum Token: Equatable {
        case number(String)
        case word(String)
        case mark(Character)
    }

    var list: [Token] = []

    init(_ text: String) {
        var current = ""
        var isDigits = false
        func flush() {
            if !current.isEmpty { list.append(isDigits ? .number(current) : .word(current)) }
            current = ""
        }
        for character in text {
            if character.isNumber, character.isASCII {
                if !isDigits { flush() }
                isDigits = true
                current.append(character)
            } else if character.isLetter {
                if isDigits { flush() }
                isDigits = false
                current.append(character)
            } else {
                flush()
                if !character.isWhitespace { list.append(.mark(character)) }
            }
        }
        flush()
    }

    mutating func read() -> LocalDateTime? {
        var result = LocalDateTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, utcOffset: nil)
        guard readTime(into: &result) else { return nil }
        var numbers: [String] = []
        var marks: [Character] = []
        var monthFromWord: Int?
        for token in list {
            switch token {
            case .number(let digits): numbers.append(digits)
            case .word(let word):
                if let month = MonthNames.month(word) {
                    if monthFromWord != nil { return nil }
                    monthFromWord = month
                }
            case .mark(let mark): marks.append(mark)
            }
        }
        let values = numbers.compactMap { Int($0) }
        guard values.count == numbers.count else { return nil }
        let yearDigits: Int
        if let month = monthFromWord {
            guard numbers.count == 2 else { return nil }
            let yearIndex = numbers[0].count == 4 ? 0 : 1
            result.year = values[yearIndex]
            yearDigits = numbers[yearIndex].count
            result.day = values[1 - yearIndex]
            result.month = month
        } else {
            guard numbers.count == 3 else { return nil }
            if numbers[0].count == 4 {
                (result.year, result.month, result.day) = (values[0], values[1], values[2])
                yearDigits = numbers[0].count
            } else if marks.contains(".") || values[0] > 12 {
                (result.day, result.month, result.year) = (values[0], values[1], values[2])
                yearDigits = numbers[2].count
            } else {
                (result.month, result.day, result.year) = (values[0], values[1], values[2])
                yearDigits = numbers[2].count
            }
        }
        // Only a two-digit year ("15.09.25") is this century's: a written-out year 0000–0099
        // ("0044", or "-0044" whose sign is a mark) is that year, and out of range below.
        if yearDigits <= 2 { result.year += 2000 }
        guard (1...12).contains(result.month), (1...31).contains(result.day), (1900...2200).contains(result.year)
        else { return nil }
        return result
    }

    /// Takes `H:MM[:SS[.fff]]`, an am/pm word and a `Z`/offset out of the list.
    mutating func readTime(into result: inout LocalDateTime) -> Bool {
        guard let colon = list.firstIndex(of: .mark(":")) else { return true }
        guard colon > 0, case .number(let hourText) = list[colon - 1], colon + 1 < list.count,
            case .number(let minuteText) = list[colon + 1], let hour = Int(hourText), let minute = Int(minuteText)
        else { return false }
        var end = colon + 2
        var second = 0
        if end + 1 < list.count, list[end] == .mark(":"), case .number(let secondText) = list[end + 1] {
            second = Int(secondText) ?? 0
            end += 2
            if end + 1 < list.count, list[end] == .mark("."), case .number = list[end + 1] { end += 2 }
        }
        var hour24 = hour
        if end < list.count, case .word(let word) = list[end], ["am", "pm", "a", "p"].contains(word) {
            let isPM = word.hasPrefix("p")
            end += 1
            if end + 1 < list.count, list[end] == .mark("."), case .word("m") = list[end + 1] { end += 2 }
            if end < list.count, list[end] == .mark(".") { end += 1 }
            guard (1...12).contains(hour) else { return false }
            hour24 = hour % 12 + (isPM ? 12 : 0)
        }
        if end < list.count, case .word("z") = list[end] {
            result.utcOffset = 0
            end += 1
        } else if end + 1 < list.count, case .mark(let sign) = list[end], sign == "+" || sign == "-",
            case .number(let offsetText) = list[end + 1]
        {
            var hours = 0, minutes = 0
            var last = end + 1
            if offsetText.count == 4, let value = Int(offsetText) {
                (hours, minutes) = (value / 100, value % 100)
            } else if let value = Int(offsetText) {
                hours = value
                if last + 2 < list.count, list[last + 1] == .mark(":"), case .number(let mm) = list[last + 2] {
                    minutes = Int(mm) ?? 0
                    last += 2
                }
            }
            result.utcOffset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            end = last + 1
        }
        guard (0...23).contains(hour24), (0...59).contains(minute), (0...60).contains(second) else { return false }
        (result.hour, result.minute, result.second) = (hour24, minute, min(second, 59))
        list.removeSubrange((colon - 1)..<end)
        return true
    }
}
