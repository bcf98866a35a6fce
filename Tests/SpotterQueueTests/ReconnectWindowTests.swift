import Foundation
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
    /// with one in-process worker of 2 slots, stops the server once a tenth are done, starts it
    /// again `outage` later, and returns how many jobs spent more than one attempt, and how many
    /// attempts failed for want of a connection. The jobs are short enough to be claimed ahead in
    /// batches of 200 (several seconds of work for two slots), so when the server goes away the
    /// slots still hold jobs to run, and each slot gets a new connection at least every second.
    static func drainAcrossOutage(
        _ cluster: PostgresCluster, database: String, reconnectWindow: String, outage: Duration
    ) async throws -> (extraAttempts: Int, connectionErrors: Int) {
        let server = try DatabaseConfiguration.parse(cluster.url)
        let admin = try await DatabaseConnection.open(server, logger: TestDatabase.logger)
        try await admin.execute("CREATE DATABASE \(database)")
        await admin.close()
        let configuration = try server.withDatabaseName(database)
        let settings = TestCatalog(claimBatch: 200, reconnectWindow: reconnectWindow, maxAttempts: 10)
        return try await QueueFixture.with(configuration, drop: {}, settings) { fixture in
            let total = 2_000
            try await fixture.enqueue(
                (0..<total).map { _ in EnqueueRequest(kind: "sleep", payload: #"{"seconds": 0.01}"#) })
            return try await fixture.withWorker(fixture.workerConfiguration(concurrency: 2)) { _ in
                try await fixture.waitUntil("a tenth is done", timeout: .seconds(60)) {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'")
                        >= total / 10
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
                return (extra, connection)
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
            // The same outage with a window shorter than it (what every slot had before: five
            // tries in about 1.5 s): the jobs the slots were about to run fail and spend one.
            let gaveUp = try await Self.drainAcrossOutage(
                cluster, database: "spotter_window_short", reconnectWindow: "1s", outage: .seconds(4))
            #expect(gaveUp.extraAttempts > 0 && gaveUp.connectionErrors > 0, "\(gaveUp)")
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }
}
