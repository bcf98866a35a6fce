import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import Synchronization

extension Worker {
    /// Claims while slots are free and runs each job in a slot task. A slot task that finishes
    /// a job takes the next one claimed ahead, so that while jobs are short (under
    /// `fastJobTime` on average) the next claim runs while the slots still work through the
    /// previous one, instead of the slots waiting for every claim's round trip and commit.
    /// Jobs claimed ahead are leased like running ones: heartbeated, handed back at shutdown,
    /// and handed back if they wait longer than `bufferWait` for a slot.
    /// Only the jobs that free slots take at once are claimed as started; the start of a job
    /// claimed ahead is written when a slot takes it (``Job/claimedAhead``), so that a worker
    /// that dies loses no attempt of the jobs it never started, and other workers give them
    /// back as soon as they see it gone (``JobQueue/rescueAbandonedClaims(staleAfter:deadOwners:limit:in:)``).
    func claimAndRun(control: DatabasePool, handlers: DatabasePool) async {
        let settings = configuration.settings
        let owner = configuration.workerID
        let filter = configuration.claimFilter
        let queue = self.queue
        let concurrency = configuration.concurrency
        var failures = 0
        let clock = ContinuousClock()
        let refillDelay = min(Self.refillDelay, settings.pollInterval)
        var partlyFreeSince: ContinuousClock.Instant?
        // Claims that failed with their reply unknown: given back before the next claim.
        var lostClaims: [(id: UUID, at: ContinuousClock.Instant)] = []
        await withTaskGroup(of: Void.self) { slots in
            while !state.withLock({ $0.shuttingDown }) {
                handBackStaleBuffer(olderThan: min(Self.bufferWait, settings.lease / 2))
                // Slots that ended early (their job was stopped) leave jobs claimed ahead.
                startSlots(in: &slots, handlers: handlers)
                let (held, average) = state.withLock { ($0.running.count, $0.averageJobTime) }
                // SQLite has one writer at a time: its claims stay at claim_batch, so that one
                // worker's claim holds the write lock briefly and leaves jobs to the others.
                let batch =
                    configuration.database.backend.writers == .concurrent
                    ? Self.claimSize(claimBatch: settings.claimBatch, concurrency: concurrency, averageJobTime: average)
                    : settings.claimBatch
                let fast = average.map { $0 < Self.fastJobTime } ?? false
                let capacity = concurrency + (fast ? Self.aheadBatches * batch : 0)
                let fullBatch = min(batch, fast ? batch : concurrency)
                let room = capacity - held
                if room <= 0 {
                    partlyFreeSince = nil
                    await waitForRoom(heldAtMost: capacity - fullBatch, timeout: settings.pollInterval)
                    continue
                }
                // Less room than a full batch while jobs are still held: give them up to
                // `refillDelay` to make more, so that fast jobs are claimed in full batches and
                // not one statement (one commit) per finished job.
                if room < fullBatch {
                    let since = partlyFreeSince ?? clock.now
                    partlyFreeSince = since
                    let left = refillDelay - (clock.now - since)
                    if left > .zero {
                        await waitForRoom(heldAtMost: capacity - fullBatch, timeout: left)
                        continue
                    }
                }
                partlyFreeSince = nil
                let limit = min(room, batch)
                // Slots free once the jobs already claimed ahead have taken theirs.
                let startingNow = state.withLock { configuration.concurrency - $0.executing - $0.buffer.count }
                // The acknowledgements and starts waiting now go with the claim: one round trip, one commit.
                let (acks, starts) = takePendingWrites()
                let claimed: [Job]
                let claimStarted = ContinuousClock.now
                let claimID = UUID()
                do {
                    try await releaseLostClaims(&lostClaims, on: control)
                    claimed = try await control.withConnection { connection in
                        try await connection.withSession { session in
                            try queue.claim(
                                limit: limit, startingNow: startingNow, owner: owner, lease: settings.lease,
                                filter: filter, acknowledging: acks, starting: starts, claimID: claimID, in: session)
                        }
                    }
                    failures = 0
                    let took = ContinuousClock.now - claimStarted
                    configuration.metrics.claimed(jobs: claimed.count, duration: took)
                    if !acks.isEmpty {
                        configuration.metrics.acknowledged(duration: took)
                        acknowledged(acks)
                    }
                } catch {
                    returnPendingAcks(acks)
                    returnPendingStarts(starts)
                    // The claim may have committed with its reply lost (a broken connection, a
                    // failover): its jobs are this worker's until their lease, so give them back
                    // first thing. A claim that never committed gives back nothing.
                    lostClaims.append((claimID, claimStarted))
                    failures += 1
                    let delay = Backoff().delay(forAttempt: failures)
                    logger.warning("claim failed; retrying", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
                    await claimBell.wait(timeout: delay)  // a shutdown rings it
                    continue
                }
                let now = clock.now
                let superseded = state.withLock { state -> [JobControl] in
                    state.report.claimed += claimed.count
                    if !claimed.isEmpty { state.report.claimStatements += 1 }
                    var superseded: [JobControl] = []
                    // The jobs the claim started go to the slots first; the others wait claimed ahead.
                    for job in claimed.filter({ !$0.claimedAhead }) + claimed.filter(\.claimedAhead) {
                        if let earlier = state.running[job.id] { superseded.append(earlier) }
                        state.running[job.id] = JobControl(claimID: job.claimID)
                        if job.claimedAhead { state.unstarted.insert(job.lease) }
                        state.buffer.append(job, claimed: now)
                    }
                    return superseded
                }
                // Jobs this worker still held under an earlier claim: that claim is gone (a
                // failover lost it and the new primary gave the jobs out again), so those runs
                // stop; whatever they acknowledge names the earlier claim and changes nothing.
                if !superseded.isEmpty {
                    logger.warning(
                        "claimed jobs again that this worker still ran; a failover lost their earlier claim",
                        metadata: ["jobs": "\(superseded.count)"])
                    for control in superseded { control.stop(.leaseLost) }
                }
                // A claim group's jobs beyond the limit run at once, beyond the free slots: one
                // worker runs the group side by side, and claims again once its slots are back in hand.
                startSlots(in: &slots, handlers: handlers, beyond: max(0, claimed.count - limit))
                if claimed.count >= limit { continue }
                if claimed.isEmpty && configuration.untilEmpty && isIdle() && !awaitsSnoozed(now: now) { break }
                await waitForRoom(heldAtMost: nil, timeout: settings.pollInterval)
            }
            // Shutting down with a claim's reply lost: its jobs go back now, not after their lease.
            if !lostClaims.isEmpty { try? await releaseLostClaims(&lostClaims, on: control) }
            handBackBuffer()
            await windDown()
        }
    }

    /// Gives back the jobs of the claims in `lost` whose reply never came
    /// (``JobQueue/releaseLostClaims(_:owner:in:)``) and empties it; claims older than the lease
    /// are dropped first (their jobs are the rescuers' by then). Throws, keeping them, when the
    /// database cannot be reached.
    private func releaseLostClaims(
        _ lost: inout [(id: UUID, at: ContinuousClock.Instant)], on control: DatabasePool
    ) async throws {
        let now = ContinuousClock.now
        lost.removeAll { now - $0.at > configuration.settings.lease }
        guard !lost.isEmpty else { return }
        let (claims, owner, queue) = (lost.map(\.id), configuration.workerID, self.queue)
        let released = try await control.withConnection { connection in
            try await connection.withSession { session in
                try queue.releaseLostClaims(claims, owner: owner, in: session)
            }
        }
        lost.removeAll()
        if !released.isEmpty {
            logger.warning(
                "gave back jobs of a claim whose reply was lost",
                metadata: ["jobs": "\(released)", "claims": "\(claims.count)"])
        }
    }

    /// Waits for a ring of the claim bell, at most `timeout`. Finished jobs ring it only once
    /// the worker holds at most `heldAtMost` jobs (nil: every finished job rings), so that a
    /// busy worker's claim loop is not woken by every job only to find too little room.
    private func waitForRoom(heldAtMost: Int?, timeout: Duration) async {
        let ready = state.withLock { state -> Bool in
            state.wakeClaimsAt = heldAtMost
            return heldAtMost.map { state.running.count <= $0 } ?? false
        }
        if !ready { await claimBell.wait(timeout: timeout) }
        state.withLock { $0.wakeClaimsAt = nil }
    }

    /// Starts a slot task for each job claimed ahead while slots are free, and `beyond` more
    /// (the jobs a claim group brought along past the claim's limit).
    private func startSlots(in slots: inout TaskGroup<Void>, handlers: DatabasePool, beyond: Int = 0) {
        let (start, busy) = state.withLock { state -> ([Job], Int) in
            let count = min(configuration.concurrency + beyond - state.executing, state.buffer.count)
            guard count > 0 else { return ([], state.executing) }
            let start = state.buffer.removeFirst(upTo: count)
            state.executing += count
            return (start, state.executing)
        }
        guard !start.isEmpty else { return }
        configuration.metrics.slots(busy: busy)
        for job in start {
            slots.addTask {
                // The slot runs in a task of its own, whose handle a stopped job's control can
                // cancel; this child only waits for it (and passes a cancellation on).
                let slot = SlotTask()
                let task = Task { await self.runSlot(first: job, slot: slot, handlers: handlers) }
                slot.set(task)
                await withTaskCancellationHandler {
                    await task.value
                } onCancel: {
                    task.cancel()
                }
            }
        }
    }

    /// How many claim batches a worker with short jobs may hold beyond its slots: two, so that
    /// a full batch can be claimed while the slots still have a full batch to work through.
    static let aheadBatches = 2

    /// The jobs one claim takes: `claim_batch`, or, while jobs are short (under `fastJobTime`),
    /// as many as the slots get through in `aheadTime` at their average pace, up to
    /// `largestClaim`. Short jobs then cost few statements and commits per job, while a worker
    /// never holds more than about `aheadTime` of work beyond its slots.
    static func claimSize(claimBatch: Int, concurrency: Int, averageJobTime: Duration?) -> Int {
        guard let average = averageJobTime, average < fastJobTime else { return claimBatch }
        let pace = Double(concurrency) * aheadTime.seconds / max(average.seconds, 1e-6)
        return max(claimBatch, min(largestClaim, Int(pace)))
    }

    /// The work a short-job worker claims ahead of its slots, in time (see ``claimSize``).
    static let aheadTime: Duration = .milliseconds(100)

    /// The most jobs one claim takes when sized by pace.
    static let largestClaim = 1000

    /// Average slot time under which jobs are claimed ahead of free slots.
    static let fastJobTime: Duration = .milliseconds(20)

    /// How long a job claimed ahead may wait for a slot before it is handed back.
    static let bufferWait: Duration = .seconds(2)

    /// How long partly free slots wait for more to free up before they are refilled.
    /// Long jobs lose at most this much per slot; fast jobs get claimed a full batch at a time.
    static let refillDelay: Duration = .milliseconds(20)

    /// How long a slot keeps one connection across the jobs it runs before it hands it back to
    /// the pool (whose checkout checks that the server has not closed it meanwhile).
    static let connectionHold: Duration = .seconds(1)

    /// Runs `first`, then the jobs claimed ahead, one at a time, until none is left, the worker
    /// shuts down (those left are handed back by the claim loop) or a job was stopped (its
    /// cancellation ends the slot's task; the claim loop starts another for the jobs left). The
    /// slot holds one handler connection across its jobs, up to `connectionHold` at a time.
    private func runSlot(first: Job, slot: SlotTask, handlers: DatabasePool) async {
        var next: Job? = first
        while let job = next {
            do {
                next = try await handlers.withConnection { connection in
                    let checkedOut = ContinuousClock.now
                    var current: Job? = job
                    while let job = current {
                        let started = ContinuousClock.now
                        let ran = await self.start(job, on: .success(connection), slot: slot)
                        current = self.nextJob(after: ran ? ContinuousClock.now - started : nil)
                        if connection.isBroken || ContinuousClock.now - checkedOut > Self.connectionHold { break }
                    }
                    return current
                }
            } catch {
                // No connection for the job: it fails like a handler whose statement failed.
                let started = ContinuousClock.now
                await start(job, on: .failure(error), slot: slot)
                next = nextJob(after: ContinuousClock.now - started)
            }
        }
    }

    /// The slot's next job claimed ahead, or nil (and the slot is freed) when there is none, the
    /// worker shuts down or the slot's task was cancelled by a stopped job. `took` (nil for a
    /// snooze, which is not a run) moves the average that decides whether to claim ahead.
    private func nextJob(after took: Duration?) -> Job? {
        let cancelled = Task.isCancelled
        let after = state.withLock { state -> (next: Job?, busy: Int) in
            if let took { state.averageJobTime = state.averageJobTime.map { ($0 * 7 + took) / 8 } ?? took }
            // A slot beyond the worker's concurrency (a claim group's) ends with its job.
            guard !state.shuttingDown, !cancelled, !state.buffer.isEmpty, state.executing <= configuration.concurrency
            else {
                state.executing -= 1
                return (nil, state.executing)
            }
            return (state.buffer.removeFirst(upTo: 1).first, state.executing)
        }
        if after.next == nil {
            configuration.metrics.slots(busy: after.busy)
            if cancelled { claimBell.ring() }  // jobs claimed ahead may need another slot
        }
        return after.next
    }

    /// Executes `job`, unless it was stopped while it waited for its slot. False when it snoozed.
    @discardableResult
    private func start(_ job: Job, on connection: Result<DatabaseConnection, any Error>, slot: SlotTask) async -> Bool {
        guard let control = state.withLock({ $0.running[job.id] }) else { return true }
        // Claimed again meanwhile (after a failover lost this claim): the new claim runs it.
        guard control.claimID == job.claimID else {
            finish(job, outcome: nil)
            return true
        }
        switch control.stopReason {
        case nil:
            recordStart(of: job)
            return await execute(job, control: control, on: connection, slot: slot)
        case .cancelRequested: finish(job, outcome: .cancelled)
        case .leaseLost: finish(job, outcome: nil)
        case .shutdown, .timedOut: finish(job, outcome: .handBack)
        }
        return true
    }

    /// Queues the start of `job` to be written, if it was claimed ahead and its start is not
    /// written yet; the first start waiting wakes the acknowledgement loop.
    private func recordStart(of job: Job) {
        let first = state.withLock { state -> Bool in
            guard state.unstarted.remove(job.lease) != nil else { return false }
            state.pendingStarts.append(job.lease)
            return state.pendingStarts.count == 1
        }
        if first { ackBell.ring() }
    }

    /// Hands back every job claimed ahead that has not started (at shutdown).
    private func handBackBuffer() {
        let waiting = state.withLock { state in
            state.buffer.removeAll()
        }
        if !waiting.isEmpty { logger.info("handing back \(waiting.count) job(s) claimed ahead") }
        for job in waiting { finish(job, outcome: .handBack) }
    }

    /// Hands back jobs claimed ahead that waited for a slot longer than `limit` (the slots
    /// turned out to be busy with longer jobs), so that other workers can run them.
    private func handBackStaleBuffer(olderThan limit: Duration) {
        let now = ContinuousClock.now
        let stale = state.withLock { state -> [Job] in
            state.buffer.removeClaimed(before: now - limit)
        }
        if !stale.isEmpty { logger.info("handing back \(stale.count) job(s) claimed ahead that waited for a slot") }
        for job in stale { finish(job, outcome: .handBack) }
    }

    /// Whether a job this worker snoozed may still be waiting to be claimed again: until a poll
    /// interval and a second (for the database's clock) past its `run_at`, when a claim would
    /// have found it. `run_at` is timed from the acknowledgement's commit (``acknowledged(_:committed:)``).
    func awaitsSnoozed(now: ContinuousClock.Instant) -> Bool {
        let until = state.withLock { $0.snoozedUntil }
        return until.map { now < $0.advanced(by: configuration.settings.pollInterval + .seconds(1)) } ?? false
    }

    /// True when nothing runs and nothing waits to be acknowledged.
    func isIdle() -> Bool {
        state.withLock {
            $0.running.isEmpty && $0.pendingAcks.isEmpty && $0.acksInFlight == 0 && $0.pendingStarts.isEmpty
        }
    }

    /// After the claim loop: waits up to the grace period for running jobs, then stops the rest
    /// so they are handed back.
    private func windDown() async {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: configuration.grace)
        while state.withLock({ !$0.running.isEmpty && !$0.handBackNow }) && clock.now < deadline {
            await jobBell.wait(timeout: min(deadline - clock.now, .milliseconds(250)))
        }
        let remaining = state.withLock { Array($0.running.values) }
        if !remaining.isEmpty {
            logger.warning("grace period over; handing back \(remaining.count) unfinished job(s)")
            for control in remaining { control.stop(.shutdown) }
        }
    }
}
