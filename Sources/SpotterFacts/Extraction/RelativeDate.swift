import Foundation

/// Resolves relative time phrases against the moment a message was sent, in its author's time
/// zone: "last month" in a message of 2026-10-17 → "in September 2026", "yesterday" → "on 16
/// October 2026", "this weekend" → "on the weekend of 17 October 2026", "two years ago" → "in
/// 2024", "a few years ago" → "a few years before 2026". A stored fact outlives the message, so "last month" must not drift with the reader.
///
/// Weeks start on Monday (ISO 8601); month names are English, as the rest of the content is.
struct RelativeDate {
    /// The instant the message was sent.
    let sentAt: Date
    /// The author's zone.
    let timeZone: TimeZone

    init(sentAt: Date, timeZone: TimeZone) {
        self.sentAt = sentAt
        self.timeZone = timeZone
    }

    /// The author's calendar: Gregorian in their zone, weeks from Monday. Built only once a
    /// phrase has matched, so text without relative dates costs no calendar.
    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        return calendar
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    private static let weekdays: [WordKey: Int] = [
        WordKey("sunday"): 1, WordKey("monday"): 2, WordKey("tuesday"): 3, WordKey("wednesday"): 4,
        WordKey("thursday"): 5, WordKey("friday"): 6, WordKey("saturday"): 7,
    ]
    private static let seasons: [WordKey: (name: String, month: Int)] = [
        WordKey("spring"): ("spring", 3), WordKey("summer"): ("summer", 6), WordKey("autumn"): ("autumn", 9),
        WordKey("fall"): ("autumn", 9), WordKey("winter"): ("winter", 12),
    ]
    private static let smallNumbers: [WordKey: Int] = [
        WordKey("a"): 1, WordKey("an"): 1, WordKey("one"): 1, WordKey("two"): 2, WordKey("three"): 3,
        WordKey("four"): 4, WordKey("five"): 5, WordKey("six"): 6, WordKey("seven"): 7, WordKey("eight"): 8,
        WordKey("nine"): 9, WordKey("ten"): 10, WordKey("couple"): 2,
    ]
    private static let this = WordKey("this")
    private static let next = WordKey("next")
    private static let last = WordKey("last")
    private static let ago = WordKey("ago")

    private static let back = WordKey("back")
    private static let couple = WordKey("couple")

    /// True when a relative time phrase may start at `index`: a flag test, or "ago" / "back" two
    /// to four words on ("two years ago", "a few years back", "a couple of years ago").
    static func mayStart(_ words: [Token], at index: Int, end: Int) -> Bool {
        if words[index].flags.contains(.dateStart) { return true }
        return (2...4).contains { index + $0 < end && isCloser(words[index + $0].key) }
    }

    private static func isCloser(_ key: WordKey) -> Bool { key == ago || key == back }

    private static let yesterday = WordKey("yesterday")
    private static let today = WordKey("today")
    private static let tonight = WordKey("tonight")
    private static let tomorrow = WordKey("tomorrow")
    private static let afternoon = WordKey("afternoon")

    /// The resolved text of the phrase starting at `index` and the number of words it spans;
    /// nil when no relative phrase starts there.
    func resolve(_ words: [Token], at index: Int, end: Int) -> (text: String, length: Int)? {
        if words[index].isPossessive { return nil }  // "tomorrow's race" names the race, not a date
        let first = words[index].key
        func key(_ offset: Int) -> WordKey? { index + offset < end ? words[index + offset].key : nil }
        switch first {
        case Self.yesterday: return (on(days: -1), 1)
        case Self.today, Self.tonight: return (on(days: 0), 1)
        case Self.tomorrow: return (on(days: 1), 1)
        default: break
        }
        if first == Self.last || first == Self.this || first == Self.next, let unit = key(1),
            Lexicon.timeNouns.contains(unit) || unit == Self.afternoon
        {
            let step = first == Self.last ? -1 : first == Self.next ? 1 : 0
            switch unit {
            case WordKey("week"): return ("in the week of " + format(weekStart(offset: step)), 2)
            case WordKey("month"): return ("in " + monthName(offset: step), 2)
            case WordKey("year"): return ("in " + String(year(offset: step)), 2)
            case WordKey("weekend"): return ("on the weekend of " + format(weekend(offset: step)), 2)
            case WordKey("morning"), WordKey("afternoon"), WordKey("evening"), WordKey("night"):
                return step == 0 ? (on(days: 0), 2) : (step < 0 && unit == WordKey("night") ? (on(days: -1), 2) : nil)
            default: break
            }
            if let season = Self.seasons[unit] { return ("in " + self.season(season, step: step), 2) }
            if let weekday = Self.weekdays[unit] { return (on(date: self.weekday(weekday, step: step)), 2) }
            return nil
        }
        // "two years ago", "3 months back", "a couple of years ago": a count, the unit ("of"
        // between them), then the closer.
        let countOffset = first == Words.a && key(1) == Self.couple ? 1 : 0
        let unitOffset = countOffset + (key(countOffset + 1) == Words.of ? 2 : 1)
        guard let closer = key(unitOffset + 1), Self.isCloser(closer) else { return nil }
        let length = unitOffset + 2
        let counted = words[index + countOffset]
        let count = Self.smallNumbers[counted.key] ?? (counted.flags.contains(.number) ? Int(counted.text) : nil)
        if let count, count > 0, count < 100, let unit = key(unitOffset) {
            switch unit {
            case WordKey("day"), WordKey("days"): return (on(days: -count), length)
            case WordKey("week"), WordKey("weeks"):
                return ("in the week of " + format(weekStart(offset: -count)), length)
            case WordKey("month"), WordKey("months"): return ("in " + monthName(offset: -count), length)
            case WordKey("year"), WordKey("years"): return ("in " + String(year(offset: -count)), length)
            default: return nil
            }
        }
        // "a few years ago", "several months ago": no date to name, so the span is anchored to
        // when it was said ("Tore their ACL a few years before 2026").
        if let vague = Self.vagueCounts[first], let unit = key(unitOffset) {
            switch unit {
            case WordKey("years"): return ("\(vague) years before \(year(offset: 0))", length)
            case WordKey("months"): return ("\(vague) months before \(monthName(offset: 0))", length)
            case WordKey("weeks"), WordKey("days"):
                return ("\(vague) \(unit == WordKey("weeks") ? "weeks" : "days") before \(format(sentAt))", length)
            default: return nil
            }
        }
        return nil
    }

