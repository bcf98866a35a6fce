import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// `spotter work` processes against a real database: exactly-once under load, SIGKILL, SIGTERM.
@Suite("spotter work processes")
struct WorkerProcessTests {
    @Test("4 workers drain 20,000 probe jobs: each succeeds exactly once")
    func twentyThousandJobs() async throws {
        // A long lease: this test is about exactly-once under load, not about rescue.
        try await QueueFixture.with(.postgres, TestCatalog(lease: "20s", heartbeat: "2s")) { fixture in
            try await drain(fixture, jobs: 20_000, workers: 4)
        }
    }

    @Test("SQLite: 4 workers drain 2,000 probe jobs: each succeeds exactly once")
    func sqliteWorkers() async throws {
        try await QueueFixture.with(.sqlite, TestCatalog(lease: "20s", heartbeat: "2s")) { fixture in
            // SQLite drains 2,000 jobs in about a second: a worker process that starts late on a
            // loaded machine may find nothing left, so only sharing (≥ 2 workers) is required.
            try await drain(fixture, jobs: 2_000, workers: 4, sharedByAtLeast: 2)
        }
    }

    private func drain(_ fixture: QueueFixture, jobs: Int, workers: Int, sharedByAtLeast: Int? = nil) async throws {
        let batch = 5_000
        for start in stride(from: 0, to: jobs, by: batch) {
            try await fixture.enqueue(
                (start..<min(start + batch, jobs)).map { EnqueueRequest(kind: "probe", payload: "{\"n\": \($0)}") })
        }
        let started = ContinuousClock.now
        let processes = try (1...workers).map {
            try fixture.startWorker("worker-\($0)", ["--until-empty", "--concurrency", "8"])
        }
        let statuses = try await waitForAll(processes, timeout: .seconds(120))
        let elapsed = ContinuousClock.now - started
        for (process, status) in zip(processes, statuses) {
            #expect(status == .success, "\(process.name): \(status); stderr: \(process.stderrTail)")
        }
        #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == jobs)
        #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == jobs)
        #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe WHERE attempt <> 1") == 0)
        #expect(try await fixture.states() == ["succeeded": jobs])
        let perWorker = try await fixture.session { session in
            try session.query("SELECT worker, count(*) AS n FROM spotter.job_probe GROUP BY worker ORDER BY 2 DESC")
                .map { try $0.int("n") }
        }
        #expect(perWorker.count >= (sharedByAtLeast ?? workers), "jobs per worker: \(perWorker) in \(elapsed)")
    }

    @Test(
        "SIGKILL mid-job: after the lease another worker rescues the job and it completes once",
        arguments: DatabaseBackend.allCases)
    func sigkillRescue(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, TestCatalog(lease: "2s", heartbeat: "500ms")) { fixture in
            // The probe writes its row only after its 5 s sleep: the victim, killed as soon as
            // it runs the job, never writes one.
            let id = try await fixture.enqueue("probe", payload: "{\"sleep_ms\": 5000}")
            let victim = try fixture.startWorker("victim")
            try await fixture.waitUntil("the victim runs the job") { try await fixture.job(id).state == "running" }
            victim.send(SIGKILL)
            let killed = ContinuousClock.now
            #expect(try await victim.waitForExit(timeout: .seconds(10)) == ProcessExit(code: SIGKILL, signalled: true))
            let victimID = try #require(try await fixture.workerID(of: victim))
            #expect(try await fixture.job(id).leaseOwner == victimID)
            #expect(try await fixture.job(id).state == "running")
            let rescuer = try fixture.startWorker("rescuer")
            try await fixture.waitUntil("the job is done", timeout: .seconds(40)) {
                try await fixture.job(id).state == "succeeded"
            }
            // Lease 2 s + a maintenance pass + the 5 s rerun (+ start-up on a loaded machine).
            #expect(ContinuousClock.now - killed < .seconds(30))
            let rescuerID = try #require(try await fixture.workerID(of: rescuer))
            let job = try await fixture.job(id)
            #expect(job.attempt == 2)
            #expect(job.lastError == "lease expired: worker \(victimID) stopped heartbeating")
            let runs = try await fixture.session { session in
                try session.query("SELECT attempt, worker FROM spotter.job_probe WHERE job_id = $1", [.int(id)])
                    .map { "\(try $0.int("attempt")) \(try $0.string("worker"))" }
            }
            #expect(runs == ["2 \(rescuerID)"])
            rescuer.send(SIGTERM)
            #expect(try await rescuer.waitForExit(timeout: .seconds(15)) == .success, "\(rescuer.stderrTail)")
            #expect(rescuer.standardError.contains("rescued jobs whose lease expired"))
        }
    }

    @Test("SIGTERM: in-flight jobs finish within the grace period and the process exits 0")
    func sigtermWithinGrace() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            try await fixture.enqueue(
                (0..<3).map { _ in EnqueueRequest(kind: "probe", payload: "{\"sleep_ms\": 1500}") })
            let worker = try fixture.startWorker("worker", ["--grace", "20"])
            try await fixture.waitUntil("all three run") {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'") == 3
            }
            // More work arrives after the signal: it must not be claimed.
            worker.send(SIGTERM)
            try await Task.sleep(for: .milliseconds(100))
            let late = try await fixture.enqueue("probe")
            #expect(try await worker.waitForExit(timeout: .seconds(20)) == .success, "\(worker.stderrTail)")
            #expect(try await fixture.states() == ["succeeded": 3, "available": 1])
            #expect(try await fixture.job(late).attempt == 0)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 3)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.workers") == 0)
        }
    }

    @Test("SIGTERM: jobs still running after the grace period go back to available; exit 0")
    func sigtermBeyondGrace() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let ids = try await fixture.enqueue(
                (0..<2).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 600}") }
            ).map(\.id)
            let worker = try fixture.startWorker("worker", ["--grace", "1"])
            try await fixture.waitUntil("both run") {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'") == 2
            }
            worker.send(SIGTERM)
            let signalled = ContinuousClock.now
            #expect(try await worker.waitForExit(timeout: .seconds(15)) == .success, "\(worker.stderrTail)")
            #expect(ContinuousClock.now - signalled < .seconds(30))  // 1 s of grace, not the 600 s sleep
            for id in ids {
                let job = try await fixture.job(id)
                #expect(job.state == "available" && job.attempt == 0 && job.leaseOwner == nil)
            }
            #expect(worker.standardError.contains("handing back 2 unfinished job(s)"))
        }
    }
}
