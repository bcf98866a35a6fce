import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 17 item 7: a worker used to delete at most `prune_batch` rows per kind and state per
/// `prune_interval`, so any enqueue rate above that grew the jobs table without bound.
@Suite("Pruning finished jobs until none is left")
struct PruneUntilDoneTests {
    @Test("one prune pass of a worker deletes a backlog many batches deep", arguments: DatabaseBackend.allCases)
    func backlogInOnePass(backend: DatabaseBackend) async throws {
        // One pass only: the next would come after an hour.
        try await QueueFixture.with(backend, TestCatalog(pruneInterval: "1h", pruneBatch: 100)) { fixture in
            try await fixture.enqueue((0..<2_500).map { EnqueueRequest(kind: "noop", payload: "{\"n\": \($0)}") })
            try await fixture.enqueue((0..<50).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 0}") })
            let old = Date().addingTimeInterval(-40 * 86_400)
            _ = try await fixture.session { session in
                try session.execute(
                    "UPDATE spotter.jobs SET state = 'succeeded', finished_at = $1", [.timestamp(old)])
            }
            // A job finished just now stays (inside its retention).
            let recent = try await fixture.enqueue("noop")
            _ = try await fixture.session { session in
                try session.execute(
                    "UPDATE spotter.jobs SET state = 'succeeded', finished_at = $2 WHERE id = $1",
                    [.int(recent), .timestamp(Date())])
            }
            try await fixture.withWorker { _ in
                try await fixture.waitUntil("the backlog is pruned", timeout: .seconds(30)) {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 1
                }
            }
            #expect(try await fixture.job(recent).state == "succeeded")
        }
    }
}
