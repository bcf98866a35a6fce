import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

@Suite("Claim, acknowledge, heartbeat and rescue at the JobQueue level")
struct ClaimAckTests {
    @Test("concurrent claimers never get the same job", arguments: DatabaseBackend.allCases)
    func claimersDoNotOverlap(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<600).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            let queue = fixture.queue
            let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
                for claimer in 0..<4 {
                    group.addTask {
                        try await fixture.withConnection { connection in
                            var ids: [Int64] = []
                            while true {
                                let jobs = try await connection.withSession { session in
                                    try queue.claim(
                                        limit: 25, owner: "claimer-\(claimer)", lease: .seconds(30), in: session)
                                }
                                if jobs.isEmpty { return ids }
                                ids += jobs.map(\.id)
                            }
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let all = claimed.flatMap { $0 }
            #expect(all.count == 600)
            #expect(Set(all).count == 600)
            #expect(try await fixture.states() == ["running": 600])
            #expect(
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE attempt = 1 AND lease_owner IS NOT NULL") == 600)
        }
    }

    @Test("a late ack after a rescue completes the job; nobody claims it again", arguments: DatabaseBackend.allCases)
    func lateAckAfterRescue(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let queue = fixture.queue
            let job = try #require(try await claim(fixture, owner: "A").first)
            #expect(job.id == id && job.attempt == 1)
            try await expireLease(fixture, id)
            let rescued = try await fixture.session { try queue.rescueExpiredLeases(in: $0) }
            #expect(rescued == [id])
            let afterRescue = try await fixture.job(id)
            #expect(afterRescue.state == "retryable")
            #expect(afterRescue.lastError?.contains("lease expired") == true)
            // A's heartbeat now reports the job lost, so A's handler would be stopped...
            let beat = try await fixture.session {
                try queue.heartbeat([job.lease], owner: "A", lease: .seconds(30), in: $0)
            }
            #expect(beat.held.isEmpty)
            // ...but A's ack was already on its way: it lands and completes the job.
            let acked = try await ack(fixture, owner: "A", JobAck(job, outcome: .succeeded(result: "{\"n\": 1}")))
            #expect(acked == [id])
            let done = try await fixture.job(id)
            #expect(done.state == "succeeded")
            #expect(done.result?.contains("\"n\"") == true)
            #expect(done.finishedAt != nil && done.leaseOwner == nil)
            #expect(try await claim(fixture, owner: "B").isEmpty)
            // A duplicate of the same ack (resent after a lost connection) changes nothing.
            #expect(try await ack(fixture, owner: "A", JobAck(job, outcome: .dead(error: "x"))).isEmpty)
            #expect(try await fixture.job(id).state == "succeeded")
        }
    }

