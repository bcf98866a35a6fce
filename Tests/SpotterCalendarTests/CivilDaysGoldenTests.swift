import Foundation
import SpotterCalendar
import Testing

/// Golden values for the one civil-days calendar (checked against Python's `datetime`, which
/// uses the same proleptic Gregorian calendar).
@Suite("CivilDays golden values")
struct CivilDaysGoldenTests {
    @Test(
        "Day numbers and weekdays of chosen dates",
        arguments: [
            (1, 1, 1, -719_162, 2),  // the first supported date, a Monday
            (1600, 2, 29, -135_081, 3),
            (1969, 12, 31, -1, 4),
            (1970, 1, 1, 0, 5),
            (2000, 2, 29, 11_016, 3),
            (2024, 2, 29, 19_782, 5),
            (4000, 2, 29, 741_501, 3),  // 4000 is divisible by 400: a leap year
            (4000, 12, 31, 741_807, 1),
            (9999, 12, 31, 2_932_896, 6),  // the last supported date
        ])
    func golden(year: Int, month: Int, day: Int, number: Int, weekday: Int) {
        #expect(CivilDays.days(year: year, month: month, day: day) == number)
        let civil = CivilDays.civil(number)
        #expect(civil.year == year && civil.month == month && civil.day == day)
        #expect(CivilDays.weekday(number) == weekday)
    }

    @Test("Leap years follow the Gregorian rule")
    func leapYears() {
        for year in [4, 1600, 2000, 2024, 4000] { #expect(CivilDays.isLeapYear(year), "\(year)") }
        for year in [1, 1700, 1900, 2023, 2100, 3900] { #expect(!CivilDays.isLeapYear(year), "\(year)") }
        #expect(CivilDays.daysInMonth(year: 4000, month: 2) == 29)
        #expect(CivilDays.daysInMonth(year: 2100, month: 2) == 28)
        #expect(LocalDate(year: 4000, month: 2, day: 29) != nil)
        #expect(LocalDate(year: 2100, month: 2, day: 29) == nil)
    }

    @Test("Negative day numbers and the edges of years 1 … 9999")
    func negativeAndBounds() {
        #expect(CivilDays.minimum == -719_162)
        #expect(CivilDays.maximum == 2_932_896)
        let yearZero = CivilDays.civil(CivilDays.minimum - 1)
        #expect(yearZero.year == 0 && yearZero.month == 12 && yearZero.day == 31)
        #expect(LocalDate(daysSince1970: CivilDays.minimum - 1_000).description == "0001-01-01")
        #expect(LocalDate(daysSince1970: CivilDays.maximum + 1).description == "9999-12-31")
        #expect(LocalDate(daysSince1970: -1).description == "1969-12-31")
        #expect(LocalDate(daysSince1970: -365).description == "1969-01-01")
        #expect(CivilDays.floorDivide(-1, 86_400) == -1)
        #expect(CivilDays.floorDivide(-86_400, 86_400) == -1)
        #expect(CivilDays.floorDivide(-86_401, 86_400) == -2)
        #expect(CivilDays.floorDivide(Int64(86_399), 86_400) == 0)
        // Every day of years 1 … 9999 round-trips, and weekdays advance by one.
        var previous = CivilDays.weekday(CivilDays.minimum - 1)
        for number in stride(from: CivilDays.minimum, through: CivilDays.maximum, by: 1) {
            let (y, m, d) = CivilDays.civil(number)
            let weekday = CivilDays.weekday(number)
            guard CivilDays.days(year: y, month: m, day: d) == number, weekday == previous % 7 + 1 else {
                Issue.record("day \(number) → \(y)-\(m)-\(d) weekday \(weekday)")
                return
            }
            previous = weekday
        }
    }

    @Test(
        "Local dates follow the zone's offset at the instant",
        arguments: [
            // 2024-02-29T20:00:00Z in zones east and west of UTC, half- and quarter-hour zones.
            ("UTC", "2024-02-29"), ("Asia/Kolkata", "2024-03-01"), ("Asia/Kathmandu", "2024-03-01"),
            ("Pacific/Kiritimati", "2024-03-01"), ("America/St_Johns", "2024-02-29"),
            ("Pacific/Pago_Pago", "2024-02-29"), ("America/Sao_Paulo", "2024-02-29"),
        ])
    func zoneOffsets(zone: String, expected: String) throws {
        let instant = Date(timeIntervalSince1970: 1_709_236_800)  // 2024-02-29T20:00:00Z
        let timeZone = try #require(TimeZone(identifier: zone))
        #expect(LocalDate(of: instant, in: timeZone).description == expected)
        // 03:29:59Z is still the 29th in Kolkata (+05:30 → 08:59:59) and the 28th in St John's.
        let early = Date(timeIntervalSince1970: 1_709_177_399)
        if zone == "America/St_Johns" { #expect(LocalDate(of: early, in: timeZone).description == "2024-02-28") }
    }

    @Test("DST days are one date each, 23 or 25 hours long")
    func daylightSaving() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        func date(_ seconds: Double) -> String {
            LocalDate(of: Date(timeIntervalSince1970: seconds), in: newYork).description
        }
        // Spring forward on 2026-03-08: 05:00Z is 00:00 EST, 04:59:59Z is 23:59:59 EST on the 7th.
        #expect(date(1_772_946_000) == "2026-03-08")
        #expect(date(1_772_945_999) == "2026-03-07")
        // Its end: 2026-03-09T03:59:59Z is 23:59:59 EDT, 23 hours after the day began.
        #expect(date(1_773_028_799) == "2026-03-08")
        #expect(date(1_773_028_800) == "2026-03-09")
        // Fall back on 2026-11-01: the day runs from 04:00Z (EDT) to 05:00Z next day (EST), 25 hours.
        #expect(date(1_793_505_600) == "2026-11-01")
        #expect(date(1_793_595_599) == "2026-11-01")
        #expect(date(1_793_595_600) == "2026-11-02")
        #expect(date(1_793_505_599) == "2026-10-31")
    }

    @Test("A wall time in a DST gap resolves to the transition, a repeated one to its first occurrence")
    func wallClock() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        // 2026-03-08 02:30 does not exist in New York: it fires at 03:00 EDT = 07:00Z.
        #expect(WallClock.instant(forWall: 1_772_937_000, in: newYork) == 1_772_953_200)
        // 2026-11-01 01:30 happens twice: the first, 01:30 EDT = 05:30Z.
        #expect(WallClock.instant(forWall: 1_793_496_600, in: newYork) == 1_793_511_000)
        #expect(WallClock.texts(ofWall: 1_793_496_600) == ("2026-11-01", "2026-11-01T01:30"))
        #expect(WallClock.wall(of: 1_793_511_000, in: newYork) == 1_793_496_600)
    }
}
