import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The nightly fan-out completes its job in the transaction that enqueues the zone's shards, and
/// `checkin_trends` in the one that writes its rows, as the other result-writing kinds do: with a
/// batched acknowledgement instead, an acknowledgement retried on a promoted asynchronous standby
/// could record the job done while what it wrote was lost with the old primary's tail, and the
/// zone's night (or the shard's trends) would never be written (docs/replication.md).
@Suite("The nightly fan-out and check-in trends complete their job with their writes")
struct NightlyCompletionTests {
    /// The context a worker named "W" builds for `job`, which it claimed.
    static func workerContext(_ job: Job, _ harness: RecommendationHarness) throws -> JobContext {
        JobContext(
            job: job, spec: try #require(harness.catalog.spec(for: job.kind)), catalog: harness.catalog,
            database: harness.connection, logger: TestDatabase.logger, workerID: "W")
    }

    @Test(
        "claimed by a worker: succeeded with the shards; under a lost claim nothing is enqueued",
        arguments: DatabaseBackend.allCases)
    func fanOutCompletesItsJob(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(1)
            try await harness.user(2)
            let queue = JobQueue(catalog: harness.catalog)
            let handler = NightlyHandler(kinds: SpotterHandlers.declarations)
            func fanOut(localDate: String) async throws -> Job {
                try await harness.connection.withSession { session in
                    var batch = try NightlyBatch.plan(
                        zone: "UTC", localDate: localDate, asOf: RecommendationHarness.instant(daysAgo: 0), in: session)
                    _ = try batch.enqueue(queue: queue, in: session)
                    return try #require(try queue.claim(limit: 1, owner: "W", lease: .seconds(30), in: session).first)
                }
            }
            func count(_ sql: SQLQuery) async throws -> Int {
                try await harness.connection.withSession { try $0.query(sql).first?.int(at: 0) ?? -1 }
            }

            let job = try await fanOut(localDate: "2026-11-21")
            #expect(job.kind == NightlyHandler.name)
            let running = try Self.workerContext(job, harness)
            let result = try await handler.run(running)
            #expect(running.completedInTransaction)
            #expect(
                try await count("SELECT count(*) FROM spotter.jobs WHERE id = \(bind: job.id) AND state = 'succeeded'")
                    == 1)
            let shards = try #require(result.counts["shards"])
            #expect(shards > 0)
            #expect(
                try await count("SELECT count(*) FROM spotter.nightly_shards WHERE nightly_id = \(bind: job.id)")
                    == shards)

            // The claim is lost before the run commits (rescued and claimed by another worker):
            // completing throws, and the fan-out rolls back with it.
            let lost = try await fanOut(localDate: "2026-11-22")
            let before = try await count("SELECT count(*) FROM spotter.jobs")
            try await harness.connection.withSession { session in
                _ = try session.execute(
                    "UPDATE spotter.jobs SET lease_expires_at = \(timestamp: Date().addingTimeInterval(-60)) WHERE id = \(bind: lost.id)"
                )
                #expect(try queue.rescueExpiredLeases(in: session) == [lost.id])
                #expect(try queue.claim(limit: 1, owner: "B", lease: .seconds(30), in: session).first?.id == lost.id)
            }
            let error = await #expect(throws: QueueError.self) {
                try await handler.run(try Self.workerContext(lost, harness))
            }
            #expect(error?.code == .leaseLost)
            #expect(try await count("SELECT count(*) FROM spotter.jobs") == before)
            #expect(
                try await count("SELECT count(*) FROM spotter.nightly_shards WHERE nightly_id = \(bind: lost.id)") == 0)
        }
    }

    @Test("checkin_trends claimed by a worker: succeeded with its rows' commit", arguments: DatabaseBackend.allCases)
    func checkInTrendsCompleteTheirJob(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(1)
            let queue = JobQueue(catalog: harness.catalog)
            let job = try await harness.connection.withSession { session in
                _ = try queue.enqueue(
                    [
                        EnqueueRequest(
                            kind: CheckInTrendsHandler.name,
                            payload: #"{"user_id": 1, "as_of": "2026-11-21T12:00:00Z"}"#)
                    ],
                    in: session)
                return try #require(try queue.claim(limit: 1, owner: "W", lease: .seconds(30), in: session).first)
            }
            let context = try Self.workerContext(job, harness)
            let result = try await CheckInTrendsHandler().run(context)
            #expect(context.completedInTransaction)
            #expect(result.counts["users"] == 1)
            let states = try await harness.connection.query(
                "SELECT state FROM spotter.jobs WHERE id = $1", [.int(job.id)])
            #expect(try states.first?.string("state") == "succeeded")
            let rows = try await harness.connection.query("SELECT count(*) AS n FROM spotter.checkin_trends")
            #expect(try rows.first?.int("n") == 1)
        }
    }
}