    @Test("rescued and claimed again by B: A's late ack changes nothing", arguments: DatabaseBackend.allCases)
    func lateAckAfterReclaim(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let queue = fixture.queue
            let first = try #require(try await claim(fixture, owner: "A").first)
            try await expireLease(fixture, id)
            _ = try await fixture.session { try queue.rescueExpiredLeases(in: $0) }
            let reclaimed = try #require(try await claim(fixture, owner: "B").first)
            #expect(reclaimed.id == id && reclaimed.attempt == 2)
            for outcome in [
                JobOutcome.succeeded(result: "{}"), .dead(error: "late"), .handBack, .cancelled,
                .retry(error: "late", delay: .zero),
            ] {
                #expect(try await ack(fixture, owner: "A", JobAck(first, outcome: outcome)).isEmpty)
                // Even with B's attempt number and claim, A is not the owner.
                #expect(try await ack(fixture, owner: "A", JobAck(reclaimed, outcome: outcome)).isEmpty)
            }
            let running = try await fixture.job(id)
            #expect(running.state == "running" && running.attempt == 2)
            #expect(running.leaseOwner == "B")
            let beat = try await fixture.session {
                try queue.heartbeat([reclaimed.lease], owner: "B", lease: .seconds(30), in: $0)
            }
            #expect(beat.held == [id])
            #expect(try await ack(fixture, owner: "B", JobAck(reclaimed, outcome: .succeeded(result: "{}"))) == [id])
            #expect(try await fixture.job(id).state == "succeeded")
        }
    }

    @Test(
        "a rescue that used the last attempt is undone by the finished job's late ack",
        arguments: DatabaseBackend.allCases)
    func lateAckAfterRescueToDead(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue([EnqueueRequest(kind: "noop", maxAttempts: 1)])[0].id
            let queue = fixture.queue
            let claimed = try #require(try await claim(fixture, owner: "A").first)
            try await expireLease(fixture, id)
            _ = try await fixture.session { try queue.rescueExpiredLeases(in: $0) }
            #expect(try await fixture.job(id).state == "dead")
            #expect(try await ack(fixture, owner: "A", JobAck(claimed, outcome: .succeeded(result: "{}"))) == [id])
            let job = try await fixture.job(id)
            #expect(job.state == "succeeded" && job.leaseOwner == nil)
            // The same ack resent (after a lost connection) changes nothing.
            #expect(try await ack(fixture, owner: "A", JobAck(claimed, outcome: .dead(error: "x"))).isEmpty)
        }
    }

    @Test("acks of every outcome in one batch; stale attempts are ignored", arguments: DatabaseBackend.allCases)
    func batchAcks(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<6).map { _ in EnqueueRequest(kind: "noop") })
            let jobs = try await claim(fixture, owner: "A", limit: 6)
            #expect(jobs.count == 6)
            let outcomes: [JobOutcome] = [
                .succeeded(result: "{\"rows\": 3, \"note\": \"quote \\\" and backslash \\\\\"}"),
                .retry(error: "busy, \"quoted\" {braces}", delay: .seconds(60)),
                .dead(error: "bad payload"), .cancelled, .handBack, .succeeded(result: "{}"),
            ]
            var acks = zip(jobs, outcomes).map { JobAck($0, outcome: $1) }
            // A wrong attempt, and the right attempt under another claim.
            acks.append(JobAck(id: jobs[5].id, attempt: 7, claimID: jobs[5].claimID, outcome: .dead(error: "stale")))
            acks.append(JobAck(id: jobs[0].id, attempt: 1, claimID: UUID(), outcome: .dead(error: "other claim")))
            let acked = try await ack(fixture, owner: "A", acks)
            #expect(acked == Set(jobs.map(\.id)))
            let rows = try await withThrowingTaskGroup(of: JobRow.self) { group in
                for job in jobs { group.addTask { try await fixture.job(job.id) } }
                return try await group.reduce(into: [Int64: JobRow]()) { $0[$1.id] = $1 }
            }
            let row = { (index: Int) in rows[jobs[index].id]! }
            #expect(row(0).state == "succeeded" && row(0).result?.contains("backslash") == true)
            #expect(row(1).state == "retryable" && row(1).lastError == "busy, \"quoted\" {braces}")
            #expect(row(1).runAt > Date().addingTimeInterval(50))
            // finished_at is when the attempt ended; run_at is that plus the backoff, exactly.
            #expect(abs(row(1).runAt.timeIntervalSince(try #require(row(1).finishedAt)) - 60) < 0.002)
            #expect(row(2).state == "dead" && row(2).lastError == "bad payload" && row(2).finishedAt != nil)
            #expect(row(3).state == "cancelled")
            #expect(row(4).state == "available" && row(4).attempt == 0 && row(4).leaseOwner == nil)
            #expect(row(5).state == "succeeded")
            // The retryable job is not claimable before its run_at; the handed-back one is, at once.
            #expect(try await claim(fixture, owner: "B", limit: 10).map(\.id) == [jobs[4].id])
        }
    }

    @Test("heartbeat extends held leases and reports cancel requests", arguments: DatabaseBackend.allCases)
    func heartbeat(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue([EnqueueRequest(kind: "noop"), EnqueueRequest(kind: "noop")])
            let jobs = try await claim(fixture, owner: "A", limit: 2, lease: .seconds(1))
            let queue = fixture.queue
            let cancel = try await fixture.session { try queue.cancel(jobID: jobs[1].id, in: $0) }
            #expect(cancel == .requested)
            let beat = try await fixture.session {
                try queue.heartbeat(jobs.map(\.lease), owner: "A", lease: .seconds(120), in: $0)
            }
            #expect(beat.held == Set(jobs.map(\.id)))
            // The same jobs under another claim are not held.
            let unclaimed = try await fixture.session {
                try queue.heartbeat(
                    jobs.map { JobLease(id: $0.id, claimID: UUID()) }, owner: "A", lease: .seconds(1), in: $0)
            }
            #expect(unclaimed.held.isEmpty)
            #expect(beat.cancelRequested == [jobs[1].id])
            try await Task.sleep(for: .milliseconds(1_100))
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) }.isEmpty)
            let other = try await fixture.session {
                try queue.heartbeat(jobs.map(\.lease), owner: "B", lease: .seconds(1), in: $0)
            }
            #expect(other.held.isEmpty)
        }
    }

    @Test(
        "a running job whose cancel was requested and whose worker died is rescued as cancelled",
        arguments: DatabaseBackend.allCases)
    func rescueCancelRequested(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let claimed = try #require(try await claim(fixture, owner: "A").first)
            let queue = fixture.queue
            #expect(try await fixture.session { try queue.cancel(jobID: id, in: $0) } == .requested)
            try await expireLease(fixture, id)
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) } == [id])
            let job = try await fixture.job(id)
            #expect(job.state == "cancelled" && job.finishedAt != nil)
            #expect(try await claim(fixture, owner: "B").isEmpty)
            // Cancelled is final: the dead worker's late ack does not resurrect it.
            #expect(try await ack(fixture, owner: "A", JobAck(claimed, outcome: .succeeded(result: "{}"))).isEmpty)
        }
    }

    @Test("rescue works in bounded batches and kills jobs out of attempts", arguments: DatabaseBackend.allCases)
    func rescueBatches(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<25).map { EnqueueRequest(kind: "noop", maxAttempts: $0 < 5 ? 1 : 3) })
            _ = try await claim(fixture, owner: "A", limit: 25)
            _ = try await fixture.session { session in
                try session.execute(
                    "UPDATE spotter.jobs SET lease_expires_at = $1", [.timestamp(Date().addingTimeInterval(-5))])
            }
            let queue = fixture.queue
            let first = try await fixture.session { try queue.rescueExpiredLeases(limit: 10, in: $0) }
            let second = try await fixture.session { try queue.rescueExpiredLeases(limit: 10, in: $0) }
            let third = try await fixture.session { try queue.rescueExpiredLeases(limit: 10, in: $0) }
            let counts = [first.count, second.count, third.count]
            #expect(counts == [10, 10, 5])
            #expect(Set(first + second + third).count == 25)
            #expect(try await fixture.states() == ["dead": 5, "retryable": 20])
            #expect(try await claim(fixture, owner: "B", limit: 50).count == 20)
        }
    }
}

