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
        await withTaskGroup(of: Void.self) { slots in
            while !state.withLock({ $0.shuttingDown }) {
                handBackStaleBuffer(olderThan: min(Self.bufferWait, settings.lease / 2))
                let (held, fast) = state.withLock { state in
                    (state.running.count, state.averageJobTime.map { $0 < Self.fastJobTime } ?? false)
                }
                let capacity = concurrency + (fast ? Self.aheadBatches * settings.claimBatch : 0)
                let fullBatch = min(settings.claimBatch, concurrency)
                let room = capacity - held
                if room <= 0 {
                    partlyFreeSince = nil
                    await claimBell.wait(timeout: settings.pollInterval)
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
                        await claimBell.wait(timeout: left)
                        continue
                    }
                }
                partlyFreeSince = nil
                let limit = min(room, settings.claimBatch)
                let claimed: [Job]
                let claimStarted = ContinuousClock.now
                do {
                    claimed = try await control.withConnection { connection in
                        try await connection.withSession { session in
                            try queue.claim(limit: limit, owner: owner, lease: settings.lease, filter: filter, in: session)
                        }
                    }
                    failures = 0
                    configuration.metrics.claimed(jobs: claimed.count, duration: ContinuousClock.now - claimStarted)
                } catch {
                    failures += 1
                    let delay = Backoff().delay(forAttempt: failures)
                    logger.warning("claim failed; retrying", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
                    await claimBell.wait(timeout: delay)  // a shutdown rings it
                    continue
                }
                let now = clock.now
                let (start, busy) = state.withLock { state -> ([Job], Int) in
                    state.report.claimed += claimed.count
                    if !claimed.isEmpty { state.report.claimStatements += 1 }
                    for job in claimed {
                        state.running[job.id] = JobControl()
                        state.buffer.append((job, now))
                    }
                    let count = min(concurrency - state.executing, state.buffer.count)
                    guard count > 0 else { return ([], state.executing) }
                    let start = state.buffer.prefix(count).map(\.job)
                    state.buffer.removeFirst(count)
                    state.executing += count
                    return (start, state.executing)
                }
                if !start.isEmpty { configuration.metrics.slots(busy: busy) }
                for job in start {
                    slots.addTask { await self.runSlot(first: job, handlers: handlers) }
                }
                if claimed.count == limit { continue }
                if claimed.isEmpty && configuration.untilEmpty && isIdle() { break }
                await claimBell.wait(timeout: settings.pollInterval)
            }
            handBackBuffer()
            await windDown()
        }
    }

    /// How many claim batches a worker with short jobs may hold beyond its slots: two, so that
    /// a full batch can be claimed while the slots still have a full batch to work through.
    static let aheadBatches = 2

    /// Average slot time under which jobs are claimed ahead of free slots.
    static let fastJobTime: Duration = .milliseconds(20)

    /// How long a job claimed ahead may wait for a slot before it is handed back.
    static let bufferWait: Duration = .seconds(2)

    /// How long partly free slots wait for more to free up before they are refilled.
    /// Long jobs lose at most this much per slot; fast jobs get claimed a full batch at a time.
    static let refillDelay: Duration = .milliseconds(20)

    /// Runs `first`, then the jobs claimed ahead, one at a time, until none is left (or the
    /// worker shuts down: those left are handed back by the claim loop).
    private func runSlot(first: Job, handlers: DatabasePool) async {
        var next: Job? = first
        while let job = next {
            let started = ContinuousClock.now
            await start(job, handlers: handlers)
            let took = ContinuousClock.now - started
            let after = state.withLock { state -> (next: Job?, busy: Int) in
                state.averageJobTime = state.averageJobTime.map { ($0 * 7 + took) / 8 } ?? took
                guard !state.shuttingDown, !state.buffer.isEmpty else {
                    state.executing -= 1
                    return (nil, state.executing)
                }
                return (state.buffer.removeFirst().job, state.executing)
            }
            next = after.next
            configuration.metrics.slots(busy: after.busy)
        }
    }

    /// Executes `job`, unless it was stopped while it waited for its slot.
    private func start(_ job: Job, handlers: DatabasePool) async {
        guard let control = state.withLock({ $0.running[job.id] }) else { return }
        switch control.stopReason {
        case nil: await execute(job, handlers: handlers)
        case .cancelRequested: finish(job, outcome: .cancelled)
        case .leaseLost: finish(job, outcome: nil)
        case .shutdown: finish(job, outcome: .handBack)
        }
    }

    /// Hands back every job claimed ahead that has not started (at shutdown).
    private func handBackBuffer() {
        let waiting = state.withLock { state in
            defer { state.buffer.removeAll() }
            return state.buffer.map(\.job)
        }
        if !waiting.isEmpty { logger.info("handing back \(waiting.count) job(s) claimed ahead") }
        for job in waiting { finish(job, outcome: .handBack) }
    }

    /// Hands back jobs claimed ahead that waited for a slot longer than `limit` (the slots
    /// turned out to be busy with longer jobs), so that other workers can run them.
    private func handBackStaleBuffer(olderThan limit: Duration) {
        let now = ContinuousClock.now
        let stale = state.withLock { state -> [Job] in
            let count = state.buffer.prefix { now - $0.claimed > limit }.count
            guard count > 0 else { return [] }
            defer { state.buffer.removeFirst(count) }
            return state.buffer.prefix(count).map(\.job)
        }
        if !stale.isEmpty { logger.info("handing back \(stale.count) job(s) claimed ahead that waited for a slot") }
        for job in stale { finish(job, outcome: .handBack) }
    }

    /// True when nothing runs and nothing waits to be acknowledged.
    func isIdle() -> Bool {
        state.withLock { $0.running.isEmpty && $0.pendingAcks.isEmpty && $0.acksInFlight == 0 }
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
