import Foundation

/// Integer arithmetic on the proleptic Gregorian calendar, in days since 1970-01-01.
///
/// These are Howard Hinnant's `days_from_civil` / `civil_from_days` algorithms: exact for every
/// date, no tables, no Foundation. Local dates are computed as
/// `floor((t + offset(t)) / 86_400)` where `offset(t)` is the zone's UTC offset at the instant
/// `t`; that is calendar-correct on DST days (a 23- or 25-hour day is still one date) because the
/// offset, not a fixed day length, carries the zone's rules.
enum CivilDays {
    /// Day number of the first supported date, 0001-01-01.
    static let minimum = days(year: 1, month: 1, day: 1)
    /// Day number of the last supported date, 9999-12-31.
    static let maximum = days(year: 9999, month: 12, day: 31)

    /// 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in seconds since 1970.
    static let earliestSecond = Double(minimum) * 86_400
    static let latestSecond = Double(maximum + 1) * 86_400 - 1

    /// Days since 1970-01-01 of the local date at `instant` in `zone`: the zone's offset at that
    /// instant, then floor division. Nil when the instant is not finite or outside years 1 … 9999.
    static func dayNumber(of instant: Date, in zone: TimeZone) -> Int? {
        let seconds = instant.timeIntervalSince1970
        guard seconds >= earliestSecond, seconds <= latestSecond else { return nil }  // also rejects NaN
        let local = seconds + Double(zone.secondsFromGMT(for: instant))
        return min(max(Int((local / 86_400).rounded(.down)), minimum), maximum)
    }

    /// Days since 1970-01-01 of a valid proleptic Gregorian date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day number.
    static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
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
    static func weekday(_ dayNumber: Int) -> Int {
        let r = (dayNumber + 4) % 7
        return (r < 0 ? r + 7 : r) + 1
    }

    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
