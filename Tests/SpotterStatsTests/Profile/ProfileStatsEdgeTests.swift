import Foundation
import SpotterIDs
import SpotterStats
import Testing

@Suite("profile_stats: edge input")
struct ProfileStatsEdgeTests {
    @Test("No sessions at all")
    func empty() throws {
        let stats = ProfileStatsCalculator.compute(
            sessions: [], clock: try clock("Europe/Berlin", "de-DE"), now: try instant("2026-03-11T12:00:00+01:00"))
        #expect(try stats.localDate == day("2026-03-11") && stats.weekStart == day("2026-03-09"))
        #expect(stats.currentStreak == 0 && stats.longestStreak == 0)
        #expect(
            stats.weekWorkouts == 0 && stats.weekMinutes == 0 && stats.weekDays == Array(repeating: false, count: 7))
        #expect(stats.lastWorkoutAt == nil && stats.totalWorkouts == 0 && stats.totalMinutes == 0)
        #expect(stats.ignoredSessions == 0 && stats.weekdaySymbols.count == 7)
    }

    @Test("Zero, negative and over-a-day durations")
    func durations() throws {
        let sessions = [
            try session("2026-03-09T08:00:00Z", minutes: 0),  // counts, 0 minutes
            try session("2026-03-10T08:00:00Z", minutes: -5),  // ignored
            try session("2026-03-10T09:00:00Z", minutes: 3_000),  // counts, capped at a day
            try session("2026-03-11T08:00:00Z", minutes: 30),
        ]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("UTC", "en-GB"), now: try instant("2026-03-11T12:00:00Z"))
        #expect(stats.ignoredSessions == 1)
        #expect(stats.totalWorkouts == 3 && stats.totalMinutes == 0 + 1_440 + 30)
        #expect(stats.weekWorkouts == 3 && stats.weekMinutes == 1_470)
        #expect(stats.currentStreak == 3)
    }

    @Test("A session over 24 hours counts only for the day it started")
    func longSessionCountsOnce() throws {
        let sessions = [try session("2026-03-08T22:00:00Z", minutes: 2 * 1_440)]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("UTC"), now: try instant("2026-03-10T23:00:00Z"))
        #expect(stats.currentStreak == 0 && stats.longestStreak == 1 && stats.weekDays.filter { $0 }.count == 1)
    }

    @Test("Future sessions are ignored; one starting exactly now counts")
    func future() throws {
        let now = try instant("2026-03-11T12:00:00Z")
        let sessions = [
            WorkoutRecord(startedAt: now, durationMinutes: 10),
            WorkoutRecord(startedAt: now.addingTimeInterval(1), durationMinutes: 10),
            try session("2026-03-12T08:00:00Z"),
            try session("2027-01-01T08:00:00Z"),
        ]
        let stats = ProfileStatsCalculator.compute(sessions: sessions, clock: try clock("UTC"), now: now)
        #expect(stats.ignoredSessions == 3 && stats.totalWorkouts == 1)
        #expect(stats.lastWorkoutAt == now && stats.currentStreak == 1)
        #expect(stats.weekDays == [false, false, false, true, false, false, false])
    }

    @Test("Non-finite and out-of-range instants are ignored, not crashed on")
    func absurdInstants() throws {
        let sessions = [
            WorkoutRecord(startedAt: Date(timeIntervalSince1970: .nan), durationMinutes: 10),
            WorkoutRecord(startedAt: Date(timeIntervalSince1970: -.infinity), durationMinutes: 10),
            WorkoutRecord(startedAt: Date(timeIntervalSince1970: -1e15), durationMinutes: 10),
            try session("2026-03-11T08:00:00Z"),
        ]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("UTC"), now: try instant("2026-03-11T12:00:00Z"))
        #expect(stats.ignoredSessions == 3 && stats.totalWorkouts == 1 && stats.currentStreak == 1)
    }

    @Test("Order and same-day duplicates do not matter; lastWorkoutAt is the latest start")
    func unorderedDuplicates() throws {
        let sessions = try [
            "2026-03-10T18:00:00Z", "2026-03-08T07:00:00Z", "2026-03-10T07:00:00Z", "2026-03-09T07:00:00Z",
            "2026-03-10T12:00:00Z",
        ].map { try session($0, minutes: 10) }
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("UTC"), now: try instant("2026-03-11T06:00:00Z"))
        #expect(stats.currentStreak == 3 && stats.longestStreak == 3 && stats.totalWorkouts == 5)
        #expect(try stats.lastWorkoutAt == instant("2026-03-10T18:00:00Z"))
        #expect(stats.weekWorkouts == 5 && stats.weekMinutes == 50)
    }

    @Test("A batch with one bad zone and one bad locale still computes everyone else")
    func batchWithInvalidUsers() throws {
        let users: [(id: Int, zone: String, locale: String)] = [
            (1, "America/New_York", "en-US"), (2, "Mars/Olympus_Mons", "en-US"), (3, "Europe/Berlin", "de-DE"),
            (4, "Europe/Berlin", "klingon-KX"), (5, "America/New_York", "en-US"),
        ]
        let sessions = [try session("2026-03-10T15:00:00Z"), try session("2026-03-11T15:00:00Z")]
        let now = try instant("2026-03-11T20:00:00Z")
        let cache = UserClockCache()
        var computed: [Int: ProfileStats] = [:]
        var failed: [Int: StatsError] = [:]
        for user in users {
            do {
                let clock = try cache.clock(timeZone: user.zone, locale: user.locale)
                computed[user.id] = ProfileStatsCalculator.compute(sessions: sessions, clock: clock, now: now)
            } catch {
                failed[user.id] = error
            }
        }
        #expect(computed.keys.sorted() == [1, 3, 5])
        #expect(computed.values.allSatisfy { $0.currentStreak == 2 })
        #expect(failed[2]?.code == .invalidTimeZone && failed[2]?.message.contains("Mars/Olympus_Mons") == true)
        #expect(failed[4]?.code == .invalidLocale && failed[4]?.description.hasPrefix("invalid_locale: ") == true)
        #expect(cache.count == 4)
    }
}
