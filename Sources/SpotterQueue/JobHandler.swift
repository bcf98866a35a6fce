import Foundation
public import Logging
public import SpotterCatalog
public import SpotterDB
import Synchronization

/// Runs one kind of job. Handlers must be idempotent: a job may run again after a crash, a
/// lost lease or a timeout, and running it twice must leave the same results as once.
///
/// Delivery is at least once: the worker acknowledges finished jobs in batches, so a worker
/// killed after a handler's writes committed but before their acknowledgement was written
/// leaves the job to be rescued and run again. A handler whose effects are all database
/// writes avoids that by completing its job in the same transaction as the writes
/// (``JobContext/complete(in:result:)``): the writes and the job's `succeeded` state commit
/// together or not at all, and the batched acknowledgement then skips the job.
public protocol JobHandler: Sendable {
    /// The kind this handler runs, as named in `jobs/kinds.yaml`.
    var kind: String { get }
    /// Runs the job. Throw `JobError.permanent` when retrying cannot help (the job goes dead at
    /// once); any other error is retried with backoff. Honour task cancellation: it means the
    /// job timed out, was cancelled, or the worker is shutting down.
    func run(_ context: JobContext) async throws -> JobResult
}

/// Everything a handler receives for one job.
public struct JobContext: Sendable {
    /// The claimed job.
    public var job: Job
    /// The kind's entry in `jobs/kinds.yaml`.
    public var spec: KindSpec
    /// The whole catalog (for handlers that enqueue other kinds).
    public var catalog: JobCatalog
    /// A connection lent for the duration of the job.
    public var database: DatabaseConnection
    /// A logger carrying the job id, kind and attempt in its metadata.
    public var logger: Logger
    /// The id of the worker running the job (its lease owner), `host:pid:random`.
    public var workerID: String
    /// Set once ``complete(in:result:)``'s transaction commits; shared by copies.
    let completion: JobCompletion

    /// Creates a context (the worker does this; tests may too).
    public init(
        job: Job, spec: KindSpec, catalog: JobCatalog, database: DatabaseConnection, logger: Logger,
        workerID: String = ""
    ) {
        self.init(
            job: job, spec: spec, catalog: catalog, database: database, logger: logger, workerID: workerID,
            completion: JobCompletion())
    }

    init(
        job: Job, spec: KindSpec, catalog: JobCatalog, database: DatabaseConnection, logger: Logger, workerID: String,
        completion: JobCompletion
    ) {
        self.completion = completion
        self.job = job
        self.spec = spec
        self.catalog = catalog
        self.database = database
        self.logger = logger
        self.workerID = workerID
    }

    /// Marks the job succeeded with `result` inside `session`'s open transaction, so that the
    /// job's completion commits with the handler's writes (River's `JobCompleteTx`): a worker
    /// killed after the commit leaves a succeeded job, never one to run again, and the worker's
    /// batched acknowledgement skips it. Guarded by this attempt's lease: when the job is no
    /// longer running under this worker for this attempt and claim (its lease expired and it was
    /// rescued, or it was claimed again, cancelled or completed) it throws ``QueueError`` with code
    /// `leaseLost` and the transaction, with the handler's writes, rolls back. Call it last in
    /// the transaction; the handler still returns its result afterwards as usual. A context
    /// without a worker id (a handler run directly, as tests and benchmarks do) has no claimed
    /// job to complete: the call does nothing.
    public func complete(in session: DatabaseSession, result: JobResult = .empty) throws {
        guard !workerID.isEmpty else { return }
        try JobQueue.complete(
            id: job.id, attempt: job.attempt, claimID: job.claimID, owner: workerID, result: result, in: session)
        session.afterCommit { [completion] in completion.markDone() }
    }

    /// True once ``complete(in:result:)``'s transaction committed.
    public var completedInTransaction: Bool { completion.isDone }

    /// Decodes the payload. A payload that does not decode is a permanent failure: retrying
    /// the same bytes cannot help.
    public func decodePayload<T: Decodable>(_ type: T.Type) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(job.payload.utf8))
        } catch let DecodingError.keyNotFound(key, _) {
            throw JobError.permanent("invalid payload for \(job.kind): missing key '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw JobError.permanent("invalid payload for \(job.kind): '\(path)' has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw JobError.permanent("invalid payload for \(job.kind): '\(path)' is null")
        } catch {
            throw JobError.permanent("invalid payload for \(job.kind): not a JSON object of the expected shape")
        }
    }
}

/// What a successful job reports; stored in `jobs.result` as JSON.
public struct JobResult: Sendable, Hashable {
    /// Counters such as `users`, `rows_written`, `failures`.
    public var counts: [String: Int]
    /// A short human-readable note.
    public var note: String?

    /// Creates a result.
    public init(counts: [String: Int] = [:], note: String? = nil) {
        self.counts = counts
        self.note = note
    }

    /// Nothing to report.
    public static let empty = JobResult()

    /// The result as a JSON object text, keys sorted.
    public var json: String {
        var members = counts.map { (key: $0.key, json: String($0.value)) }
        if let note { members.append((key: "note", json: JSONText.string(note))) }
        return JSONText.object(members.sorted { $0.key < $1.key })
    }
}

/// A handler's failure, with whether retrying can help.
public struct JobError: Error, Sendable, CustomStringConvertible {
    /// Whether the failure can go away on retry.
    public var isPermanent: Bool
    /// One line for `jobs.last_error`.
    public var message: String

    /// A failure retrying cannot fix (malformed payload, unknown user): the job goes dead at once.
    public static func permanent(_ message: String) -> JobError { JobError(isPermanent: true, message: message) }
    /// A failure that may pass (a busy resource): the job is retried with backoff.
    public static func transient(_ message: String) -> JobError { JobError(isPermanent: false, message: message) }

    /// The message.
    public var description: String { message }
}

/// Thrown by a handler that cannot run yet (what it reads is still being written): the job goes
/// back to `available` for `delay` without using an attempt, like River's `JobSnooze`. Nothing
/// the handler wrote outside a committed transaction remains; the job runs again from the start.
public struct JobSnooze: Error, Sendable, CustomStringConvertible {
    /// How long the job waits before it can be claimed again.
    public var delay: Duration
    /// Why it waits (logged at debug level).
    public var reason: String

    /// Creates a snooze.
    public init(_ reason: String, delay: Duration) {
        self.reason = reason
        self.delay = delay
    }

    /// The reason and the delay.
    public var description: String { "\(reason) (again in \(delay))" }
}

/// Whether a job was completed inside its handler's transaction. A reference shared by every
/// copy of one ``JobContext`` (the worker keeps one, the handler gets another); `Mutex` makes it
/// Sendable.
final class JobCompletion: Sendable {
    private let done = Mutex(false)

    func markDone() { done.withLock { $0 = true } }
    var isDone: Bool { done.withLock { $0 } }
}
