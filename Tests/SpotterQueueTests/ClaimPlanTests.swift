import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

@testable import SpotterQueue

/// The claim walks the claim index in order and stops after its limit, whatever the statistics
/// say: a plan that sorts every waiting job costs milliseconds per claim at 20,000 jobs.
@Suite("Claim plan")
struct ClaimPlanTests {
    func plan(_ fixture: QueueFixture, kinds: [String]?, acks: [JobAck] = [], limit: Int = 8) async throws -> String {
        try await fixture.session { session in
            // Unfiltered, a production worker excludes the test kinds: the list must not change
            // the plan either.
            let filter = ClaimFilter(kinds: kinds, excludedKinds: kinds == nil ? ["sleep"] : nil)
            // Two slots free: the rest of the claim is claimed ahead (what a busy worker sends),
            // and the starts of jobs claimed before go along with the acknowledgements.
            let claim = JobQueue.postgresClaim(
                limit: limit, startingNow: min(2, limit), owner: "w", claim: UUID().uuidString.lowercased(),
                lease: .seconds(30), filter: filter, acknowledging: acks,
                starting: acks.isEmpty ? [] : (101...120).map { JobLease(id: Int64($0), claimID: UUID()) })
            return try session.query("EXPLAIN \(fragment: claim)").map { try $0.string(at: 0) }.joined(separator: "\n")
        }
    }

    /// The claim that also writes acknowledgements (what a busy worker sends).
    func planAcknowledging(_ fixture: QueueFixture, kinds: [String]?) async throws -> String {
        let acks = (1...50).map {
            JobAck(id: Int64($0), attempt: 1, claimID: UUID(), outcome: .succeeded(result: "{}"))
        }
        return try await plan(fixture, kinds: kinds, acks: acks)
    }

    @Test("with fresh and with stale statistics, with and without a kind filter and a paused queue")
    func indexOrderedClaim() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            func fill() async throws {
                _ = try await fixture.session { session in
                    try session.execute(
                        "INSERT INTO spotter.jobs (kind) SELECT CASE WHEN g % 2 = 0 THEN 'noop' ELSE 'probe' END FROM generate_series(1, 20000) g"
                    )
                }
            }
            try await fill()
            _ = try await fixture.session { try $0.execute("ANALYZE spotter.jobs") }
            for kinds in [nil, ["noop"]] {
                for text in [try await plan(fixture, kinds: kinds), try await planAcknowledging(fixture, kinds: kinds)]
                {
                    #expect(text.contains("Index Scan using jobs_claimable"), "\(kinds ?? []):\n\(text)")
                    #expect(!text.contains("Sort"), "\(kinds ?? []):\n\(text)")
                    // Claim groups' mates are found by their index, not by a scan of every job.
                    #expect(text.contains("jobs_claim_group"), "\(kinds ?? []):\n\(text)")
                    #expect(!text.contains("Seq Scan on jobs"), "\(kinds ?? []):\n\(text)")
                }
            }
            // A claim of a thousand (short jobs are claimed by pace) finds its rows again by
            // primary key, not by hashing a scan of the whole table.
            let large = try await plan(fixture, kinds: nil, limit: 1000)
            #expect(!large.contains("Seq Scan on jobs"), "\(large)")
            #expect(large.contains("Index Scan using jobs_claimable") && !large.contains("Sort"), "\(large)")
            _ = try await fixture.session {
                try $0.execute("INSERT INTO spotter.queue_pauses (queue) VALUES ('other')")
            }
            let paused = try await plan(fixture, kinds: nil)
            #expect(paused.contains("Index Scan using jobs_claimable") && !paused.contains("Sort"), "\(paused)")
            // Truncated and refilled: the statistics still say the table is empty.
            _ = try await fixture.session { try $0.execute("TRUNCATE spotter.jobs CASCADE") }
            _ = try await fixture.session { try $0.execute("ANALYZE spotter.jobs") }
            try await fill()
            for kinds in [nil, ["noop"]] {
                for text in [try await plan(fixture, kinds: kinds), try await planAcknowledging(fixture, kinds: kinds)]
                {
                    #expect(!text.contains("Sort"), "stale statistics, \(kinds ?? []):\n\(text)")
                    #expect(!text.contains("Seq Scan on jobs"), "stale statistics, \(kinds ?? []):\n\(text)")
                }
            }
        }
    }
}
