import Foundation
import SpotterCatalog
import Testing

@Suite("The shipped jobs/ catalog")
struct ShippedCatalogTests {
    @Test("parses, declares every product kind and the per-zone nightly entry")
    func shippedCatalogParses() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        // Every kind here has a handler and every handler a kind: SpotterJobsTests' KindRegistryTests
        // checks the whole list against the kinds' declarations; this is the floor.
        #expect(
            Set(catalog.kindNames).isSuperset(of: [
                "daily_suggestion", "extract_facts", "inactive_clients", "nightly", "noop", "probe", "profile_stats",
                "program_recommendations", "prune_results", "sleep",
            ]))
        let nightly = try #require(catalog.schedule.first)
        #expect(catalog.schedule.map(\.name) == ["nightly", "prune_results"])
        let prune = catalog.schedule[1]
        #expect(prune.kind == "prune_results" && prune.cron.text == "30 3 * * *")
        #expect(nightly.name == "nightly")
        #expect(nightly.kind == "nightly")
        #expect(nightly.zone == .perZone)
        #expect(nightly.cron.text == "15 0 * * *")
        #expect(nightly.catchUp)
        #expect(nightly.maxCatchUp == .seconds(48 * 3_600))
    }

    @Test("kind settings and parameters are what the jobs read")
    func shippedKindSettings() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        let inactive = try #require(catalog.spec(for: "inactive_clients"))
        #expect(inactive.int("threshold_days") == 3)
        #expect(inactive.int("message_threshold_days") == 7)
        #expect(inactive.ints("tiers") == [3, 7, 14])
        #expect(inactive.shardSize == 1000)
        #expect(inactive.maxAttempts == 5)
        #expect(inactive.queue == "default")
        #expect(
            inactive.retention
                == Retention(succeeded: .seconds(86_400), dead: .seconds(30 * 86_400), cancelled: .seconds(7 * 86_400)))
        let suggestion = try #require(catalog.spec(for: "daily_suggestion"))
        #expect(suggestion.int("recovery_hours") == 48)
        #expect(suggestion.int("preferred_recovery_hours") == 72)
        #expect(suggestion.int("no_repeat_days") == 3)
        #expect(catalog.spec(for: "program_recommendations")?.int("top_k") == 10)
        let facts = try #require(catalog.spec(for: "extract_facts"))
        #expect(facts.string("extractor") == "rules")
        #expect(facts.int("trigger_every_messages") == 5)
        #expect(facts.backoff == BackoffPolicy(base: .seconds(10), maximum: .seconds(1_800), jitter: 0.2))
        #expect(catalog.spec(for: "sleep")?.int("default_seconds") == 1)
        let nightly = try #require(catalog.spec(for: "nightly"))
        // The first kinds, in this order (a new sharded kind joins at the end).
        #expect(
            Array(nightly.fanOut.prefix(5)) == [
                "profile_stats", "inactive_clients", "daily_suggestion", "program_recommendations", "extract_facts",
            ])
        #expect(nightly.shardSize == nil)
        #expect(catalog.spec(for: "noop")?.timeout == .seconds(30))
        #expect(catalog.spec(for: "no_such_kind") == nil)
    }

    @Test("worker settings come from the worker section")
    func shippedWorkerSettings() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        #expect(
            catalog.worker
                == WorkerSettings(
                    lease: .seconds(30), heartbeat: .seconds(10), pollInterval: .seconds(1), claimBatch: 50,
                    pruneInterval: .seconds(60), pruneBatch: 1000, shutdownGrace: .seconds(30)))
    }

    @Test("a missing directory names the missing file")
    func missingDirectory() {
        let directory = URL(fileURLWithPath: "/nonexistent-spotter-jobs")
        #expect(throws: CatalogError(file: "/nonexistent-spotter-jobs/kinds.yaml", message: "file not found")) {
            try JobCatalog.load(directory: directory)
        }
    }

    @Test("loading a directory checks the schedule file too")
    func missingScheduleFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spotter-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try CatalogFixtures.kinds.write(
            to: directory.appendingPathComponent("kinds.yaml"), atomically: true, encoding: .utf8)
        let error = #expect(throws: CatalogError.self) { try JobCatalog.load(directory: directory) }
        #expect(error?.file.hasSuffix("/schedule.yaml") == true)
        #expect(error?.message == "file not found")
        try "schedule: []\n".write(
            to: directory.appendingPathComponent("schedule.yaml"), atomically: true, encoding: .utf8)
        #expect(try JobCatalog.load(directory: directory).kindNames == ["noop", "profile_stats"])
    }

    @Test("the nightly entry yields one slot per zone per local night, with unique keys and payload")
    func nightlyDueSlots() throws {
        let catalog = try JobCatalog.load(directory: CatalogFixtures.shippedJobsDirectory)
        let nightly = try #require(catalog.schedule.first)
        let zones = nightly.zones(inUse: ["Europe/Berlin", "America/New_York", "Europe/Berlin", "Not/A_Zone"])
        #expect(zones.map(\.identifier) == ["America/New_York", "Europe/Berlin"])
        // 2026-06-02 06:00 UTC: Berlin's 00:15 was 22:15 UTC on June 1, New York's is 04:15 UTC.
        let due = nightly.dueSlots(lastChecked: utc(2026, 6, 1, 12), now: utc(2026, 6, 2, 6), zones: zones)
        #expect(due.map(\.identity) == ["2026-06-02T00:15@Europe/Berlin", "2026-06-02T00:15@America/New_York"])
        #expect(due.map { nightly.uniqueKey(for: $0) }.first == "schedule:nightly:2026-06-02T00:15@Europe/Berlin")
        let payload = nightly.payload(for: due[1])
        #expect(payload["time_zone"] == .string("America/New_York"))
        #expect(payload["local_date"] == .string("2026-06-02"))
        #expect(
            CatalogValue.jsonText(of: payload)
                == #"{"local_date":"2026-06-02","scheduled_for":"2026-06-02T00:15","time_zone":"America/New_York"}"#)
    }
}
