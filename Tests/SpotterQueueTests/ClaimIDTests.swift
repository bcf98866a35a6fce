import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

@testable import SpotterQueue

/// Every claim writes a fresh claim id, and everything a worker does for a job names it. After an
/// asynchronous failover the promoted standby may never have seen a claim: the same worker can
/// then claim the same job again with the same attempt number, and owner + attempt alone let the
/// first run's late acknowledgement finish the second claim, whose run had not done its work.
@Suite("Claim ids: a lost claim's late writes never touch the job's next claim")
struct ClaimIDTests {
    /// Puts job `id` back as the promoted standby has it when the claim never replicated:
    /// `available`, attempt 0, no lease, no start.
    static func forgetClaim(_ fixture: QueueFixture, _ id: Int64) async throws {
        let changed = try await fixture.session { session in
            try session.execute(
                """
                UPDATE spotter.jobs SET state = 'available', attempt = 0, lease_owner = NULL, lease_expires_at = NULL,
                       attempted_by = NULL, started_at = NULL, claim_id = NULL
                WHERE id = \(bind: id)
                """)
        }
        guard changed == 1 else { throw TestDatabaseError("job \(id) not found") }
    }

    @Test(
        "the same worker claims the same job again with the same attempt: the lost claim's ack, start, heartbeat and completion are refused",
        arguments: DatabaseBackend.allCases)
    func lostClaimsLateWrites(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let queue = fixture.queue
            let lost = try #require(try await claim(fixture, owner: "W").first)
            try await Self.forgetClaim(fixture, id)
            // Claimed ahead this time, so that the lost claim's start has something to write.
            let current = try #require(
                try await fixture.session { session in
                    try queue.claim(limit: 1, startingNow: 0, owner: "W", lease: .seconds(30), in: session)
                }.first)
            #expect(current.id == id && current.attempt == lost.attempt && current.attempt == 1)
            #expect(current.claimID != lost.claimID)

