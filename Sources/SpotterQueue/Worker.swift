import Foundation
public import Logging
public import ServiceLifecycle
public import SpotterCatalog
import SpotterDB
import Synchronization

/// A `spotter work` process: claims batches of jobs, runs them in a bounded number of slots,
/// acknowledges them in batches, heartbeats their leases, rescues other workers' expired
/// leases, prunes finished jobs and fires the schedule. On graceful shutdown (SIGTERM/SIGINT
/// through the ServiceGroup) it stops claiming, lets in-flight jobs finish within the grace
/// period and hands the rest back.
public final class Worker: Service {
    let configuration: WorkerConfiguration
    let queue: JobQueue
    let registry: HandlerRegistry
    let logger: Logger
    let state = Mutex(WorkerState())
    /// Rung when a slot frees up, a notification arrives, or shutdown begins.
    let claimBell = Doorbell()
    /// Rung when an acknowledgement is waiting.
    let ackBell = Doorbell()
    /// Rung when a job finishes (for shutdown and drain waits).
    let jobBell = Doorbell()
    /// Rung when a job starts with a deadline earlier than the timeout loop sleeps towards.
    let timeoutBell = Doorbell()

    struct WorkerState {
        /// Every job this worker holds a lease on: executing, or claimed ahead and waiting in
        /// `buffer` for a slot. Heartbeats extend them all.
        var running: [Int64: JobControl] = [:]
        /// Jobs claimed ahead of free slots, oldest first, with when they were claimed.
        var buffer = ClaimedAhead()
        /// Slots running a job (at most `concurrency`).
        var executing = 0
        /// Average slot time per job (moving), once jobs have run: decides whether to claim ahead.
        var averageJobTime: Duration?
        var pendingAcks: [JobAck] = []
        /// Jobs claimed ahead whose start is not written yet (``Job/claimedAhead``).
        var unstarted = Set<JobLease>()
        /// Jobs claimed ahead that a slot started, whose start waits to be written with the next
        /// acknowledgement or claim.
        var pendingStarts: [JobLease] = []
        var acksInFlight = 0
        var shuttingDown = false
        /// Hand in-flight jobs back now instead of waiting for the grace period.
        var handBackNow = false
        var finished = false
        var report = WorkerReport()
        /// When the worker's row last heartbeated (or registered).
        var lastHeartbeat: ContinuousClock.Instant?
        /// When the worker's heartbeats came back after a gap longer than ``Worker/staleAfter``
        /// (the database went away, or the worker stalled); nil: no such gap yet.
        var heartbeatsResumed: ContinuousClock.Instant?
        /// The deadline the timeout loop sleeps towards (nil: none).
        var nextTimeout: ContinuousClock.Instant?
        /// While the claim loop waits for room: wake it once at most this many jobs are held
        /// (nil: at every finished job).
        var wakeClaimsAt: Int?
        /// When the last job this worker snoozed becomes claimable again: an `untilEmpty` worker
        /// keeps claiming until then, since that job is not done.
        var snoozedUntil: ContinuousClock.Instant?
    }

    /// Creates a worker. Nothing connects until `run()`.
    public init(configuration: WorkerConfiguration, catalog: JobCatalog, registry: HandlerRegistry, logger: Logger) {
        self.configuration = configuration
        self.queue = JobQueue(catalog: catalog)
        self.registry = registry
        var logger = logger
        logger[metadataKey: "worker"] = "\(configuration.workerID)"
        self.logger = logger
    }

    /// What the worker has done so far.
    public var report: WorkerReport { state.withLock { $0.report } }

    /// True while the worker runs and its last heartbeat is within the lease (for `/healthz`).
    public var isHealthy: Bool {
        let lease = configuration.settings.lease
        return state.withLock { state in
            guard !state.finished, let last = state.lastHeartbeat else { return false }
            return ContinuousClock.now - last <= lease
        }
    }

    /// How long a worker's row may go without a heartbeat before other workers judge it gone
    /// and give back the jobs it claimed ahead: two heartbeats, at most the lease.
    var staleAfter: Duration { min(configuration.settings.lease, configuration.settings.heartbeat * 2) }

    /// Whether this worker's view of the others' heartbeats and leases is fresh enough to judge
    /// them gone: its own heartbeat is within ``staleAfter``, and if its heartbeats came back
    /// after a gap, ``staleAfter`` has passed since. After the database went away every worker's
    /// heartbeats and leases aged together; the first worker back must not give away the jobs the
    /// others are still running before they had the time to heartbeat again.
    func judgesOthersByAge(now: ContinuousClock.Instant = .now) -> Bool {
        let staleAfter = self.staleAfter
        return state.withLock { state in
            Self.judgesOthersByAge(
                now: now, lastHeartbeat: state.lastHeartbeat, heartbeatsResumed: state.heartbeatsResumed,
                staleAfter: staleAfter)
        }
    }

