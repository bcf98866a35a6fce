import Foundation
import MetricsTestKit
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// A database that goes away for a few seconds (a restart, a failover while a standby is
/// promoted: 10–30 s with Patroni or a managed service) must not cost the jobs a worker holds an
/// attempt each: a job slot keeps reconnecting for `worker.reconnect_window` before the job it
/// was about to run fails for want of a connection. On a private cluster (never the shared server).
@Suite("A job slot waits out a database that went away")
struct ReconnectWindowTests {
    /// Drains short `sleep` jobs (no database work in the handler, so no job is cut mid-statement)
    /// with one in-process worker of 2 slots, stops the server while the worker holds at least 300
    /// claimed jobs, starts it again `outage` later, and returns how many jobs spent more than one
    /// attempt, how many attempts failed for want of a connection, and how many results the worker
    /// discarded because it had lost a job to another claim. The jobs are short enough to be claimed
    /// ahead (batches of 200, at most 400 held: about 1.5–3 s of work for two slots), and the server
    /// is stopped on what the worker holds, not on how many are done, so that the slots still have
    /// jobs to run, and connections to renew (every second), while the server is away.
    static func drainAcrossOutage(
        _ cluster: PostgresCluster, database: String, reconnectWindow: String, outage: Duration
    ) async throws -> (extraAttempts: Int, connectionErrors: Int, lost: Int64) {
        let server = try DatabaseConfiguration.parse(cluster.url)
        let admin = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
        try await admin.execute("CREATE DATABASE \(database)")
        await admin.close()
        let configuration = try server.withDatabaseName(database)
        let settings = TestCatalog(claimBatch: 200, reconnectWindow: reconnectWindow, maxAttempts: 10)
        let metrics = TestMetrics()
        return try await QueueFixture.with(configuration, drop: {}, settings) { fixture in
            let total = 2_000
            try await fixture.enqueue(
                (0..<total).map { _ in EnqueueRequest(kind: "sleep", payload: #"{"seconds": 0.015}"#) })
            var worker = fixture.workerConfiguration(concurrency: 2)
            worker.metrics = WorkerMetrics(factory: metrics)
            return try await fixture.withWorker(worker) { _ in
                try await fixture.waitUntil("100 are done and 300 held", timeout: .seconds(60)) {
                    let done = try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'")
                    let held = try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'")
                    return done >= 100 && held >= 300
                }
                try await cluster.stopServer()
                try await Task.sleep(for: outage)
                try await cluster.startAgain()
                try await fixture.waitUntil("everything is done", timeout: .seconds(120)) {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state <> 'succeeded'") == 0
                }
                let extra = try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE attempt > 1")
                let connection = try await fixture.scalar(
                    """
                    SELECT count(*) FROM spotter.job_attempts
                    WHERE outcome = 'retryable' AND error LIKE '%connect%'
                    """)
                let lost = metrics.counters.filter {
                    $0.label == "spotter_jobs_finished_total" && $0.dimensions.contains { $0 == ("outcome", "lost") }
                }
                .reduce(0) { $0 + $1.totalValue }
                return (extra, connection, lost)
            }
        }
    }

    @Test("a server down for 4 s: with the default window no job spends an attempt; with a 1 s window jobs do")
    func serverDownForSeconds() async throws {
        let cluster = try await PostgresCluster.start()
        do {
            let waited = try await Self.drainAcrossOutage(
                cluster, database: "spotter_window_default", reconnectWindow: "60s", outage: .seconds(4))
            #expect(waited.extraAttempts == 0, "jobs spent an attempt on the outage: \(waited)")
            // Back from the outage, the worker judged its own claims (their heartbeat as old as the
            // outage) gone only after it had heartbeated again: no job was taken from under it.
            #expect(waited.lost == 0, "\(waited)")
            // The same outage with a window shorter than it (what every slot had before: five
            // tries in about 1.5 s): the jobs the slots were about to run fail and spend one.
            let gaveUp = try await Self.drainAcrossOutage(
                cluster, database: "spotter_window_short", reconnectWindow: "1s", outage: .seconds(4))
            #expect(gaveUp.extraAttempts > 0 && gaveUp.connectionErrors > 0 && gaveUp.lost == 0, "\(gaveUp)")
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }
}
