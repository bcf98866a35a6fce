import Foundation
public import SpotterCatalog
import SpotterDB

/// `noop`: does nothing and succeeds. For tests and queue benchmarks.
public struct NoopHandler: JobKind {
    /// Anything; ignored.
    public struct Payload: Codable, Sendable {}
    /// None.
    public typealias Parameters = NoParameters

    /// Creates the handler.
    public init() {}
    /// `noop`.
    public static let name = "noop"
    /// Succeeds at once.
    public func run(_ context: JobContext) async throws -> JobResult { .empty }
}

/// `sleep`: sleeps `{"seconds": S}` (default from `jobs/`, parameter `default_seconds`), then
/// succeeds; with `{"fail": true}` it fails afterwards. Honours cancellation. For tests of
/// timeouts, shutdown and retries.
public struct SleepHandler: JobKind {
    /// `{"seconds": 2, "fail": true, "permanent": true}`, every key optional.
    public struct Payload: Codable, Sendable {
        /// How long to sleep; the kind's `default_seconds` when absent.
        public var seconds: Double?
        /// Fail after sleeping.
        public var fail: Bool?
        /// Fail permanently (with `fail`).
        public var permanent: Bool?

        /// Creates a payload.
        public init(seconds: Double? = nil, fail: Bool? = nil, permanent: Bool? = nil) {
            self.seconds = seconds
            self.fail = fail
            self.permanent = permanent
        }
    }

    /// `default_seconds`: how long a job without `seconds` sleeps.
    public struct Parameters: KindParameters {
        /// Seconds.
        public var default_seconds: Double
    }

    /// Creates the handler.
    public init() {}
    /// `sleep`.
    public static let name = "sleep"

    /// Sleeps, then succeeds or fails as the payload says.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let seconds = try payload.seconds ?? context.parameters(Parameters.self).default_seconds
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
public struct ProbeHandler: JobKind {
    /// `{"sleep_ms": N, "complete_in_transaction": true, "hold_ms": N}`, all optional.
    public struct Payload: Codable, Sendable {
        /// Milliseconds to sleep before recording the run.
        public var sleepMS: Int?
        /// Whether to complete the job in the transaction that writes the probe row.
        public var completeInTransaction: Bool?
        /// Milliseconds to wait after the write before returning.
        public var holdMS: Int?

        enum CodingKeys: String, CodingKey {
            case sleepMS = "sleep_ms"
            case completeInTransaction = "complete_in_transaction"
            case holdMS = "hold_ms"
        }

        /// Creates a payload.
        public init(sleepMS: Int? = nil, completeInTransaction: Bool? = nil, holdMS: Int? = nil) {
            self.sleepMS = sleepMS
            self.completeInTransaction = completeInTransaction
            self.holdMS = holdMS
        }
    }

    /// None.
    public typealias Parameters = NoParameters

    /// Creates the handler.
    public init() {}
    /// `probe`.
    public static let name = "probe"

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
                    "INSERT INTO spotter.job_probe (job_id, attempt, worker) VALUES (\(bind: job.id), \(bind: job.attempt), \(bind: worker))"
                )
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
