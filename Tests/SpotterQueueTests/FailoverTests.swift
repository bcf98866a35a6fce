import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// A failover under running workers (issue 39): a primary and a streaming standby on loopback,
/// `spotter work` processes given both in one libpq multi-host URL
/// (`target_session_attrs=read-write`), the primary stopped as a crash would stop it and the
/// standby promoted while they drain. Then every job must have ended as the queue promises.
///
/// The suite drains 2,000 jobs; `SPOTTER_FAILOVER_JOBS=50000` raises it for a manual run.
@Suite("Failover to a streaming standby under running workers")
struct FailoverTests {
    static var jobCount: Int {
        ProcessInfo.processInfo.environment["SPOTTER_FAILOVER_JOBS"].flatMap(Int.init) ?? 2_000
    }

    /// The workers and their slots.
    static let workers = 2
    static let concurrency = 8

    @Test("a synchronous standby promoted mid-drain: 0 lost, 0 stuck, exactly-once jobs ran once")
    func drainAcrossSynchronousFailover() async throws {
        try await drainAcrossFailover(synchronous: true)
    }

    @Test("an asynchronous standby promoted mid-drain: unreplicated work runs again, nothing is lost")
    func drainAcrossAsynchronousFailover() async throws {
        try await drainAcrossFailover(synchronous: false)
    }

