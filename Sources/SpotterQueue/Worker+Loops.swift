import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import Synchronization

extension Worker {
    /// Writes the acknowledgements that no claim took along: a claim carries every one waiting
    /// (one round trip and one commit for both), so while the claim loop runs and fewer than
    /// `claim_batch` wait, this loop first gives it `ackLinger` to come by, then writes whatever
    /// is left in one statement. A full batch is written at once, on this loop's own connection:
    /// short jobs finish faster than claims come by, and their acknowledgements then commit in
    /// parallel with the next claim instead of lengthening it.
    func acknowledgeLoop(on pool: DatabasePool) async {
        let owner = configuration.workerID
        let queue = self.queue
        var failures = 0
        while true {
            if state.withLock({ $0.pendingAcks.isEmpty && $0.pendingStarts.isEmpty }) {
                if state.withLock({ $0.finished }) || Task.isCancelled { return }
                await ackBell.wait(timeout: .seconds(1))
                continue
            }
            let linger = state.withLock { state in
                !state.shuttingDown && !state.finished && state.pendingAcks.count < configuration.settings.claimBatch
            }
            if failures == 0 && linger {
                await ackBell.wait(timeout: Self.ackLinger)  // rung when a full batch waits
            }
            let (batch, starts) = takePendingWrites()
            if batch.isEmpty && starts.isEmpty { continue }
            do {
                let started = ContinuousClock.now
                _ = try await pool.withConnection { connection in
                    try await connection.withSession { session in
                        try queue.acknowledge(batch, starts: starts, owner: owner, in: session)
                    }
                }
                let took = ContinuousClock.now - started
                configuration.metrics.acknowledged(duration: took)
                logger.trace("acknowledged", metadata: ["jobs": "\(batch.count)", "took": "\(took)"])
                failures = 0
                acknowledged(batch)
            } catch {
                failures += 1
                returnPendingAcks(batch)
                returnPendingStarts(starts)
                let delay = Backoff().delay(forAttempt: failures)
                logger.warning(
                    "acknowledgement failed; retrying", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
                try? await Task.sleep(for: delay)
                if Task.isCancelled { return }
            }
        }
    }

    /// How long a waiting acknowledgement is left for a claim to take along before the
    /// acknowledgement loop writes it alone: a little over the claim loop's `refillDelay`.
    static let ackLinger: Duration = .milliseconds(50)

    /// Takes every waiting acknowledgement to write (they count as in flight until
    /// ``acknowledged(_:)`` or ``returnPendingAcks(_:)``).
    func takePendingAcks() -> [JobAck] {
        state.withLock { state in
            let batch = state.pendingAcks
            state.pendingAcks.removeAll(keepingCapacity: true)
            state.acksInFlight += batch.count
            return batch
        }
    }

    /// Takes every acknowledgement (as ``takePendingAcks()``) and every start
    /// (``recordStart(of:)``) waiting to be written, at one instant: a job's start is queued
    /// before its acknowledgement, so a statement never holds the acknowledgement of a job whose
    /// start another statement writes after it, and the claim and the acknowledgement loop
    /// cannot wait on each other's rows in a cycle.
    func takePendingWrites() -> (acks: [JobAck], starts: [JobLease]) {
        state.withLock { state in
            let acks = state.pendingAcks, starts = state.pendingStarts
            state.pendingAcks.removeAll(keepingCapacity: true)
            state.pendingStarts.removeAll(keepingCapacity: true)
            state.acksInFlight += acks.count
            return (acks, starts)
        }
    }

    /// Starts taken by ``takePendingWrites()`` could not be written: they wait again.
    func returnPendingStarts(_ starts: [JobLease]) {
        guard !starts.isEmpty else { return }
        state.withLock { $0.pendingStarts.insert(contentsOf: starts, at: 0) }
        ackBell.ring()
    }

    /// Acknowledgements taken by ``takePendingAcks()`` were committed. A snoozed job's `run_at`
    /// counts from this commit, not from when its handler ended, so a worker that waits for
    /// the jobs it snoozed (``untilEmpty``) times them from here: an acknowledgement delayed
    /// by a slow or unreachable database then cannot make it stop before they are due.
    func acknowledged(_ acks: [JobAck], committed: ContinuousClock.Instant = .now) {
        guard !acks.isEmpty else { return }
        state.withLock { state in
            state.acksInFlight -= acks.count
            state.report.acknowledgementStatements += 1
            for ack in acks {
                guard case .snooze(_, let delay) = ack.outcome else { continue }
                let until = committed.advanced(by: delay)
                state.snoozedUntil = max(state.snoozedUntil ?? until, until)
            }
        }
        jobBell.ring()
        claimBell.ring()
    }

    /// Acknowledgements taken by ``takePendingAcks()`` could not be written: they wait again,
    /// first in line.
    func returnPendingAcks(_ acks: [JobAck]) {
        guard !acks.isEmpty else { return }
        state.withLock { state in
            state.pendingAcks.insert(contentsOf: acks, at: 0)
            state.acksInFlight -= acks.count
        }
        ackBell.ring()
    }

    /// Extends the leases of running jobs; stops jobs that were cancelled or taken over.
    func heartbeatLoop(on pool: DatabasePool, every interval: Duration) async {
        let owner = configuration.workerID
        let lease = configuration.settings.lease
        let queue = self.queue
        while !Task.isCancelled {
            try? await Task.sleep(for: interval)
            if Task.isCancelled { return }
            let running = state.withLock { $0.running }
            do {
                let (held, cancel) = try await pool.withConnection { connection in
                    try await connection.withSession { session in
                        try session.execute(
                            "UPDATE spotter.workers SET heartbeat_at = \(databaseNow: 0) WHERE id = \(bind: owner)")
                        return try queue.heartbeat(
                            running.map { JobLease(id: $0.key, claimID: $0.value.claimID) }, owner: owner, lease: lease,
                            in: session)
                    }
                }
                heartbeatWritten()
                for (id, control) in running {
                    if cancel.contains(id) {
                        control.stop(.cancelRequested)
                    } else if !held.contains(id), state.withLock({ $0.running[id] === control }) {
                        control.stop(.leaseLost)
                    }
                }
            } catch {
                if Task.isCancelled { return }  // the worker is stopping
                logger.warning("heartbeat failed", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Every `prune_interval`, deletes finished jobs past their retention until none is left:
    /// bounded batches (`prune_batch` rows per kind and state, one short statement each),
    /// repeated while a round deletes a full batch, yielding between rounds. On its own
    /// connection, so a long backlog never delays rescues, the schedule or heartbeats.
    func pruneLoop(on pool: DatabasePool) async {
        let settings = configuration.settings
        let queue = self.queue
        while !Task.isCancelled {
            var total = 0
            do {
                while !Task.isCancelled {
                    let deleted = try await pool.withConnection { connection in
                        try await connection.withSession {
                            try queue.pruneFinished(limit: settings.pruneBatch, fallback: .standard, in: $0)
                        }
                    }
                    total += deleted
                    if deleted < settings.pruneBatch { break }
                    try? await Task.sleep(for: .milliseconds(5))  // let others at the table between rounds
                }
            } catch {
                if Task.isCancelled { return }  // the worker is stopping
                logger.warning("pruning failed", metadata: ["error": "\(error)"])
            }
            if total > 0 { logger.info("pruned finished jobs", metadata: ["rows": "\(total)"]) }
            try? await Task.sleep(for: settings.pruneInterval)
        }
    }

    /// Rescues expired leases and fires the schedule.
    func maintenanceLoop(on pool: DatabasePool) async {
        let settings = configuration.settings
        let queue = self.queue
        let scheduler = Scheduler(queue: queue)
        let clock = ContinuousClock()
        var zones: [String] = []
        var zonesFetched: ContinuousClock.Instant?
        var lagKinds = Set<String>()
        var nextLag = clock.now
        while !Task.isCancelled {
            do {
                if configuration.metrics.isEnabled && clock.now >= nextLag {
                    let lags = try await pool.withConnection { connection in
                        try await connection.withSession { try queue.lagPerKind(in: $0) }
                    }
                    // A kind whose queue emptied reads 0, not its last value.
                    lagKinds.formUnion(lags.keys)
                    for kind in lagKinds { configuration.metrics.queueLag(kind: kind, seconds: lags[kind] ?? 0) }
                    nextLag = clock.now.advanced(by: Self.lagInterval)
                }
                if configuration.runsMaintenance {
                    // Workers that are gone (a stale or missing row, or a process on this host
                    // that no longer exists) get back the jobs they claimed ahead and never
                    // started, at once; the jobs they started wait out their lease. Rows and
                    // leases are judged by their age only while this worker's own heartbeats are
                    // fresh: just after the database came back, all of them are old.
                    let byAge = judgesOthersByAge()
                    let staleAfter = byAge ? self.staleAfter : nil
                    let given = try await pool.withConnection { connection in
                        try await connection.withSession { session in
                            let gone = try RegisteredWorker.onHost(ProcessInfo.processInfo.hostName, in: session)
                                .filter { !$0.processExists }.map(\.id)
                            return try queue.rescueAbandonedClaims(
                                staleAfter: staleAfter, deadOwners: gone, in: session)
                        }
                    }
                    if !given.isEmpty {
                        logger.warning(
                            "gave back jobs a gone worker claimed ahead and never started",
                            metadata: ["jobs": "\(given)"])
                        claimBell.ring()
                    }
                    let rescued =
                        byAge
                        ? try await pool.withConnection { connection in
                            try await connection.withSession { try queue.rescueExpiredLeases(in: $0) }
                        } : []
                    configuration.metrics.rescued(rescued.count)
                    if !rescued.isEmpty {
                        logger.warning("rescued jobs whose lease expired", metadata: ["jobs": "\(rescued)"])
                        claimBell.ring()
                    }
                }
                if configuration.runsScheduler && !queue.catalog.schedule.isEmpty {
                    if zonesFetched.map({ clock.now - $0 > .seconds(60) }) ?? true {
                        zones = try await pool.withConnection { connection in
                            try await connection.withSession { try Scheduler.zonesInUse(in: $0) }
                        }
                        zonesFetched = clock.now
                    }
                    let inUse = zones
                    var fired: [FiredSlot]
                    do {
                        fired = try await pool.withConnection { connection in
                            try await connection.withSession { session in
                                try scheduler.tick(now: Date(), zonesInUse: inUse, in: session)
                            }
                        }
                    } catch let partial as ScheduleTickError {
                        // One bad slot costs only that slot: the others fired, and it is retried.
                        fired = partial.fired
                        for failure in partial.failures {
                            logger.warning(
                                "schedule slot failed; the other slots fired",
                                metadata: [
                                    "entry": "\(failure.entry)", "slot": "\(failure.slot ?? "")",
                                    "error": "\(failure.error)",
                                ])
                        }
                    }
                    for slot in fired {
                        logger.info(
                            "schedule fired",
                            metadata: ["entry": "\(slot.entry)", "slot": "\(slot.slot)", "job_id": "\(slot.jobID)"])
                    }
                    if !fired.isEmpty { claimBell.ring() }
                }
            } catch {
                if Task.isCancelled { return }  // the worker is stopping
                logger.warning("maintenance failed", metadata: ["error": "\(error)"])
            }
            try? await Task.sleep(for: min(settings.pollInterval * 5, settings.lease / 2))
        }
    }

    /// How often a worker with metrics reads the queue's lag per kind.
    static let lagInterval: Duration = .seconds(5)

    /// LISTEN for enqueue notifications and ring the claim loop; polling remains the truth.
    func listenLoop() async {
        var failures = 0
        while !Task.isCancelled {
            do {
                let listener = try await DatabaseListener.open(
                    configuration.database, channels: ["spotter_jobs"], logger: logger)
                failures = 0
                claimBell.ring()  // anything enqueued while we were not listening
                while !Task.isCancelled {
                    let notifications = try await listener.next(timeout: .seconds(5))
                    if !notifications.isEmpty { claimBell.ring() }
                }
                await listener.close()
            } catch {
                failures += 1
                let delay = Backoff().delay(forAttempt: failures)
                logger.info("listener lost; polling until it reconnects", metadata: ["error": "\(error)"])
                try? await Task.sleep(for: delay)
            }
        }
    }
}