    /// ``judgesOthersByAge(now:)`` from its parts.
    static func judgesOthersByAge(
        now: ContinuousClock.Instant, lastHeartbeat: ContinuousClock.Instant?,
        heartbeatsResumed: ContinuousClock.Instant?, staleAfter: Duration
    ) -> Bool {
        guard let lastHeartbeat, now - lastHeartbeat <= staleAfter else { return false }
        return heartbeatsResumed.map { now - $0 >= staleAfter } ?? true
    }

    /// Records a heartbeat written at `now`, noting when heartbeats resume after a gap.
    func heartbeatWritten(now: ContinuousClock.Instant = .now) {
        let staleAfter = self.staleAfter
        state.withLock { state in
            if let last = state.lastHeartbeat, now - last > staleAfter { state.heartbeatsResumed = now }
            state.lastHeartbeat = now
        }
    }

    /// Asks the worker to stop claiming and wind down (what SIGTERM does).
    public func beginShutdown() {
        let first = state.withLock { state -> Bool in
            defer { state.shuttingDown = true }
            return !state.shuttingDown
        }
        if first { logger.info("shutting down: no new claims; waiting for in-flight jobs") }
        claimBell.ring()
        jobBell.ring()
    }

    /// Stops at once: no new claims, in-flight jobs are handed back without waiting for the
    /// grace period (what cancelling `run()`'s task does).
    public func stopNow() {
        state.withLock { state in
            state.shuttingDown = true
            state.handBackNow = true
        }
        logger.info("stopping now: handing in-flight jobs back")
        claimBell.ring()
        jobBell.ring()
    }

    /// Runs until shutdown (or, with `untilEmpty`, until nothing runnable is left). Graceful
    /// shutdown (SIGTERM in a ServiceGroup, or ``beginShutdown()``) lets in-flight jobs finish
    /// within the grace period; cancelling the calling task hands them back at once
    /// (``stopNow()``). Either way `run()` returns only after the last acknowledgement is
    /// written (or given up on after the grace period plus 30 s).
    public func run() async throws {
        try await withGracefulShutdownHandler {
            // The loops must keep working while the worker winds down, to hand jobs back and
            // write their acknowledgements, so they must not see this task's cancellation: they
            // run in a child `Task` (which does not inherit it) that is awaited right here and
            // never outlives `run()`. Cancellation is translated into `stopNow()` instead.
            let core = Task { try await self.work() }
            try await withTaskCancellationHandler {
                try await core.value
            } onCancel: {
                self.stopNow()
            }
        } onGracefulShutdown: {
            self.beginShutdown()
        }
    }

