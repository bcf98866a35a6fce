import Foundation
import SpotterCatalog
import Testing

@Suite("Cron expression parsing")
struct CronParsingTests {
    /// The local wall-clock minutes an expression fires at over one UTC day, as `HH:mm`.
    private func times(_ text: String, on day: Int = 1) throws -> [String] {
        let cron = try CronExpression(parsing: text)
        return cron.slots(after: utc(2026, 6, day) - 1, through: utc(2026, 6, day, 23, 59), in: zone("UTC"))
            .map { String($0.localKey.suffix(5)) }
    }

    @Test("lists, ranges and steps in the minute and hour fields")
    func listsRangesSteps() throws {
        #expect(try times("*/15 9 * * *") == ["09:00", "09:15", "09:30", "09:45"])
        #expect(try times("0,30 8-9 * * *") == ["08:00", "08:30", "09:00", "09:30"])
        #expect(try times("5 8-14/3 * * *") == ["08:05", "11:05", "14:05"])
        #expect(try times("50/5 23 * * *") == ["23:50", "23:55"])
        #expect(try times("0 0,12 * * *") == ["00:00", "12:00"])
    }

    @Test("day fields: names, 7 as Sunday, and Vixie's either-day rule")
    func dayFields() throws {
        // June 2026: the 1st is a Monday.
        let mondays = try CronExpression(parsing: "0 9 * * MON")
        let june = mondays.slots(after: utc(2026, 6, 1), through: utc(2026, 7, 1), in: zone("UTC")).map(\.localDate)
        #expect(june == ["2026-06-01", "2026-06-08", "2026-06-15", "2026-06-22", "2026-06-29"])
        let sundays = try CronExpression(parsing: "0 9 * jun 7")
        #expect(
            sundays.slots(after: utc(2026, 6, 1), through: utc(2026, 7, 1), in: zone("UTC")).map(\.localDate).first
                == "2026-06-07")
        let either = try CronExpression(parsing: "0 9 13 * fri")
        let dates = either.slots(after: utc(2026, 2, 1), through: utc(2026, 3, 1), in: zone("UTC")).map(\.localDate)
        #expect(dates == ["2026-02-06", "2026-02-13", "2026-02-20", "2026-02-27"])
        let both = try CronExpression(parsing: "0 9 */2 * mon")  // a starred day-of-month means AND
        let both1 = both.slots(after: utc(2026, 6, 1), through: utc(2026, 7, 1), in: zone("UTC")).map(\.localDate)
        #expect(both1 == ["2026-06-01", "2026-06-15", "2026-06-29"])
        let weekdays = try CronExpression(parsing: "0 6 * * 1-5")
        #expect(weekdays.slots(after: utc(2026, 6, 1), through: utc(2026, 6, 8), in: zone("UTC")).count == 5)
    }

    @Test("macros expand to their five-field forms")
    func macros() throws {
        #expect(try times("@daily") == ["00:00"])
        #expect(try times("@hourly").count == 24)
        let yearly = try CronExpression(parsing: "@yearly")
        #expect(yearly.next(after: utc(2026, 6, 1), in: zone("UTC")) == utc(2027, 1, 1))
    }

    @Test("Feb 29 waits for the next leap year")
    func leapDay() throws {
        let cron = try CronExpression(parsing: "0 0 29 2 *")
        #expect(cron.next(after: utc(2026, 6, 1), in: zone("UTC")) == utc(2028, 2, 29))
    }

    @Test(
        "bad fields are rejected with the field and value",
        arguments: [
            ("61 0 * * *", "minute 61 is out of range 0–59"),
            ("0 24 * * *", "hour 24 is out of range 0–23"),
            ("0 0 0 * *", "day-of-month 0 is out of range 1–31"),
            ("0 0 * 13 *", "month 13 is out of range 1–12"),
            ("0 0 * * 8", "day-of-week 8 is out of range 0–7"),
            ("0 0 * jen *", #"month "jen" is not a number or a name (jan–dec)"#),
            ("x 0 * * *", #"minute "x" is not a number"#),
            ("*/0 * * * *", #"minute step 0 in "*/0" must be at least 1"#),
            ("*/75 * * * *", #"minute step 75 in "*/75" is larger than the field's range 0–59"#),
            ("0 22-2 * * *", "hour range 22-2 is backwards (write it as two ranges to wrap around, e.g. 22-23,0-2)"),
            ("0,,5 * * * *", #"minute has an empty list item in "0,,5""#),
            ("0 0 * *", "expected 5 fields (minute hour day-of-month month day-of-week), found 4"),
            (
                "0 0 0 * * *",
                "expected 5 fields (minute hour day-of-month month day-of-week), found 6; seconds are not supported"
            ),
            ("0 0 30 2 *", "day-of-month 30 never occurs in the chosen months, so the expression would never fire"),
            ("@reboot", #"unknown macro "@reboot" (use @yearly, @monthly, @weekly, @daily or @hourly)"#),
        ])
    func badFields(text: String, message: String) {
        #expect(throws: CatalogError(file: "", message: message)) {
            try CronExpression(parsing: text)
        }
    }

    @Test("equal expressions are equal values; the text is kept")
    func identity() throws {
        let a = try CronExpression(parsing: "15 0 * * *")
        #expect(a == (try CronExpression(parsing: "15 0 * * *")))
        #expect(a != (try CronExpression(parsing: "16 0 * * *")))
        #expect(a.description == "15 0 * * *")
    }
}
