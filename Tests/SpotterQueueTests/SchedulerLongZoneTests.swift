import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 17, item 2: a zone name that cannot be keyed, or a slot that cannot be fired, costs only
/// that slot; the later zones and the other entries (prune_results) still fire.
@Suite("Scheduler: one bad zone costs only its slot")
struct SchedulerLongZoneTests {
    static let settings = TestCatalog(
        schedule: """
            version: 1
            schedule:
              - name: nightly
                kind: noop
                cron: "15 0 * * *"
                per_zone: true
                catch_up: true
                max_catch_up: 48h
              - name: prune_results
                kind: noop
                cron: "30 3 * * *"
                time_zone: UTC
                catch_up: true
                max_catch_up: 48h
            """)

    /// 2026-03-01 12:00:30 UTC, and a day later.
    static let start = Date(timeIntervalSince1970: 1_772_366_430)
    static let dayLater = start.addingTimeInterval(86_400)
    static let zones = ["Asia/Tokyo", "Europe/Berlin", "America/New_York", "Pacific/Honolulu"]

    @Test(
        "a 607-character zone among 4 zones: every zone's slot and prune_results fire, keys stay short",
        arguments: DatabaseBackend.allCases)
    func longZone(backend: DatabaseBackend) async throws {
        let long = "Europe/" + String(repeating: "Berlin", count: 100)
        try await QueueFixture.with(backend, Self.settings) { fixture in
            #expect(try await tick(fixture, at: Self.start, zones: Self.zones + [long]).isEmpty)
            let fired = try await tick(fixture, at: Self.dayLater, zones: Self.zones + [long])
            #expect(fired.filter { $0.entry == "nightly" }.count == 5, "\(fired.map(\.slot))")
            #expect(fired.filter { $0.entry == "prune_results" }.count == 1)
            #expect(try await fixture.scalar("SELECT max(length(unique_key)) FROM spotter.jobs") < 100)
            #expect(try await fixture.scalar("SELECT max(length(slot)) FROM spotter.schedule_slots") < 100)
            // The job still carries the whole zone name, so its handler can record the error.
            #expect(
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE CAST(payload AS TEXT) LIKE '%' || $1 || '%'", [.text(long)]
                ) == 1)
            // Ticking again fires nothing twice.
            #expect(
                try await tick(fixture, at: Self.dayLater.addingTimeInterval(60), zones: Self.zones + [long]).isEmpty)
        }
    }

    @Test(
        "a slot that cannot be enqueued (its payload is over 1 MiB) fails alone, reported; the rest fire",
        arguments: DatabaseBackend.allCases)
    func failingSlotIsIsolated(backend: DatabaseBackend) async throws {
        let huge = "Europe/" + String(repeating: "x", count: 1_048_600)
        try await QueueFixture.with(backend, Self.settings) { fixture in
            #expect(try await tick(fixture, at: Self.start, zones: Self.zones + [huge]).isEmpty)
            do {
                _ = try await tick(fixture, at: Self.dayLater, zones: Self.zones + [huge])
                Issue.record("the huge zone's slot should have failed")
            } catch let error as ScheduleTickError {
                #expect(error.failures.count == 1)
                #expect(error.failures.first?.entry == "nightly")
                #expect(error.fired.filter { $0.entry == "nightly" }.count == 4)
                #expect(error.fired.filter { $0.entry == "prune_results" }.count == 1)
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 5)
        }
    }
}

private func tick(_ fixture: QueueFixture, at now: Date, zones: [String]) async throws -> [FiredSlot] {
    let scheduler = Scheduler(queue: fixture.queue)
    return try await fixture.session { try scheduler.tick(now: now, zonesInUse: zones, in: $0) }
}
