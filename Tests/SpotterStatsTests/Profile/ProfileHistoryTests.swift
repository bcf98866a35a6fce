import Foundation
import SpotterStats
import Testing

/// A kept ``ProfileHistory``, carried from night to night, gives the figures all the sessions give.
@Suite("profile_stats: a kept history against all the sessions")
struct ProfileHistoryTests {
    @Test("300 seeded users over eight nights: the same figures from a kept history as from all the sessions")
    func historyAgreesWithAllSessions() throws {
        var random = SeededGenerator(seed: 0x4157_0A1D)
        var used = 0
        for index in 0..<300 {
            let zoneName = ProfileStatsPropertyTests.zones.randomElement(using: &random)!
            let localeName = ProfileStatsPropertyTests.locales.randomElement(using: &random)!
            let clock = try UserClock(timeZone: zoneName, locale: localeName)
            let start = Date(timeIntervalSince1970: .random(in: 1.6e9...1.9e9, using: &random))
            // Two months of history and the eight nights' sessions, some of them in the future.
            var sessions: [WorkoutRecord] = []
            for _ in 0..<Int.random(in: 0...80, using: &random) {
                let offset = Double.random(in: -60 * 86_400...9 * 86_400, using: &random)
                sessions.append(
                    WorkoutRecord(
                        startedAt: start.addingTimeInterval(offset),
                        durationMinutes: ProfileStatsPropertyTests.duration(&random)))
            }
            for day in 0..<Int.random(in: 0...30, using: &random) {  // a daily run across the nights
                sessions.append(
                    WorkoutRecord(
                        startedAt: start.addingTimeInterval(
                            Double(day - 20) * 86_400 + .random(in: 0..<3_600, using: &random)),
                        durationMinutes: 45))
            }
            sessions.shuffle(using: &random)

            var history: ProfileHistory?
            for night in 0..<8 {
                // A backfill now and then: a night before the last one.
                let back = night == 5 ? -4.0 : 0
                let now = start.addingTimeInterval(
                    (Double(night) + back) * 86_400 + .random(in: 0..<3_600, using: &random))
                let full = ProfileStatsCalculator.compute(sessions: sessions, clock: clock, now: now)
                // What the shard reads: the history when it may be used on this night, and the
                // sessions from its readFrom on (some earlier ones too: they are skipped).
                let usable = history.flatMap { $0.throughDay <= ProfileHistory.usableThrough(asOf: now) ? $0 : nil }
                let margin = Double.random(in: 0...3 * 86_400, using: &random)
                let read =
                    usable.map { kept in
                        sessions.filter { $0.startedAt >= kept.readFrom.addingTimeInterval(-margin) }
                    } ?? sessions
                let (stats, next) = ProfileStatsCalculator.compute(
                    history: usable, sessions: read, clock: clock, now: now)
                let context = "case \(index) night \(night): \(zoneName) \(localeName) now \(now)"
                #expect(stats == full, "\(context)")
                if usable != nil { used += 1 }
                // What the shard keeps: a later history only.
                if let next, next.throughDay > history?.throughDay ?? .min { history = next }
            }
        }
        #expect(used > 1_200)
    }
}
