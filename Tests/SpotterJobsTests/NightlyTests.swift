import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterSeed
import SpotterTestSupport
import Testing

/// The nightly batch end to end: the per-zone schedule across workers and DST nights, a worker
/// killed mid-shard, and hostile text through every input.
@Suite("Nightly batch")
struct NightlyTests {
    /// Three schedulers ticking at once on three connections; returns the slots of `entry` they
    /// fired (the shipped schedule also prunes results daily at 03:30 UTC).
    static func tickConcurrently(
        _ database: TestDatabase, catalog: JobCatalog, at now: Date, entry: String = "nightly"
    ) async throws -> [FiredSlot] {
        try await tickAll(database, catalog: catalog, at: now).filter { $0.entry == entry }
    }

    private static func tickAll(_ database: TestDatabase, catalog: JobCatalog, at now: Date) async throws
        -> [FiredSlot]
    {
        try await withThrowingTaskGroup(of: [FiredSlot].self) { group in
            for _ in 0..<3 {
                group.addTask {
                    let connection = try await database.connect()
                    let scheduler = Scheduler(queue: JobQueue(catalog: catalog))
                    let fired = try await connection.withSession { session in
                        try scheduler.tick(now: now, zonesInUse: try Scheduler.zonesInUse(in: session), in: session)
                    }
                    await connection.close()
                    return fired
                }
            }
            var all: [FiredSlot] = []
            for try await fired in group { all += fired }
            return all
        }
    }

    static func pruneJobs(_ connection: DatabaseConnection) async throws -> [String] {
        try await connection.query(
            "SELECT unique_key FROM spotter.jobs WHERE kind = 'prune_results' ORDER BY unique_key"
        ).map { try $0.string("unique_key") }
    }

    static func nightlyJobs(_ connection: DatabaseConnection) async throws -> [String] {
        try await connection.query(
            "SELECT unique_key FROM spotter.jobs WHERE kind = 'nightly' ORDER BY unique_key"
        ).map { try $0.string("unique_key") }
    }

