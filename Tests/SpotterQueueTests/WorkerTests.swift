import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

@Suite("Worker in-process: retries with backoff, timeouts, cancellation, shutdown, wake-ups")
struct WorkerTests {
    @Test("a failing handler backs off exponentially with jitter, then goes dead with its last error",
          arguments: DatabaseBackend.allCases)
    func backoffWithJitter(backend: DatabaseBackend) async throws {
        let settings = TestCatalog(maxAttempts: 4, backoff: "{base: 300ms, max: 10s, jitter: 0.2}")
        try await QueueFixture.with(backend, settings) { fixture in
            let ids = try await fixture.enqueue(
                (0..<5).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 0, \"fail\": true}") }
            ).map(\.id)
            // Each failed attempt n leaves the job retryable with run_at = ack time + delay(n);
            // the handler takes no time, so run_at - started_at is the delay (plus a few ms).
            let delays = try await fixture.withWorker { _ in
                var delays: [Int64: [Int: Double]] = [:]
                try await fixture.waitUntil("every job is dead", timeout: .seconds(30)) {
                    let rows = try await fixture.session { session in
                        try session.query(
                            "SELECT id, state, attempt, run_at, started_at FROM spotter.jobs ORDER BY id"
                        ).map { try ($0.int64("id"), $0.string("state"), $0.int("attempt"), $0.date("run_at"), $0.optionalDate("started_at")) }
                    }
                    for (id, state, attempt, runAt, startedAt) in rows where state == "retryable" {
                        guard let startedAt else { continue }
                        if delays[id, default: [:]][attempt] == nil {
                            delays[id, default: [:]][attempt] = runAt.timeIntervalSince(startedAt)
                        }
                    }
                    return rows.allSatisfy { $0.1 == "dead" }
                }
                return delays
            }
            var all: [(attempt: Int, delay: Double)] = []
            for id in ids {
                let seen = try #require(delays[id])
                #expect(seen.keys.sorted() == [1, 2, 3], "job \(id) retried after attempts \(seen.keys.sorted())")
                let d = (1...3).compactMap { seen[$0] }
                guard d.count == 3 else { continue }
                // base 300 ms doubling: 300, 600, 1200 ms, each ±20 %, plus the ack's latency.
                for (index, nominal) in [0.3, 0.6, 1.2].enumerated() {
                    #expect(d[index] >= nominal * 0.8 - 0.002 && d[index] <= nominal * 1.2 + 0.25, "job \(id): \(d)")
                    all.append((index + 1, d[index] - nominal))
                }
                #expect(d[0] < d[1] && d[1] < d[2], "job \(id): delays must grow: \(d)")
                let job = try await fixture.job(id)
                #expect(job.state == "dead" && job.attempt == 4 && job.finishedAt != nil)
                #expect(job.lastError?.contains("sleep: asked to fail") == true)
                #expect(job.lastError?.contains("attempt 4 of 4") == true, "\(job.lastError ?? "")")
            }
            // Jitter: the five jobs' first delays are spread out, and some delays fall below the
            // nominal value (latency alone could only ever add to it).
            let first = all.filter { $0.attempt == 1 }.map(\.delay)
            #expect((first.max() ?? 0) - (first.min() ?? 0) > 0.015, "first delays minus nominal: \(first)")
            #expect(all.contains { $0.delay < 0 }, "no delay below nominal: \(all)")
        }
    }

    @Test("a hanging handler is stopped by its timeout and retried, then dead", arguments: DatabaseBackend.allCases)
    func timeout(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, TestCatalog(maxAttempts: 2, timeout: "700ms")) { fixture in
            let id = try await fixture.enqueue("sleep", payload: "{\"seconds\": 600}")
            let started = ContinuousClock.now
            try await fixture.withWorker { worker in
                try await fixture.waitUntil("the job is dead") { try await fixture.job(id).state == "dead" }
                #expect(worker.report.retried == 1 && worker.report.dead == 1)
            }
            let elapsed = ContinuousClock.now - started
            #expect(elapsed < .seconds(6), "two 700 ms attempts took \(elapsed)")
            let job = try await fixture.job(id)
            #expect(job.attempt == 2)
            #expect(job.lastError == "timed out after 700ms (attempt 2 of 2)")
        }
    }

    @Test("cancelling a running job stops it at the next heartbeat", arguments: DatabaseBackend.allCases)
    func cancelRunning(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("sleep", payload: "{\"seconds\": 600}")
            let queue = fixture.queue
            try await fixture.withWorker { worker in
                try await fixture.waitUntil("the job runs") { try await fixture.job(id).state == "running" }
                #expect(try await fixture.session { try queue.cancel(jobID: id, in: $0) } == .requested)
                let requested = ContinuousClock.now
                try await fixture.waitUntil("the job is cancelled", timeout: .seconds(5)) {
                    try await fixture.job(id).state == "cancelled"
                }
                #expect(ContinuousClock.now - requested < .seconds(2))  // heartbeat every 500 ms
                #expect(worker.report.cancelled == 1)
            }
            let job = try await fixture.job(id)
            #expect(job.lastError == "cancelled while running" && job.finishedAt != nil && job.leaseOwner == nil)
        }
    }

    @Test("an unknown kind enqueued by SQL goes dead at once, saying so", arguments: DatabaseBackend.allCases)
    func unknownKind(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let rows = try await fixture.session { session in
                try session.query(
                    session.backend == .postgres
                        ? "SELECT spotter.enqueue('no_such_kind', '{\"user_id\": 1}') AS id"
                        : "INSERT INTO jobs (kind, payload) VALUES ('no_such_kind', '{\"user_id\": 1}') RETURNING id")
            }
            let id = try rows[0].int64("id")
            let probe = try await fixture.enqueue("probe")
            try await fixture.withWorker { _ in
                try await fixture.waitUntil("both jobs finished") {
                    try await fixture.scalar(
                        "SELECT count(*) FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')") == 0
                }
            }
            let job = try await fixture.job(id)
            #expect(job.state == "dead" && job.attempt == 1)
            #expect(job.lastError?.hasPrefix("unknown job kind 'no_such_kind'") == true, "\(job.lastError ?? "")")
            #expect(try await fixture.job(probe).state == "succeeded")
        }
    }

    @Test("probe without its table fails permanently with a clear message", arguments: DatabaseBackend.allCases)
    func probeWithoutTable(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            _ = try await fixture.session { try $0.execute("DROP TABLE spotter.job_probe") }
            let id = try await fixture.enqueue("probe")
            let bad = try await fixture.enqueue("probe", payload: "{\"sleep_ms\": \"soon\"}")
            try await fixture.withWorker { _ in
                try await fixture.waitUntil("both are dead") {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'dead'") == 2
                }
            }
            let job = try await fixture.job(id)
            #expect(job.attempt == 1)
            #expect(job.lastError?.contains("table spotter.job_probe does not exist") == true, "\(job.lastError ?? "")")
            #expect(try await fixture.job(bad).lastError == "invalid payload for probe: 'sleep_ms' has the wrong type")
        }
    }

    @Test("shutdown: in-flight jobs finish within the grace period", arguments: DatabaseBackend.allCases)
    func shutdownWithinGrace(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let ids = try await fixture.enqueue(
                (0..<3).map { _ in EnqueueRequest(kind: "probe", payload: "{\"sleep_ms\": 800}") }
            ).map(\.id)
            let report = try await fixture.withWorker(fixture.workerConfiguration(grace: .seconds(10))) { worker in
                try await fixture.waitUntil("all run") {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'") == 3
                }
                worker.beginShutdown()
                return worker
            }.report
            #expect(report.succeeded == 3 && report.handedBack == 0)
            #expect(try await fixture.states() == ["succeeded": 3])
            #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == ids.count)
        }
    }

    @Test("shutdown: jobs still running after the grace period go back to available, attempt not counted",
          arguments: DatabaseBackend.allCases)
    func shutdownBeyondGrace(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let ids = try await fixture.enqueue(
                (0..<2).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 600}") }
            ).map(\.id)
            let started = ContinuousClock.now
            try await fixture.withWorker(fixture.workerConfiguration(grace: .milliseconds(500))) { worker in
                try await fixture.waitUntil("both run") {
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'running'") == 2
                }
                worker.beginShutdown()
            }
            #expect(ContinuousClock.now - started < .seconds(5))
            for id in ids {
                let job = try await fixture.job(id)
                #expect(job.state == "available" && job.attempt == 0 && job.leaseOwner == nil)
            }
        }
    }

    @Test("cancelling the worker's task hands its jobs back at once", arguments: DatabaseBackend.allCases)
    func taskCancellation(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("sleep", payload: "{\"seconds\": 600}")
            let worker = Worker(
                configuration: fixture.workerConfiguration(grace: .seconds(60)), catalog: fixture.catalog,
                registry: QueueFixture.registry, logger: fixture.logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await worker.run() }
                try await fixture.waitUntil("the job runs") { try await fixture.job(id).state == "running" }
                let cancelled = ContinuousClock.now
                group.cancelAll()
                try await group.waitForAll()
                #expect(ContinuousClock.now - cancelled < .seconds(3))
            }
            let job = try await fixture.job(id)
            #expect(job.state == "available" && job.attempt == 0)
            #expect(worker.report.handedBack == 1)
        }
    }

    @Test("NOTIFY wakes an idle worker: enqueue to start far below the poll interval")
    func notifyWakesIdleWorker() async throws {
        try await QueueFixture.with(.postgres, TestCatalog(pollInterval: "10s")) { fixture in
            try await fixture.withWorker { _ in
                // Let the worker go idle and start listening.
                try await Task.sleep(for: .milliseconds(500))
                var latencies: [Double] = []
                for _ in 0..<10 {
                    let id = try await fixture.enqueue("noop")
                    try await fixture.waitUntil("job \(id) ran", timeout: .seconds(15)) {
                        try await fixture.job(id).state == "succeeded"
                    }
                    let job = try await fixture.job(id)
                    latencies.append(try #require(job.startedAt).timeIntervalSince(job.createdAt))
                    try await Task.sleep(for: .milliseconds(50))
                }
                latencies.sort()
                // Polling alone would take up to 10 s; a wake-up takes milliseconds.
                #expect(latencies[latencies.count / 2] < 0.2, "enqueue→start latencies: \(latencies)")
                #expect(latencies.last! < 1.5, "enqueue→start latencies: \(latencies)")
            }
        }
    }

    @Test("a worker drains a backlog and exits when empty; every job runs exactly once",
          arguments: DatabaseBackend.allCases)
    func untilEmpty(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<500).map { EnqueueRequest(kind: "probe", payload: "{\"n\": \($0)}") })
            let worker = Worker(
                configuration: fixture.workerConfiguration(concurrency: 16, untilEmpty: true), catalog: fixture.catalog,
                registry: QueueFixture.registry, logger: fixture.logger)
            try await worker.run()
            #expect(worker.report.succeeded == 500 && worker.report.claimed == 500)
            #expect(try await fixture.states() == ["succeeded": 500])
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 500)
            #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == 500)
        }
    }
}
