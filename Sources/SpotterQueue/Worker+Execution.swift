import Foundation
import Synchronization
import Logging
import SpotterCatalog
import SpotterDB

extension Worker {
    private enum RaceResult: Sendable {
        case finished(Result<JobResult, any Error>)
        case timedOut
        case stopped(StopReason)
        case interrupted
    }

    /// Runs one claimed job to an outcome: its handler races its timeout and its stop switch.
    func execute(_ job: Job, handlers: DatabasePool) async {
        guard let control = state.withLock({ $0.running[job.id] }) else { return }
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
            finish(job, outcome: .dead(error: "unknown job kind '\(job.kind)'; this worker runs: \(known)"))
            return
        }
        guard let spec = queue.catalog.spec(for: job.kind) else {
            finish(job, outcome: .dead(error: "job kind '\(job.kind)' is not declared in jobs/kinds.yaml"))
            return
        }
        let catalog = queue.catalog
        let workerID = configuration.workerID
        let started = ContinuousClock.now
        let jobLogger = logger
        let completion = JobCompletion()
        let result: RaceResult = await withTaskGroup(of: RaceResult.self) { race in
            race.addTask {
                do {
                    let value = try await handlers.withConnection { connection in
                        try await handler.run(
                            JobContext(
                                job: job, spec: spec, catalog: catalog, database: connection, logger: jobLogger,
                                workerID: workerID, completion: completion))
                    }
                    return .finished(.success(value))
                } catch {
                    return .finished(.failure(error))
                }
            }
            race.addTask {
                do {
                    try await Task.sleep(for: spec.timeout)
                    return .timedOut
                } catch {
                    return .interrupted
                }
            }
            race.addTask {
                guard let reason = await control.waitForStop() else { return .interrupted }
                return .stopped(reason)
            }
            var first = RaceResult.interrupted
            while let next = await race.next() {
                if case .interrupted = next { continue }
                first = next
                break
            }
            race.cancelAll()
            return first
        }
        let elapsed = ContinuousClock.now - started
        if completion.isDone {
            // Completed in the handler's own transaction: already succeeded, nothing to acknowledge.
            logger.debug("job succeeded (completed in its transaction)", metadata: ["elapsed": "\(elapsed)"])
            finish(job, outcome: .succeeded(result: "{}"), acknowledge: false)
            return
        }
        let outcome = self.outcome(of: result, job: job, spec: spec)
        switch outcome {
        case .succeeded: logger.debug("job succeeded", metadata: ["elapsed": "\(elapsed)"])
        case .retry(let error, let delay):
            logger.info("job failed; will retry", metadata: ["error": "\(error)", "retry_in": "\(delay)"])
        case .dead(let error): logger.warning("job dead", metadata: ["error": "\(error)"])
        case .cancelled: logger.info("job cancelled while running")
        case .handBack: logger.info("job handed back at shutdown")
        case nil: logger.warning("lease lost to another worker; result discarded")
        }
        configuration.metrics.finished(kind: job.kind, outcome: Self.outcomeName(outcome), duration: elapsed)
        finish(job, outcome: outcome)
    }

    /// The `outcome` label of `spotter_jobs_finished_total`.
    static func outcomeName(_ outcome: JobOutcome?) -> String {
        switch outcome {
        case .succeeded: "succeeded"
        case .retry: "retried"
        case .dead: "dead"
        case .cancelled: "cancelled"
        case .handBack: "handed_back"
        case nil: "lost"
        }
    }

    private func outcome(of result: RaceResult, job: Job, spec: KindSpec) -> JobOutcome? {
        switch result {
        case .finished(.success(let value)):
            return .succeeded(result: value.json)
        case .finished(.failure(let error as JobError)) where error.isPermanent:
            return .dead(error: error.message)
        case .finished(.failure(let error as QueueError)) where error.code == .leaseLost:
            return nil  // a stale attempt tried to complete; its writes were rolled back
        case .finished(.failure(let error)):
            return failure(String(describing: error), job: job, spec: spec)
        case .timedOut:
            return failure("timed out after \(formatDuration(spec.timeout))", job: job, spec: spec)
        case .stopped(.cancelRequested):
            return .cancelled
        case .stopped(.shutdown), .interrupted:
            return .handBack
        case .stopped(.leaseLost):
            return nil
        }
    }

    /// A failure: retried with the kind's backoff while attempts remain, dead after.
    private func failure(_ message: String, job: Job, spec: KindSpec) -> JobOutcome {
        let line = String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        if job.attempt >= job.maxAttempts {
            return .dead(error: "\(line) (attempt \(job.attempt) of \(job.maxAttempts))")
        }
        return .retry(error: "\(line) (attempt \(job.attempt) of \(job.maxAttempts))", delay: spec.backoff.delay(attempt: job.attempt))
    }
}
