import Foundation
import SpotterCatalog
import SpotterDB

/// `noop`: does nothing and succeeds. For tests and queue benchmarks.
public struct NoopHandler: JobHandler {
    /// Creates the handler.
    public init() {}
    /// `noop`.
    public var kind: String { "noop" }
    /// Succeeds at once.
    public func run(_ context: JobContext) async throws -> JobResult { .empty }
}

/// `sleep`: sleeps `{"seconds": S}` (default from `jobs/`, parameter `default_seconds`), then
/// succeeds; with `{"fail": true}` it fails afterwards. Honours cancellation. For tests of
/// timeouts, shutdown and retries.
public struct SleepHandler: JobHandler {
    struct Payload: Decodable {
        var seconds: Double?
        var fail: Bool?
        var permanent: Bool?
    }

    /// Creates the handler.
    public init() {}
    /// `sleep`.
    public var kind: String { "sleep" }

    /// Sleeps, then succeeds or fails as the payload says.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let seconds = payload.seconds ?? context.spec.double("default_seconds") ?? 1
        guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw JobError.permanent("sleep: seconds must be between 0 and 86400")
        }
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        if payload.fail == true {
            if payload.permanent == true { throw JobError.permanent("sleep: asked to fail permanently") }
            throw JobError.transient("sleep: asked to fail (attempt \(context.job.attempt))")
        }
        return JobResult(counts: ["slept_ms": Int(seconds * 1000)])
    }
}

/// `probe`: records each run as a row `(job_id, attempt, worker)` in `spotter.job_probe`, after
/// sleeping `{"sleep_ms": N}` if asked. For tests and benchmarks that must see every run: the
/// table has no primary key, so a job that ran twice shows up twice. The table is not part of
/// the schema; whoever enqueues probes creates it:
///
/// ```sql
/// CREATE TABLE spotter.job_probe (job_id bigint NOT NULL, attempt int NOT NULL,
///                                 worker text NOT NULL, at timestamptz DEFAULT now());
/// ```
///
/// Without the table the job fails permanently (goes dead) saying so.
///
/// `{"complete_in_transaction": true}` writes the row and completes the job in one transaction
/// (``JobContext/complete(in:result:)``); `{"hold_ms": N}` waits N ms after the write before
/// returning, as a slow acknowledgement would (tests kill the worker then).
public struct ProbeHandler: JobHandler {
    struct Payload: Decodable {
        var sleepMS: Int?
        var completeInTransaction: Bool?
        var holdMS: Int?

        enum CodingKeys: String, CodingKey {
            case sleepMS = "sleep_ms"
            case completeInTransaction = "complete_in_transaction"
            case holdMS = "hold_ms"
        }
    }

    /// Creates the handler.
    public init() {}
    /// `probe`.
    public var kind: String { "probe" }

    /// Sleeps if asked, then inserts the probe row.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        for value in [payload.sleepMS, payload.holdMS] {
            guard (0...86_400_000).contains(value ?? 0) else {
                throw JobError.permanent("probe: sleep_ms and hold_ms must be between 0 and 86400000")
            }
        }
        if let sleep = payload.sleepMS { try await Task.sleep(for: .milliseconds(sleep)) }
        let job = context.job
        let worker = context.workerID
        let inTransaction = payload.completeInTransaction == true
        do {
            try await context.database.withTransaction { session in
                try session.execute(
                    "INSERT INTO spotter.job_probe (job_id, attempt, worker) VALUES ($1, $2, $3)",
                    [.int(job.id), .int(Int64(job.attempt)), .text(worker)])
                if inTransaction { try context.complete(in: session, result: JobResult(counts: ["rows_written": 1])) }
            }
        } catch let error as DatabaseError where Self.isMissingTable(error) {
            throw JobError.permanent(
                "probe: table spotter.job_probe does not exist; create it before enqueueing probe jobs "
                    + "(CREATE TABLE spotter.job_probe (job_id bigint NOT NULL, attempt int NOT NULL, worker text NOT NULL, "
                    + "at timestamptz DEFAULT now()))")
        }
        if let hold = payload.holdMS { try await Task.sleep(for: .milliseconds(hold)) }
        return JobResult(counts: ["rows_written": 1])
    }

    /// PostgreSQL's undefined_table (42P01), or SQLite's "no such table".
    static func isMissingTable(_ error: DatabaseError) -> Bool {
        error.sqlState == "42P01" || error.message.contains("no such table")
    }
}
