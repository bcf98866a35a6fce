public import Foundation
public import SpotterCalendar
import Synchronization

/// One user's calendar: their IANA time zone and their locale's week.
///
/// Built once per distinct (zone, locale) pair — cheaply, but a nightly run over many users
/// should still reuse clocks through a ``UserClockCache``. Never uses `Calendar.current`, which on
/// Linux is the server's (`en_001`, Monday), not the user's.
///
/// Local dates come from integer arithmetic on the zone's UTC offset at each instant
/// (`floor((t + offset(t)) / 86_400)` days since 1970-01-01), which gives the same date as
/// `Calendar.dateComponents` in that zone — one offset lookup per session, no components.
/// Dates are proleptic Gregorian.
public struct UserClock: Sendable {
    /// The user's time zone.
    public let timeZone: TimeZone
    /// The time zone identifier as given ("America/Sao_Paulo").
    public let timeZoneIdentifier: String
    /// The locale identifier as given ("pt-BR", "en-US-u-fw-mon").
    public let localeIdentifier: String
    /// The first day of the locale's week, 1 = Sunday … 7 = Saturday: the region's CLDR first day
    /// (en-US, pt-BR: Sunday; en-GB, de, fr, es: Monday) unless `-u-fw-` / `@fw=` overrides it.
    public let firstWeekday: Int
    /// One-letter weekday labels in display order, starting at `firstWeekday`, in the locale's
    /// language (en-US: S M T W T F S; pt-BR: D S T Q Q S S; de-DE: M D M D F S S).
    public let weekdaySymbols: [String]

    /// Builds the clock, or throws a ``StatsError`` that names the bad zone or locale.
    ///
    /// - Parameters:
    ///   - timeZoneIdentifier: an IANA zone name ("Europe/Berlin", "Etc/GMT+5") or "UTC", as
    ///     ``TimeZoneName`` defines them; "UTC+5", "EST" and "Factory" are invalid.
    ///   - localeIdentifier: a BCP 47 tag or ICU identifier ("en-US", "en_GB", "en-US-u-fw-mon").
    public init(timeZone timeZoneIdentifier: String, locale localeIdentifier: String) throws(StatsError) {
        guard let zone = TimeZoneName.zone(timeZoneIdentifier) else {
            throw .invalidTimeZone(timeZoneIdentifier)
        }
        let week = try Self.week(localeIdentifier)
        self.timeZone = zone
        self.timeZoneIdentifier = timeZoneIdentifier
        self.localeIdentifier = localeIdentifier
        self.firstWeekday = week.firstWeekday
        self.weekdaySymbols = week.weekdaySymbols
    }

    /// A locale's week: its first day and its labels in display order.
    private struct LocaleWeek: Sendable {
        var firstWeekday: Int
        var weekdaySymbols: [String]
    }

    /// Each locale's week, once per process: ICU builds a date formatter for the weekday labels,
    /// which cost more than the rest of a shard's clocks together when each shard asked again.
    private static let weeks = Mutex<[String: LocaleWeek]>([:])

    private static func week(_ localeIdentifier: String) throws(StatsError) -> LocaleWeek {
        if let known = weeks.withLock({ $0[localeIdentifier] }) { return known }
        let parsed = try LocaleIdentifier.parse(localeIdentifier)
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: localeIdentifier)
        let first = parsed.firstWeekdayOverride ?? calendar.firstWeekday
        var symbols = calendar.veryShortWeekdaySymbols
        if symbols.count != 7 { symbols = ["S", "M", "T", "W", "T", "F", "S"] }
        let week = LocaleWeek(
            firstWeekday: first, weekdaySymbols: Array(symbols[(first - 1)...] + symbols[..<(first - 1)]))
        weeks.withLock { $0[localeIdentifier] = week }
        return week
    }

    /// The user's calendar date at `instant`. Instants outside years 1 … 9999 are clamped to
    /// that range; a non-finite instant maps to the earliest date.
    public func localDate(of instant: Date) -> LocalDate {
        LocalDate(daysSince1970: dayNumber(of: instant) ?? CivilDays.minimum)
    }

    /// The first day of the locale's week that contains `date`.
    public func weekStart(containing date: LocalDate) -> LocalDate {
        date.adding(days: -daysIntoWeek(date.daysSince1970))
    }

    /// How many days `dayNumber` is after the start of its week (0 … 6).
    func daysIntoWeek(_ dayNumber: Int) -> Int {
        (CivilDays.weekday(dayNumber) - firstWeekday + 7) % 7
    }

    /// Days since 1970-01-01 of the local date at `instant`, or nil when the instant is not
    /// finite or outside years 1 … 9999.
    func dayNumber(of instant: Date) -> Int? { CivilDays.dayNumber(of: instant, in: timeZone) }
}
