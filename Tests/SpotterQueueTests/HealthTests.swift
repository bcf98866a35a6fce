import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// `spotter health` against a live database with and without this host's workers.
@Suite("spotter health with workers")
struct HealthTests {
    @Test(
        "exit 0 while this host's worker heartbeats; 1 naming the problem without one, or with a hung one",
        arguments: DatabaseBackend.allCases)
    func workers(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, TestCatalog(lease: "3s", heartbeat: "500ms")) { fixture in
            // The database answers and is migrated, but no worker runs here yet.
            let none = try await fixture.spotter(["health"])
            #expect(none.exit == ProcessExit(code: 1, signalled: false), "\(none)")
            #expect(
                none.stderr
                    == "spotter: error: unhealthy: no worker on host \(ProcessInfo.processInfo.hostName) has heartbeated within the lease (3 s)\n"
            )
            let databaseOnly = try await fixture.spotter(["health", "--database-only"])
            #expect(databaseOnly.exit == .success, "\(databaseOnly)")
            #expect(databaseOnly.stdout.hasPrefix("healthy: database answers,"))

            let worker = try fixture.startWorker("worker")
            try await fixture.waitUntil("the worker registers") { try await fixture.workerID(of: worker) != nil }
            let live = try await fixture.spotter(["health"])
            #expect(live.exit == .success, "\(live)")
            #expect(live.stdout.contains("1 worker(s) on \(ProcessInfo.processInfo.hostName) heartbeating"), "\(live)")

            // A killed worker's row (its process is gone) does not fail the probe while another
            // worker heartbeats...
            _ = try await fixture.session { session in
                try session.execute(
                    "INSERT INTO spotter.workers (id, host, pid, heartbeat_at) VALUES ('gone', $1, 999999, $2)",
                    [.text(ProcessInfo.processInfo.hostName), .timestamp(Date().addingTimeInterval(-600))])
            }
            #expect(try await fixture.spotter(["health"]).exit == .success)
            // ...but a process that is alive and stopped heartbeating (this test process) does.
            _ = try await fixture.session { session in
                try session.execute(
                    "INSERT INTO spotter.workers (id, host, pid, heartbeat_at) VALUES ('hung', $1, $2, $3)",
                    [
                        .text(ProcessInfo.processInfo.hostName), .int(Int64(getpid())),
                        .timestamp(Date().addingTimeInterval(-60)),
                    ])
            }
            let hung = try await fixture.spotter(["health"])
            #expect(hung.exit == ProcessExit(code: 1, signalled: false), "\(hung)")
            #expect(hung.stderr.hasPrefix("spotter: error: unhealthy: worker hung has not heartbeated for "), "\(hung)")
            #expect(hung.stderr.hasSuffix(" s (lease 3 s)\n") && hung.stderr.split(separator: "\n").count == 1)
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success)
        }
    }
}
