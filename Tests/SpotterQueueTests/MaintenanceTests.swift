import Foundation
import SpotterCatalog
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

@Suite("Cancel, retry, prune and the status snapshot")
struct MaintenanceTests {
    @Test(
        "cancel: available at once, running on request, finished and unknown ids refused",
        arguments: DatabaseBackend.allCases)
    func cancel(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let waiting = try await fixture.enqueue("noop", runAt: Date().addingTimeInterval(3_600))
            let running = try await fixture.enqueue("noop")
            _ = try await claim(fixture, owner: "A")
            let queue = fixture.queue
            #expect(try await fixture.session { try queue.cancel(jobID: waiting, in: $0) } == .cancelled)
            let cancelled = try await fixture.job(waiting)
            #expect(cancelled.state == "cancelled" && cancelled.finishedAt != nil)
            #expect(try await fixture.session { try queue.cancel(jobID: running, in: $0) } == .requested)
            #expect(try await fixture.job(running).cancelRequested)
            #expect(try await fixture.job(running).state == "running")
            let finished = await #expect(throws: QueueError.self) {
                try await fixture.session { try queue.cancel(jobID: waiting, in: $0) }
            }
            #expect(finished?.code == .wrongState)
            #expect(finished?.message.contains("already finished (cancelled)") == true)
            let missing = await #expect(throws: QueueError.self) {
                try await fixture.session { try queue.cancel(jobID: 999_999, in: $0) }
            }
            #expect(missing?.code == .notFound)
            #expect(missing?.message == "no job with id 999999")
            if backend == .postgres {
                let rows = try await fixture.session { session in
                    try session.query("SELECT spotter.cancel(999999) AS a, spotter.cancel($1) AS b", [.int(waiting)])
                }
                #expect(try rows[0].bool("a") == false)
                #expect(try rows[0].bool("b") == false)
                let fresh = try await fixture.enqueue("noop")
                let sql = try await fixture.session { try $0.query("SELECT spotter.cancel($1) AS c", [.int(fresh)]) }
                #expect(try sql[0].bool("c"))
                #expect(try await fixture.job(fresh).state == "cancelled")
            }
        }
    }

    @Test(
        "retry --dead revives every dead job with fresh attempts; retry by id takes cancelled too",
        arguments: DatabaseBackend.allCases)
    func retry(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<4).map { _ in EnqueueRequest(kind: "noop") })
            let jobs = try await claim(fixture, owner: "A", limit: 3)
            _ = try await ack(
                fixture, owner: "A",
                [
                    JobAck(jobs[0], outcome: .dead(error: "boom")),
                    JobAck(jobs[1], outcome: .dead(error: "boom")),
                    JobAck(jobs[2], outcome: .cancelled),
                ])
            let queue = fixture.queue
            let revived = try await fixture.session { try queue.retry(jobIDs: nil, in: $0) }
            #expect(revived == [jobs[0].id, jobs[1].id])
            let row = try await fixture.job(jobs[0].id)
            #expect(row.state == "available" && row.attempt == 0 && row.finishedAt == nil)
            #expect(row.lastError == "boom")  // kept for the record until the next attempt ends
            let byID = try await fixture.session { try queue.retry(jobIDs: [jobs[2].id, 999_999], in: $0) }
            #expect(byID == [jobs[2].id])
            #expect(try await fixture.states() == ["available": 4])
        }
    }

    @Test("retry refuses to revive a job whose unique key has a live job again", arguments: DatabaseBackend.allCases)
    func retryUniqueConflict(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let old = try await fixture.enqueue([EnqueueRequest(kind: "noop", uniqueKey: "k")])[0].id
            let claimed = try await claim(fixture, owner: "A")
            #expect(claimed.map(\.id) == [old])
            _ = try await ack(fixture, owner: "A", JobAck(claimed[0], outcome: .dead(error: "boom")))
            _ = try await fixture.enqueue([EnqueueRequest(kind: "noop", uniqueKey: "k")])
            let queue = fixture.queue
            let error = await #expect(throws: QueueError.self) {
                try await fixture.session { try queue.retry(jobIDs: [old], in: $0) }
            }
            #expect(error?.code == .wrongState)
            #expect(try await fixture.job(old).state == "dead")
        }
    }

    @Test(
        "prune deletes finished jobs past retention in bounded batches, never live ones",
        arguments: DatabaseBackend.allCases)
    func prune(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            // noop keeps succeeded jobs 24h (the default); an unknown kind uses the fallback.
            try await fixture.enqueue((0..<250).map { _ in EnqueueRequest(kind: "noop") })
            try await fixture.enqueue((0..<30).map { _ in EnqueueRequest(kind: "retired_kind") })
            try await fixture.enqueue((0..<20).map { _ in EnqueueRequest(kind: "sleep") })
            let queue = fixture.queue
            let old = Date().addingTimeInterval(-3 * 86_400)
            try await fixture.session { session in
                // 250 noop + 30 retired succeeded 3 days ago; 10 sleep dead 3 days ago (kept 30d);
                // 10 sleep still available.
                try session.execute(
                    "UPDATE spotter.jobs SET state = 'succeeded', finished_at = $1 WHERE kind IN ('noop', 'retired_kind')",
                    [.timestamp(old)])
                try session.execute(
                    """
                    UPDATE spotter.jobs SET state = 'dead', finished_at = $1
                    WHERE id IN (SELECT id FROM spotter.jobs WHERE kind = 'sleep' ORDER BY id LIMIT 10)
                    """, [.timestamp(old)])
            }
            var rounds: [Int] = []
            while true {
                let deleted = try await fixture.session {
                    try queue.pruneFinished(limit: 100, fallback: Retention.standard, in: $0)
                }
                if deleted == 0 { break }
                rounds.append(deleted)
                #expect(rounds.count < 10)
            }
            // At most `limit` rows per state and kind per call.
            #expect(rounds == [130, 100, 50])
            #expect(try await fixture.states() == ["dead": 10, "available": 10])
        }
    }

    @Test("status snapshot counts per kind and state, with the latest failures", arguments: DatabaseBackend.allCases)
    func snapshot(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<3).map { _ in EnqueueRequest(kind: "noop") })
            try await fixture.enqueue([EnqueueRequest(kind: "sleep")])
            let jobs = try await claim(fixture, owner: "A", limit: 2)
            _ = try await ack(
                fixture, owner: "A",
                [
                    JobAck(jobs[0], outcome: .succeeded(result: "{}")),
                    JobAck(jobs[1], outcome: .dead(error: "it broke")),
                ])
            let snapshot = try await fixture.session { try QueueSnapshot.read(in: $0) }
            let noop = try #require(snapshot.kinds.first { $0.kind == "noop" })
            #expect(noop.available == 1 && noop.succeeded == 1 && noop.dead == 1)
            #expect(noop.p50Seconds != nil)
            #expect(snapshot.kinds.first { $0.kind == "sleep" }?.available == 1)
            #expect(snapshot.total.available == 2)
            #expect(snapshot.failures.map(\.error) == ["it broke"])
        }
    }
}
