import Foundation
import SpotterDB
import Testing

/// The lenient accessors, without a database.
@Suite("SQLValue accessors")
struct SQLValueTests {
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0)
        -> Date
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(
            from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    @Test(
        "ISO 8601 text in the common forms",
        arguments: [
            ("2024-03-10T06:59:59Z", 0.0),
            ("2024-03-10 06:59:59", 0.0),
            ("2024-03-10t06:59:59z", 0.0),
            ("2024-03-10T06:59:59.250Z", 0.25),
            ("2024-03-10T06:59:59,5Z", 0.5),
            ("2024-03-10 01:59:59-05", 0.0),
            ("2024-03-10 01:59:59-05:00", 0.0),
            ("2024-03-10T12:29:59+05:30", 0.0),
            ("2024-03-10T12:29:59+0530", 0.0),
            ("2024-03-10 07:59:59+01 ", 0.0),
            ("2024-03-10T06:59:59.1234567Z", 0.123457),
        ])
    func dates(text: String, fraction: Double) throws {
        let date = try #require(SQLValue.text(text).date, "\(text) did not parse")
        let expected = Self.utc(2024, 3, 10, 6, 59, 59).addingTimeInterval(fraction)
        #expect(abs(date.timeIntervalSince(expected)) < 1e-6, "\(text) → \(date)")
    }

    @Test("a bare date is UTC midnight; LMT offsets with seconds; infinity")
    func otherDates() throws {
        #expect(SQLValue.text("2024-02-29").date == Self.utc(2024, 2, 29))
        #expect(SQLValue.text("1883-11-18 12:03:58-04:56:02").date == Self.utc(1883, 11, 18, 17, 0, 0))
        #expect(SQLValue.text("infinity").date == .distantFuture)
        #expect(SQLValue.text("-infinity").date == .distantPast)
    }

    @Test(
        "text that is not a timestamp",
        arguments: [
            "", "yesterday", "2024-02-30", "2024-13-01", "2024-03-10T25:00Z", "2024-03-10T06:59:59Zjunk", "12345",
        ])
    func notDates(text: String) {
        #expect(SQLValue.text(text).date == nil)
    }

    @Test("timestamps format as fixed-width UTC text that sorts")
    func formatting() {
        let date = Self.utc(1969, 12, 31, 23, 59, 59).addingTimeInterval(0.000_001)
        #expect(SQLValue.timestamp(date).string == "1969-12-31T23:59:59.000001Z")
        #expect(SQLValue.timestamp(Self.utc(2024, 3, 10, 7)).string == "2024-03-10T07:00:00.000000Z")
    }

    @Test("tags from JSON arrays and PostgreSQL array literals")
    func tags() {
        #expect(
            SQLValue.text(#"["a", "b c", "\"q\"", "\u00fc", "\ud83d\ude00"]"#).tags == ["a", "b c", "\"q\"", "ü", "😀"])
        #expect(SQLValue.text("[]").tags == [])
        #expect(
            SQLValue.text(#"{a,"b c","d,e",NULL,"NULL",\{x\}, f }"#).tags == ["a", "b c", "d,e", "NULL", "{x}", "f"])
        #expect(SQLValue.text("{}").tags == [])
        #expect(SQLValue.text("{{a,b},{c,d}}").tags == ["a", "b", "c", "d"])
        #expect(SQLValue.text("[1:2]={x,y}").tags == ["x", "y"])
        #expect(SQLValue.text("[1, 2]").tags == nil)
        #expect(SQLValue.text("not tags").tags == nil)
        #expect(SQLValue.tags(["x"]).json == #"["x"]"#)
    }

    @Test("numbers and booleans read leniently")
    func lenient() {
        #expect(SQLValue.text(" 42 ").int == 42)
        #expect(SQLValue.double(3.0).int == 3)
        #expect(SQLValue.double(3.5).int == nil)
        #expect(SQLValue.int(.max).int64 == .max)
        #expect(SQLValue.int(7).double == 7)
        #expect(SQLValue.text("2.5").double == 2.5)
        #expect(SQLValue.int(1).bool == true)
        #expect(SQLValue.int(0).bool == false)
        #expect(SQLValue.text("t").bool == true)
        #expect(SQLValue.text("FALSE").bool == false)
        #expect(SQLValue.text("maybe").bool == nil)
        #expect(SQLValue.null.string == nil)
        #expect(SQLValue.null.isNull)
        #expect(SQLValue.int(5).string == "5")
        #expect(SQLValue.json("{}").string == "{}")
    }

    @Test("literals and array helpers")
    func literals() {
        let values: [SQLValue] = ["text", 42, 2.5, true, nil]
        #expect(values == [.text("text"), .int(42), .double(2.5), .bool(true), .null])
        #expect(SQLValue.int64Array([1, -2, 3]) == .text("{1,-2,3}"))
        #expect(SQLValue.jsonArray([1, 2, 3]) == .text("[1,2,3]"))
        #expect(SQLValue.jsonArray([]) == .text("[]"))
    }
}
