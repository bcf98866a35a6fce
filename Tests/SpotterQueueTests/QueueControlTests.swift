import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Operator control: pause and resume a queue under running workers, and one job's history.
@Suite("Pause, resume and job history")
struct QueueControlTests {
    @Test(
        "pause stops another worker's claims at once; resume restarts them within a poll interval",
        arguments: DatabaseBackend.allCases)
    func pauseAndResume(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let worker = try fixture.startWorker("worker")
            let first = try await fixture.enqueue("probe")
            try await fixture.waitUntil("the worker runs a job") { try await fixture.job(first).state == "succeeded" }

            let pause = try await fixture.spotter(["pause", "default", "--reason", "deploy"])
            #expect(pause.exit == .success, "\(pause)")
            #expect(pause.stdout == "queue default paused\n")
            #expect(try await fixture.spotter(["pause", "default"]).stdout == "queue default was already paused\n")
            let ids = try await fixture.enqueue(
                (0..<20).map { EnqueueRequest(kind: "probe", payload: "{\"n\": \($0)}") }
            )
            .map(\.id)
            // Ten poll intervals (100 ms each) and NOTIFY wake-ups: nothing of the queue is claimed.
            try await Task.sleep(for: .seconds(1))
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'available'") == 20)
            let status = try await fixture.spotter(["status"])
            #expect(status.stdout.contains("probe (paused)"), "\(status.stdout)")
            #expect(status.stdout.contains("paused queue: default since "), "\(status.stdout)")
            #expect(status.stdout.contains(": deploy\n"), "\(status.stdout)")
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.queue_health WHERE paused") == 1)

            let resumed = ContinuousClock.now
            let resume = try await fixture.spotter(["resume", "default"])
            #expect(resume.stdout == "queue default resumed\n", "\(resume)")
            try await fixture.waitUntil("the paused jobs run") {
                try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE state = 'succeeded'") == 21
            }
            // One poll interval is 100 ms; the rest is the command's start-up on a loaded machine.
            #expect(ContinuousClock.now - resumed < .seconds(10))
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.queue_health WHERE paused") == 0)
            #expect(try await fixture.spotter(["resume", "default"]).stdout == "queue default was not paused\n")
            // Other queues are not affected by a pause.
            _ = try await fixture.spotter(["pause", "other"])
            let more = try await fixture.enqueue("probe")
            try await fixture.waitUntil("a job of an unpaused queue runs") {
                try await fixture.job(more).state == "succeeded"
            }
            #expect(ids.count == 20)
            worker.send(SIGTERM)
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success)
        }
    }

    @Test(
        "spotter job shows each attempt of a retried job with its worker, times and error",
        arguments: DatabaseBackend.allCases)
    func jobHistory(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue([
                EnqueueRequest(kind: "sleep", payload: #"{"seconds": 0.01, "fail": true}"#, uniqueKey: "knee:42")
            ])[0].id
            let fresh = try await fixture.spotter(["job", "\(id)"])
            #expect(fresh.exit == .success, "\(fresh)")
            #expect(fresh.stdout.contains("(not run yet)"), "\(fresh.stdout)")
            #expect(fresh.stdout.contains("unique key:  knee:42\n"), "\(fresh.stdout)")

            let configuration = fixture.workerConfiguration()
            try await fixture.withWorker(configuration) { _ in
                try await fixture.waitUntil("the job is dead") { try await fixture.job(id).state == "dead" }
            }
            let shown = try await fixture.spotter(["job", "\(id)"])
            #expect(shown.exit == .success, "\(shown)")
            let out = shown.stdout
            #expect(out.hasPrefix("job \(id)  sleep  dead  (queue default, priority 0)\n"), "\(out)")
            #expect(
                out.contains(#"payload:     {"fail": true, "seconds": 0.01}"#) || out.contains(#""seconds":0.01"#)
                    || out.contains(#"{"seconds": 0.01, "fail": true}"#), "\(out)")
            #expect(out.contains("attempts:    3 of 3\n"), "\(out)")
            for attempt in 1...3 {
                let outcome = attempt < 3 ? "retryable" : "dead"
                #expect(
                    out.contains("  #\(attempt)  \(outcome)  \(configuration.workerID)  "), "attempt \(attempt): \(out)"
                )
                #expect(out.contains("      sleep: asked to fail (attempt \(attempt))"), "attempt \(attempt): \(out)")
            }

            // Retried by an operator: a fresh set of attempts, the earlier ones kept.
            let retry = try await fixture.spotter(["retry", "\(id)"])
            #expect(retry.exit == .success, "\(retry)")
            let second = fixture.workerConfiguration()
            try await fixture.withWorker(second) { _ in
                try await fixture.waitUntil("the job is dead again") { try await fixture.job(id).state == "dead" }
            }
            let history = try await fixture.session { session in
                try session.query(
                    "SELECT attempt, worker, outcome FROM spotter.job_history WHERE job_id = $1 ORDER BY started_at",
                    [.int(id)]
                )
                .map { "\(try $0.int("attempt")) \(try $0.string("outcome")) \(try $0.string("worker"))" }
            }
            let a = configuration.workerID, b = second.workerID
            #expect(
                history == [
                    "1 retryable \(a)", "2 retryable \(a)", "3 dead \(a)", "1 retryable \(b)", "2 retryable \(b)",
                    "3 dead \(b)",
                ])

            let missing = try await fixture.spotter(["job", "999999"])
            #expect(missing.exit == ProcessExit(code: 1, signalled: false))
            #expect(missing.stderr.contains("no job with id 999999"), "\(missing)")
        }
    }

    @Test("a handed-back attempt and a rescued one are kept in the history")
    func handBackAndRescue() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let id = try await fixture.enqueue("noop")
            let queue = fixture.queue
            // Claimed by A and handed back, then claimed by B, whose lease expires, then run by C.
            try await fixture.session { session in
                let job = try queue.claim(limit: 1, owner: "A", lease: .seconds(30), in: session)[0]
                try queue.acknowledge(
                    [JobAck(job, outcome: .handBack)], owner: "A", in: session)
                _ = try queue.claim(limit: 1, owner: "B", lease: .milliseconds(1), in: session)
            }
            try await Task.sleep(for: .milliseconds(20))
            try await fixture.session { session in
                #expect(try queue.rescueExpiredLeases(in: session) == [id])
                let job = try queue.claim(limit: 1, owner: "C", lease: .seconds(30), in: session)[0]
                try queue.acknowledge([JobAck(job, outcome: .succeeded(result: "{}"))], owner: "C", in: session)
            }
            let history = try await fixture.session { session in
                try session.query(
                    "SELECT attempt, worker, outcome, error FROM spotter.job_history WHERE job_id = $1 ORDER BY started_at",
                    [.int(id)]
                )
                .map {
                    "\(try $0.int("attempt")) \(try $0.string("worker")) \(try $0.string("outcome")) \(try $0.optionalString("error") ?? "-")"
                }
            }
            #expect(
                history == [
                    "1 A handed_back -", "1 B retryable lease expired: worker B stopped heartbeating",
                    "2 C succeeded -",
                ])
            // Attempts go with their job (pruning deletes it), and TRUNCATE of the jobs still works.
            let other = try await fixture.enqueue("noop")
            _ = try await fixture.session { session in
                try session.execute(
                    "INSERT INTO spotter.job_attempts (job_id, attempt, started_at, outcome) VALUES ($1, 1, now(), 'retryable')",
                    [.int(other)])
            }
            _ = try await fixture.session { try $0.execute("DELETE FROM spotter.jobs WHERE id = $1", [.int(id)]) }
            #expect(
                try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts WHERE job_id = $1", [.int(id)]) == 0
            )
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts") == 1)
            _ = try await fixture.session { try $0.execute("TRUNCATE spotter.jobs CASCADE") }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts") == 0)
        }
    }
}
