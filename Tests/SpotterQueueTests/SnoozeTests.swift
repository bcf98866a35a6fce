import Foundation
import SpotterCatalog
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

/// A handler may decline to run yet (``JobSnooze``): its job waits without using an attempt. The
/// nightly orders its kinds with it (``JobContext/awaitNight(of:limit:in:)``): a kind that reads
/// what another writes the same night waits for that kind's shards of the night.
@Suite("Snoozed jobs and the order of a night's kinds")
struct SnoozeTests {
    /// Kinds of these tests: `writer` stands for a kind another reads, `reader` for the one that
    /// reads it, `turns` snoozes twice and then succeeds.
    static let settings = TestCatalog(
        maxAttempts: 1,
        extraKinds: """
              writer:
                description: Writes what reader reads.
                test: true
              reader:
                description: Reads what writer writes.
                test: true
              turns:
                description: Snoozes twice, then succeeds.
                test: true
            """)

    @Test(
        "an acknowledged snooze puts the job back for its delay, without using an attempt or leaving an error",
        arguments: DatabaseBackend.allCases)
    func acknowledged(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("noop")
            let job = try #require(try await claim(fixture, owner: "A").first)
            #expect(job.attempt == 1)
            let before = Date()
            let acked = try await ack(
                fixture, owner: "A",
                JobAck(job, outcome: .snooze(reason: "not yet", delay: .seconds(60))))
            #expect(acked == [id])
            let row = try await fixture.job(id)
            #expect(row.state == "available" && row.attempt == 0 && row.leaseOwner == nil, "\(row)")
            #expect(row.lastError == nil && row.finishedAt == nil && row.startedAt == nil, "\(row)")
            #expect(
                row.runAt > before.addingTimeInterval(55) && row.runAt < Date().addingTimeInterval(65), "\(row.runAt)")
            // Not claimable before its run_at; a stale ack of the same attempt changes nothing.
            #expect(try await claim(fixture, owner: "B").isEmpty)
            #expect(try await ack(fixture, owner: "A", JobAck(job, outcome: .dead(error: "late"))).isEmpty)
        }
    }

    @Test(
        "a job snoozed or handed back while a cancel was requested is cancelled, not put back",
        arguments: DatabaseBackend.allCases)
    func cancelWhileWaiting(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let snoozed = try await fixture.enqueue("noop")
            let handedBack = try await fixture.enqueue("noop")
            let untouched = try await fixture.enqueue("noop")
            let claimed = try await claim(fixture, owner: "A", limit: 3)
            #expect(claimed.map(\.id) == [snoozed, handedBack, untouched])
            let queue = fixture.queue
            for id in [snoozed, handedBack] {
                #expect(try await fixture.session { try queue.cancel(jobID: id, in: $0) } == .requested)
            }
            let acked = try await ack(
                fixture, owner: "A",
                JobAck(claimed[0], outcome: .snooze(reason: "facts first", delay: .seconds(60))),
                JobAck(claimed[1], outcome: .handBack),
                JobAck(claimed[2], outcome: .snooze(reason: "facts first", delay: .seconds(60))))
            #expect(acked == [snoozed, handedBack, untouched])
            for id in [snoozed, handedBack] {
                let row = try await fixture.job(id)
                #expect(row.state == "cancelled" && row.finishedAt != nil && row.leaseOwner == nil, "\(row)")
                #expect(row.lastError == "cancelled before it ran", "\(row)")
            }
            let waiting = try await fixture.job(untouched)
            #expect(waiting.state == "available" && waiting.finishedAt == nil && waiting.lastError == nil, "\(waiting)")
        }
    }

    @Test(
        "a worker runs a job that snoozes twice to success on its one attempt; an until-empty worker waits for it",
        arguments: DatabaseBackend.allCases)
    func snoozingHandler(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, Self.settings) { fixture in
            let id = try await fixture.enqueue("turns")
            let handler = SnoozingHandler()
            let worker = Worker(
                configuration: fixture.workerConfiguration(concurrency: 2, untilEmpty: true), catalog: fixture.catalog,
                registry: HandlerRegistry([handler]), logger: fixture.logger)
            try await worker.run()
            let row = try await fixture.job(id)
            #expect(row.state == "succeeded" && row.attempt == 1 && row.maxAttempts == 1, "\(row)")
            #expect(handler.runs.withLock { $0 } == 3)
            #expect(worker.report.snoozed == 2 && worker.report.succeeded == 1 && worker.report.retried == 0)
            // A snooze is not a run: the attempt history holds none (a hand-back would be one).
            #expect(
                try await fixture.scalar("SELECT count(*) FROM spotter.job_attempts WHERE job_id = $1", [.int(id)]) == 0
            )
        }
    }

    @Test("a waiting shard asks again after a quarter of its wait so far, from 250 ms to 5 s")
    func recheck() {
        #expect(NightOrder.recheck(afterWaiting: .zero) == .milliseconds(250))
        #expect(NightOrder.recheck(afterWaiting: .seconds(4)) == .seconds(1))
        #expect(NightOrder.recheck(afterWaiting: .seconds(3600)) == .seconds(5))
    }

    @Test("the night of a shard key: zone and local date, for that kind's shard keys only")
    func nightOfKey() {
        #expect(Shard.night(ofKey: "reader:Europe/Berlin:2026-11-21:3", kind: "reader") == "Europe/Berlin:2026-11-21")
        let key = Shard.uniqueKey(kind: "reader", zone: "America/New_York", localDate: "2026-11-21", index: 12)
        #expect(key == "reader:America/New_York:2026-11-21:12")
        #expect(Shard.night(ofKey: key, kind: "reader") == "America/New_York:2026-11-21")
        #expect(Shard.night(ofKey: key, kind: "writer") == nil)
        #expect(Shard.night(ofKey: key, kind: "read") == nil)
        for other in [
            nil, "", "reader", "reader:", "reader:user:42", "reader:Europe/Berlin:2026-11-21:x",
            "reader:Europe/Berlin:2026-11-21:", "reader:Europe/Berlin:2026-11-21:٣",
        ] {
            #expect(Shard.night(ofKey: other, kind: "reader") == nil, "\(other ?? "nil")")
        }
    }

    @Test(
        "a night's reader shard waits for that night's writer shards, and only those",
        arguments: DatabaseBackend.allCases)
    func readerWaitsForWriters(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, Self.settings) { fixture in
            let night = (zone: "America/New_York", date: "2026-11-21")
            func key(_ kind: String, _ zone: String = night.zone, _ date: String = night.date, _ index: Int = 0)
                -> String
            {
                Shard.uniqueKey(kind: kind, zone: zone, localDate: date, index: index)
            }
            let writers = try await fixture.enqueue([
                EnqueueRequest(kind: "writer", uniqueKey: key("writer", night.zone, night.date, 0)),
                EnqueueRequest(kind: "writer", uniqueKey: key("writer", night.zone, night.date, 1)),
                // Other nights, another zone whose name a LIKE pattern with '_' would match, another kind.
                EnqueueRequest(kind: "writer", uniqueKey: key("writer", night.zone, "2026-11-22")),
                EnqueueRequest(kind: "writer", uniqueKey: key("writer", "America/NewXYork")),
                EnqueueRequest(kind: "noop", uniqueKey: key("noop")),
            ]).map(\.id)
            let readerID = try await fixture.enqueue([
                EnqueueRequest(kind: "reader", uniqueKey: key("reader", night.zone, night.date, 7))
            ])[0].id
            let reader = try #require(
                try await fixture.session { session in
                    try session.query("SELECT created_at FROM spotter.jobs WHERE id = \(bind: readerID)").first?.date(
                        "created_at")
                })
            func waitFor(_ job: Job, limit: Duration = .seconds(600)) async throws -> Result<Int, JobSnooze> {
                try await awaitWriters(fixture, job, limit: limit)
            }
            let job = Job(
                id: readerID, kind: "reader", uniqueKey: key("reader", night.zone, night.date, 7), createdAt: reader)

            // Two writers of the night are live (available, then one running): the reader snoozes.
            guard case .failure(let snooze) = try await waitFor(job) else { Issue.record("did not wait"); return }
            #expect(snooze.delay >= .milliseconds(250) && snooze.delay <= .seconds(5), "\(snooze.delay)")
            #expect(snooze.reason.contains("2 shard(s) of writer"), "\(snooze.reason)")
            let running = try #require(try await claim(fixture, owner: "A", limit: 2).first { $0.id == writers[0] })
            #expect(
                try await ack(
                    fixture, owner: "A", JobAck(running, outcome: .succeeded(result: "{}"))) == [
                        running.id
                    ])
            guard case .failure = try await waitFor(job) else { Issue.record("one writer is still live"); return }
            // Past its limit, the reader stops waiting and says how many it left behind.
            guard case .success(1) = try await waitFor(job, limit: .zero) else {
                Issue.record("waited past the limit"); return
            }
            // A writer that failed for good is not waited for; the other nights' writers never were.
            _ = try await fixture.session { session in
                try session.execute(
                    "UPDATE spotter.jobs SET state = 'dead', lease_owner = NULL WHERE id = \(bind: writers[1])")
            }
            guard case .success(0) = try await waitFor(job) else { Issue.record("waited for another night"); return }
            // An on-demand job of the kind (no shard key) never waits, even for a live writer.
            _ = try await fixture.session { session in
                try session.execute("UPDATE spotter.jobs SET state = 'available' WHERE id = \(bind: writers[1])")
            }
            guard case .failure = try await waitFor(job) else { Issue.record("the writer is live again"); return }
            for onDemand in [nil, "reader:user:42"] {
                let other = Job(id: readerID, kind: "reader", uniqueKey: onDemand, createdAt: reader)
                guard case .success(0) = try await waitFor(other) else { Issue.record("on-demand job waited"); return }
            }
        }
    }

    @Test(
        "a shard's wait counts from its first snooze, not its enqueue; kept across snoozes, afresh after a retry",
        arguments: DatabaseBackend.allCases)
    func waitCountsFromFirstSnooze(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, Self.settings) { fixture in
            let night = (zone: "Europe/Berlin", date: "2026-11-21")
            let writer = try await fixture.enqueue([
                EnqueueRequest(
                    kind: "writer",
                    uniqueKey: Shard.uniqueKey(kind: "writer", zone: night.zone, localDate: night.date, index: 0))
            ])[0].id
            let reader = try await fixture.enqueue([
                EnqueueRequest(
                    kind: "reader",
                    uniqueKey: Shard.uniqueKey(kind: "reader", zone: night.zone, localDate: night.date, index: 0))
            ])[0].id
            let limit = Duration.seconds(30 * 60)
            func set(_ column: String, of id: Int64, ago seconds: Double) async throws {
                _ = try await fixture.session { session in
                    try session.execute(
                        "UPDATE spotter.jobs SET \(unescaped: column) = \(timestamp: Date().addingTimeInterval(-seconds)) WHERE id = \(bind: id)"
                    )
                }
            }
            func waitingSince() async throws -> Date? {
                try await fixture.session { session in
                    try session.query("SELECT waiting_since FROM spotter.jobs WHERE id = \(bind: reader)").first?
                        .optionalDate("waiting_since")
                }
            }
            // Claimed two hours after its enqueue (a backlog), the writer still running: the reader waits.
            try await set("created_at", of: reader, ago: 2 * 3600)
            let claimed = try await claim(fixture, owner: "A", limit: 2)
            #expect(Set(claimed.map(\.id)) == [writer, reader])
            var job = try #require(claimed.first { $0.id == reader })
            guard case .failure(let snooze) = try await awaitWriters(fixture, job, limit: limit) else {
                Issue.record("a reader claimed late did not wait"); return
            }
            #expect(
                try await ack(
                    fixture, owner: "A",
                    JobAck(job, outcome: .snooze(reason: snooze.reason, delay: .zero))) == [reader])
            let first = try #require(try await waitingSince())
            #expect(abs(first.timeIntervalSinceNow) < 60, "\(first)")
            // A second snooze keeps when the wait began.
            job = try #require(try await claim(fixture, owner: "A").first)
            guard case .failure = try await awaitWriters(fixture, job, limit: limit) else {
                Issue.record("stopped waiting"); return
            }
            #expect(
                try await ack(
                    fixture, owner: "A", JobAck(job, outcome: .snooze(reason: "again", delay: .zero))) == [reader])
            #expect(try await waitingSince() == first)
            // 31 minutes after its first snooze it stops waiting, and then fails for good: the wait ends with the run.
            try await set("waiting_since", of: reader, ago: 31 * 60)
            job = try #require(try await claim(fixture, owner: "A").first)
            guard case .success(1) = try await awaitWriters(fixture, job, limit: limit) else {
                Issue.record("waited past the limit"); return
            }
            #expect(
                try await ack(fixture, owner: "A", JobAck(job, outcome: .dead(error: "boom"))) == [reader])
            #expect(try await waitingSince() == nil)
            // Retried (the writer of its night still live): it waits again, from its new run.
            let queue = fixture.queue
            #expect(try await fixture.session { try queue.retry(jobIDs: [reader], in: $0) } == [reader])
            job = try #require(try await claim(fixture, owner: "B").first)
            #expect(job.id == reader)
            guard case .failure = try await awaitWriters(fixture, job, limit: limit) else {
                Issue.record("a retried reader did not wait for its night's writer"); return
            }
        }
    }
}

/// Runs `awaitNight(of: ["writer"])` for `job`: the number of shards it stopped waiting for, or its snooze.
private func awaitWriters(_ fixture: QueueFixture, _ job: Job, limit: Duration) async throws -> Result<Int, JobSnooze> {
    try await fixture.withConnection { connection in
        let context = JobContext(
            job: job, spec: try #require(fixture.catalog.spec(for: job.kind)), catalog: fixture.catalog,
            database: connection, logger: fixture.logger)
        do {
            return .success(
                try await connection.withSession { session in
                    try context.awaitNight(of: ["writer"], limit: limit, in: session)
                })
        } catch let snooze as JobSnooze {
            return .failure(snooze)
        }
    }
}

/// `turns`: snoozes its first two runs for 200 ms, then succeeds.
private final class SnoozingHandler: JobHandler, Sendable {
    let runs = Mutex(0)
    var kind: String { "turns" }

    func run(_ context: JobContext) async throws -> JobResult {
        let run = runs.withLock { runs in
            runs += 1
            return runs
        }
        if run <= 2 { throw JobSnooze("turn \(run)", delay: .milliseconds(200)) }
        return JobResult(counts: ["runs": run])
    }
}
