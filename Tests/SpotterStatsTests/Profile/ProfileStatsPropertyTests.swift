import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats
import Testing

/// Random histories in random zones and locales, checked against ``NaiveProfileStats``.
@Suite("profile_stats: property test against a naive day-by-day reference")
struct ProfileStatsPropertyTests {
    static let zones = [
        "America/New_York", "Europe/Berlin", "America/Sao_Paulo", "Pacific/Kiritimati", "Pacific/Pago_Pago",
        "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Apia", "Asia/Tehran",
        "America/St_Johns", "Europe/London", "Asia/Tokyo", "UTC", "America/Los_Angeles", "Africa/Casablanca",
    ]
    static let locales = ["en-US", "pt-BR", "en-GB", "de-DE", "fr-FR", "es-ES", "en-US-u-fw-mon", "ar-EG", "he-IL"]

    @Test("400 seeded cases agree with the reference field by field")
    func agreesWithReference() throws {
        var random = SeededGenerator(seed: 0x5707_7E12)
        let earliest = try instant("2005-01-01T00:00:00Z").timeIntervalSince1970
        let latest = try instant("2035-01-01T00:00:00Z").timeIntervalSince1970
        var transitionCases = 0

        for index in 0..<400 {
            let zoneName = Self.zones.randomElement(using: &random)!
            let localeName = Self.locales.randomElement(using: &random)!
            let zone = try #require(TimeZone(identifier: zoneName))
            let clock = try UserClock(timeZone: zoneName, locale: localeName)

            var now = Date(timeIntervalSince1970: .random(in: earliest...latest, using: &random))
            if index % 3 == 0, let transition = zone.nextDaylightSavingTimeTransition(after: now) {
                now = transition.addingTimeInterval(.random(in: -3 * 86_400...3 * 86_400, using: &random))
                transitionCases += 1
            }
            let sessions = Self.history(now: now, using: &random)

            for record in sessions where record.startedAt.timeIntervalSince1970.isFinite {
                let expected = NaiveProfileStats.date(of: record.startedAt, in: zone)
                let actual = clock.localDate(of: record.startedAt).naive
                guard actual == expected else {
                    Issue.record(
                        "case \(index) \(zoneName): \(record.startedAt) is \(actual), Calendar says \(expected)")
                    return
                }
            }

            let stats = ProfileStatsCalculator.compute(sessions: sessions, clock: clock, now: now)
            let reference = NaiveProfileStats(sessions: sessions, zone: zone, locale: localeName, now: now)
            let context = "case \(index): \(zoneName) \(localeName) now \(now), \(sessions.count) sessions"
            #expect(stats.localDate.naive == reference.today, "\(context)")
            #expect(stats.currentStreak == reference.currentStreak, "\(context)")
            #expect(stats.longestStreak == reference.longestStreak, "\(context)")
            #expect(stats.weekStart.naive == reference.weekStart, "\(context)")
            #expect(stats.weekDays == reference.weekDays, "\(context)")
            #expect(stats.weekWorkouts == reference.weekWorkouts, "\(context)")
            #expect(stats.weekMinutes == reference.weekMinutes, "\(context)")
            #expect(stats.lastWorkoutAt == reference.lastWorkoutAt, "\(context)")
            #expect(stats.totalWorkouts == reference.totalWorkouts, "\(context)")
            #expect(stats.totalMinutes == reference.totalMinutes, "\(context)")
            #expect(stats.ignoredSessions == reference.ignored, "\(context)")
            #expect(stats.longestStreak >= stats.currentStreak, "\(context)")
        }
        #expect(transitionCases > 50)
    }

    /// Up to 60 sessions in the 50 days before `now`: daily runs with jitter (so some days double
    /// up and some are skipped), scattered sessions, a few future ones and odd durations.
    static func history(now: Date, using random: inout SeededGenerator) -> [WorkoutRecord] {
        var sessions: [WorkoutRecord] = []
        let runLength = Int.random(in: 0...20, using: &random)
        let runEndsDaysAgo = Int.random(in: 0...4, using: &random)
        for offset in 0..<runLength {
            let back = Double(runEndsDaysAgo + offset) * 86_400 + .random(in: 0..<86_400, using: &random)
            sessions.append(WorkoutRecord(startedAt: now.addingTimeInterval(-back), durationMinutes: duration(&random)))
        }
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            let back = Double.random(in: -3 * 86_400...50 * 86_400, using: &random)  // some in the future
            sessions.append(WorkoutRecord(startedAt: now.addingTimeInterval(-back), durationMinutes: duration(&random)))
        }
        sessions.shuffle(using: &random)
        return sessions
    }

    static func duration(_ random: inout SeededGenerator) -> Int {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<5: -Int.random(in: 1...90, using: &random)
        case 5..<10: 0
        case 10..<13: Int.random(in: 1_441...4_000, using: &random)
        default: Int.random(in: 1...180, using: &random)
        }
    }
}