            // The lost run's acknowledgement, alone and with a claim, for every outcome: refused.
            for outcome in [
                JobOutcome.succeeded(result: "{}"), .retry(error: "late", delay: .zero), .dead(error: "late"),
                .cancelled, .handBack, .snooze(reason: "late", delay: .zero),
            ] {
                #expect(try await ack(fixture, owner: "W", JobAck(lost, outcome: outcome)).isEmpty, "\(outcome)")
            }
            let claimedWithAck = try await fixture.session { session in
                try queue.claim(
                    limit: 1, owner: "W", lease: .seconds(30),
                    acknowledging: [JobAck(lost, outcome: .succeeded(result: "{}"))], in: session)
            }
            #expect(claimedWithAck.isEmpty)
            // Its start, its heartbeat and its completion in a transaction: refused too.
            _ = try await fixture.session { session in
                try queue.acknowledge([], starts: [lost.lease], owner: "W", in: session)
            }
            let beat = try await fixture.session { session in
                try queue.heartbeat([lost.lease], owner: "W", lease: .seconds(600), in: session)
            }
            #expect(beat.held.isEmpty)
            let completion = await #expect(throws: QueueError.self) {
                try await fixture.session { session in
                    try session.withTransaction {
                        try JobQueue.complete(
                            id: lost.id, attempt: lost.attempt, claimID: lost.claimID, owner: "W",
                            result: .empty, in: session)
                    }
                }
            }
            #expect(completion?.code == .leaseLost)

            // The job still runs under the current claim, unstarted, its lease untouched.
            let row = try await fixture.job(id)
            #expect(row.state == "running" && row.attempt == 1 && row.leaseOwner == "W", "\(row)")
            #expect(row.startedAt == nil && row.finishedAt == nil && row.lastError == nil, "\(row)")
            let leaseEnds = try await fixture.session { session in
                try session.query("SELECT lease_expires_at FROM spotter.jobs WHERE id = \(bind: id)").first?.date(
                    "lease_expires_at")
            }
            #expect(leaseEnds.map { $0 < Date().addingTimeInterval(60) } == true, "the lost claim's heartbeat held it")

            // The current claim's own writes all land.
            let held = try await fixture.session { session in
                try queue.heartbeat([current.lease], owner: "W", lease: .seconds(30), in: session)
            }
            #expect(held.held == [id])
            _ = try await fixture.session { session in
                try queue.acknowledge([], starts: [current.lease], owner: "W", in: session)
            }
            #expect(try await fixture.job(id).startedAt != nil)
            #expect(try await ack(fixture, owner: "W", JobAck(current, outcome: .succeeded(result: "{}"))) == [id])
            #expect(try await fixture.job(id).state == "succeeded")
        }
    }

    @Test(
        "the lost claim's completion in its handler's transaction cannot finish the next claim",
        arguments: DatabaseBackend.allCases)
    func lostClaimsCompletion(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let lost = try #require(try await claim(fixture, owner: "W").first)
            try await Self.forgetClaim(fixture, id)
            let current = try #require(try await claim(fixture, owner: "W").first)
            #expect(current.attempt == lost.attempt)
            // The lost run completes with its writes; the current one then completes with its own.
            await #expect(throws: QueueError.self) {
                try await fixture.session { session in
                    try session.withTransaction {
                        try JobQueue.complete(
                            id: id, attempt: lost.attempt, claimID: lost.claimID, owner: "W", result: .empty,
                            in: session)
                    }
                }
            }
            #expect(try await fixture.job(id).state == "running")
            try await fixture.session { session in
                try session.withTransaction {
                    try JobQueue.complete(
                        id: id, attempt: current.attempt, claimID: current.claimID, owner: "W", result: .empty,
                        in: session)
                }
            }
            #expect(try await fixture.job(id).state == "succeeded")
        }
    }

    @Test(
        "a job claimed before migration 033 (no claim id) is rescued and claimed with one",
        arguments: DatabaseBackend.allCases)
    func runningAcrossTheMigration(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let queue = fixture.queue
            // As an older worker left it: running, its lease run out, no claim id.
            _ = try await claim(fixture, owner: "old")
            _ = try await fixture.session { session in
                try session.execute("UPDATE spotter.jobs SET claim_id = NULL WHERE id = \(bind: id)")
            }
            try await expireLease(fixture, id)
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) } == [id])
            let job = try #require(try await claim(fixture, owner: "new").first)
            #expect(job.id == id && job.attempt == 2)
            let stored = try await fixture.session { session in
                try session.query("SELECT CAST(claim_id AS TEXT) AS claim_id FROM spotter.jobs WHERE id = \(bind: id)")
                    .first?.optionalString("claim_id")
            }
            #expect(stored == job.claimID.uuidString.lowercased())
            #expect(try await ack(fixture, owner: "new", JobAck(job, outcome: .succeeded(result: "{}"))) == [id])
        }
    }

    @Test(
        "a claim whose reply was lost gives its jobs back by its id: attempt returned, no start, no history; nothing else moves",
        arguments: DatabaseBackend.allCases)
    func lostClaimGivesBack(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<6).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            let queue = fixture.queue
            // "w" sent a claim and never heard back (it committed): it knows only the claim's id.
            let lostID = UUID()
            let (lost, kept) = try await fixture.session { session in
                (
                    try queue.claim(
                        limit: 3, startingNow: 2, owner: "w", lease: .seconds(300), claimID: lostID, in: session),
                    try queue.claim(limit: 2, owner: "w", lease: .seconds(300), in: session)
                )
            }
            #expect(lost.count == 3 && lost.allSatisfy { $0.claimID == lostID })
            // A cancel requested meanwhile is honoured rather than run.
            let cancelled = lost[2].id
            _ = try await fixture.session { session in try queue.cancel(jobID: cancelled, in: session) }
            // Another owner cannot give back w's claim.
            let foreign = try await fixture.session { session in
                try queue.releaseLostClaims([lostID], owner: "x", in: session)
            }
            #expect(foreign.isEmpty)
            let given = try await fixture.session { session in
                try queue.releaseLostClaims([lostID, UUID()], owner: "w", in: session)
            }
            #expect(given == lost.map(\.id).sorted())
            for job in lost[..<2] {
                let row = try await fixture.job(job.id)
                #expect(
                    row.state == "available" && row.attempt == 0 && row.leaseOwner == nil && row.startedAt == nil,
                    "\(row)")
            }
            #expect(try await fixture.job(cancelled).state == "cancelled")
            for job in kept {
                let row = try await fixture.job(job.id)
                #expect(row.state == "running" && row.attempt == 1 && row.leaseOwner == "w", "\(row)")
            }
            // Given back twice gives nothing; claimed again, the jobs have no attempt in their history.
            let twice = try await fixture.session { session in
                try queue.releaseLostClaims([lostID], owner: "w", in: session)
            }
            #expect(twice.isEmpty)
            let again = try await fixture.session { session in
                try queue.claim(limit: 10, owner: "next", lease: .seconds(300), in: session)
            }
            let back = lost[..<2].map(\.id)
            // The two given back and the one job nobody had claimed.
            #expect(again.count == 3 && Set(back).isSubset(of: again.map(\.id)))
            #expect(again.filter { back.contains($0.id) }.allSatisfy { $0.attempt == 1 && !$0.claimedAhead })
            let ids = back.map(String.init).joined(separator: ",")
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts WHERE job_id IN (\(ids))") == 0)
        }
    }
}