    private func work() async throws {
        let settings = configuration.settings
        let control = DatabasePool(configuration: configuration.database, size: 1, logger: logger)
        let acks = DatabasePool(configuration: configuration.database, size: 1, logger: logger)
        let maintenance = DatabasePool(configuration: configuration.database, size: 1, logger: logger)
        // Pruning has its own connection: a backlog pruned round after round never delays a
        // rescue or a schedule tick.
        let pruning = DatabasePool(configuration: configuration.database, size: 1, logger: logger)
        // Its own connection, so that a slow prune or schedule tick never delays a heartbeat
        // past the lease.
        let heartbeats = DatabasePool(configuration: configuration.database, size: 1, logger: logger)
        // The job slots wait out a database that went away (a restart, a failover) for up to
        // `reconnect_window` before the job they were about to run fails for want of a connection.
        let handlers = DatabasePool(
            configuration: configuration.database, size: configuration.concurrency, logger: logger,
            reconnectWindow: settings.reconnectWindow)
        defer {
            logger.debug("worker stopped")
        }
        do {
            try await register(on: maintenance)
            heartbeatWritten()
            configuration.metrics.slots(total: configuration.concurrency)
            configuration.metrics.slots(busy: 0)
        } catch {
            await maintenance.close()
            throw error
        }
        logger.info(
            "worker started",
            metadata: [
                "concurrency": "\(configuration.concurrency)", "kinds": "\(registry.kinds.joined(separator: ","))",
                "until_empty": "\(configuration.untilEmpty)",
            ])
        await withTaskGroup(of: Void.self) { loops in
            loops.addTask { await self.acknowledgeLoop(on: acks) }
            loops.addTask { await self.heartbeatLoop(on: heartbeats, every: settings.heartbeat) }
            loops.addTask { await self.timeoutLoop() }
            if configuration.runsMaintenance || configuration.runsScheduler {
                loops.addTask { await self.maintenanceLoop(on: maintenance) }
            }
            if configuration.runsMaintenance {
                loops.addTask { await self.pruneLoop(on: pruning) }
            }
            if configuration.database.backend.deliversNotifications && !configuration.untilEmpty {
                loops.addTask { await self.listenLoop() }
            }
            await self.claimAndRun(control: control, handlers: handlers)
            // Every job has ended: flush the last acknowledgements, then stop the loops.
            self.state.withLock { $0.finished = true }
            self.ackBell.ring()
            await self.waitForAcks()
            loops.cancelAll()
        }
        _ = try? await maintenance.withConnection { connection in
            let id = self.configuration.workerID
            try await connection.withSession { try $0.execute("DELETE FROM spotter.workers WHERE id = \(bind: id)") }
        }
        await handlers.close()
        await control.close()
        await acks.close()
        await maintenance.close()
        await pruning.close()
        await heartbeats.close()
        let report = self.report
        logger.info(
            "worker finished",
            metadata: [
                "claimed": "\(report.claimed)", "succeeded": "\(report.succeeded)", "retried": "\(report.retried)",
                "dead": "\(report.dead)", "handed_back": "\(report.handedBack)",
                "snoozed": "\(report.snoozed)",
            ])
    }

    private func register(on pool: DatabasePool) async throws {
        let id = configuration.workerID
        let host = ProcessInfo.processInfo.hostName
        let pid = Int64(ProcessInfo.processInfo.processIdentifier)
        let queue = self.queue
        let payloadFields = registry.payloadFields
        try await pool.withConnection { connection in
            try await connection.withSession { session in
                try queue.syncKinds(in: session, payloadFields: payloadFields)
                try session.execute(
                    """
                    INSERT INTO spotter.workers (id, host, pid) VALUES (\(bind: id), \(bind: host), \(bind: pid))
                    ON CONFLICT (id) DO UPDATE SET heartbeat_at = \(databaseNow: 0)
                    """)
            }
        }
    }

    /// Records how `job` ended and queues its acknowledgement (unless `acknowledge` is false:
    /// the handler completed it in its own transaction). A later claim of the same job by this
    /// worker (after a failover lost this one) keeps its own switch.
    func finish(_ job: Job, outcome: JobOutcome?, acknowledge: Bool = true) {
        let claimBatch = configuration.settings.claimBatch
        let (wakeClaims, wakeAcks) = state.withLock { state -> (Bool, Bool) in
            if state.running[job.id]?.claimID == job.claimID { state.running[job.id] = nil }
            state.unstarted.remove(job.lease)
            var wakeAcks = false
            if let outcome, acknowledge {
                state.pendingAcks.append(JobAck(job, outcome: outcome))
                // The first waiting ack wakes the ack loop; a full batch ends its linger.
                wakeAcks = state.pendingAcks.count == 1 || state.pendingAcks.count == claimBatch
            }
            switch outcome {
            case .succeeded: state.report.succeeded += 1
            case .retry: state.report.retried += 1
            case .dead: state.report.dead += 1
            case .cancelled: state.report.cancelled += 1
            case .handBack: state.report.handedBack += 1
            case .snooze(_, let delay):
                state.report.snoozed += 1
                let until = ContinuousClock.now.advanced(by: delay)
                state.snoozedUntil = max(state.snoozedUntil ?? until, until)
            case nil: state.report.lost += 1
            }
            return (state.wakeClaimsAt.map { state.running.count <= $0 } ?? true, wakeAcks)
        }
        if wakeAcks { ackBell.ring() }
        if wakeClaims { claimBell.ring() }
        jobBell.ring()
    }

    /// Waits until every acknowledgement is written, at most 30 s past the grace period (if
    /// the database stays away that long, the leases expire and the jobs are rescued).
    private func waitForAcks() async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: configuration.grace + .seconds(30))
        while state.withLock({ !$0.pendingAcks.isEmpty || $0.acksInFlight > 0 }) {
            guard clock.now < deadline else {
                logger.error("could not write the last acknowledgements; their leases will expire and be rescued")
                return
            }
            await jobBell.wait(timeout: .milliseconds(50))
        }
    }
}
