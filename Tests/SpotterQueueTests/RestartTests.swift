import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// A PostgreSQL restart under running workers, on a private cluster (never the shared server).
@Suite("PostgreSQL restarts under running workers")
struct RestartTests {
    @Test("two workers reconnect after a restart and finish everything; nothing lost or stuck")
    func restartWhileWorking() async throws {
        let cluster = try await PostgresCluster.start()
        let configuration: DatabaseConfiguration
        do {
            let server = try DatabaseConfiguration.parse(cluster.url)
            let admin = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_restart")
            await admin.close()
            configuration = try server.withDatabaseName("spotter_restart")
        } catch {
            await cluster.stop()
            throw error
        }
        // Attempts to spare: a job whose write is cut by the restart is retried.
        let settings = TestCatalog(lease: "3s", heartbeat: "500ms", maxAttempts: 10)
        try await QueueFixture.with(configuration, drop: { await cluster.stop() }, settings) { fixture in
            let total = 3_000
            try await fixture.enqueue(
                (0..<total).map { EnqueueRequest(kind: "probe", payload: "{\"sleep_ms\": 20, \"n\": \($0)}") })
            let workers = try (1...2).map { try fixture.startWorker("worker-\($0)", ["--concurrency", "8"]) }
            try await fixture.waitUntil("a fifth is done", timeout: .seconds(60)) {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") >= total / 5
            }
            try await cluster.restart()
            // New work after the restart is picked up too.
            try await fixture.enqueue((0..<200).map { _ in EnqueueRequest(kind: "probe") })
            try await fixture.waitUntil("everything is done", timeout: .seconds(90)) {
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')") == 0
            }
            for worker in workers {
                #expect(worker.exitStatus == nil, "\(worker.name) died: \(worker.stderrTail)")
            }
            #expect(try await fixture.states() == ["succeeded": total + 200])
            // At least once: every job ran; a job whose ack was cut off may have run twice.
            #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == total + 200)
            let runs = try await fixture.scalar("SELECT count(*) FROM spotter.job_probe")
            #expect(runs >= total + 200 && runs < total + 200 + 100, "\(runs) runs")
            for worker in workers { worker.send(SIGTERM) }
            for (worker, status) in zip(workers, try await waitForAll(workers, timeout: .seconds(30))) {
                #expect(status == .success, "\(worker.name): \(worker.stderrTail)")
            }
            #expect(workers.contains { $0.standardError.contains("failed") || $0.standardError.contains("lost") })
        }
    }
}
