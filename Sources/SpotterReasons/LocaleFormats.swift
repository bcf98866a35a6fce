import Foundation

/// Foundation's locale-aware formatters, one set per locale, kept for the process: dates
/// ("20 Nov", "Nov 20", "20 de nov."), weekday names and numbers ("3.4", "3,4"). Formatters are
/// not safe to share across threads, so every use holds the lock.
final class LocaleFormats: @unchecked Sendable {
    private let lock = NSLock()
    private var numbers: [String: (integer: NumberFormatter, decimal: NumberFormatter)] = [:]
    private var dates: [String: DateFormatter] = [:]

    /// English weekday names in lower case, Sunday first (Foundation's order).
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// Noon UTC of a `YYYY-MM-DD` date, or nil when it is not one.
    static func date(_ text: String) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]),
            let day = Int(parts[2]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let components = DateComponents(year: year, month: month, day: day, hour: 12)
        guard let date = calendar.date(from: components),
            calendar.component(.day, from: date) == day
        else { return nil }
        return date
    }

    /// A local wall time, `YYYY-MM-DDTHH:MM`, as that moment in UTC (the formatters' time zone), or
    /// nil when it is not one.
    static func time(_ text: String) -> Date? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard text.count == 16, parts.count == 2, let noon = date(String(parts[0])) else { return nil }
        let clock = parts[1].split(separator: ":", omittingEmptySubsequences: false)
        guard parts[1].count == 5, clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return noon.addingTimeInterval(TimeInterval((hour - 12) * 3600 + minute * 60))
    }

    func integer(_ value: Int, locale: String) -> String {
        if (-999...999).contains(value) { return String(value) }
        return withNumbers(locale) { $0.integer.string(from: NSNumber(value: value)) } ?? String(value)
    }

    func decimal(_ value: Double, locale: String) -> String {
        guard value.isFinite else { return "?" }
        // Rounded here: Foundation's formatter on Linux does not always honour its fraction digits.
        let tenths = (value * 10).rounded() / 10
        return withNumbers(locale) { $0.decimal.string(from: NSNumber(value: tenths)) }
            ?? String(format: "%.1f", tenths)
    }

    func date(_ text: String, template: String, locale: String) -> String {
        guard let date = Self.date(text) else { return text }
        return withDateFormatter(locale, template: template) { $0.string(from: date) }
    }

    /// A `YYYY-MM-DDTHH:MM` wall time as date and time in `locale`'s format, joined by a comma
    /// ("8 Nov 2026, 02:40", "Nov 8, 2026, 2:40 AM", "8 de nov. de 2026, 02:40": Foundation's
    /// combined pattern says "8 Nov 2026 at 02:40" on Linux); the text as it is when it is not one.
    func time(_ text: String, locale: String) -> String {
        guard let moment = Self.time(text) else { return text }
        let day = withDateFormatter(locale, template: "yMMMd") { $0.string(from: moment) }
        return day + ", " + withDateFormatter(locale, template: "jmm") { $0.string(from: moment) }
    }

    func weekday(_ name: String, locale: String) -> String {
        guard let index = Self.weekdays.firstIndex(of: name) else { return name }
        return withDateFormatter(locale, template: "EEEE") { formatter in
            let symbols: [String] = formatter.weekdaySymbols
            return symbols.count == 7 ? symbols[index] : name
        }
    }

    private func withNumbers<T>(_ locale: String, _ body: ((integer: NumberFormatter, decimal: NumberFormatter)) -> T)
        -> T
    {
        lock.lock()
        defer { lock.unlock() }
        if let set = numbers[locale] { return body(set) }
        let integer = NumberFormatter()
        integer.locale = Locale(identifier: locale)
        integer.numberStyle = .decimal
        integer.maximumFractionDigits = 0
        let decimal = NumberFormatter()
        decimal.locale = Locale(identifier: locale)
        decimal.numberStyle = .decimal
        decimal.minimumFractionDigits = 1
        decimal.maximumFractionDigits = 1
        let set = (integer, decimal)
        numbers[locale] = set
        return body(set)
    }

    private func withDateFormatter<T>(_ locale: String, template: String, _ body: (DateFormatter) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        let key = locale + "|" + template
        if let formatter = dates[key] { return body(formatter) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateFormat =
            DateFormatter.dateFormat(fromTemplate: template, options: 0, locale: formatter.locale) ?? "yyyy-MM-dd"
        dates[key] = formatter
        return body(formatter)
    }
}
