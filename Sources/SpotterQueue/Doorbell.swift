import Synchronization

/// A wake-up signal for one waiting loop: `ring()` wakes the waiter now, or the next `wait`
/// returns at once. Rings while nobody waits collapse into one.
final class Doorbell: Sendable {
    private struct State {
        var rung = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    private let state = Mutex(State())

    /// Wakes the waiter, or makes the next wait return at once.
    func ring() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.rung = true
            return nil
        }
        waiter?.resume()
    }

    /// Waits until rung, the timeout passes, or the task is cancelled.
    func wait(timeout: Duration) async {
        if state.withLock({ state in
            defer { state.rung = false }
            return state.rung
        }) {
            return
        }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForRing() }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
            self.ringIfWaiting()
        }
    }

    private func waitForRing() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.rung || Task.isCancelled {
                        state.rung = false
                        return true
                    }
                    state.waiter = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            self.ringIfWaiting()
        }
    }

    /// Releases a waiter left behind by a timeout or a cancellation, without leaving a ring.
    private func ringIfWaiting() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// Why a running job is being stopped before its handler returned.
enum StopReason: Sendable, Hashable {
    /// `spotter cancel` or `spotter.cancel()` asked for it.
    case cancelRequested
    /// Another worker rescued it after our lease expired: it is no longer ours to finish.
    case leaseLost
    /// The worker is shutting down and the grace period is over.
    case shutdown
}

/// The stop switch of one running job: set once, awaited by the job's race.
final class JobControl: Sendable {
    private struct State {
        var reason: StopReason?
        var waiter: CheckedContinuation<StopReason?, Never>?
    }
    private let state = Mutex(State())

    /// Stops the job for `reason` (the first reason wins).
    func stop(_ reason: StopReason) {
        let waiter = state.withLock { state -> CheckedContinuation<StopReason?, Never>? in
            guard state.reason == nil else { return nil }
            state.reason = reason
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: reason)
    }

    /// Why the job was stopped, if it was (for a claimed-ahead job that has not started yet).
    var stopReason: StopReason? { state.withLock { $0.reason } }

    /// Waits for a stop; returns nil if the waiting task is cancelled first.
    func waitForStop() async -> StopReason? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<StopReason?, Never>) in
                let now = state.withLock { state -> StopReason?? in
                    if let reason = state.reason { return .some(reason) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<StopReason?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
