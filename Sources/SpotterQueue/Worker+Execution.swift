import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import Synchronization

extension Worker {
    /// Runs one claimed job to an outcome on `connection` (or fails it with the error that kept
    /// the slot from getting a connection). The handler runs in the slot's own task: a stop
    /// (timeout, cancel request, lost lease, shutdown) cancels that task through the job's
    /// ``JobControl``, and the slot ends after this job. Returns false when the job snoozed (it
    /// did not run, so its time says nothing of the kind's pace).
    @discardableResult
    func execute(_ job: Job, control: JobControl, on connection: Result<DatabaseConnection, any Error>, slot: SlotTask)
        async -> Bool
    {
        var logger = self.logger
        // One assignment, not three: handlers may re-render their metadata on every change.
        var metadata = logger.handler.metadata
        metadata["job_id"] = "\(job.id)"
        metadata["kind"] = "\(job.kind)"
        metadata["attempt"] = "\(job.attempt)"
        logger.handler.metadata = metadata
        guard let handler = registry.handler(for: job.kind) else {
            let known = registry.kinds.joined(separator: ", ")
            logger.warning("unknown job kind; marking dead")
            report(
                job, outcome: .dead(error: "unknown job kind '\(job.kind)'; this worker runs: \(known)"), elapsed: .zero
            )
            return true
        }
        guard let spec = queue.catalog.spec(for: job.kind) else {
            report(
                job, outcome: .dead(error: "job kind '\(job.kind)' is not declared in jobs/kinds.yaml"), elapsed: .zero)
            return true
        }
        let started = ContinuousClock.now
        let completion = JobCompletion()
        let result: Result<JobResult, any Error>
        let stopped: StopReason?
        switch connection {
        case .failure(let error):
            result = .failure(error)
            stopped = control.end()
        case .success(let connection):
            let deadline = started.advanced(by: spec.timeout)
            guard control.begin(deadline: deadline, cancel: { slot.cancel() }) else {
                stopped = control.end()
                result = .failure(CancellationError())
                break
            }
            watchTimeout(deadline)
            do {
                let context = JobContext(
                    job: job, spec: spec, catalog: queue.catalog, database: connection, logger: logger,
                    workerID: configuration.workerID, completion: completion)
                // A kind that runs after others (`after:` in jobs/kinds.yaml) waits for their
                // earlier jobs here, before its handler: the order is the declaration's alone.
                if !spec.after.isEmpty {
                    try await connection.withSession { session in try context.awaitKindsBefore(in: session) }
                }
                result = .success(try await handler.run(context))
            } catch {
                result = .failure(error)
            }
            stopped = control.end()
        }
        let elapsed = ContinuousClock.now - started
        if completion.isDone {
            // Completed in the handler's own transaction: already succeeded, nothing to acknowledge.
            // It is still a finished job: counted and timed like any other (issue 36).
            logger.debug("job succeeded (completed in its transaction)", metadata: ["elapsed": "\(elapsed)"])
            report(job, outcome: .succeeded(result: "{}"), elapsed: elapsed, acknowledge: false)
            return true
        }
        let outcome =
            stopped.map { self.outcome(of: $0, job: job, spec: spec) } ?? self.outcome(of: result, job: job, spec: spec)
        switch outcome {
        case .succeeded: logger.debug("job succeeded", metadata: ["elapsed": "\(elapsed)"])
        case .retry(let error, let delay):
            logger.info("job failed; will retry", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
        case .dead(let error): logger.warning("job dead", metadata: ["error": "\(error)"])
        case .cancelled: logger.info("job cancelled while running")
        case .handBack: logger.info("job handed back at shutdown")
        case .snooze(let reason, let delay):
            logger.debug("job snoozed", metadata: ["reason": "\(reason)", "run_in": "\(delay)"])
        case nil: logger.warning("lease lost to another worker; result discarded")
        }
        report(job, outcome: outcome, elapsed: elapsed)
        if case .snooze = outcome { return false }
        return true
    }

    /// Records a job's `outcome` in the metrics, then finishes it: the one way out of
    /// ``execute(_:control:on:slot:)``, so that no early return can skip the counter or the
    /// duration histogram.
    private func report(_ job: Job, outcome: JobOutcome?, elapsed: Duration, acknowledge: Bool = true) {
        configuration.metrics.finished(kind: job.kind, outcome: Self.outcomeName(outcome), duration: elapsed)
        finish(job, outcome: outcome, acknowledge: acknowledge)
        FreedMemory.giveBack()
    }

    /// The `outcome` label of `spotter_jobs_finished_total`.
    static func outcomeName(_ outcome: JobOutcome?) -> String {
        switch outcome {
        case .succeeded: "succeeded"
        case .retry: "retried"
        case .dead: "dead"
        case .cancelled: "cancelled"
        case .handBack: "handed_back"
        case .snooze: "snoozed"
        case nil: "lost"
        }
    }

    /// How a job whose handler returned (or threw) ended.
    private func outcome(of result: Result<JobResult, any Error>, job: Job, spec: KindSpec) -> JobOutcome? {
        switch result {
        case .success(let value):
            return .succeeded(result: value.json)
        case .failure(let snooze as JobSnooze):
            return .snooze(reason: snooze.reason, delay: snooze.delay)
        case .failure(let error as JobError) where error.isPermanent:
            return .dead(error: error.message)
        case .failure(let error as DatabaseError) where error.isDataException:
            // A payload's value the product's columns cannot read (a malformed id): permanent.
            let line = String(describing: error).split(separator: "\n").first.map(String.init) ?? ""
            return .dead(error: "\(line) (a data error: not retried)")
        case .failure(let error as DatabaseError) where error.isReadOnlyServer:
            // The server took no write: a standby, or a primary being failed over. Not the job's
            // fault, so not an attempt: it runs again once a primary takes writes (issue 39).
            return .snooze(
                reason: "the database refused writes (read-only: a standby, or a primary being failed over)",
                delay: spec.backoff.delay(attempt: job.attempt))
        case .failure(let error as QueueError) where error.code == .leaseLost:
            return nil  // a stale attempt tried to complete; its writes were rolled back
        case .failure(let error):
            return failure(String(describing: error), job: job, spec: spec)
        }
    }

    /// How a job that was stopped while it ran ended, whatever its handler returned after.
    private func outcome(of reason: StopReason, job: Job, spec: KindSpec) -> JobOutcome? {
        switch reason {
        case .timedOut: failure("timed out after \(formatDuration(spec.timeout))", job: job, spec: spec)
        case .cancelRequested: .cancelled
        case .shutdown: .handBack
        case .leaseLost: nil
        }
    }

    /// A failure: retried with the kind's backoff while attempts remain, dead after.
    private func failure(_ message: String, job: Job, spec: KindSpec) -> JobOutcome {
        let line = String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        if job.attempt >= job.maxAttempts {
            return .dead(error: "\(line) (attempt \(job.attempt) of \(job.maxAttempts))")
        }
        return .retry(
            error: "\(line) (attempt \(job.attempt) of \(job.maxAttempts))",
            delay: spec.backoff.delay(attempt: job.attempt))
    }

    /// Wakes the timeout loop when `deadline` comes before the one it sleeps towards.
    private func watchTimeout(_ deadline: ContinuousClock.Instant) {
        let earlier = state.withLock { state -> Bool in
            guard state.nextTimeout.map({ deadline < $0 }) ?? true else { return false }
            state.nextTimeout = deadline
            return true
        }
        if earlier { timeoutBell.ring() }
    }

    /// Stops every running job past its deadline, then sleeps until the next deadline (or until
    /// a job starts with an earlier one).
    func timeoutLoop() async {
        while !Task.isCancelled {
            let now = ContinuousClock.now
            let controls = state.withLock { Array($0.running.values) }
            var next: ContinuousClock.Instant?
            for control in controls {
                guard let deadline = control.deadline else { continue }
                if deadline <= now {
                    control.stop(.timedOut)
                } else {
                    next = min(next ?? deadline, deadline)
                }
            }
            state.withLock { $0.nextTimeout = next }
            await timeoutBell.wait(timeout: next.map { $0 - now } ?? .seconds(60))
        }
    }
}

/// The task of one job slot, so that a stopped job's handler can be cancelled from outside.
/// A cancel that comes before the task is known is kept and applied when it is.
final class SlotTask: Sendable {
    private struct State {
        var task: Task<Void, Never>?
        var cancelled = false
    }
    private let state = Mutex(State())

    /// The slot's task, once created.
    func set(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state -> Bool in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Cancels the slot's task (its current handler).
    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            state.cancelled = true
            return state.task
        }
        task?.cancel()
    }
}
