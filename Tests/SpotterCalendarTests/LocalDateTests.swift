import Foundation
import SpotterCalendar
import Testing

@Suite("LocalDate")
struct LocalDateTests {
    @Test("ISO text round-trips and pads")
    func isoRoundTrip() throws {
        let date = try day("0987-03-05")
        #expect(date.year == 987 && date.month == 3 && date.day == 5)
        #expect(date.description == "0987-03-05")
        #expect(try day("2026-10-02").description == "2026-10-02")
        #expect(LocalDate(daysSince1970: .min).description == "0001-01-01")
        #expect(LocalDate(daysSince1970: .max).description == "9999-12-31")
        #expect(try day("1970-01-01").description == "1970-01-01")
    }

    @Test(
        "Malformed or impossible dates are rejected",
        arguments: [
            "2023-02-29", "2100-02-29", "2024-13-01", "2024-04-31", "2024-00-10", "0000-01-01",
            "2024-1-01", "2024/01/01", "20240101", "2024-01-01T00:00", "", "２０２４-01-01",
        ])
    func rejects(_ text: String) {
        #expect(LocalDate(iso: text) == nil)
    }

    @Test("Leap days exist exactly in leap years")
    func leapDays() {
        #expect(LocalDate(iso: "2024-02-29") != nil)
        #expect(LocalDate(iso: "2000-02-29") != nil)
        #expect(LocalDate(iso: "1900-02-29") == nil)
        #expect(LocalDate(year: 2023, month: 2, day: 29) == nil)
    }

    @Test("Day arithmetic crosses leap days, months and years")
    func arithmetic() throws {
        #expect(try day("2024-02-28").adding(days: 1) == day("2024-02-29"))
        #expect(try day("2024-02-29").adding(days: 1) == day("2024-03-01"))
        #expect(try day("2023-02-28").adding(days: 1) == day("2023-03-01"))
        #expect(try day("2025-12-31").adding(days: 1) == day("2026-01-01"))
        #expect(try day("2024-03-01").days(since: day("2024-02-01")) == 29)
        #expect(try day("2025-03-01").days(since: day("2025-02-01")) == 28)
        #expect(try day("1970-01-01").daysSince1970 == 0)
        #expect(try day("2000-03-01").daysSince1970 == 11_017)
        #expect(try day("1969-12-31").daysSince1970 == -1)
        #expect(try day("1970-01-01").weekday == 5)  // Thursday
        #expect(try day("2026-03-08").weekday == 1)  // Sunday
    }

    @Test("Day numbers agree with Foundation's Gregorian calendar from 1900 to 2100")
    func agreesWithFoundation() throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = try #require(TimeZone(identifier: "UTC"))
        let first = try day("1900-01-01").daysSince1970
        let last = try day("2100-12-31").daysSince1970
        for number in stride(from: first, through: last, by: 1) {
            let date = LocalDate(daysSince1970: number)
            let parts = utc.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(number) * 86_400))
            guard date.year == parts.year, date.month == parts.month, date.day == parts.day,
                date.weekday == parts.weekday, date.daysSince1970 == number
            else {
                Issue.record("day \(number): \(date) weekday \(date.weekday) vs \(parts)")
                return
            }
        }
    }

    @Test("Ordering is chronological")
    func ordering() throws {
        #expect(try day("2024-02-29") < day("2024-03-01"))
        #expect(try day("2023-12-31") < day("2024-01-01"))
        #expect(try !(day("2024-01-01") < day("2024-01-01")))
    }

    @Test("Codable uses the ISO string")
    func codable() throws {
        struct Row: Codable, Equatable { var date: LocalDate }
        let data = try JSONEncoder().encode(Row(date: try day("2026-03-11")))
        #expect(String(decoding: data, as: UTF8.self) == #"{"date":"2026-03-11"}"#)
        #expect(try JSONDecoder().decode(Row.self, from: data) == Row(date: day("2026-03-11")))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Row.self, from: Data(#"{"date":"2026-02-30"}"#.utf8))
        }
    }
}

/// The date of `"YYYY-MM-DD"`, or a test failure.
private func day(_ text: String) throws -> LocalDate {
    try #require(LocalDate(iso: text))
}
