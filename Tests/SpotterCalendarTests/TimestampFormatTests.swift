import Foundation
import SpotterCalendar
import Testing

/// The one ISO 8601 instant codec: the fixed-width UTC form, every form the backends hand back,
/// and the strict instants that payloads carry.
@Suite("TimestampFormat")
struct TimestampFormatTests {
    @Test(
        "Formats fixed-width UTC with microseconds",
        arguments: [
            (0.0, "1970-01-01T00:00:00.000000Z"),
            (-0.000001, "1969-12-31T23:59:59.999999Z"),
            (1_709_188_200.25, "2024-02-29T06:30:00.250000Z"),
            (-62_135_596_800, "0001-01-01T00:00:00.000000Z"),
            (64_065_686_400, "4000-02-29T00:00:00.000000Z"),
        ])
    func format(seconds: Double, text: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(TimestampFormat.format(date) == text)
        let parsed = TimestampFormat.parse(text)
        #expect(parsed.map(TimestampFormat.microseconds) == TimestampFormat.microseconds(date))
    }

    @Test(
        "Parses the backends' forms and zone offsets",
        arguments: [
            ("2024-02-29T12:00:00+05:30", 1_709_188_200.0),
            ("2024-02-29 12:00:00+0530", 1_709_188_200),
            ("2024-02-29 01:30:00-05", 1_709_188_200),
            ("2024-02-29T06:30:00Z", 1_709_188_200),
            ("2024-02-29T06:30:00", 1_709_188_200),  // no zone: UTC
            ("2024-02-29", 1_709_164_800),
            ("1969-12-31T23:59:59.5Z", -0.5),
            ("1900-01-01 00:00:00+00:19:32", -2_208_989_972),
        ])
    func parse(text: String, seconds: Double) {
        let expected = TimestampFormat.microseconds(Date(timeIntervalSince1970: seconds))
        #expect(TimestampFormat.parse(text).map(TimestampFormat.microseconds) == expected)
    }

    @Test(
        "Rejects impossible dates and malformed text",
        arguments: [
            "2023-02-29", "2100-02-29T00:00:00Z", "2024-13-01", "2024-02-30", "2024-02-29T25:00", "yesterday", "",
        ])
    func rejects(_ text: String) {
        #expect(TimestampFormat.parse(text) == nil)
    }

    @Test("A payload instant needs a time with seconds and a zone")
    func strictInstants() {
        #expect(TimestampFormat.parseInstant("2026-11-21T05:00:00Z") == Date(timeIntervalSince1970: 1_795_237_200))
        #expect(
            TimestampFormat.parseInstant("2026-11-21T05:00:00.500+01:00")
                == Date(timeIntervalSince1970: 1_795_233_600.5))
        for text in ["2026-11-21", "2026-11-21T05:00:00", "2026-11-21 05:00:00Z", "2026-11-21T05:00Z", "soon"] {
            #expect(TimestampFormat.parseInstant(text) == nil, "\(text)")
        }
    }

    @Test("infinity maps to the distant dates")
    func infinity() {
        #expect(TimestampFormat.parse("infinity") == .distantFuture)
        #expect(TimestampFormat.parse("-infinity") == .distantPast)
    }

    @Test("compact: a whole second as ISO8601DateFormatter writes it, a fraction to its last digit")
    func compact() {
        let whole = Date(timeIntervalSince1970: 1_795_237_200)
        #expect(TimestampFormat.compact(whole) == "2026-11-21T05:00:00Z")
        #expect(TimestampFormat.compact(whole) == ISO8601DateFormatter().string(from: whole))
        #expect(TimestampFormat.compact(whole.addingTimeInterval(0.25)) == "2026-11-21T05:00:00.25Z")
        #expect(TimestampFormat.compact(whole.addingTimeInterval(0.000123)) == "2026-11-21T05:00:00.000123Z")
        let precise = whole.addingTimeInterval(12.345678)
        let parsed = TimestampFormat.parseInstant(TimestampFormat.compact(precise))
        #expect(parsed.map(TimestampFormat.microseconds) == TimestampFormat.microseconds(precise))
    }

    @Test("A zone-less wall time read as UTC, then placed in a zone, as the nightly reads scheduled_for")
    func wallTimeInZone() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let wall = try #require(TimestampFormat.parse("2026-11-21T06:00"))
        #expect(WallClock.date(forWall: wall, in: berlin) == Date(timeIntervalSince1970: 1_795_237_200))
        // The same instant DateFormatter found for a time that exists once.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = berlin
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        #expect(formatter.date(from: "2026-11-21T06:00") == WallClock.date(forWall: wall, in: berlin))
        // A time the clock springs over is the transition itself (02:30 → 03:00 EDT).
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        let gap = try #require(TimestampFormat.parse("2026-03-08T02:30"))
        #expect(WallClock.date(forWall: gap, in: newYork) == Date(timeIntervalSince1970: 1_772_953_200))
    }
}
