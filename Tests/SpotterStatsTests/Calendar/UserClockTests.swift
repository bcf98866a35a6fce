import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats
import Testing

@Suite("UserClock: zones, locales, first weekday")
struct UserClockTests {
    @Test(
        "First weekday follows CLDR and the fw override",
        arguments: [
            ("en-US", 1), ("en_US", 1), ("pt-BR", 1), ("pt_BR", 1), ("en-GB", 2), ("en_GB", 2),
            ("de-DE", 2), ("de", 2), ("fr-FR", 2), ("es-ES", 2), ("en-US-u-fw-mon", 2), ("en_US@fw=mon", 2),
            ("de-DE-u-fw-sun", 1), ("pt-BR-u-ca-gregory-fw-mon", 2), ("ar-EG", 7), ("he-IL", 1), ("en-001", 2),
        ])
    func firstWeekday(locale: String, expected: Int) throws {
        #expect(try clock("UTC", locale).firstWeekday == expected)
    }

    @Test(
        "Weekday labels come in display order in the locale's language",
        arguments: [
            ("en-US", "SMTWTFS"), ("pt-BR", "DSTQQSS"), ("en-GB", "MTWTFSS"), ("de-DE", "MDMDFSS"),
            ("en-US-u-fw-mon", "MTWTFSS"), ("fr-FR", "LMMJVSD"), ("es-ES", "LMXJVSD"),
        ])
    func weekdaySymbols(locale: String, expected: String) throws {
        #expect(try clock("UTC", locale).weekdaySymbols == expected.map(String.init))
    }

    @Test(
        "An unknown or empty time zone is a clear error naming it",
        arguments: [
            "Mars/Olympus_Mons", "America/New York", "",
        ])
    func invalidZone(zone: String) {
        #expect {
            _ = try UserClock(timeZone: zone, locale: "en-US")
        } throws: { error in
            guard let error = error as? StatsError else { return false }
            return error.code == .invalidTimeZone && error.value == zone
                && (zone.isEmpty ? error.message.contains("empty") : error.message.contains("\"\(zone)\""))
        }
    }

    @Test(
        "A malformed locale, unknown language or region, or bad fw is a clear error",
        arguments: [
            ("", "empty"), ("xx-YY", "unknown language code \"xx\""), ("garbage!!", "only ASCII"),
            ("en-ZZ", "unknown region code \"ZZ\""), ("en-US-u-fw-xyz", "first weekday \"xyz\""),
            ("en_US@fw=funday", "first weekday \"funday\""), ("en-US-u-fw", "needs a weekday"),
            ("english", "two- or three-letter"), ("en--US", "empty subtag"), ("pt-BR-u", "no subtags"),
            ("en_US@fw", "malformed keyword"),
        ])
    func invalidLocale(locale: String, reason: String) {
        #expect {
            _ = try UserClock(timeZone: "Europe/Berlin", locale: locale)
        } throws: { error in
            guard let error = error as? StatsError else { return false }
            return error.code == .invalidLocale && error.value == locale && error.message.contains(reason)
                && (locale.isEmpty || error.message.contains("\"\(locale)\""))
        }
    }

    @Test(
        "Well-formed tags with scripts, variants and private use are accepted",
        arguments: [
            "zh-Hant-TW", "sr-Latn-RS", "en_US_POSIX", "EN-us", "en-US-x-spotter", "es-419", "fil-PH",
        ])
    func acceptsWellFormed(locale: String) throws {
        _ = try clock("UTC", locale)
    }

    @Test("The same instant is two different dates at UTC+14 and UTC−11")
    func extremeZones() throws {
        let moment = try instant("2024-06-01T10:30:00Z")
        #expect(try clock("Pacific/Kiritimati").localDate(of: moment) == day("2024-06-02"))
        #expect(try clock("Pacific/Pago_Pago").localDate(of: moment) == day("2024-05-31"))
        #expect(try clock("UTC").localDate(of: moment) == day("2024-06-01"))
    }

    @Test(
        "Local dates on DST transition days",
        arguments: [
            ("America/New_York", "2024-03-10T01:59:59-05:00", "2024-03-10"),
            ("America/New_York", "2024-03-10T03:00:00-04:00", "2024-03-10"),
            ("America/New_York", "2024-03-10T23:59:59-04:00", "2024-03-10"),
            ("America/New_York", "2024-11-03T01:30:00-04:00", "2024-11-03"),
            ("America/New_York", "2024-11-03T01:30:00-05:00", "2024-11-03"),
            ("America/New_York", "2024-11-03T23:30:00-05:00", "2024-11-03"),
            ("Europe/Berlin", "2024-03-31T23:30:00+02:00", "2024-03-31"),
            ("Europe/Berlin", "2024-10-27T02:30:00+01:00", "2024-10-27"),
            ("Europe/Berlin", "2024-10-27T23:59:00+01:00", "2024-10-27"),
            ("America/Sao_Paulo", "2018-02-17T23:30:00-02:00", "2018-02-17"),
            ("America/Sao_Paulo", "2018-02-17T23:30:00-03:00", "2018-02-17"),
            ("America/Sao_Paulo", "2018-02-18T00:00:00-03:00", "2018-02-18"),
            ("America/Sao_Paulo", "2018-11-03T23:59:00-03:00", "2018-11-03"),
            ("America/Sao_Paulo", "2018-11-04T01:00:00-02:00", "2018-11-04"),
            ("America/Los_Angeles", "2025-06-10T23:30:00-07:00", "2025-06-10"),
        ])
    func dstDates(zone: String, moment: String, expected: String) throws {
        #expect(try clock(zone).localDate(of: instant(moment)) == day(expected))
    }

    @Test("Week start is the locale's first weekday on or before the date")
    func weekStart() throws {
        let wednesday = try day("2026-03-11")
        #expect(try clock("UTC", "en-US").weekStart(containing: wednesday) == day("2026-03-08"))
        #expect(try clock("UTC", "en-GB").weekStart(containing: wednesday) == day("2026-03-09"))
        let sunday = try day("2026-03-15")
        #expect(try clock("UTC", "en-US").weekStart(containing: sunday) == sunday)
        #expect(try clock("UTC", "de-DE").weekStart(containing: sunday) == day("2026-03-09"))
    }

    @Test("The cache builds each pair once and replays errors")
    func cache() throws {
        let cache = UserClockCache()
        let first = try cache.clock(timeZone: "Europe/Berlin", locale: "de-DE")
        let again = try cache.clock(timeZone: "Europe/Berlin", locale: "de-DE")
        #expect(first.timeZoneIdentifier == again.timeZoneIdentifier && again.firstWeekday == 2)
        _ = try cache.clock(timeZone: "Europe/Berlin", locale: "en-US")
        for _ in 0..<2 {
            #expect(throws: StatsError.self) { try cache.clock(timeZone: "Nowhere/Land", locale: "en-US") }
        }
        #expect(cache.count == 3)
    }
}
