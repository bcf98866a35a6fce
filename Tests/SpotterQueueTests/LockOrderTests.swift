import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// A worker's heartbeat, acknowledgements and claims touch overlapping sets of its own running
/// jobs from separate connections, each in whatever order its plan visits the rows: the
/// heartbeat never waits for a row lock, so it can never be part of a deadlock.
@Suite("a worker's heartbeat never deadlocks with its other statements")
struct LockOrderTests {
    /// 300 running jobs of owner "w", inserted in descending id order: a bitmap heap scan visits
    /// them from the highest id down, an index scan from the lowest up (heartbeats are HOT
    /// updates, so the physical order stays).
    static func runningJobs(_ fixture: QueueFixture) async throws -> [JobLease] {
        let claim = UUID()
        try await fixture.session { session in
            try session.execute(
                """
                INSERT INTO spotter.jobs (id, kind, state, attempt, lease_owner, attempted_by, lease_expires_at, started_at,
                                          claim_id)
                SELECT g, 'noop', 'running', 1, 'w', 'w', now() + interval '1 hour', now(), \(bind: claim.uuidString)::uuid
                FROM generate_series(1000300, 1000001, -1) AS g
                """)
            _ = try session.query("ANALYZE spotter.jobs")
        }
        return (1_000_001...1_000_300).map { JobLease(id: $0, claimID: claim) }
    }

    /// Runs `body` `rounds` times on each of two connections at once, one planning bitmap heap
    /// scans and the other index scans; returns how many statements died of a deadlock.
    static func race(
        _ fixture: QueueFixture, rounds: Int, _ body: @escaping @Sendable (DatabaseSession, Int) throws -> Void
    ) async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, plan) in ["SET enable_indexscan = off", "SET enable_bitmapscan = off"].enumerated() {
                group.addTask {
                    try await fixture.withConnection { connection in
                        _ = try await connection.execute(plan)
                        _ = try await connection.execute("SET enable_seqscan = off")
                        var deadlocks = 0
                        for round in 0..<rounds {
                            do {
                                try await connection.withSession { try body($0, round * 2 + index) }
                            } catch let error as DatabaseError where error.sqlState == "40P01" {
                                deadlocks += 1
                            }
                        }
                        return deadlocks
                    }
                }
            }
            return try await group.reduce(0, +)
        }
    }

    @Test("two heartbeats over the same jobs, planned in opposite orders, never deadlock")
    func heartbeats() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let ids = try await Self.runningJobs(fixture)
            let queue = fixture.queue
            let deadlocks = try await Self.race(fixture, rounds: 150) { session, _ in
                let held = try queue.heartbeat(ids, owner: "w", lease: .seconds(3600), in: session).held
                guard held.count == ids.count else { throw TestProcessError("heartbeat held \(held.count) jobs") }
            }
            #expect(deadlocks == 0)
        }
    }

    @Test("an acknowledgement with starts and a heartbeat over the same jobs never deadlock")
    func acknowledgementAndHeartbeat() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let ids = try await Self.runningJobs(fixture)
            let queue = fixture.queue
            // Even turns write the start of every job (a no-op once written, but every row is
            // locked all the same), odd turns heartbeat them all.
            let deadlocks = try await Self.race(fixture, rounds: 150) { session, turn in
                if turn % 2 == 0 {
                    try queue.acknowledge([], starts: ids, owner: "w", in: session)
                } else {
                    _ = try queue.heartbeat(ids, owner: "w", lease: .seconds(3600), in: session)
                }
            }
            #expect(deadlocks == 0)
        }
    }
}
