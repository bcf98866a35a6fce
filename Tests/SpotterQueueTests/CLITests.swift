import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// The operator commands around the queue, run as processes: what they accept, refuse and print.
@Suite("spotter enqueue, cancel, retry and status")
struct CLITests {
    @Test("spotter enqueue refuses bad input with exit 2 and one line saying why", arguments: DatabaseBackend.allCases)
    func enqueueRefusesBadInput(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let cases: [([String], String)] = [
                (["enqueue", "no_such_kind"], "unknown job kind 'no_such_kind'; known kinds: noop, probe, sleep"),
                (["enqueue", "noop", "--payload", "not json"], "payload is not a JSON object: 'not json'"),
                (["enqueue", "noop", "--payload", "[1]"], "payload is not a JSON object"),
                (["enqueue", "noop", "--priority", "-5000"], "priority -5000 is outside -1000…1000"),
                (["enqueue", "noop", "--run-at", "tomorrow"], "--run-at 'tomorrow' is not an ISO 8601 instant"),
                (["enqueue", "noop", "--max-attempts", "0"], "max_attempts 0 is outside 1…1000"),
            ]
            for (arguments, message) in cases {
                let result = try await fixture.spotter(arguments)
                #expect(result.exit == ProcessExit(code: 2, signalled: false), "\(arguments): \(result.stderr)")
                #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 0)
        }
    }

