import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats
import Testing

/// Issue 17: one rule for time zone names (docs/nightly.md, Time zones).
@Suite("Time zone names")
struct TimeZoneNameTests {
    static let valid = [
        "UTC", "Etc/UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "America/Port-au-Prince", "Etc/GMT+5",
        "Pacific/Kiritimati", "America/New_York",
    ]
    static let invalid = [
        "UTC+5", "UTC-03:00", "EST", "GMT+14:00", "Factory", "localtime", "EST5EDT", "CET", "GMT", "Z", "",
        "Mars/Olympus", "Europe/Berlin ", "/Europe/Berlin", "Europe//Berlin", "Europe/Berlin\n",
        "Europe/" + String(repeating: "Berlin", count: 100),
    ]

    @Test("IANA region names, UTC and Etc/UTC are valid", arguments: valid)
    func validNames(name: String) {
        #expect(TimeZoneName.isValid(name))
        #expect(throws: Never.self) { _ = try UserClock(timeZone: name, locale: "en-US") }
    }

    @Test("POSIX offsets, abbreviations, special and unknown names are invalid, for the jobs too", arguments: invalid)
    func invalidNames(name: String) {
        #expect(!TimeZoneName.isValid(name))
        #expect {
            _ = try UserClock(timeZone: name, locale: "en-US")
        } throws: { error in
            (error as? StatsError)?.code == .invalidTimeZone
        }
    }
}