/// Claims as `owner`.
func claim(
    _ fixture: QueueFixture, owner: String, limit: Int = 1, lease: Duration = .seconds(30)
) async throws -> [Job] {
    let queue = fixture.queue
    return try await fixture.session { try queue.claim(limit: limit, owner: owner, lease: lease, in: $0) }
}

/// Acknowledges as `owner`; returns the ids updated.
func ack(_ fixture: QueueFixture, owner: String, _ acks: JobAck...) async throws -> Set<Int64> {
    try await ack(fixture, owner: owner, acks)
}

/// Acknowledges as `owner`; returns the ids updated.
func ack(_ fixture: QueueFixture, owner: String, _ acks: [JobAck]) async throws -> Set<Int64> {
    let queue = fixture.queue
    return try await fixture.session { try queue.acknowledge(acks, owner: owner, in: $0) }
}

/// Moves a running job's lease into the past, as if its worker stopped heartbeating long ago.
func expireLease(_ fixture: QueueFixture, _ id: Int64) async throws {
    let changed = try await fixture.session { session in
        try session.execute(
            "UPDATE spotter.jobs SET lease_expires_at = $2 WHERE id = $1 AND state = 'running'",
            [.int(id), .timestamp(Date().addingTimeInterval(-60))])
    }
    guard changed == 1 else { throw TestDatabaseError("job \(id) is not running") }
}
