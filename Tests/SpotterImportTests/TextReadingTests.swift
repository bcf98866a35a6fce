import Foundation
import Testing

@testable import SpotterImport

@Suite("Dates, durations and numbers as exports write them")
struct TextReadingTests {
    @Test("date and time shapes")
    func dates() throws {
        func key(_ text: String) -> String? { LocalDateTime.parse(text)?.key }
        #expect(key("2020-09-29 07:10:22") == "2020-09-29T07:10:22")
        #expect(key("2020-09-29T07:10") == "2020-09-29T07:10:00")
        #expect(key("15.09.2025 07:48") == "2025-09-15T07:48:00")
        #expect(key("9/15/2025 7:48 PM") == "2025-09-15T19:48:00")
        #expect(key("15/9/2025 12:10 am") == "2025-09-15T00:10:00")
        #expect(key("2025年9月15日 07:48") == "2025-09-15T07:48:00")
        #expect(key("2025-09-15") == "2025-09-15T00:00:00")
        #expect(
            key("31 Feb 2025, 10:00").flatMap { _ in
                LocalDateTime.parse("31 Feb 2025, 10:00")?.instant(in: Fixtures.utc)
            } == nil)
        #expect(key("25:00 15 Sep 2025") == nil)
        #expect(key("soon") == nil)
        let offset = try #require(LocalDateTime.parse("2025-09-15T07:48:00-05:00"))
        #expect(offset.instant(in: Fixtures.berlin) == ISO8601DateFormatter().date(from: "2025-09-15T12:48:00Z"))
    }

    @Test("a wall-clock time is read in the zone given, daylight saving included")
    func zones() throws {
        let summer = try #require(LocalDateTime.parse("2025-07-01 08:00"))
        #expect(summer.instant(in: Fixtures.berlin) == ISO8601DateFormatter().date(from: "2025-07-01T06:00:00Z"))
        let winter = try #require(LocalDateTime.parse("2025-01-01 08:00"))
        #expect(winter.instant(in: Fixtures.berlin) == ISO8601DateFormatter().date(from: "2025-01-01T07:00:00Z"))
    }

    @Test("Strong durations in several languages")
    func durations() {
        #expect(DurationText.minutes("1h 5m") == 65)
        #expect(DurationText.minutes("45m") == 45)
        #expect(DurationText.minutes("1小时13分钟") == 73)
        #expect(DurationText.minutes("48分钟") == 48)
        #expect(DurationText.minutes("1 Std. 5 Min.") == 65)
        #expect(DurationText.minutes("2 h") == 120)
        #expect(DurationText.minutes("1:05:00") == 65)
        #expect(DurationText.minutes("90") == 90)
        #expect(DurationText.minutes("3600s") == 60)
        #expect(DurationText.minutes("") == nil)
        #expect(DurationText.minutes("long") == nil)
    }

    @Test("numbers with decimal commas and thousands separators")
    func numbers() {
        #expect(NumberText.read("62,5") == .value(62.5))
        #expect(NumberText.read(" 62.5 ") == .value(62.5))
        #expect(NumberText.read("1,234.5") == .value(1234.5))
        #expect(NumberText.read("1.234,5") == .value(1234.5))
        #expect(NumberText.read("") == .empty)
        #expect(NumberText.read("abc") == .invalid)
        #expect(NumberText.read("nan") == .invalid)
    }
}
