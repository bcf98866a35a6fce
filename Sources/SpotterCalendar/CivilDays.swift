public import Foundation

/// Integer arithmetic on the proleptic Gregorian calendar, in days since 1970-01-01.
///
/// These are Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms: exact for every
/// date, no tables. The one copy of this arithmetic in Spotter: the database's timestamp codec,
/// the cron wall clock, the statistics and the ranking all count days with it. Local dates are computed as
/// `floor((t + offset(t)) / 86_400)` where `offset(t)` is the zone's UTC offset at the instant
/// `t`; that is calendar-correct on DST days (a 23- or 25-hour day is still one date) because the
/// offset, not a fixed day length, carries the zone's rules.
public enum CivilDays {
    /// Day number of the first supported date, 0001-01-01.
    public static let minimum = days(year: 1, month: 1, day: 1)
    /// Day number of the last supported date, 9999-12-31.
    public static let maximum = days(year: 9999, month: 12, day: 31)

    /// 0001-01-01T00:00:00Z in seconds since 1970.
    public static let earliestSecond = Double(minimum) * 86_400
    /// 9999-12-31T23:59:59Z in seconds since 1970.
    public static let latestSecond = Double(maximum + 1) * 86_400 - 1

    /// Days since 1970-01-01 of the local date at `instant` in `zone`: the zone's offset at that
    /// instant, then floor division. Nil when the instant is not finite or outside years 1 … 9999.
    public static func dayNumber(of instant: Date, in zone: TimeZone) -> Int? {
        let seconds = instant.timeIntervalSince1970
        guard seconds >= earliestSecond, seconds <= latestSecond else { return nil }  // also rejects NaN
        return min(max(localDay(of: instant, in: zone), minimum), maximum)
    }

    /// Days since 1970-01-01 of the local date at a finite `instant` in `zone`, unclamped:
    /// `floor((t + offset(t)) / 86_400)`.
    public static func localDay(of instant: Date, in zone: TimeZone) -> Int {
        let local = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        return Int((local / 86_400).rounded(.down))
    }

    /// Days since 1970-01-01 of a valid proleptic Gregorian date.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number.
    public static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Weekday of a day number, 1 = Sunday … 7 = Saturday (1970-01-01 was a Thursday).
    public static func weekday(_ dayNumber: Int) -> Int {
        let r = (dayNumber + 4) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    /// True for the proleptic Gregorian leap years (divisible by 4, centuries only by 400).
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in a month (1 … 12) of a year.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Floor division (rounds towards negative infinity), for splitting negative seconds into days.
    public static func floorDivide<T: BinaryInteger>(_ value: T, _ divisor: T) -> T {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
