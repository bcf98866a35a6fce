import Dispatch

/// A serial executor that runs its jobs on one private serial `DispatchQueue` (after GRDB's
/// `DispatchQueueActor`). An actor that uses it as its executor runs every isolated method on
/// that queue's thread, never on Swift's cooperative pool, so the blocking C calls it makes
/// (libpq, sqlite3, `poll(2)`) cannot starve the pool; the compiler checks that the C handle it
/// owns is touched only from its isolation.
final class DispatchQueueExecutor: SerialExecutor {
    /// The queue every job runs on.
    let queue: DispatchQueue

    /// An executor over a new serial queue labelled `label`.
    init(label: String) {
        self.queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
