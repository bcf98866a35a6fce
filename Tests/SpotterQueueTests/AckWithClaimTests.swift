import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

@testable import SpotterQueue

/// A busy worker writes its acknowledgements with its next claim (one statement on
/// PostgreSQL, one transaction on SQLite): the acks and the claim commit together or not at
/// all, a job being acknowledged is never claimed by the same statement, and a finished job
/// whose acknowledgement never committed runs again instead of being lost.
@Suite("Acknowledging with the claim")
struct AckWithClaimTests {
    @Test("the acks commit with the claim", arguments: DatabaseBackend.allCases)
    func acksCommitWithClaim(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let first = try await fixture.enqueue("noop")
            let failing = try await fixture.enqueue("noop")
            let third = try await fixture.enqueue("noop")
            let running = try await claim(fixture, owner: "A", limit: 2)
            #expect(running.map(\.id) == [first, failing])
            let queue = fixture.queue
            let next = try await fixture.session { session in
                try queue.claim(
                    limit: 5, owner: "A", lease: .seconds(30),
                    acknowledging: [
                        JobAck(running[0], outcome: .succeeded(result: #"{"n": 1}"#)),
                        JobAck(running[1], outcome: .retry(error: "boom", delay: .seconds(60))),
                    ], in: session)
            }
            #expect(next.map(\.id) == [third])
            let done = try await fixture.job(first)
            #expect(done.state == "succeeded" && done.leaseOwner == nil && done.finishedAt != nil)
            #expect(done.result?.contains("\"n\"") == true)
            let retried = try await fixture.job(failing)
            #expect(retried.state == "retryable" && retried.lastError == "boom" && retried.leaseOwner == nil)
            // Acks of another owner's jobs, or of an older attempt, change nothing.
            let other = try await fixture.session { session in
                try queue.claim(
                    limit: 1, owner: "B", lease: .seconds(30),
                    acknowledging: [JobAck(next[0], outcome: .succeeded(result: "{}"))], in: session)
            }
            #expect(other.isEmpty)
            #expect(try await fixture.job(third).state == "running")
        }
    }

    @Test(
        "acks that never commit leave the jobs running: rescued and run again, never lost",
        arguments: DatabaseBackend.allCases)
    func uncommittedAcksRunAgain(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let finished = try await fixture.enqueue("noop")
            let waiting = try await fixture.enqueue("noop")
            let claimed = try await claim(fixture, owner: "A")
            #expect(claimed.map(\.id) == [finished])
            let queue = fixture.queue
            // The worker finished the job, and dies while its ack and next claim are in flight:
            // the transaction never commits.
            struct Crash: Error {}
            await #expect(throws: Crash.self) {
                try await fixture.session { session in
                    try session.withTransaction {
                        _ = try queue.claim(
                            limit: 1, owner: "A", lease: .seconds(30),
                            acknowledging: [JobAck(claimed[0], outcome: .succeeded(result: "{}"))],
                            in: session)
                        throw Crash()
                    }
                }
            }
            #expect(try await fixture.job(finished).state == "running")
            #expect(try await fixture.job(waiting).state == "available")
            try await expireLease(fixture, finished)
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) } == [finished])
            let again = try await claim(fixture, owner: "B", limit: 2)
            #expect(Set(again.map(\.id)) == [finished, waiting])
            #expect(again.first { $0.id == finished }?.attempt == 2)
        }
    }

    @Test("a rescued job being acknowledged is not claimed by the same statement", arguments: DatabaseBackend.allCases)
    func ackedJobNotReclaimed(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let first = try await claim(fixture, owner: "A")
            #expect(first.map(\.id) == [id])
            let queue = fixture.queue
            // A's lease expired and the job was rescued (retryable, still naming A) just before
            // A's late acknowledgement goes out with A's next claim.
            try await expireLease(fixture, id)
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) } == [id])
            _ = try await fixture.session { session in
                try session.execute("UPDATE spotter.jobs SET run_at = created_at WHERE id = $1", [.int(id)])
            }
            let claimed = try await fixture.session { session in
                try queue.claim(
                    limit: 5, owner: "A", lease: .seconds(30),
                    acknowledging: [JobAck(first[0], outcome: .succeeded(result: "{}"))], in: session)
            }
            #expect(claimed.isEmpty)
            let done = try await fixture.job(id)
            #expect(done.state == "succeeded" && done.attempt == 1)
        }
    }
}
