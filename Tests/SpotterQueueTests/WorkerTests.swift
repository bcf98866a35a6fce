import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

@Suite("Worker in-process: retries with backoff, timeouts, cancellation, shutdown, wake-ups")
struct WorkerTests {
    @Test(
        "a failing handler backs off exponentially with jitter, then goes dead with its last error",
        arguments: DatabaseBackend.allCases)
    func backoffWithJitter(backend: DatabaseBackend) async throws {
        let settings = TestCatalog(maxAttempts: 4, backoff: "{base: 300ms, max: 10s, jitter: 0.2}")
        try await QueueFixture.with(backend, settings) { fixture in
            // Each failed attempt n leaves the job retryable with finished_at = the ack's time and
            // run_at = that time + delay(n): run_at - finished_at is exactly the delay it got. A
            // trigger records every such row, so nothing depends on polling in time.
            try await recordRetries(fixture)
            try await fixture.withWorker { _ in
                try await fixture.enqueue(
                    (0..<5).map { _ in EnqueueRequest(kind: "sleep", payload: "{\"seconds\": 0, \"fail\": true}") })
                try await fixture.waitUntil("every job is dead", timeout: .seconds(30)) {
                    try await fixture.states() == ["dead": 5]
                }
            }
            let rows = try await fixture.session { session in
                try session.query(
                    "SELECT id, attempt, run_at, finished_at FROM spotter.job_retries ORDER BY id, attempt"
                )
                .map {
                    (
                        try $0.int64("id"), try $0.int("attempt"),
                        try $0.date("run_at").timeIntervalSince(try $0.date("finished_at"))
                    )
                }
            }
            var delays: [Int64: [Int: Double]] = [:]
            for (id, attempt, delay) in rows { delays[id, default: [:]][attempt] = delay }
            var all: [(attempt: Int, delay: Double)] = []
            #expect(delays.count == 5)
            for id in delays.keys.sorted() {
                let seen = try #require(delays[id])
                #expect(seen.keys.sorted() == [1, 2, 3], "job \(id) retried after attempts \(seen.keys.sorted())")
                let d = (1...3).compactMap { seen[$0] }
                guard d.count == 3 else { continue }
                // base 300 ms doubling: 300, 600, 1200 ms, each ±20 % (±2 ms of timestamp rounding).
                for (index, nominal) in [0.3, 0.6, 1.2].enumerated() {
                    #expect(d[index] >= nominal * 0.8 - 0.002 && d[index] <= nominal * 1.2 + 0.002, "job \(id): \(d)")
                    all.append((index + 1, d[index] - nominal))
                }
                #expect(d[0] < d[1] && d[1] < d[2], "job \(id): delays must grow: \(d)")
                let job = try await fixture.job(id)
                #expect(job.state == "dead" && job.attempt == 4 && job.finishedAt != nil)
                #expect(job.lastError?.contains("sleep: asked to fail") == true)
                #expect(job.lastError?.contains("attempt 4 of 4") == true, "\(job.lastError ?? "")")
            }
            // Jitter: the delays differ from the nominal ones, above and below, and from job to job.
            let first = all.filter { $0.attempt == 1 }.map(\.delay)
            #expect((first.max() ?? 0) - (first.min() ?? 0) > 0.01, "first delays minus nominal: \(first)")
            #expect(all.contains { $0.delay < -0.003 }, "no delay below nominal: \(all)")
            #expect(all.contains { $0.delay > 0.003 }, "no delay above nominal: \(all)")
        }
    }

    /// A trigger copying every move to `retryable` into `spotter.job_retries`.
    private func recordRetries(_ fixture: QueueFixture) async throws {
        _ = try await fixture.session { session in
            if session.backend == .postgres {
                try session.executeScript(
                    """
                    CREATE TABLE spotter.job_retries (id bigint, attempt int, run_at timestamptz, finished_at timestamptz);
                    CREATE FUNCTION spotter.record_retry() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN
                        INSERT INTO spotter.job_retries VALUES (NEW.id, NEW.attempt, NEW.run_at, NEW.finished_at);
                        RETURN NULL;
                    END $$;
                    CREATE TRIGGER record_retry AFTER UPDATE ON spotter.jobs FOR EACH ROW
                        WHEN (NEW.state = 'retryable') EXECUTE FUNCTION spotter.record_retry();
                    """)
            } else {
                try session.executeScript(
                    """
                    CREATE TABLE job_retries (id INTEGER, attempt INTEGER, run_at TEXT, finished_at TEXT);
                    CREATE TRIGGER record_retry AFTER UPDATE ON jobs FOR EACH ROW WHEN NEW.state = 'retryable'
                    BEGIN
                        INSERT INTO job_retries VALUES (NEW.id, NEW.attempt, NEW.run_at, NEW.finished_at);
                    END;
                    """)
            }
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
            // Two 700 ms attempts, not 600 s (generous: the suite runs on a loaded machine).
            #expect(elapsed < .seconds(60), "two 700 ms attempts took \(elapsed)")
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
                try await fixture.waitUntil("the job is cancelled", timeout: .seconds(30)) {
                    try await fixture.job(id).state == "cancelled"
                }
                // Heartbeats every second; generous for a loaded machine, far below the 600 s sleep.
                #expect(ContinuousClock.now - requested < .seconds(20))
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

    @Test(
        "shutdown: jobs still running after the grace period go back to available, attempt not counted",
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
            #expect(ContinuousClock.now - started < .seconds(60))  // 500 ms of grace, not the 600 s sleep
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
                #expect(ContinuousClock.now - cancelled < .seconds(8))  // the grace period is 60 s
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
                // Every one well under the 10 s poll, with room for one slow moment on a loaded machine.
                #expect(latencies.last! < 5, "enqueue→start latencies: \(latencies)")
            }
        }
    }

    @Test(
        "a worker drains a backlog and exits when empty; every job runs exactly once",
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

    @Test("job slots run without parallel query or JIT on PostgreSQL unless the configuration names them")
    func serverSettings() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let registry = HandlerRegistry([SettingsReportingHandler()])
            for (explicit, parallel) in [(false, 0), (true, 2)] {
                var configuration = fixture.workerConfiguration(untilEmpty: true)
                #expect(configuration.database.settings == WorkerConfiguration.serverSettings)
                if explicit { configuration.database.settings["max_parallel_workers_per_gather"] = "2" }
                let id = try await fixture.enqueue("noop")
                try await Worker(
                    configuration: configuration, catalog: fixture.catalog, registry: registry, logger: fixture.logger
                )
                .run()
                let result = try await fixture.session { session in
                    try session.query("SELECT result::text AS r FROM spotter.jobs WHERE id = $1", [.int(id)])[0].string(
                        "r")
                }
                #expect(result.contains("\"parallel\": \(parallel)") && result.contains("\"jit_on\": 0"), "\(result)")
            }
        }
    }
}

/// Reports its connection's parallel-query and JIT settings in the job's result (as `noop`).
private struct SettingsReportingHandler: JobHandler {
    var kind: String { "noop" }

    func run(_ context: JobContext) async throws -> JobResult {
        let row = try await context.database.query(
            """
            SELECT current_setting('max_parallel_workers_per_gather')::int AS parallel,
                   CASE WHEN current_setting('jit') = 'on' THEN 1 ELSE 0 END AS jit_on
            """)[0]
        return JobResult(counts: ["parallel": try row.int("parallel"), "jit_on": try row.int("jit_on")])
    }
}
