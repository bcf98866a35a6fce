import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats
import Testing

/// An instant from an ISO 8601 timestamp with an explicit offset, e.g. "2024-03-10T03:30:00-04:00".
func instant(_ text: String) throws -> Date {
    try Date(text, strategy: .iso8601)
}

/// A local date from "YYYY-MM-DD", failing the test on a typo.
func day(_ text: String) throws -> LocalDate {
    try #require(LocalDate(iso: text))
}

/// A one-hour session starting at `text`.
func session(_ text: String, minutes: Int = 60) throws -> WorkoutRecord {
    WorkoutRecord(startedAt: try instant(text), durationMinutes: minutes)
}

/// A clock that must be valid.
func clock(_ zone: String, _ locale: String = "en-US") throws -> UserClock {
    try UserClock(timeZone: zone, locale: locale)
}
