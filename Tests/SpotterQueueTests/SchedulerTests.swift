import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

@Suite("Scheduler: each slot enqueues exactly once")
struct SchedulerTests {
    static let settings = TestCatalog(
        schedule: """
            version: 1
            schedule:
              - name: every_minute
                kind: noop
                cron: "*/1 * * * *"
                time_zone: Europe/Berlin
                payload: {report: minutes}
            """)

    /// 2026-03-01 12:00:30 UTC.
    static let start = Date(timeIntervalSince1970: 1_772_366_430)

    @Test("3 schedulers tick the same slot at once: one job", arguments: DatabaseBackend.allCases)
    func concurrentTicks(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, Self.settings) { fixture in
            // The first tick registers the entry; it does not catch up on slots before it existed.
            #expect(try await tick(fixture, at: Self.start).isEmpty)
            for round in 1...5 {
                let now = Self.start.addingTimeInterval(Double(round) * 60)
                let fired = try await withThrowingTaskGroup(of: [FiredSlot].self) { group in
                    for _ in 0..<3 { group.addTask { try await tick(fixture, at: now) } }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                #expect(fired.count == 1, "round \(round): \(fired)")
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 5)
            #expect(try await fixture.scalar("SELECT count(DISTINCT unique_key) FROM spotter.jobs") == 5)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.schedule_slots WHERE slot <> ''") == 5)
        }
    }

    @Test(
        "workers down across 3 slots: each missed slot fires once when they return",
        arguments: DatabaseBackend.allCases)
    func catchUpAfterDowntime(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, Self.settings) { fixture in
            _ = try await tick(fixture, at: Self.start)
            let back = Self.start.addingTimeInterval(3 * 60)  // 12:03:30 UTC = 13:03:30 in Berlin
            let fired = try await tick(fixture, at: back)
            #expect(
                fired.map(\.slot) == [
                    "2026-03-01T13:01@Europe/Berlin", "2026-03-01T13:02@Europe/Berlin",
                    "2026-03-01T13:03@Europe/Berlin",
                ])
            #expect(try await tick(fixture, at: back).isEmpty)
            #expect(try await tick(fixture, at: back.addingTimeInterval(15)).isEmpty)
            // Three schedulers come back after two more missed slots: each fires once.
            let later = back.addingTimeInterval(2 * 60)
            let again = try await withThrowingTaskGroup(of: [FiredSlot].self) { group in
                for _ in 0..<3 { group.addTask { try await tick(fixture, at: later) } }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            #expect(Set(again.map(\.slot)) == ["2026-03-01T13:04@Europe/Berlin", "2026-03-01T13:05@Europe/Berlin"])
            #expect(again.count == 2)
            let payload = try await fixture.session { session in
                try session.query(
                    "SELECT payload FROM spotter.jobs WHERE unique_key = $1",
                    [.text("schedule:every_minute:2026-03-01T13:02@Europe/Berlin")]
                ).map { try $0.json("payload") }
            }
            #expect(payload.count == 1)
            #expect(payload.first?.contains("\"scheduled_for\"") == true)
            #expect(payload.first?.contains("minutes") == true)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 5)
        }
    }
}

private func tick(_ fixture: QueueFixture, at now: Date) async throws -> [FiredSlot] {
    let scheduler = Scheduler(queue: fixture.queue)
    return try await fixture.session { try scheduler.tick(now: now, zonesInUse: [], in: $0) }
}
