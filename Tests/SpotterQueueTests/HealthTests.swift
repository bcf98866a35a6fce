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
                    == "spotter: error: unhealthy: no worker on host \(ProcessInfo.processInfo.hostName) has heartbeated within two heartbeats (1 s)\n"
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

    /// Issue 35, item 9: a SIGKILLed worker's row stays fresh for up to a lease, and the probe
    /// counted it as heartbeating all that time.
    @Test("a killed worker's fresh row, or a row older than two heartbeats, is not a heartbeating worker")
    func killedWorkerIsNotAlive() async throws {
        try await QueueFixture.with(.sqlite, TestCatalog(lease: "20s", heartbeat: "500ms")) { fixture in
            let host = ProcessInfo.processInfo.hostName
            // Killed a moment ago: its last heartbeat is fresh, its process is gone.
            _ = try await fixture.session { session in
                try session.execute(
                    "INSERT INTO spotter.workers (id, host, pid, heartbeat_at) VALUES ('killed', $1, 999999, $2)",
                    [.text(host), .timestamp(Date())])
            }
            let killed = try await fixture.spotter(["health"])
            #expect(killed.exit == ProcessExit(code: 1, signalled: false), "\(killed)")
            #expect(
                killed.stderr.contains("no worker on host \(host) has heartbeated within two heartbeats"), "\(killed)")
            // A running process whose last beat is 3 s old (six beats missed, within the 20 s lease).
            _ = try await fixture.session { session in
                try session.execute(
                    "INSERT INTO spotter.workers (id, host, pid, heartbeat_at) VALUES ('late', $1, $2, $3)",
                    [.text(host), .int(Int64(getpid())), .timestamp(Date().addingTimeInterval(-3))])
            }
            let late = try await fixture.spotter(["health"])
            #expect(late.exit == ProcessExit(code: 1, signalled: false), "\(late)")
            #expect(late.stderr.contains("has heartbeated within two heartbeats (1 s)"), "\(late)")
        }
    }
}
