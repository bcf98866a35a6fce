import Foundation
import Synchronization

/// Why a running job is being stopped before its handler returned.
enum StopReason: Sendable, Hashable {
    /// `spotter cancel` or `spotter.cancel()` asked for it.
    case cancelRequested
    /// Another worker rescued it after our lease expired: it is no longer ours to finish.
    case leaseLost
    /// The worker is shutting down and the grace period is over.
    case shutdown
    /// It ran past its kind's timeout.
    case timedOut
}

/// The stop switch of one job this worker holds. While its handler runs, the switch holds the
/// handler's cancel action and its deadline; a stop (the first reason wins) cancels the handler.
/// A job is stopped this way rather than by racing child tasks against its handler, so that a
/// job costs no task and no timer of its own: the worker's timeout loop reads the deadlines.
final class JobControl: Sendable {
    /// The claim this switch belongs to (``Job/claimID``): the worker holds one switch per job
    /// id, and a claim of the same job again replaces it.
    let claimID: UUID

    private struct State {
        var reason: StopReason?
        var cancel: (@Sendable () -> Void)?
        var deadline: ContinuousClock.Instant?
        var ended = false
    }
    private let state = Mutex(State())

    /// Creates the switch of the claim `claimID`.
    init(claimID: UUID) {
        self.claimID = claimID
    }

    /// Stops the job for `reason` (the first reason wins). A running handler is cancelled; a
    /// handler that already returned is left alone.
    func stop(_ reason: StopReason) {
        // The cancel action runs under the lock, so that it can never reach the task after
        // ``end()`` returned (the task has moved on to another job by then).
        state.withLock { state in
            guard state.reason == nil, !state.ended else { return }
            state.reason = reason
            state.cancel?()
            state.cancel = nil
        }
    }

    /// Why the job was stopped, if it was (for a claimed-ahead job that has not started yet).
    var stopReason: StopReason? { state.withLock { $0.reason } }

    /// The handler starts: `cancel` stops it, and the job times out at `deadline`. Returns false
    /// (and keeps nothing) when the job was stopped already.
    func begin(deadline: ContinuousClock.Instant, cancel: @escaping @Sendable () -> Void) -> Bool {
        state.withLock { state in
            guard state.reason == nil else { return false }
            state.deadline = deadline
            state.cancel = cancel
            return true
        }
    }

    /// The handler returned: later stops do nothing. Returns the reason it was stopped for, if any.
    func end() -> StopReason? {
        state.withLock { state in
            state.ended = true
            state.cancel = nil
            state.deadline = nil
            return state.reason
        }
    }

    /// When the running handler times out (nil: not running).
    var deadline: ContinuousClock.Instant? { state.withLock { $0.deadline } }
}
