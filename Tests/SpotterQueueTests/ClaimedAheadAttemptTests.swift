import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Jobs claimed ahead of free slots hold a lease and an attempt, but are not started until a
/// slot takes them: a worker that is gone gives them back at once, attempt and all.
@Suite("Jobs claimed ahead at the JobQueue level")
struct ClaimedAheadAttemptTests {
    @Test(
        "a gone worker's jobs claimed ahead come back with their attempt; started ones keep their lease",
        arguments: DatabaseBackend.allCases)
    func goneWorkersClaimsComeBack(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<10).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            let queue = fixture.queue
            // "gone" has no row in spotter.workers; "alive" heartbeats.
            _ = try await fixture.session { session in
                try session.execute("INSERT INTO spotter.workers (id, host, pid) VALUES ('alive', 'elsewhere', 1)")
            }
            let (gone, alive) = try await fixture.session { session in
                (
                    try queue.claim(limit: 5, startingNow: 2, owner: "gone", lease: .seconds(300), in: session),
                    try queue.claim(limit: 5, startingNow: 1, owner: "alive", lease: .seconds(300), in: session)
                )
            }
            #expect(gone.map(\.claimedAhead) == [false, false, true, true, true])
            #expect(alive.map(\.claimedAhead) == [false, true, true, true, true])
            // The gone worker had started one of its jobs claimed ahead, and written it.
            let startedAhead = gone[2].lease
            _ = try await fixture.session { session in
                try queue.acknowledge([], starts: [startedAhead], owner: "gone", in: session)
            }
            let given = try await fixture.session { session in
                try queue.rescueAbandonedClaims(staleAfter: .seconds(60), in: session)
            }
            #expect(given == gone[3...].map(\.id).sorted())
            for id in given {
                let job = try await fixture.job(id)
                #expect(job.state == "available" && job.attempt == 0 && job.leaseOwner == nil, "\(job)")
            }
            for job in gone[..<3] {
                let row = try await fixture.job(job.id)
                #expect(row.state == "running" && row.attempt == 1 && row.startedAt != nil, "\(row)")
            }
            for job in alive { #expect(try await fixture.job(job.id).state == "running") }
            // Claimed again, a job given back has no attempt in its history: it never ran.
            let again = try await fixture.session { session in
                try queue.claim(limit: 10, owner: "next", lease: .seconds(300), in: session)
            }
            #expect(Set(again.map(\.id)) == Set(given))
            #expect(again.allSatisfy { $0.attempt == 1 && !$0.claimedAhead })
            #expect(
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.job_attempts WHERE job_id IN (\(given.map(String.init).joined(separator: ",")))"
                )
                    == 0)
            // A dead process on this host is gone too, however fresh its row: its jobs claimed
            // ahead come back as soon as it is named.
            let givenAlive = try await fixture.session { session in
                try queue.rescueAbandonedClaims(staleAfter: .seconds(60), deadOwners: ["alive"], in: session)
            }
            #expect(givenAlive == alive[1...].map(\.id).sorted())
        }
    }

    @Test(
        "without judging rows by age (just after an outage), only named dead owners' claims come back",
        arguments: DatabaseBackend.allCases)
    func deadOwnersOnly(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<6).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            let queue = fixture.queue
            // "silent" has no row (it looks gone by age); "dead" heartbeated but its process is gone.
            _ = try await fixture.session { session in
                try session.execute("INSERT INTO spotter.workers (id, host, pid) VALUES ('dead', 'here', 1)")
            }
            let (silent, dead) = try await fixture.session { session in
                (
                    try queue.claim(limit: 3, startingNow: 0, owner: "silent", lease: .seconds(300), in: session),
                    try queue.claim(limit: 3, startingNow: 0, owner: "dead", lease: .seconds(300), in: session)
                )
            }
            let none = try await fixture.session { session in
                try queue.rescueAbandonedClaims(staleAfter: nil, in: session)
            }
            #expect(none.isEmpty)
            let named = try await fixture.session { session in
                try queue.rescueAbandonedClaims(staleAfter: nil, deadOwners: ["dead"], in: session)
            }
            #expect(named == dead.map(\.id).sorted())
            for job in silent { #expect(try await fixture.job(job.id).state == "running") }
            let byAge = try await fixture.session { session in
                try queue.rescueAbandonedClaims(staleAfter: .seconds(60), in: session)
            }
            #expect(byAge == silent.map(\.id).sorted())
        }
    }

    @Test(
        "a job acknowledged before its start was written gets a start; a hand-back of one never started records no attempt",
        arguments: DatabaseBackend.allCases)
    func acknowledgedClaimedAhead(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<2).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            let queue = fixture.queue
            let jobs = try await fixture.session { session in
                try queue.claim(limit: 2, startingNow: 0, owner: "w", lease: .seconds(300), in: session)
            }
            #expect(jobs.allSatisfy { $0.claimedAhead })
            _ = try await fixture.session { session in
                try queue.acknowledge(
                    [
                        JobAck(jobs[0], outcome: .succeeded(result: "{}")),
                        JobAck(jobs[1], outcome: .handBack),
                    ], starts: [jobs[0].lease], owner: "w", in: session)
            }
            let done = try await fixture.job(jobs[0].id)
            #expect(done.state == "succeeded" && done.startedAt != nil && done.attempt == 1)
            let back = try await fixture.job(jobs[1].id)
            #expect(back.state == "available" && back.attempt == 0 && back.startedAt == nil)
            _ = try await fixture.session { session in
                try queue.claim(limit: 1, owner: "w2", lease: .seconds(300), in: session)
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts") == 0)
        }
    }
}
