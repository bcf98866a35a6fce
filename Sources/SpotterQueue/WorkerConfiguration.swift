import Foundation
public import SpotterCatalog
public import SpotterDB

/// How one `spotter work` process runs. Built once from flags and `jobs/`.
public struct WorkerConfiguration: Sendable {
    /// Where the queue lives. On PostgreSQL every worker connection runs without parallel
    /// query (`max_parallel_workers_per_gather = 0`) and without JIT compilation (`jit = off`),
    /// unless `database.settings` names them: the job slots and the other workers are the
    /// parallelism, and per-statement parallel workers on a busy server only compete with them
    /// for the same cores (a third less CPU for the nightly batch at 100,000 users); a shard's
    /// statements run for milliseconds, less than JIT takes to compile them, and the first
    /// night's result tables have no statistics yet, so every cost estimate crosses JIT's
    /// thresholds.
    public var database: DatabaseConfiguration
    /// Job slots: how many jobs run at once. Default 8.
    public var concurrency: Int
    /// Which queues and kinds to claim. Default: all (but test kinds, see `runsTestKinds`).
    public var filter: ClaimFilter
    /// Claim jobs of test kinds (`test: true` in jobs/kinds.yaml: noop, sleep, probe). Default
    /// false: production workers never run them, so nobody can fill their slots with `sleep`.
    public var runsTestKinds: Bool
    /// The catalog's test kinds, excluded from claims unless `runsTestKinds`.
    public var testKinds: [String]
    /// Exit 0 once nothing runnable is left (for cron-driven batch runs). Default false.
    public var untilEmpty: Bool
    /// On SIGTERM/SIGINT, how long in-flight jobs may take before they are handed back.
    /// Default: `worker.shutdown_grace` from `jobs/`.
    public var grace: Duration
    /// Fire the schedule from `jobs/schedule.yaml`. Default true (false with `untilEmpty`).
    public var runsScheduler: Bool
    /// Rescue expired leases and prune finished jobs. Default true.
    public var runsMaintenance: Bool
    /// Lease, heartbeat, polling and batch settings. Default: `worker` from `jobs/`.
    public var settings: WorkerSettings
    /// This worker's id, unique across machines: `host:pid:random`.
    public var workerID: String
    /// Where the worker's metrics go. Default: nowhere (swift-metrics' no-op factory).
    public var metrics = WorkerMetrics()

    /// The filter the worker claims with: `filter`, less the test kinds unless `runsTestKinds`.
    public var claimFilter: ClaimFilter {
        guard !runsTestKinds, !testKinds.isEmpty else { return filter }
        var filter = self.filter
        filter.excludedKinds = (filter.excludedKinds ?? []) + testKinds
        return filter
    }

    /// The PostgreSQL settings every worker connection gets unless `database.settings` names them.
    public static let serverSettings = ["max_parallel_workers_per_gather": "0", "jit": "off"]

    /// Creates a configuration with the defaults described on each property.
    public init(
        database: DatabaseConfiguration, catalog: JobCatalog, concurrency: Int = 8, filter: ClaimFilter = ClaimFilter(),
        untilEmpty: Bool = false, grace: Duration? = nil, runsScheduler: Bool? = nil, runsMaintenance: Bool = true,
        runsTestKinds: Bool = false
    ) {
        self.database = database
        for (name, value) in Self.serverSettings where self.database.settings[name] == nil {
            self.database.settings[name] = value
        }
        self.concurrency = max(1, concurrency)
        self.filter = filter
        self.untilEmpty = untilEmpty
        self.settings = catalog.worker
        self.grace = grace ?? catalog.worker.shutdownGrace
        self.runsScheduler = runsScheduler ?? !untilEmpty
        self.runsMaintenance = runsMaintenance
        self.runsTestKinds = runsTestKinds
        self.testKinds = catalog.kinds.values.filter(\.isTestKind).map(\.name).sorted()
        let host = ProcessInfo.processInfo.hostName
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        self.workerID = "\(host):\(ProcessInfo.processInfo.processIdentifier):\(suffix)"
    }
}

/// What a worker did, reported when it stops.
public struct WorkerReport: Sendable, Hashable {
    /// Jobs that succeeded.
    public var succeeded = 0
    /// Jobs that failed and will be retried.
    public var retried = 0
    /// Jobs that went dead.
    public var dead = 0
    /// Jobs cancelled while running.
    public var cancelled = 0
    /// Jobs handed back at shutdown.
    public var handedBack = 0
    /// Jobs that chose to wait (``JobSnooze``): claimed again later, without using an attempt.
    public var snoozed = 0
    /// Jobs whose lease another worker took over.
    public var lost = 0
    /// Jobs claimed.
    public var claimed = 0
    /// Claim statements that returned at least one job (claimed / this = jobs per claim).
    public var claimStatements = 0
    /// Acknowledgement statements written (jobs acknowledged / this = jobs per ack).
    public var acknowledgementStatements = 0
}