    @Test(
        "one zone's nightly runs once with three workers and catches up once after downtime",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func perZoneSchedule(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            try await harness.user(1, "Berlin A", zone: "Europe/Berlin")
            try await harness.user(2, "Berlin B", zone: "Europe/Berlin")
            try await harness.user(3, "Sao Paulo", zone: "America/Sao_Paulo")
            try await harness.user(4, "Gone", zone: "Asia/Tokyo", status: "deactivated")
            let database = try #require(harness.database)
            // First sight of the schedule: registers it, fires nothing from before it existed.
            #expect(
                try await Self.tickConcurrently(
                    database, catalog: harness.catalog, at: try instant("2026-11-21T22:00:00Z")
                ).isEmpty)
            // 00:20 in Berlin on the 22nd: its 00:15 slot fires once, whichever of the three got it.
            let fired = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2026-11-21T23:20:00Z"))
            #expect(fired.map(\.slot) == ["2026-11-22T00:15@Europe/Berlin"])
            #expect(
                try await Self.nightlyJobs(harness.connection) == ["schedule:nightly:2026-11-22T00:15@Europe/Berlin"])
            // Down for two days: each missed slot of each zone fires once; ticking again adds nothing.
            let caughtUp = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2026-11-23T23:20:00Z"))
            #expect(
                Set(caughtUp.map(\.slot)) == [
                    "2026-11-22T00:15@America/Sao_Paulo", "2026-11-23T00:15@America/Sao_Paulo",
                    "2026-11-23T00:15@Europe/Berlin", "2026-11-24T00:15@Europe/Berlin",
                ])
            #expect(caughtUp.count == 4)
            #expect(
                try await Self.pruneJobs(harness.connection) == [
                    "schedule:prune_results:2026-11-22T03:30@GMT", "schedule:prune_results:2026-11-23T03:30@GMT",
                ], "the daily prune fired once per UTC day, caught up too")
            #expect(
                try await Self.tickConcurrently(
                    database, catalog: harness.catalog, at: try instant("2026-11-23T23:21:00Z")
                ).isEmpty)
            #expect(try await Self.nightlyJobs(harness.connection).count == 5)
            // The deactivated user's zone never fires.
            #expect(try await Self.nightlyJobs(harness.connection).allSatisfy { !$0.contains("Tokyo") })
        }
    }

    @Test(
        "the fan-out gives a range's recommendation shards one claim group and every other shard none",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func recommendationShardsShareAClaimGroup(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            for id in 1...5 { try await harness.user(UserID(Int64(id)), "Member \(id)", zone: "Europe/Berlin") }
            let fanOut = try #require(harness.catalog.spec(for: "nightly")?.fanOut)
            let declarations = SpotterHandlers.declarations.filter { fanOut.contains($0.name) }
            let catalog = harness.catalog
            let requests = try await harness.connection.withSession { session in
                try NightlyPlan(catalog: catalog, fanOut: declarations).shardRequests(
                    zone: "Europe/Berlin", localDate: "2026-11-22", asOf: try instant("2026-11-21T23:15:00Z"),
                    in: session)
            }
            let recommendations: Set = [DailySuggestionHandler.name, ProgramRecommendationsHandler.name]
            #expect(Set(requests.map(\.kind)).isSuperset(of: recommendations))
            // Both kinds split by one shard size, so their shards are the same ranges.
            let size = try #require(catalog.spec(for: DailySuggestionHandler.name)?.shardSize)
            #expect(catalog.spec(for: ProgramRecommendationsHandler.name)?.shardSize == size)
            for request in requests {
                if recommendations.contains(request.kind) {
                    #expect(
                        request.claimGroup == "recommendation_inputs:Europe/Berlin:2026-11-22:users:\(size):0",
                        "\(request.kind)")
                } else {
                    #expect(request.claimGroup == nil, "\(request.kind)")
                }
            }
            // Enqueued, one claim of one job takes the range's other recommendation shard along.
            let queue = JobQueue(catalog: catalog)
            let claimed = try await harness.connection.withSession { session in
                _ = try queue.enqueue(requests.filter { recommendations.contains($0.kind) }, in: session)
                return try queue.claim(limit: 1, owner: "A", lease: .seconds(30), in: session)
            }
            #expect(Set(claimed.map(\.kind)) == recommendations)
        }
    }

    @Test(
        "a DST night whose 00:15 does not exist, and one whose hour repeats, each run exactly once",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func dstNights(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            // Sao Paulo moved its clocks at midnight: 2018-11-04 00:00 → 01:00 (00:15 never happened),
            // 2019-02-17 00:00 → 2019-02-16 23:00 (the 16th's last hour happened twice).
            try await harness.user(1, "Paulo", zone: "America/Sao_Paulo")
            let database = try #require(harness.database)
            _ = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2018-11-03T12:00:00Z"))
            let spring = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2018-11-04T12:00:00Z"))
            #expect(spring.count == 1, "\(spring)")
            #expect(spring.first?.slot.hasPrefix("2018-11-04T") == true)
            #expect(
                try await Self.tickConcurrently(
                    database, catalog: harness.catalog, at: try instant("2018-11-04T13:00:00Z")
                ).isEmpty)

            _ = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2019-02-15T12:00:00Z"))
            let fall = try await Self.tickConcurrently(
                database, catalog: harness.catalog, at: try instant("2019-02-17T12:00:00Z"))
            #expect(
                fall.map(\.slot).sorted() == [
                    "2019-02-16T00:15@America/Sao_Paulo", "2019-02-17T00:15@America/Sao_Paulo",
                ])
            #expect(
                try await Self.tickConcurrently(
                    database, catalog: harness.catalog, at: try instant("2019-02-17T13:00:00Z")
                ).isEmpty)
        }
    }

    @Test(
        "hostile text in payloads, unique keys, message bodies, names and zone names changes nothing it should not",
        arguments: [DatabaseBackend.postgres, .sqlite])
    func injection(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            let hostile = "x'); DROP TABLE spotter.users; DELETE FROM spotter.jobs; --"
            try await harness.user(1, "Coach \(hostile)", role: "trainer", zone: "Europe/Berlin")
            try await harness.user(
                2, "Client \"quoted\" \(hostile)", role: "client",
                zone: "Europe/Berlin'; DROP TABLE spotter.profile_stats; --")
            try await harness.user(3, "Member", zone: "Europe/Berlin")
            try await harness.link(trainer: 1, client: 2, since: "2026-10-01T00:00:00Z")
            try await harness.conversation(10, owner: 2, trainer: 1)
            try await harness.connection.execute(
                "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES (100, 10, 2, $1, $2)",
                [
                    .text("my knee hurts \(hostile) $1 $$ \\' ; SELECT pg_sleep(10)"),
                    .timestamp(try instant("2026-11-20T10:00:00Z")),
                ])
            let queue = JobQueue(catalog: harness.catalog)
            let results = try await harness.connection.withSession { session in
                try queue.enqueue(
                    [
                        EnqueueRequest(
                            kind: "noop", payload: #"{"note": "\#(hostile)", "$1": "$2"}"#, uniqueKey: hostile),
                        EnqueueRequest(kind: "noop", payload: "{}", uniqueKey: hostile),
                    ], in: session)
            }
            #expect(results.map(\.duplicate) == [false, true])
            #expect(results[0].id == results[1].id)
            // The whole nightly batch through the real queue, including the hostile zone.
            let batch = try await harness.connection.withSession { session in
                try NightlyBatch.plan(zone: nil, localDate: nil, asOf: try instant("2026-11-21T06:00:00Z"), in: session)
            }
            #expect(batch.zones.count == 2)
            try await harness.drain(batch: batch)
            for table in ["users", "jobs", "profile_stats", "messages", "trainer_clients"] {
                let rows = try await harness.connection.query("SELECT count(*) AS n FROM spotter.\(table)")
                #expect(try rows.first?.int("n") ?? 0 > 0, "\(table) still exists and has rows")
            }
            #expect(try await harness.connection.query("SELECT count(*) AS n FROM spotter.users").first?.int("n") == 3)
            let key = try await harness.connection.query(
                "SELECT unique_key FROM spotter.jobs WHERE id = $1", [.int(results[0].id)])
            #expect(try key.first?.string("unique_key") == hostile)
            let errors = try await harness.resultErrors("profile_stats")
            #expect(errors[2] == "invalid_time_zone")
            #expect(
                try await harness.connection.query("SELECT user_id FROM spotter.profile_stats ORDER BY user_id")
                    .map { try $0.int64("user_id") } == [1, 3])
        }
    }

    @Test("a worker SIGKILLed in the middle of a shard: the shard is rescued and the results equal an undisturbed run")
    func killedMidShard() async throws {
        let home = try TestHome.shortLease()
        defer { home.remove() }
        let catalog = try JobCatalog.load(directory: home.jobsDirectory)
        let asOf = try instant("2026-11-21T12:00:00Z")
        var snapshots: [String] = []
        for disturbed in [false, true] {
            let database = try await TestDatabase.makePostgres()
            defer { Task { await database.drop() } }
            let connection = try await database.connect()
            let migrator = try Migrator(directory: AnalyticsHarness.repository.appendingPathComponent("sql/postgres"))
            _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
            _ = try await Seeder.seed(
                into: connection, configuration: SeedConfiguration(users: 2_500, seed: 7, now: asOf),
                logger: TestDatabase.logger)
            let batch = try await connection.withSession { session in
                var batch = try NightlyBatch.plan(zone: "America/New_York", localDate: nil, asOf: asOf, in: session)
                _ = try batch.enqueue(queue: JobQueue(catalog: catalog), in: session)
                return batch
            }
            if disturbed {
                let worker = try SpotterCommand.launch(
                    [
                        "work", "--home", home.url.path, "--database", database.databaseArgument, "--no-scheduler",
                        "--concurrency", "1",
                    ])
                // Wait until a shard (not the fan-out) is running, then kill the worker outright.
                let deadline = ContinuousClock.now.advanced(by: .seconds(60))
                while ContinuousClock.now < deadline {
                    let running = try await connection.query(
                        "SELECT count(*) AS n FROM spotter.jobs WHERE state = 'running' AND kind <> 'nightly'")
                    if try running.first?.int("n") ?? 0 > 0 { break }
                    try await Task.sleep(for: .milliseconds(5))
                }
                kill(worker.processIdentifier, SIGKILL)
                worker.waitUntilExit()
                let stuck = try await connection.query("SELECT count(*) AS n FROM spotter.jobs WHERE state = 'running'")
                #expect(try stuck.first?.int("n") ?? 0 >= 1, "the kill left a shard running")
            }
            // Workers until nothing is left: expired leases are rescued and the shards rerun.
            try await drainUntilDone(connection: connection, database: database, catalog: catalog)
            let summary = try await connection.withSession { try batch.summary(in: $0) }
            #expect(summary.allSatisfy { $0.failedJobs == 0 && $0.unfinished == 0 }, "\(summary)")
            snapshots.append(try await resultSnapshot(connection))
            await connection.close()
        }
        #expect(snapshots[0].count > 1000)
        #expect(snapshots[0] == snapshots[1])
    }

    /// Every result row that the batch computed, minus when and by which job.
    func resultSnapshot(_ connection: DatabaseConnection) async throws -> String {
        var lines: [String] = []
        for (table, order) in [
            ("profile_stats", "user_id"), ("inactive_clients", "trainer_id, client_id"),
            ("daily_suggestions", "user_id, local_date"), ("program_recommendations", "user_id, rank"),
            ("result_errors", "kind, subject_id"),
        ] {
            for row in try await connection.query("SELECT * FROM spotter.\(table) ORDER BY \(order)") {
                let values = zip(row.columnNames, row.values)
                    .filter { !["computed_at", "job_id", "recorded_at"].contains($0.0) }
                    .map { "\($0.0)=\($0.1)" }
                lines.append(table + " " + values.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n")
    }

    func drainUntilDone(connection: DatabaseConnection, database: TestDatabase, catalog: JobCatalog) async throws {
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while ContinuousClock.now < deadline {
            let worker = Worker(
                configuration: WorkerConfiguration(
                    database: database.configuration, catalog: catalog, concurrency: 2, untilEmpty: true),
                catalog: catalog, registry: SpotterHandlers.registry(), logger: TestDatabase.logger)
            try await worker.run()
            let live = try await connection.query(
                "SELECT count(*) AS n FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')")
            if try live.first?.int("n") == 0 { return }
            try await Task.sleep(for: .milliseconds(300))
        }
        Issue.record("jobs still live after 120 s")
    }
}

extension AnalyticsHarness {
    /// Runs the batch's nightly jobs and every shard they fan out to, in-process, until drained.
    func drain(batch: NightlyBatch) async throws {
        try await batch.drain(on: connection, catalog: catalog)
    }
}

extension NightlyBatch {
    /// Enqueues the batch's nightly jobs and runs them and every shard they fan out to, in-process
    /// (two slots, as `spotter run nightly`), until drained.
    func drain(on connection: DatabaseConnection, catalog: JobCatalog) async throws {
        try await connection.withSession { session in
            var batch = self
            _ = try batch.enqueue(queue: JobQueue(catalog: catalog), in: session)
        }
        let worker = Worker(
            configuration: WorkerConfiguration(
                database: connection.configuration, catalog: catalog, concurrency: 2, untilEmpty: true),
            catalog: catalog, registry: SpotterHandlers.registry(), logger: TestDatabase.logger)
        try await worker.run()
    }
}

extension TestHome {
    /// The shipped jobs/ with a short lease, heartbeat and poll interval, for crash tests.
    static func shortLease() throws -> TestHome {
        let shipped = TestRepository.root.appendingPathComponent("jobs")
        var kinds = try String(contentsOf: shipped.appendingPathComponent("kinds.yaml"), encoding: .utf8)
        for (from, to) in [
            ("lease: 30s", "lease: 2s"), ("heartbeat: 10s", "heartbeat: 500ms"),
            ("poll_interval: 1s", "poll_interval: 100ms"),
        ] {
            kinds = kinds.replacingOccurrences(of: from, with: to)
        }
        let schedule = try String(contentsOf: shipped.appendingPathComponent("schedule.yaml"), encoding: .utf8)
        return try TestHome(kinds: kinds, schedule: schedule)
    }
}