    private static let vagueCounts: [WordKey: String] = [
        WordKey("few"): "few", WordKey("several"): "several", WordKey("many"): "many",
    ]

    // MARK: - Calendar arithmetic

    private func shifted(_ component: Calendar.Component, by value: Int, from date: Date? = nil) -> Date {
        calendar.date(byAdding: component, value: value, to: date ?? sentAt) ?? sentAt
    }

    private func on(days: Int) -> String { on(date: shifted(.day, by: days)) }
    private func on(date: Date) -> String { "on " + format(date) }

    private func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(parts.day ?? 1) \(Self.months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970)"
    }

    private func monthName(offset: Int) -> String {
        let parts = calendar.dateComponents([.year, .month], from: shifted(.month, by: offset))
        return "\(Self.months[(parts.month ?? 1) - 1]) \(parts.year ?? 1970)"
    }

    private func year(offset: Int) -> Int {
        (calendar.dateComponents([.year], from: sentAt).year ?? 1970) + offset
    }

    private func weekStart(offset: Int) -> Date {
        let start = calendar.dateInterval(of: .weekOfYear, for: sentAt)?.start ?? sentAt
        return shifted(.weekOfYear, by: offset, from: start)
    }

    /// The Saturday of this weekend (the coming one, or the current one on a weekend day).
    private func weekend(offset: Int) -> Date {
        let saturday = shifted(.day, by: 5, from: weekStart(offset: 0))
        return shifted(.weekOfYear, by: offset, from: saturday)
    }

    /// "last Monday": the latest Monday before today; "next Monday": the first after;
    /// "this Monday": the one in this week.
    private func weekday(_ weekday: Int, step: Int) -> Date {
        let today = calendar.component(.weekday, from: sentAt)
        switch step {
        case ..<0:
            let back = (today - weekday + 7) % 7
            return shifted(.day, by: -(back == 0 ? 7 : back))
        case 1...:
            let ahead = (weekday - today + 7) % 7
            return shifted(.day, by: ahead == 0 ? 7 : ahead)
        default:
            let fromMonday = (weekday + 5) % 7
            return shifted(.day, by: fromMonday, from: weekStart(offset: 0))
        }
    }

    /// "last summer" in October 2026 → "summer 2026" (the latest that ended), "next summer" →
    /// "summer 2027" (the first not yet begun), "this summer" → the one nearest to now, the coming
    /// one when a past and a coming one are as near ("this summer" in January is the summer
    /// ahead: one that ended is "last summer"). A winter is named by the year of its December.
    private func season(_ season: (name: String, month: Int), step: Int) -> String {
        let parts = calendar.dateComponents([.year, .month], from: sentAt)
        let year = parts.year ?? 1970
        let now = year * 12 + (parts.month ?? 1) - 1
        let candidates = (year - 2...year + 1).map { ($0, $0 * 12 + season.month - 1) }
        let chosen: Int?
        switch step {
        case ..<0: chosen = candidates.last { $0.1 + 3 <= now }?.0
        case 1...: chosen = candidates.first { $0.1 > now }?.0
        default:
            chosen =
                candidates.min { a, b in
                    func distance(_ start: Int) -> Int { now < start ? start - now : max(0, now - (start + 2)) }
                    return distance(a.1) < distance(b.1) || (distance(a.1) == distance(b.1) && a.1 > b.1)
                }?.0
        }
        return "\(season.name) \(chosen ?? year)"
    }
}