    func drainAcrossFailover(synchronous: Bool) async throws {
        let pair = try await ReplicatedPostgres.start(synchronous: synchronous)
        let configuration: DatabaseConfiguration
        do {
            let admin = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres")), logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_failover")
            await admin.close()
            configuration = try DatabaseConfiguration.parse(pair.readWriteURL(database: "spotter_failover"))
        } catch {
            await pair.stop()
            throw error
        }
        // Enough attempts that a job failed twice by one failover is still retried (checked below).
        let settings = TestCatalog(maxAttempts: 5)
        try await QueueFixture.with(configuration, drop: { await pair.stop() }, settings) { fixture in
            let total = Self.jobCount
            // Even jobs complete in their own transaction (exactly-once effects), odd ones are
            // acknowledged in batches (at least once).
            try await fixture.enqueue(
                (0..<total).map { n in
                    EnqueueRequest(
                        kind: "probe",
                        payload: "{\"sleep_ms\": 5, \"n\": \(n), \"complete_in_transaction\": \(n % 2 == 0)}")
                })
            if !synchronous { try await pair.waitForReplay() }
            let drainStarted = ContinuousClock.now
            let workers = try (1...Self.workers).map {
                try fixture.startWorker("worker-\($0)", ["--concurrency", "\(Self.concurrency)"])
            }
            try await fixture.waitUntil("a fifth is done", timeout: .seconds(600)) {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") >= total / 5
            }
            let started = ContinuousClock.now
            try await pair.failOver()
            let promoted = Date()
            let failover = ContinuousClock.now - started
            // New work after the failover is taken too.
            try await fixture.enqueue((0..<200).map { _ in EnqueueRequest(kind: "probe") })
            // Back to work: the first job finished on the new primary after its promotion.
            try await fixture.waitUntil("a job finishes after the promotion", timeout: .seconds(60)) {
                try await fixture.session { session in
                    try session.query(
                        "SELECT count(*) FROM spotter.jobs WHERE finished_at > \(timestamp: promoted)" as SQLQuery
                    ).first?.int(at: 0) ?? 0
                } > 0
            }
            let backToWork = Date().timeIntervalSince(promoted)
            try await fixture.waitUntil("everything is done", timeout: .seconds(600)) {
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')") == 0
            }
            let drain = ContinuousClock.now - drainStarted
            for worker in workers {
                #expect(worker.exitStatus == nil, "\(worker.name) died: \(worker.stderrTail)")
            }
            let all = total + 200
            // 0 lost, 0 stuck: every job succeeded, none dead.
            #expect(try await fixture.states() == ["succeeded": all])
            #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == all)
            // Exactly once where the job completes in its own transaction: its write and its
            // success commit together, on the old primary (and, synchronously, the standby) or not at all.
            let (exactlyOnce, unaccounted) = try await Self.probeRunsAmiss(fixture)
            #expect(exactlyOnce == 0, "\(exactlyOnce) exactly-once jobs ran other than once")
            // Attempts accounted: each job's last attempt is the run that wrote its row, and the
            // failover spent at most two attempts of any job.
            #expect(unaccounted == 0, "\(unaccounted) jobs whose last attempt left no run")
            let maxAttempt = try await fixture.scalar("SELECT max(attempt) FROM spotter.jobs")
            #expect(maxAttempt <= 3, "a job reached attempt \(maxAttempt)")
            let retried = try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE attempt > 1")
            let runs = try await fixture.scalar("SELECT count(*) FROM spotter.job_probe")
            let slots = Self.workers * Self.concurrency
            // Every attempt spent beyond the first was spent by a connection the failover cut, or
            // (asynchronous only) by the lease of a job whose completion the standby never got.
            let causes = try await fixture.session { session in
                try session.query(
                    """
                    SELECT split_part(last_error, ':', 1) AS cause, count(*) AS n FROM spotter.jobs
                    WHERE attempt > 1 GROUP BY 1 ORDER BY 2 DESC
                    """
                ).map { "\(try $0.string("cause")) \(try $0.int("n"))" }
            }
            #expect(
                causes.allSatisfy {
                    $0.hasPrefix("connectionLost ") || $0.hasPrefix("connectionFailed ")
                        || (!synchronous && $0.hasPrefix("lease expired "))
                },
                "attempts spent by other failures: \(causes)")
            if synchronous {
                // Nothing the primary acknowledged is missing on the standby: only the jobs cut
                // mid-run (at most two per slot) run again.
                #expect(runs - all <= 2 * slots, "\(runs - all) re-executions")
            }
            #expect(backToWork < 10, "back to work \(backToWork) s after the promotion (lease 10 s)")
            print(
                "failover (\(synchronous ? "synchronous" : "asynchronous") standby): \(all) jobs drained in \(drain), "
                    + "failover took \(failover), back to work \(String(format: "%.2f", backToWork)) s after promotion, "
                    + "\(retried) jobs retried (\(causes.joined(separator: ", "))), \(runs - all) re-executions, "
                    + "max attempt \(maxAttempt)")
            for worker in workers { worker.send(SIGTERM) }
            for (worker, status) in zip(workers, try await waitForAll(workers, timeout: .seconds(30))) {
                #expect(status == .success, "\(worker.name): \(worker.stderrTail)")
            }
        }
    }

    @Test(
        "an asynchronous standby cut off before the crash: lost claims and completions run again, exactly-once jobs ran once"
    )
    func drainAcrossLossyAsynchronousFailover() async throws {
        let pair = try await ReplicatedPostgres.start(synchronous: false)
        let configuration: DatabaseConfiguration
        do {
            let admin = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres")), logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_lossy")
            await admin.close()
            configuration = try DatabaseConfiguration.parse(pair.readWriteURL(database: "spotter_lossy"))
        } catch {
            await pair.stop()
            throw error
        }
        let settings = TestCatalog(maxAttempts: 5)
        try await QueueFixture.with(configuration, drop: { await pair.stop() }, settings) { fixture in
            let total = 3_000
            try await fixture.enqueue(
                (0..<total).map { n in
                    EnqueueRequest(
                        kind: "probe",
                        payload: "{\"sleep_ms\": 20, \"n\": \(n), \"complete_in_transaction\": \(n % 2 == 0)}")
                })
            try await pair.waitForReplay()
            let workers = try (1...Self.workers).map {
                try fixture.startWorker("worker-\($0)", ["--concurrency", "\(Self.concurrency)"])
            }
            try await fixture.waitUntil("a fifth is done", timeout: .seconds(300)) {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") >= total / 5
            }
            // Cut the stream: the standby's walreceiver now dials a dead port, so everything the
            // primary commits from here on exists on the primary only (pausing replay would not
            // do: promotion replays whatever was received).
            let standby = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.standbyURL(database: "spotter_lossy")), logger: TestDatabase.logger
            )
            try await standby.execute(
                "ALTER SYSTEM SET primary_conninfo = 'host=127.0.0.1 port=1 user=spotter application_name=spotter_standby'"
            )
            try await standby.execute("SELECT pg_reload_conf()")
            let primary = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "spotter_lossy")), logger: TestDatabase.logger
            )
            try await fixture.waitUntil("the standby stops streaming", timeout: .seconds(30)) {
                try await primary.query("SELECT count(*) FROM pg_stat_replication").first?.int(at: 0) == 0
            }
            let succeededOnStandby =
                try await standby.query("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'").first?.int(at: 0)
                ?? 0
            // Claims, runs and completions the standby will never see.
            try await Task.sleep(for: .seconds(3))
            let succeededOnPrimary =
                try await primary.query("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'").first?.int(at: 0)
                ?? 0
            await primary.close()
            await standby.close()
            try await pair.failOver()
            let lost = succeededOnPrimary - succeededOnStandby
            #expect(
                lost > 0, "nothing was lost: the standby had \(succeededOnStandby), the primary \(succeededOnPrimary)")
            try await fixture.waitUntil("everything is done", timeout: .seconds(180)) {
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')") == 0
            }
            for worker in workers {
                #expect(worker.exitStatus == nil, "\(worker.name) died: \(worker.stderrTail)")
            }
            // 0 lost, 0 stuck from the queue's point of view: every job ended, and succeeded.
            #expect(try await fixture.states() == ["succeeded": total])
            #expect(try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == total)
            // In the surviving history the exactly-once half ran once: a completion and its
            // write were lost together, and the rerun wrote them again.
            let (exactlyOnce, unaccounted) = try await Self.probeRunsAmiss(fixture)
            #expect(exactlyOnce == 0, "\(exactlyOnce) exactly-once jobs ran other than once")
            #expect(unaccounted == 0, "\(unaccounted) jobs whose last attempt left no run")
            // Attempts beyond the first were spent by the cut connections or by leases of lost
            // completions running out (the worker no longer holds those jobs, so it does not renew them).
            let causes = try await fixture.session { session in
                try session.query(
                    """
                    SELECT split_part(last_error, ':', 1) AS cause, count(*) AS n FROM spotter.jobs
                    WHERE attempt > 1 GROUP BY 1 ORDER BY 2 DESC
                    """
                ).map { "\(try $0.string("cause")) \(try $0.int("n"))" }
            }
            #expect(
                causes.allSatisfy {
                    $0.hasPrefix("connectionLost ") || $0.hasPrefix("connectionFailed ")
                        || $0.hasPrefix("lease expired ")
                },
                "attempts spent by other failures: \(causes)")
            let runs = try await fixture.scalar("SELECT count(*) FROM spotter.job_probe")
            let maxAttempt = try await fixture.scalar("SELECT max(attempt) FROM spotter.jobs")
            print(
                "lossy asynchronous failover: \(total) jobs, \(lost) completions lost with the primary "
                    + "(\(succeededOnPrimary) succeeded there, \(succeededOnStandby) on the cut standby), "
                    + "\(runs - total) at-least-once re-executions survive, attempts spent by \(causes), max attempt \(maxAttempt)"
            )
            for worker in workers { worker.send(SIGTERM) }
            for (worker, status) in zip(workers, try await waitForAll(workers, timeout: .seconds(30))) {
                #expect(status == .success, "\(worker.name): \(worker.stderrTail)")
            }
        }
    }

    @Test("a primary fenced read-only mid-drain: jobs wait for it to take writes again, no attempt spent")
    func readOnlyPrimarySpendsNoAttempt() async throws {
        let cluster = try await PostgresCluster.start()
        let configuration: DatabaseConfiguration
        do {
            let admin = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(cluster.url), logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_fenced")
            await admin.close()
            configuration = try DatabaseConfiguration.parse(
                "postgresql://spotter@127.0.0.1:\(cluster.port)/spotter_fenced?target_session_attrs=read-write")
        } catch {
            await cluster.stop()
            throw error
        }
        try await QueueFixture.with(configuration, drop: { await cluster.stop() }, TestCatalog()) { fixture in
            let total = 600
            try await fixture.enqueue(
                (0..<total).map { EnqueueRequest(kind: "probe", payload: "{\"sleep_ms\": 20, \"n\": \($0)}") })
            let worker = try fixture.startWorker("worker", ["--concurrency", "8"])
            try await fixture.waitUntil("a tenth is done", timeout: .seconds(60)) {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") >= total / 10
            }
            // What a failover tool does to an old primary it cannot stop: every new transaction
            // is read-only (SQLSTATE 25006 on any write), existing sessions included.
            let admin = try DatabaseConfiguration.parse(cluster.url)
            let fence = try await DatabaseConnection.open(admin, logger: TestDatabase.logger)
            try await fence.execute("ALTER SYSTEM SET default_transaction_read_only = on")
            try await fence.execute("SELECT pg_reload_conf()")
            try await Task.sleep(for: .seconds(2))
            try await fence.execute("SET default_transaction_read_only = off")
            try await fence.execute("ALTER SYSTEM RESET default_transaction_read_only")
            try await fence.execute("SELECT pg_reload_conf()")
            await fence.close()
            try await fixture.waitUntil("everything is done", timeout: .seconds(120)) {
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')") == 0
            }
            #expect(worker.exitStatus == nil, "the worker died: \(worker.stderrTail)")
            #expect(try await fixture.states() == ["succeeded": total])
            let spent = try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE attempt > 1")
            #expect(spent == 0, "\(spent) jobs spent an attempt on a read-only server")
            #expect(worker.standardError.contains("read-only"), "\(worker.stderrTail)")
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
        }
    }

    @Test("spotter work --metrics-port with a read database exports its replay lag")
    func readReplayLagMetric() async throws {
        let pair = try await ReplicatedPostgres.start(synchronous: false)
        let configuration: DatabaseConfiguration
        do {
            let admin = try await DatabaseConnection.open(
                try DatabaseConfiguration.parse(pair.primaryURL(database: "postgres")), logger: TestDatabase.logger)
            try await admin.execute("CREATE DATABASE spotter_lag")
            await admin.close()
            configuration = try DatabaseConfiguration.parse(pair.readWriteURL(database: "spotter_lag"))
        } catch {
            await pair.stop()
            throw error
        }
        try await QueueFixture.with(configuration, drop: { await pair.stop() }, TestCatalog()) { fixture in
            try await fixture.enqueue((0..<20).map { EnqueueRequest(kind: "probe", payload: "{\"n\": \($0)}") })
            let port = try freePort()
            let worker = try fixture.startWorker(
                "worker",
                ["--metrics-port", "\(port)", "--read-database", pair.standbyURL(database: "spotter_lag")])
            var body = ""
            try await fixture.waitUntil("the endpoint shows the standby's lag", timeout: .seconds(30)) {
                body = (try? await httpGet(port: port, path: "/metrics").body) ?? ""
                return body.contains("spotter_read_standby 1") && body.contains("spotter_read_replay_lag_seconds ")
            }
            let line = body.split(separator: "\n").first { $0.hasPrefix("spotter_read_replay_lag_seconds ") }
            let lag = line.flatMap { Double($0.split(separator: " ").last ?? "") }
            #expect(lag.map { $0 >= 0 && $0 < 600 } == true, "\(line ?? "no lag line")")
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
        }
    }

    /// What the probe rows say went wrong in a drain: jobs completed in their own transaction
    /// (`complete_in_transaction`) that ran other than once, and jobs whose last attempt left no run.
    static func probeRunsAmiss(_ fixture: QueueFixture) async throws -> (exactlyOnce: Int, unaccounted: Int) {
        let exactlyOnce = try await fixture.scalar(
            """
            SELECT count(*) FROM spotter.jobs j
            LEFT JOIN (SELECT job_id, count(*) AS runs FROM spotter.job_probe GROUP BY job_id) p ON p.job_id = j.id
            WHERE (j.payload->>'complete_in_transaction')::boolean AND coalesce(p.runs, 0) <> 1
            """)
        let unaccounted = try await fixture.scalar(
            """
            SELECT count(*) FROM spotter.jobs j
            WHERE NOT EXISTS (SELECT 1 FROM spotter.job_probe p WHERE p.job_id = j.id AND p.attempt = j.attempt)
            """)
        return (exactlyOnce, unaccounted)
    }
}
