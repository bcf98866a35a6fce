public import Foundation

/// The states a job moves through. `available` and `retryable` jobs are claimable once their
/// `run_at` has passed; `succeeded`, `dead` and `cancelled` are final.
public enum JobState: String, Sendable, CaseIterable, Codable {
    case available, running, succeeded, retryable, dead, cancelled

    /// States in which a job still counts for its unique key.
    public static let live: [JobState] = [.available, .running, .retryable]
    /// Final states, pruned after the kind's retention.
    public static let finished: [JobState] = [.succeeded, .dead, .cancelled]
}

/// A job claimed by a worker: what its handler needs to know about it.
public struct Job: Sendable, Hashable {
    /// The job's id in `spotter.jobs`.
    public var id: Int64
    /// The kind, naming its handler and its entry in `jobs/kinds.yaml`.
    public var kind: String
    /// The queue it was enqueued on.
    public var queue: String
    /// The payload, a JSON object as text.
    public var payload: String
    /// This attempt's number, starting at 1.
    public var attempt: Int
    /// Attempts allowed before the job goes dead.
    public var maxAttempts: Int
    /// The unique key it was enqueued with, if any.
    public var uniqueKey: String?
    /// When it was enqueued.
    public var createdAt: Date
    /// Its priority (lower runs first).
    public var priority: Int
    /// Claimed ahead of a free slot and not started yet: the claim leased it and counted the
    /// attempt, and its start is written when a slot takes it (see ``JobQueue/claim(limit:startingNow:owner:lease:filter:acknowledging:starting:in:)``).
    public var claimedAhead: Bool
    /// The claim that leased this attempt to its worker (`jobs.claim_id`, fresh for every
    /// claim). Every statement that acts for the worker names it, so that nothing done for this
    /// claim can touch another claim of the same job, even one by the same worker with the same
    /// attempt number (after an asynchronous failover lost the first claim).
    public var claimID: UUID

    /// This attempt's lease: the job and the claim that holds it.
    public var lease: JobLease { JobLease(id: id, claimID: claimID) }

    /// Creates a job value (used by the queue when it claims rows, and by tests; a job made
    /// without `claimID` belongs to no claim, so no acknowledgement of it matches a row).
    public init(
        id: Int64, kind: String, queue: String = "default", payload: String = "{}", attempt: Int = 1,
        maxAttempts: Int = 5, uniqueKey: String? = nil, createdAt: Date = Date(), priority: Int = 0,
        claimedAhead: Bool = false, claimID: UUID = UUID()
    ) {
        self.id = id
        self.kind = kind
        self.queue = queue
        self.payload = payload
        self.attempt = attempt
        self.maxAttempts = maxAttempts
        self.uniqueKey = uniqueKey
        self.createdAt = createdAt
        self.priority = priority
        self.claimedAhead = claimedAhead
        self.claimID = claimID
    }
}

/// A job as one claim holds it: what a worker names when it extends, starts or ends that claim.
public struct JobLease: Sendable, Hashable {
    /// The job's id.
    public var id: Int64
    /// The claim that holds it (``Job/claimID``).
    public var claimID: UUID

    /// Creates a lease.
    public init(id: Int64, claimID: UUID) {
        self.id = id
        self.claimID = claimID
    }

    /// The claim id as the database stores it: lower-case text (PostgreSQL's `uuid` output).
    var claimText: String { claimID.uuidString.lowercased() }

    /// "id:claim", the key by which statements match a row's `id || ':' || claim_id`.
    var key: String { "\(id):\(claimText)" }
}

/// A request to enqueue one job.
public struct EnqueueRequest: Sendable, Hashable {
    /// The job kind.
    public var kind: String
    /// The payload: a JSON object as text. Default `{}`.
    public var payload: String
    /// When it may run first. Default: now.
    public var runAt: Date?
    /// Lower runs first; -1000…1000. Default: the kind's priority from `jobs/`.
    public var priority: Int?
    /// At most one live job per unique key. Default: none.
    public var uniqueKey: String?
    /// Attempts before the job goes dead. Default: the kind's max_attempts from `jobs/`.
    public var maxAttempts: Int?
    /// The queue. Default: the kind's queue from `jobs/`.
    public var queue: String?
    /// Jobs that read the same inputs: a claim that takes one of them takes the group's other
    /// runnable jobs with it, so one worker runs them side by side (``JobQueue/claim``).
    /// Default: none.
    public var claimGroup: String?

    /// Creates a request.
    public init(
        kind: String, payload: String = "{}", runAt: Date? = nil, priority: Int? = nil, uniqueKey: String? = nil,
        maxAttempts: Int? = nil, queue: String? = nil, claimGroup: String? = nil
    ) {
        self.kind = kind
        self.payload = payload
        self.runAt = runAt
        self.priority = priority
        self.uniqueKey = uniqueKey
        self.maxAttempts = maxAttempts
        self.queue = queue
        self.claimGroup = claimGroup
    }
}

/// What enqueueing one request did.
public struct EnqueueResult: Sendable, Hashable {
    /// The job's id: the new job, or the live job that already held the unique key.
    public var id: Int64
    /// True when the unique key already had a live job and nothing new was enqueued.
    public var duplicate: Bool
}
