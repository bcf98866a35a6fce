public import Foundation

/// A wall-clock date and time as an export writes it, read into the instant it names in a zone.
///
/// Reads `2020-09-29 07:10:22`, `2020-09-29T07:10`, ISO 8601 with `Z` or an offset (then the
/// zone is ignored), `15 Sep 2025, 07:48` and its translations in any locale ICU has data for
/// (`11 Nis 2026, 13:05`, `11 kwi 2026, 13:05`, `11 апр. 2026 г., 13:05`, `2026年4月11日 13:05`,
/// `2026년 4월 11일 오후 1:05`; see ``DateWords`` and ``DateReader``), `Sep 15, 2025 7:48 PM`,
/// and numeric dates: `15.09.2025` (day first), `2025/09/15`, and `9/15/2025` / `15/9/2025`
/// (month first unless the first number cannot be a month). A date without a time is midnight.
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

    /// Reads `text` alone, in the locale whose date words read it (see ``DateReader``); nil
    /// when it is no date in any locale. A file's dates are read with one locale found from a
    /// sample of them, not one by one.
    public static func parse(_ text: String) -> LocalDateTime? {
        guard case .found(var reader) = DateReader.find([(line: 1, text: text)], column: "date") else { return nil }
        return reader.date(text)
    }

    /// Reads `text` with one locale's date words: the date (nil when it is none) and how many
    /// of its words are none of the locale's date words.
    static func read(_ text: String, words: DateWords) -> (date: LocalDateTime?, unknownWords: Int) {
        var tokens = Tokens(TextFolding.fold(text))
        return tokens.read(words: words)
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

    /// Whether a time (`H:MM`) was read, and whether with an English day period after it.
    var timeRead = false
    var periodRead = false

    mutating func read(words: DateWords) -> (date: LocalDateTime?, unknownWords: Int) {
        var result = LocalDateTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, utcOffset: nil)
        guard readTime(into: &result) else { return (nil, unknownWords(words)) }
        var numbers: [String] = []
        var marks: [Character] = []
        var exactMonths: Set<Int> = []
        var abbreviatedMonths: Set<Int> = []
        var numberedMonth: Int?
        var afternoon: Bool?
        var unknown = 0
        for (position, token) in list.enumerated() {
            switch token {
            case .number(let digits): numbers.append(digits)
            case .word(let word):
                if let month = words.monthByName[word] {
                    exactMonths.insert(month)
                } else if words.wordsAfterMonthNumber.contains(word) {
                    // "4月", "4월": the number before the word is the month.
                    if position > 0, case .number = list[position - 1] { numberedMonth = numbers.count - 1 }
                } else if words.wordsBeforeMonthNumber.contains(word) {
                    // "thg 4": the number after the word is the month.
                    if position + 1 < list.count, case .number = list[position + 1] { numberedMonth = numbers.count }
                } else if words.afternoon.contains(word) {
                    afternoon = true
                } else if words.morning.contains(word) {
                    afternoon = false
                } else if words.knows(word) {
                    continue
                } else if let (month, _) = words.month(word) {
                    abbreviatedMonths.insert(month)
                } else {
                    unknown += 1
                }
            case .mark(let mark): marks.append(mark)
            }
        }
        let monthFromWord: Int?
        switch (exactMonths.count, abbreviatedMonths.count) {
        case (0, 0): monthFromWord = nil
        case (1, _): monthFromWord = exactMonths.first
        case (0, 1): monthFromWord = abbreviatedMonths.first
        default: return (nil, unknown)
        }
        let values = numbers.compactMap { Int($0) }
        guard values.count == numbers.count else { return (nil, unknown) }
        let yearDigits: Int
        if let month = monthFromWord {
            guard numbers.count == 2 else { return (nil, unknown) }
            let yearIndex = numbers[0].count == 4 ? 0 : 1
            result.year = values[yearIndex]
            yearDigits = numbers[yearIndex].count
            result.day = values[1 - yearIndex]
            result.month = month
        } else if let monthIndex = numberedMonth, numbers.count == 3, (0..<3).contains(monthIndex) {
            let others = [0, 1, 2].filter { $0 != monthIndex }
            let yearIndex = others.first { numbers[$0].count == 4 } ?? others[0]
            let dayIndex = others.first { $0 != yearIndex }!
            (result.year, result.month, result.day) = (values[yearIndex], values[monthIndex], values[dayIndex])
            yearDigits = numbers[yearIndex].count
        } else {
            guard numbers.count == 3 else { return (nil, unknown) }
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
        // The locale's day period ("午後 1:05", "1:05 ÖS") when no English one was read.
        if let afternoon, timeRead, !periodRead, (1...12).contains(result.hour) {
            result.hour = result.hour % 12 + (afternoon ? 12 : 0)
        }
        // Only a two-digit year ("15.09.25") is this century's: a written-out year 0000–0099
        // ("0044", or "-0044" whose sign is a mark) is that year, and out of range below.
        if yearDigits <= 2 { result.year += 2000 }
        guard (1...12).contains(result.month), (1...31).contains(result.day), (1900...2200).contains(result.year)
        else { return (nil, unknown) }
        return (result, unknown)
    }

    /// The words of the list that are none of `words`' date words.
    func unknownWords(_ words: DateWords) -> Int {
        list.reduce(0) { count, token in
            guard case .word(let word) = token else { return count }
            return words.knows(word) || words.month(word) != nil ? count : count + 1
        }
    }

    /// The mark of a time written `13.05` after a whole date ("11 Apr 2026, 13.05", as
    /// Indonesian, Danish and Finnish write it): the last `.` between two numbers, when the
    /// list holds four numbers and the last has two digits.
    func dottedTimeMark() -> Int? {
        let numbers = list.filter { if case .number = $0 { true } else { false } }
        guard numbers.count == 4, list.count >= 3, case .number(let minutes) = list[list.count - 1],
            minutes.count == 2, list[list.count - 2] == .mark("."), case .number = list[list.count - 3]
        else { return nil }
        return list.count - 2
    }

    /// Takes `H:MM[:SS[.fff]]`, an am/pm word and a `Z`/offset out of the list.
    mutating func readTime(into result: inout LocalDateTime) -> Bool {
        guard let colon = list.firstIndex(of: .mark(":")) ?? dottedTimeMark() else { return true }
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
            periodRead = true
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
        timeRead = true
        return true
    }
}
