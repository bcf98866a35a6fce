import Foundation

/// A five-field cron expression — minute, hour, day-of-month, month, day-of-week — evaluated in
/// local wall-clock time of a zone (see `CronExpression+Slots.swift` for the DST rules).
///
/// Each field takes `*`, a number, a range `a-b`, a step `*/n`, `a-b/n` or `a/n`, and
/// comma-separated lists of these. Months also take `jan`–`dec` and days of the week `sun`–`sat`
/// (0 and 7 are both Sunday). The macros `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`,
/// `@midnight` and `@hourly` are accepted. As in Vixie cron, when both day fields are restricted
/// (neither starts with `*`) a day matches if EITHER matches; otherwise both must.
public struct CronExpression: Sendable, Hashable, CustomStringConvertible {
    /// The expression as written.
    public let text: String
    /// Bit m set when minute m (0–59) matches.
    let minutes: UInt64
    /// Bit h set when hour h (0–23) matches.
    let hours: UInt64
    /// Bit d set when day of month d (1–31) matches.
    let daysOfMonth: UInt64
    /// Bit m set when month m (1–12) matches.
    let months: UInt64
    /// Bit d set when day of week d (0 = Sunday … 6) matches.
    let daysOfWeek: UInt64
    /// Whether the day-of-month field was restricted (did not start with `*`).
    let dayOfMonthRestricted: Bool
    /// Whether the day-of-week field was restricted (did not start with `*`).
    let dayOfWeekRestricted: Bool

    /// The expression as written.
    public var description: String { text }

    /// Parses an expression; errors name the field and value, e.g. `minute 61 is out of range 0–59`.
    public init(parsing text: String) throws(CatalogError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let expanded = try CronExpression.expandMacro(trimmed)
        let fields = expanded.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard fields.count == 5 else {
            var message = "expected 5 fields (minute hour day-of-month month day-of-week), found \(fields.count)"
            if fields.count == 6 { message += "; seconds are not supported" }
            throw CatalogError(file: "", message: message)
        }
        self.text = trimmed
        minutes = try CronField.minute.parse(fields[0])
        hours = try CronField.hour.parse(fields[1])
        daysOfMonth = try CronField.dayOfMonth.parse(fields[2])
        months = try CronField.month.parse(fields[3])
        var weekdays = try CronField.dayOfWeek.parse(fields[4])
        if weekdays & (1 << 7) != 0 { weekdays = (weekdays | 1) & ~(1 << 7) }
        daysOfWeek = weekdays
        dayOfMonthRestricted = !fields[2].hasPrefix("*")
        dayOfWeekRestricted = !fields[4].hasPrefix("*")
        try checkDaysCanOccur()
    }

    /// Whether the expression matches a local date (`month` 1–12, `day` 1–31, `weekday` 0 = Sunday).
    func matches(month: Int, day: Int, weekday: Int) -> Bool {
        guard months & (1 << UInt64(month)) != 0 else { return false }
        let dayMatch = daysOfMonth & (1 << UInt64(day)) != 0
        let weekdayMatch = daysOfWeek & (1 << UInt64(weekday)) != 0
        if dayOfMonthRestricted && dayOfWeekRestricted { return dayMatch || weekdayMatch }
        return dayMatch && weekdayMatch
    }

    /// The first matching minute of the day at or after `minuteOfDay`, or nil.
    func firstMinute(from minuteOfDay: Int) -> Int? {
        var hour = minuteOfDay / 60
        var minute = minuteOfDay % 60
        while hour < 24 {
            if hours & (1 << UInt64(hour)) != 0 {
                let remaining = minutes & ~((1 << UInt64(minute)) - 1)
                if remaining != 0 { return hour * 60 + remaining.trailingZeroBitCount }
            }
            hour += 1
            minute = 0
        }
        return nil
    }

    /// Rejects day-of-month values that no chosen month has (`0 0 31 2 *`), which would never fire.
    private func checkDaysCanOccur() throws(CatalogError) {
        guard dayOfMonthRestricted, !dayOfWeekRestricted else { return }
        let longest = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        for month in 1...12 where months & (1 << UInt64(month)) != 0 {
            let possible = (UInt64(1) << UInt64(longest[month] + 1)) - 2
            if daysOfMonth & possible != 0 { return }
        }
        throw CatalogError(
            file: "",
            message:
                "day-of-month \(CronField.dayOfMonth.listText(daysOfMonth)) never occurs in the chosen months, so the expression would never fire"
        )
    }

    private static func expandMacro(_ text: String) throws(CatalogError) -> String {
        guard text.hasPrefix("@") else { return text }
        switch text.lowercased() {
        case "@yearly", "@annually": return "0 0 1 1 *"
        case "@monthly": return "0 0 1 * *"
        case "@weekly": return "0 0 * * 0"
        case "@daily", "@midnight": return "0 0 * * *"
        case "@hourly": return "0 * * * *"
        default:
            throw CatalogError(
                file: "", message: "unknown macro \"\(text)\" (use @yearly, @monthly, @weekly, @daily or @hourly)")
        }
    }
}
