import Foundation
import SpotterCatalog
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 17 item 11: a handler may mark its job succeeded in the same transaction as its
/// writes (River's `JobCompleteTx`), so a kill between that commit and the batched
/// acknowledgement no longer runs the job again; a stale attempt can never complete.
@Suite("Completing a job inside the handler's transaction")
struct CompleteInTransactionTests {
    /// A context for `job` as lent by worker `owner`.
    static func context(_ fixture: QueueFixture, _ job: Job, owner: String, _ connection: DatabaseConnection) throws
        -> JobContext
    {
        let spec = try #require(fixture.catalog.spec(for: job.kind))
        return JobContext(
            job: job, spec: spec, catalog: fixture.catalog, database: connection, logger: fixture.logger,
            workerID: owner)
    }

    /// Writes a probe row and completes the job in one transaction.
    static func completeWithWrite(_ context: JobContext) async throws {
        let job = context.job
        try await context.database.withTransaction { session in
            try session.execute(
                "INSERT INTO spotter.job_probe (job_id, attempt, worker) VALUES ($1, $2, $3)",
                [.int(job.id), .int(Int64(job.attempt)), .text(context.workerID)])
            try context.complete(in: session, result: JobResult(counts: ["rows_written": 1]))
        }
    }

    @Test(
        "the job is succeeded with the writes' commit; the batched ack then skips it",
        arguments: DatabaseBackend.allCases)
    func completesWithWrites(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("probe")
            let job = try #require(try await claim(fixture, owner: "A").first)
            try await fixture.withConnection { connection in
                let context = try Self.context(fixture, job, owner: "A", connection)
                try await Self.completeWithWrite(context)
                #expect(context.completedInTransaction)
            }
            let done = try await fixture.job(id)
            #expect(done.state == "succeeded")
            #expect(done.result?.contains("rows_written") == true)
            #expect(done.leaseOwner == nil)
            #expect(done.finishedAt != nil)
            // A late batched ack (say, a failure the handler reported after its commit) changes nothing.
            let acked = try await ack(
                fixture, owner: "A", JobAck(job, outcome: .retry(error: "late", delay: .zero)))
            #expect(acked.isEmpty)
            #expect(try await fixture.job(id).state == "succeeded")
            #expect(try await claim(fixture, owner: "B").isEmpty)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 1)
        }
    }

    @Test("a rescued (stale) attempt cannot complete: its writes roll back", arguments: DatabaseBackend.allCases)
    func staleAttemptCannotComplete(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("probe")
            let queue = fixture.queue
            let stale = try #require(try await claim(fixture, owner: "A").first)
            try await expireLease(fixture, id)
            #expect(try await fixture.session { try queue.rescueExpiredLeases(in: $0) } == [id])
            try await fixture.withConnection { connection in
                let context = try Self.context(fixture, stale, owner: "A", connection)
                await #expect(throws: QueueError.self) { try await Self.completeWithWrite(context) }
                #expect(!context.completedInTransaction)
            }
            #expect(try await fixture.job(id).state == "retryable")
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 0)

            // Claimed again by B (attempt 2): A's attempt still cannot complete; B's can.
            let fresh = try #require(try await claim(fixture, owner: "B").first)
            #expect(fresh.attempt == 2)
            try await fixture.withConnection { connection in
                await #expect(throws: QueueError.self) {
                    try await Self.completeWithWrite(try Self.context(fixture, stale, owner: "A", connection))
                }
                await #expect(throws: QueueError.self) {
                    try await Self.completeWithWrite(try Self.context(fixture, stale, owner: "B", connection))
                }
                try await Self.completeWithWrite(try Self.context(fixture, fresh, owner: "B", connection))
            }
            let done = try await fixture.job(id)
            #expect(done.state == "succeeded" && done.attempt == 2)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.job_probe") == 1)
        }
    }

    @Test("completing outside a transaction is refused", arguments: DatabaseBackend.allCases)
    func outsideTransaction(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let id = try await fixture.enqueue("probe")
            let job = try #require(try await claim(fixture, owner: "A").first)
            try await fixture.withConnection { connection in
                let context = try Self.context(fixture, job, owner: "A", connection)
                await #expect(throws: QueueError.self) {
                    try await connection.withSession { try context.complete(in: $0) }
                }
            }
            #expect(try await fixture.job(id).state == "running")
        }
    }

    @Test(
        "a worker killed after the handler's commit but before the batched ack: completed in the transaction, the job never runs again; acknowledged in batch, it does",
        arguments: DatabaseBackend.allCases)
    func killBeforeBatchedAck(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend, TestCatalog(lease: "2s", heartbeat: "500ms")) { fixture in
            // Both probes write, then hold for a minute before returning (the ack is never sent).
            let inTransaction = try await fixture.enqueue(
                "probe", payload: #"{"complete_in_transaction": true, "hold_ms": 60000}"#)
            let batched = try await fixture.enqueue("probe", payload: #"{"hold_ms": 60000}"#)
            let first = try fixture.startWorker("first")
            try await fixture.waitUntil("both probes wrote", timeout: .seconds(30)) {
                try await fixture.scalar("SELECT count(DISTINCT job_id) FROM spotter.job_probe") == 2
            }
            #expect(try await fixture.job(inTransaction).state == "succeeded")
            #expect(try await fixture.job(batched).state == "running")
            first.send(SIGKILL)
            _ = try await first.waitForExit(timeout: .seconds(10))

            let second = try fixture.startWorker("second")
            // The batched job's lease expires, it is rescued and runs again (at least once).
            try await fixture.waitUntil("the batched probe ran again", timeout: .seconds(30)) {
                try await fixture.scalar("SELECT count(*) FROM spotter.job_probe WHERE job_id = $1", [.int(batched)])
                    == 2
            }
            let done = try await fixture.job(inTransaction)
            #expect(done.state == "succeeded" && done.attempt == 1)
            #expect(
                try await fixture.scalar(
                    "SELECT count(*) FROM spotter.job_probe WHERE job_id = $1", [.int(inTransaction)])
                    == 1)
            second.send(SIGKILL)
            _ = try await second.waitForExit(timeout: .seconds(10))
        }
    }
}
