import Foundation
import SpotterIDs
import SpotterStats
import Testing

/// Golden cases written from the rules, each with its reasoning.
@Suite("profile_stats: streak goldens")
struct StreakGoldenTests {
    @Test("New York spring-forward: a 23-hour day is still one day")
    func newYorkSpringForward() throws {
        let sessions = [
            try session("2024-03-09T23:30:00-05:00"),  // Sat 9th (04:30Z on the 10th)
            try session("2024-03-10T03:30:00-04:00"),  // Sun 10th, 3 hours later but a new day
            try session("2024-03-11T00:30:00-04:00"),  // Mon 11th, 21 hours later
        ]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("America/New_York"), now: try instant("2024-03-11T12:00:00-04:00"))
        #expect(try stats.localDate == day("2024-03-11"))
        #expect(stats.currentStreak == 3 && stats.longestStreak == 3)
    }

    @Test("New York fall-back: both 01:30s and a 23:30 that is tomorrow in UTC are one day")
    func newYorkFallBack() throws {
        let sessions = [
            try session("2024-11-03T01:30:00-04:00"),
            try session("2024-11-03T01:30:00-05:00"),  // the repeated hour
            try session("2024-11-03T23:30:00-05:00"),  // 04:30Z on the 4th
            try session("2024-11-04T00:10:00-05:00"),
        ]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("America/New_York"), now: try instant("2024-11-04T09:00:00-05:00"))
        #expect(stats.totalWorkouts == 4)
        #expect(stats.currentStreak == 2 && stats.longestStreak == 2)
        #expect(try stats.weekStart == day("2024-11-03"))
        #expect(stats.weekDays == [true, true, false, false, false, false, false])
    }

    @Test("Berlin spring-forward and fall-back days")
    func berlin() throws {
        let berlin = try clock("Europe/Berlin", "de-DE")
        let spring = [
            try session("2024-03-30T23:45:00+01:00"),
            try session("2024-03-31T03:15:00+02:00"),
            try session("2024-03-31T23:45:00+02:00"),
            try session("2024-04-01T00:05:00+02:00"),
        ]
        let afterSpring = ProfileStatsCalculator.compute(
            sessions: spring, clock: berlin, now: try instant("2024-04-01T12:00:00+02:00"))
        #expect(afterSpring.currentStreak == 3 && afterSpring.longestStreak == 3)
        #expect(try afterSpring.weekStart == day("2024-04-01"))  // a Monday
        #expect(afterSpring.weekWorkouts == 1)

        let autumn = [try session("2024-10-26T00:15:00+02:00")]
        let lastMinute = ProfileStatsCalculator.compute(
            sessions: autumn, clock: berlin, now: try instant("2024-10-27T23:59:59+01:00"))  // a 25-hour day
        #expect(lastMinute.currentStreak == 1)
        let nextDay = ProfileStatsCalculator.compute(
            sessions: autumn, clock: berlin, now: try instant("2024-10-28T00:00:00+01:00"))
        #expect(nextDay.currentStreak == 0 && nextDay.longestStreak == 1)
    }

    @Test("São Paulo 2018: the repeated 23:00 hour and the missing midnight")
    func saoPaulo2018() throws {
        let saoPaulo = try clock("America/Sao_Paulo", "pt-BR")
        let february = [
            try session("2018-02-16T20:00:00-02:00"),
            try session("2018-02-17T23:30:00-02:00"),  // first 23:30
            try session("2018-02-17T23:30:00-03:00"),  // second 23:30, same day
            try session("2018-02-18T00:30:00-03:00"),
        ]
        let feb = ProfileStatsCalculator.compute(
            sessions: february, clock: saoPaulo, now: try instant("2018-02-18T10:00:00-03:00"))
        #expect(feb.currentStreak == 3 && feb.totalWorkouts == 4)
        #expect(try feb.weekStart == day("2018-02-18"))  // a Sunday
        #expect(feb.weekWorkouts == 1 && feb.weekDays == [true] + Array(repeating: false, count: 6))

        let november = [
            try session("2018-11-03T23:30:00-03:00"),  // 02:30Z on the 4th
            try session("2018-11-04T01:30:00-02:00"),  // 00:00–00:59 never happened that day
        ]
        let nov = ProfileStatsCalculator.compute(
            sessions: november, clock: saoPaulo, now: try instant("2018-11-04T23:59:00-02:00"))
        #expect(try nov.currentStreak == 2 && nov.localDate == day("2018-11-04"))
    }

    @Test("A 23:30 session that is already tomorrow in UTC counts for the local day")
    func lateEveningSession() throws {
        let sessions = [try session("2025-06-09T18:00:00-07:00"), try session("2025-06-10T23:30:00-07:00")]
        let stats = ProfileStatsCalculator.compute(
            sessions: sessions, clock: try clock("America/Los_Angeles"), now: try instant("2025-06-11T10:00:00-07:00"))
        #expect(stats.currentStreak == 2)
        #expect(stats.weekDays == [false, true, true, false, false, false, false])  // Sun 8th … ; Mon, Tue
    }

    @Test("UTC+14 and UTC−11 see the same three instants on different days")
    func kiritimatiAndPagoPago() throws {
        let sessions = try ["2024-05-30T10:30:00Z", "2024-05-31T10:30:00Z", "2024-06-01T10:30:00Z"].map {
            try session($0)
        }
        let kiritimati = try clock("Pacific/Kiritimati")
        let pagoPago = try clock("Pacific/Pago_Pago")
        let soon = try instant("2024-06-01T11:00:00Z")
        #expect(ProfileStatsCalculator.compute(sessions: sessions, clock: kiritimati, now: soon).currentStreak == 3)
        #expect(ProfileStatsCalculator.compute(sessions: sessions, clock: pagoPago, now: soon).currentStreak == 3)

        let dayLater = try instant("2024-06-02T11:00:00Z")
        let east = ProfileStatsCalculator.compute(sessions: sessions, clock: kiritimati, now: dayLater)
        let west = ProfileStatsCalculator.compute(sessions: sessions, clock: pagoPago, now: dayLater)
        #expect(try east.localDate == day("2024-06-03") && east.currentStreak == 3)  // last day 2 June = yesterday
        #expect(try west.localDate == day("2024-06-02") && west.currentStreak == 0)  // last day 31 May
        #expect(west.longestStreak == 3)
    }

    @Test("A leap day joins February to March; 2023 has none to join")
    func leapDay() throws {
        let london = try clock("Europe/London", "en-GB")
        let leap = try ["2024-02-28T12:00:00Z", "2024-02-29T12:00:00Z", "2024-03-01T12:00:00Z"].map { try session($0) }
        let stats = ProfileStatsCalculator.compute(
            sessions: leap, clock: london, now: try instant("2024-03-01T18:00:00Z"))
        #expect(stats.currentStreak == 3)
        #expect(try stats.weekStart == day("2024-02-26"))
        #expect(stats.weekDays == [false, false, true, true, true, false, false])
        let plain = try ["2023-02-28T12:00:00Z", "2023-03-01T12:00:00Z"].map { try session($0) }
        #expect(
            ProfileStatsCalculator.compute(sessions: plain, clock: london, now: try instant("2023-03-01T18:00:00Z"))
                .currentStreak == 2)
    }

    @Test("A streak is alive at 23:59 the day after the last session and broken one minute later")
    func streakDeadline() throws {
        let newYork = try clock("America/New_York")
        let sessions = [try session("2024-11-01T07:00:00-04:00"), try session("2024-11-02T08:00:00-04:00")]
        // The day after the last session is the 25-hour fall-back day.
        let alive = ProfileStatsCalculator.compute(
            sessions: sessions, clock: newYork, now: try instant("2024-11-03T23:59:00-05:00"))
        #expect(alive.currentStreak == 2)
        let broken = ProfileStatsCalculator.compute(
            sessions: sessions, clock: newYork, now: try instant("2024-11-04T00:00:00-05:00"))
        #expect(broken.currentStreak == 0 && broken.longestStreak == 2)

        let spring = [try session("2024-03-09T23:30:00-05:00")]
        #expect(
            ProfileStatsCalculator.compute(
                sessions: spring, clock: newYork, now: try instant("2024-03-10T23:59:00-04:00")
            )
            .currentStreak == 1)
        #expect(
            ProfileStatsCalculator.compute(
                sessions: spring, clock: newYork, now: try instant("2024-03-11T00:00:00-04:00")
            )
            .currentStreak == 0)
    }

    @Test("The run ending today is current; an older, longer run is only the longest")
    func todayAndYesterday() throws {
        let utc = try clock("UTC")
        let sessions = try ["2025-01-01T09:00:00Z", "2025-01-02T09:00:00Z", "2025-01-05T09:00:00Z"].map {
            try session($0)
        }
        let now = try instant("2025-01-05T10:00:00Z")
        let stats = ProfileStatsCalculator.compute(sessions: sessions, clock: utc, now: now)
        #expect(stats.currentStreak == 1 && stats.longestStreak == 2)
    }

    @Test("Ten years of daily sessions: longest streak 3,653, computed in one pass")
    func tenYearsDaily() throws {
        let berlin = try clock("Europe/Berlin", "de-DE")
        let first = try day("2015-01-01").daysSince1970
        let last = try day("2024-12-31").daysSince1970
        let sessions = (first...last).map {
            WorkoutRecord(startedAt: Date(timeIntervalSince1970: Double($0) * 86_400 + 6 * 3_600), durationMinutes: 45)
        }
        let now = try instant("2024-12-31T20:00:00+01:00")
        let stats = ProfileStatsCalculator.compute(sessions: sessions, clock: berlin, now: now)
        #expect(stats.longestStreak == 3_653 && stats.currentStreak == 3_653)
        #expect(stats.totalWorkouts == 3_653 && stats.totalMinutes == 3_653 * 45)

        var gapped = sessions
        gapped.remove(at: 1_000)
        let withGap = ProfileStatsCalculator.compute(sessions: gapped.reversed(), clock: berlin, now: now)
        #expect(withGap.longestStreak == 2_652 && withGap.currentStreak == 2_652)
    }
}
