import Foundation
import SpotterIDs
import SpotterStats
import Testing

/// The S-M-T-W-T-F-S row for Wednesday 2026-03-11 with sessions on Sat 7th, Sun 8th, Mon 9th
/// and Wed 11th (two that day), in each locale.
@Suite("profile_stats: the week row per locale")
struct WeekRowTests {
    static let cases: [(locale: String, weekStart: String, symbols: String, days: [Bool], workouts: Int)] = [
        ("en-US", "2026-03-08", "SMTWTFS", [true, true, false, true, false, false, false], 4),
        ("pt-BR", "2026-03-08", "DSTQQSS", [true, true, false, true, false, false, false], 4),
        ("en-GB", "2026-03-09", "MTWTFSS", [true, false, true, false, false, false, false], 3),
        ("de-DE", "2026-03-09", "MDMDFSS", [true, false, true, false, false, false, false], 3),
        ("en-US-u-fw-mon", "2026-03-09", "MTWTFSS", [true, false, true, false, false, false, false], 3),
    ]

    @Test("Week start, labels, flags and totals", arguments: cases)
    func weekRow(expected: (locale: String, weekStart: String, symbols: String, days: [Bool], workouts: Int)) throws {
        let zone = "America/Sao_Paulo"  // no DST since 2019
        let sessions = [
            try session("2026-03-07T09:00:00-03:00", minutes: 30),
            try session("2026-03-08T09:00:00-03:00", minutes: 40),
            try session("2026-03-09T19:00:00-03:00", minutes: 50),
            try session("2026-03-11T07:00:00-03:00", minutes: 20),
            try session("2026-03-11T18:00:00-03:00", minutes: 25),
        ]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock(zone, expected.locale), now: try instant("2026-03-11T20:00:00-03:00"))
        #expect(try stats.localDate == day("2026-03-11"))
        #expect(stats.weekStart == (try day(expected.weekStart)))
        #expect(stats.weekdaySymbols == expected.symbols.map(String.init))
        #expect(stats.weekDays == expected.days)
        #expect(stats.weekWorkouts == expected.workouts)
        #expect(stats.weekMinutes == (expected.workouts == 4 ? 40 + 50 + 20 + 25 : 50 + 20 + 25))
        #expect(stats.currentStreak == 1 && stats.longestStreak == 3)
    }

    @Test("On Sunday a Monday-start week is full and a Sunday-start week has just begun")
    func sunday() throws {
        let sessions = try (9...15).map { try session("2026-03-\($0)T12:00:00Z") }
        let now = try instant("2026-03-15T20:00:00Z")
        let monday = ProfileStatsCalculator.compute(sessions: sessions, clock: try clock("UTC", "en-GB"), now: now)
        #expect(monday.weekDays == Array(repeating: true, count: 7) && monday.weekWorkouts == 7)
        let sunday = ProfileStatsCalculator.compute(sessions: sessions, clock: try clock("UTC", "en-US"), now: now)
        #expect(try sunday.weekStart == day("2026-03-15") && sunday.weekWorkouts == 1)
        #expect(sunday.weekDays == [true] + Array(repeating: false, count: 6))
    }
}
