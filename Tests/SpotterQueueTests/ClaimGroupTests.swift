import Dispatch
import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

/// Jobs of one claim group are claimed by one worker together (``EnqueueRequest/claimGroup``):
/// the two recommendation kinds of a nightly shard then share one read of its inputs.
@Suite("Claim groups")
struct ClaimGroupTests {
    @Test(
        "a claim takes its jobs' group mates beyond its limit, started; only runnable ones of its queues and kinds",
        arguments: DatabaseBackend.allCases)
    func groupMatesComeAlong(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let later = Date().addingTimeInterval(3600)
            let ids = try await fixture.enqueue([
                EnqueueRequest(kind: "noop", claimGroup: "g"),  // first in line
                EnqueueRequest(kind: "noop"),  // next in line, no group
                EnqueueRequest(kind: "probe", claimGroup: "g"),  // the first one's mate
                EnqueueRequest(kind: "noop", runAt: later, claimGroup: "g"),  // a mate not runnable yet
                EnqueueRequest(kind: "noop", queue: "paused", claimGroup: "g"),  // a mate in a paused queue
                EnqueueRequest(kind: "sleep", claimGroup: "g"),  // a mate of a kind the claimer leaves out
                EnqueueRequest(kind: "noop", claimGroup: "h"),
            ]).map(\.id)
            _ = try await fixture.session {
                try $0.execute("INSERT INTO spotter.queue_pauses (queue) VALUES ('paused')")
            }
            let queue = fixture.queue
            let filter = ClaimFilter(excludedKinds: ["sleep"])
            func claim(_ owner: String, limit: Int, startingNow: Int? = nil) async throws -> [Job] {
                try await fixture.session {
                    try queue.claim(
                        limit: limit, startingNow: startingNow, owner: owner, lease: .seconds(30), filter: filter,
                        in: $0)
                }
            }
            // One slot free and one claimed: the group mate comes along and starts too.
            let first = try await claim("A", limit: 1, startingNow: 0)
            #expect(first.map(\.id) == [ids[0], ids[2]])
            #expect(first.allSatisfy { $0.claimID == first[0].claimID })
            #expect(first.map(\.claimedAhead) == [true, false], "the mate starts even when no slot is free")
            let second = try await claim("B", limit: 1)
            #expect(second.map(\.id) == [ids[1]])
            let third = try await claim("B", limit: 5)
            #expect(third.map(\.id) == [ids[6]])
            #expect(try await claim("C", limit: 5).isEmpty)
            for (index, state) in [(3, "available"), (4, "available"), (5, "available")] {
                #expect(try await fixture.job(ids[index]).state == state)
            }
            let owners = try await fixture.session { session in
                try session.query("SELECT id, lease_owner FROM spotter.jobs WHERE state = 'running' ORDER BY id").map {
                    "\(try $0.int64("id")):\(try $0.optionalString("lease_owner") ?? "-")"
                }
            }
            #expect(owners == ["\(ids[0]):A", "\(ids[1]):B", "\(ids[2]):A", "\(ids[6]):B"])
        }
    }

    @Test("a group mate another transaction has locked is skipped, not waited for (PostgreSQL)")
    func lockedMateIsSkipped() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let ids = try await fixture.enqueue([
                EnqueueRequest(kind: "noop", claimGroup: "g"), EnqueueRequest(kind: "noop", claimGroup: "g"),
            ]).map(\.id)
            let queue = fixture.queue
            // Another claimer's statement holds the mate (as its own `next`) while this claim runs:
            // the holder's transaction stays open on its connection's thread until the claim is done.
            let locked = Mutex(false)
            let claimDone = DispatchSemaphore(value: 0)
            async let holding: Void = fixture.withConnection { holder in
                try await holder.withSession { session in
                    try session.withTransaction(immediate: false) {
                        _ = try session.query("SELECT id FROM spotter.jobs WHERE id = $1 FOR UPDATE", [.int(ids[1])])
                        locked.withLock { $0 = true }
                        _ = claimDone.wait(timeout: .now() + 30)
                    }
                }
            }
            while !locked.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
            let taken: [Job]
            do {
                taken = try await fixture.session { session in
                    try session.execute("SET lock_timeout = '5s'")
                    return try queue.claim(limit: 1, owner: "A", lease: .seconds(30), in: session)
                }
            } catch {
                claimDone.signal()
                try await holding
                throw error
            }
            claimDone.signal()
            try await holding
            #expect(taken.map(\.id) == [ids[0]])
            #expect(try await fixture.job(ids[1]).state == "available")
            #expect(try await claim(fixture, owner: "B", limit: 5).map(\.id) == [ids[1]])
        }
    }

    @Test("a claim group must be 1 to 500 characters", arguments: DatabaseBackend.allCases)
    func claimGroupLength(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            for group in ["", String(repeating: "g", count: 501)] {
                await #expect {
                    try await fixture.enqueue([EnqueueRequest(kind: "noop", claimGroup: group)])
                } throws: { error in
                    (error as? QueueError)?.description.contains("claim group must be 1 to 500 characters") == true
                }
            }
            let states = try await fixture.states()
            #expect(states.isEmpty, "nothing was enqueued")
        }
    }

    @Test(
        "a worker with one slot runs a group side by side, then the next job alone",
        arguments: DatabaseBackend.allCases)
    func workerRunsGroupSideBySide(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let slow = "{\"sleep_ms\": 400}"
            let ids = try await fixture.enqueue([
                EnqueueRequest(kind: "probe", payload: slow, claimGroup: "g"),
                EnqueueRequest(kind: "probe"),
                EnqueueRequest(kind: "probe", payload: slow, claimGroup: "g"),
            ]).map(\.id)
            let worker = Worker(
                configuration: fixture.workerConfiguration(concurrency: 1, untilEmpty: true), catalog: fixture.catalog,
                registry: QueueFixture.registry, logger: fixture.logger)
            try await worker.run()
            #expect(try await fixture.states() == ["succeeded": 3])
            let (first, single, mate) = (
                try await fixture.job(ids[0]), try await fixture.job(ids[1]), try await fixture.job(ids[2])
            )
            let started = try #require(mate.startedAt)
            let firstFinished = try #require(first.finishedAt)
            #expect(started < firstFinished, "the mate ran beside the first job, beyond the one slot")
            let singleStarted = try #require(single.startedAt)
            #expect(
                singleStarted >= max(firstFinished, try #require(mate.finishedAt)).addingTimeInterval(-0.01),
                "the next job waited for both: the slot beyond the worker's concurrency ended with its job")
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 3)
        }
    }
}
