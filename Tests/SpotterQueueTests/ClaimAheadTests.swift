import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

@Suite("Worker claims ahead of free slots while jobs are short, and never sits on those jobs")
struct ClaimAheadTests {
    /// Runs 20 noops so that the worker knows its jobs are short and starts claiming ahead.
    private func warmUp(_ fixture: QueueFixture) async throws {
        _ = try await fixture.enqueue((0..<20).map { _ in EnqueueRequest(kind: "noop", payload: "{}") })
        try await fixture.waitUntil("the noops ran") {
            try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") == 20
        }
    }

    @Test(
        "after short jobs, one slot claims a whole batch; shutdown hands the waiting ones back at once, attempt not counted",
        arguments: DatabaseBackend.allCases)
    func shutdownHandsBackClaimedAhead(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let report = try await fixture.withWorker(fixture.workerConfiguration(concurrency: 1, grace: .seconds(20)))
            {
                worker in
                try await warmUp(fixture)
                _ = try await fixture.enqueue(
                    (0..<4).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 1}") })
                // One slot, four jobs leased: three of them claimed ahead.
                try await fixture.waitUntil("all four are leased") {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'") == 4
                }
                worker.beginShutdown()
                return worker
            }.report
            #expect(report.succeeded == 21 && report.handedBack == 3, "\(report)")
            #expect(try await fixture.states() == ["succeeded": 21, "available": 3])
            let waiting = try await fixture.scalar(
                "SELECT count(*) FROM spotter.jobs WHERE state = 'available' AND attempt = 0 AND lease_owner IS NULL")
            #expect(waiting == 3)
        }
    }

    @Test(
        "a job claimed ahead that waits too long for a slot is handed back, then runs exactly once",
        arguments: DatabaseBackend.allCases)
    func staleClaimedAheadHandedBack(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let report = try await fixture.withWorker(fixture.workerConfiguration(concurrency: 1)) { worker in
                try await warmUp(fixture)
                // 1.5 s each in one slot: the third waits 3 s, past the 2 s a claimed-ahead job may wait.
                _ = try await fixture.enqueue(
                    (0..<3).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 1.5}") })
                try await fixture.waitUntil("all ran", timeout: .seconds(30)) {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") == 23
                }
                return worker
            }.report
            #expect(report.handedBack >= 1, "\(report)")
            #expect(report.succeeded == 23)
            #expect(
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE kind = 'sleep' AND attempt = 1") == 3)
            // Handed back before it started, a job claimed ahead leaves no attempt in its history.
            let handedBack = try await fixture.scalar(
                "SELECT count(*) FROM spotter.job_attempts WHERE outcome = 'handed_back'")
            #expect(handedBack == 0)
        }
    }
}