    @Test(
        "spotter enqueue: negative priority, run_at far past and far future, unique keys",
        arguments: DatabaseBackend.allCases)
    func enqueueAccepts(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            func enqueue(_ arguments: [String]) async throws -> Int64 {
                let result = try await fixture.spotter(["enqueue"] + arguments)
                #expect(result.exit == .success, "\(arguments): \(result.stderr)")
                let words = result.stdout.split(separator: " ")
                return try #require(words.count > 2 ? Int64(words[words[0] == "job" ? 1 : 2]) : nil, "\(result.stdout)")
            }
            let normal = try await enqueue(["noop"])
            let urgent = try await enqueue(["noop", "--priority", "-5", "--payload", "{\"why\": \"urgent\"}"])
            let past = try await enqueue(["noop", "--run-at", "1970-01-01T00:00:00Z"])
            let future = try await enqueue(["noop", "--run-at", "9999-12-31T00:00:00Z"])
            let keyed = try await enqueue([
                "noop", "--unique-key", "nightly:2026-03-01", "--run-at", "9999-12-31T00:00:00Z",
            ])
            let again = try await fixture.spotter(["enqueue", "noop", "--unique-key", "nightly:2026-03-01"])
            #expect(again.exit == .success)
            #expect(again.stdout == "job \(keyed) already holds unique key 'nightly:2026-03-01'; not enqueued again\n")
            #expect(try await fixture.job(urgent).priority == -5)
            var order: [Int64] = []
            for _ in 0..<4 { order += try await claim(fixture, owner: "A").map(\.id) }
            #expect(order == [urgent, past, normal])  // the future ones wait
            #expect(try await fixture.job(future).state == "available")
        }
    }

    @Test(
        "spotter enqueue --payload @FILE: payloads larger than one argument; unreadable and oversized files refused",
        arguments: DatabaseBackend.allCases)
    func enqueuePayloadFile(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-payload-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // 300 KiB: over Linux's 128 KiB limit for one command-line argument.
            let note = String(repeating: "knee ", count: 60_000)
            let large = directory.appendingPathComponent("large.json")
            try Data("{\"note\": \"\(note)\"}".utf8).write(to: large)
            let oversized = directory.appendingPathComponent("oversized.json")
            try Data("{\"note\": \"\(String(repeating: "x", count: 1_100_000))\"}".utf8).write(to: oversized)

            let accepted = try await fixture.spotter(["enqueue", "noop", "--payload", "@\(large.path)"])
            #expect(accepted.exit == .success, "\(accepted.stderr)")
            #expect(
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.jobs WHERE length(CAST(payload AS TEXT)) = $1",
                    [.int(Int64(note.utf8.count + 12))]) == 1)
            let refusals = [
                ("@\(directory.path)/missing.json", "cannot read the payload file '\(directory.path)/missing.json'"),
                ("@\(oversized.path)", "payload is 1100012 bytes; the limit is 1 MiB"),
            ]
            for (argument, message) in refusals {
                let refused = try await fixture.spotter(["enqueue", "noop", "--payload", argument])
                #expect(refused.exit == ProcessExit(code: 2, signalled: false), "\(refused.stderr)")
                #expect(refused.stderr.contains(message), "\(refused.stderr)")
                #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 1)
        }
    }

    @Test("spotter cancel: available, running, finished and unknown ids", arguments: DatabaseBackend.allCases)
    func cancel(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let waiting = try await fixture.enqueue("noop", runAt: Date().addingTimeInterval(3_600))
            let running = try await fixture.enqueue("noop")
            _ = try await claim(fixture, owner: "A")
            let first = try await fixture.spotter(["cancel", "\(waiting)"])
            #expect(first.exit == .success && first.stdout == "job \(waiting) cancelled\n")
            let second = try await fixture.spotter(["cancel", "\(running)"])
            #expect(second.exit == .success)
            #expect(second.stdout.contains("is running; its worker will stop it at the next heartbeat"))
            #expect(try await fixture.job(running).cancelRequested)
            let again = try await fixture.spotter(["cancel", "\(waiting)"])
            #expect(again.exit == ProcessExit(code: 1, signalled: false))
            #expect(again.stderr == "spotter: error: job \(waiting) already finished (cancelled); nothing to cancel\n")
            let missing = try await fixture.spotter(["cancel", "999999"])
            #expect(missing.exit == ProcessExit(code: 1, signalled: false))
            #expect(missing.stderr == "spotter: error: no job with id 999999\n")
        }
    }

    @Test(
        "spotter retry --dead and by id; spotter status shows kinds, counts and failures",
        arguments: DatabaseBackend.allCases)
    func retryAndStatus(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            try await fixture.enqueue((0..<3).map { _ in EnqueueRequest(kind: "noop") })
            try await fixture.enqueue((0..<2).map { _ in EnqueueRequest(kind: "sleep") })
            let jobs = try await claim(fixture, owner: "A", limit: 5)
            _ = try await ack(
                fixture, owner: "A",
                jobs.enumerated().map { index, job in
                    JobAck(job, outcome: index < 2 ? .succeeded(result: "{}") : .dead(error: "boom #\(index)"))
                })
            let status = try await fixture.spotter(["status"])
            #expect(status.exit == .success, "\(status.stderr)")
            let lines = status.stdout.split(separator: "\n").map {
                $0.split(separator: " ", omittingEmptySubsequences: true)
            }
            #expect(lines.first?.prefix(6) == ["kind", "available", "running", "retryable", "dead", "succeeded"])
            #expect(lines.contains { $0.prefix(6) == ["noop", "0", "0", "0", "1", "2"] }, "\(status.stdout)")
            #expect(lines.contains { $0.prefix(6) == ["sleep", "0", "0", "0", "2", "0"] }, "\(status.stdout)")
            #expect(lines.contains { $0.prefix(6) == ["all", "0", "0", "0", "3", "2"] }, "\(status.stdout)")
            #expect(status.stdout.contains("latest failures:"))
            #expect(status.stdout.contains("boom #4"))

            let dead = jobs.dropFirst(2).map(\.id)
            let byID = try await fixture.spotter(["retry", "\(dead.first!)", "999999"])
            #expect(byID.exit == ProcessExit(code: 1, signalled: false))
            #expect(byID.stdout == "retried 1 job(s)\n")
            #expect(byID.stderr.contains("not retried (no such job, or it is available, running or succeeded): 999999"))
            let all = try await fixture.spotter(["retry", "--dead"])
            #expect(all.exit == .success)
            #expect(all.stdout == "retried 2 job(s): \(dead.dropFirst().map(String.init).joined(separator: ", "))\n")
            #expect(try await fixture.states() == ["available": 3, "succeeded": 2])
            let neither = try await fixture.spotter(["retry"])
            #expect(neither.exit.code != 0 && neither.stderr.contains("give job ids or --dead"))
        }
    }

    @Test("bad input through SQL reaches a defined end: unknown kind dead, far-past run_at runs, cancel false")
    func sqlEnqueueThroughWorker() async throws {
        try await QueueFixture.with(.postgres) { fixture in
            let ids = try await fixture.session { session in
                try session.query(
                    """
                    SELECT spotter.enqueue('no_such_kind') AS unknown,
                           spotter.enqueue('probe', '{}', '1970-01-01T00:00:00Z') AS past,
                           spotter.enqueue('probe', '{}', 'infinity') AS never,
                           spotter.enqueue('probe', '{}', now(), -5) AS urgent,
                           spotter.cancel(999999) AS cancelled
                    """
                ).first!
            }
            #expect(try ids.bool("cancelled") == false)
            let worker = try fixture.startWorker("worker", ["--until-empty", "--concurrency", "1"])
            #expect(try await worker.waitForExit(timeout: .seconds(30)) == .success, "\(worker.stderrTail)")
            let unknown = try await fixture.job(try ids.int64("unknown"))
            #expect(unknown.state == "dead" && unknown.attempt == 1)
            #expect(unknown.lastError?.hasPrefix("unknown job kind 'no_such_kind'") == true)
            #expect(try await fixture.job(try ids.int64("past")).state == "succeeded")
            #expect(try await fixture.job(try ids.int64("never")).state == "available")
            let order = try await fixture.session { session in
                try session.query("SELECT job_id FROM spotter.job_probe ORDER BY at").map { try $0.int64("job_id") }
            }
            #expect(order == [try ids.int64("urgent"), try ids.int64("past")])
        }
    }
}
