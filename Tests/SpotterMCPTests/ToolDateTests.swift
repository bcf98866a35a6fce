import Testing

@testable import SpotterMCP

/// Issue 36: a tool's `date` argument is a day of the calendar, not just the shape of one.
@Suite("mcp date arguments")
struct ToolDateTests {
    @Test("daily_suggestion's date: real dates pass, impossible ones (2026-02-30, 2025-02-29) do not")
    func realDates() {
        for date in ["2026-02-28", "2024-02-29", "2026-12-31", "2026-04-30"] {
            #expect(SpotterTools.isDate(date), "\(date)")
        }
        for date in ["2026-02-30", "2025-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "26-02-01", "yesterday"] {
            #expect(!SpotterTools.isDate(date), "\(date)")
        }
    }
}
