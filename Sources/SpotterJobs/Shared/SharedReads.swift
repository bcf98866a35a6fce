import Dispatch
import SpotterDB
import Synchronization

/// One read shared by the jobs of a worker process that need exactly the same inputs at about
/// the same time (`daily_suggestion` and `program_recommendations` of one nightly shard; every
/// recommendation shard of a run for the similar-members sample, through ``value(for:read:)``):
///
/// - the first job to ask reads; a job of another kind that asks while that read runs waits for
///   it instead of running the same statements again;
/// - a job of another kind that asks later takes the value while it is fresh (``maxAge``);
/// - each kind takes a read at most once: a kind that asks again (a retry, a rerun) reads anew,
///   and its read replaces the held one;
/// - an entry is dropped once every kind in `takers` has taken it, once it is ``maxAge`` old,
///   or when more than ``capacity`` are held (the oldest first), so a worker holds at most
///   ``capacity`` reads whatever the dataset size;
/// - a failed read is not shared: it is thrown to the job that ran it, and a job that waited
///   for it reads for itself.
///
/// Callers run on a connection's own thread (never the cooperative pool), so waiting blocks
/// nothing else. Waiting is bounded by ``maxWait``, after which the waiter reads for itself.
final class SharedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private enum Entry {
        case reading(DispatchGroup, by: String)
        case read(Value, at: ContinuousClock.Instant, takenBy: Set<String>)
    }

    /// Reads held at most.
    let capacity: Int
    /// How long a read may be taken after it finished.
    let maxAge: Duration
    /// How long a job waits for another job's read before reading for itself.
    let maxWait: Duration
    private let entries = Mutex<[Key: Entry]>([:])

    init(capacity: Int, maxAge: Duration, maxWait: Duration = .seconds(300)) {
        precondition(capacity > 0)
        self.capacity = capacity
        self.maxAge = maxAge
        self.maxWait = maxWait
    }

    /// What a job got, whether a job of another kind read it, and whether this job gave up
    /// waiting for another job's read (``maxWait``) and read for itself.
    struct Outcome {
        var value: Value
        var shared: Bool
        var waitedOut = false
    }

    private enum Step {
        case take(Value)
        case wait(DispatchGroup)
        case read(registered: DispatchGroup?)
    }

    /// The value for `key`, read by `read` here or by a job of another kind. `taker` is the
    /// asking job's kind, `takers` every kind that reads this key (nothing is held when `taker`
    /// is the only one).
    func value(for key: Key, taker: String, takers: Set<String>, read: () throws -> Value) throws -> Outcome {
        try value(for: key, taker: taker, takers: Optional(takers), read: read)
    }

    /// The value for `key`, read by `read` here or by any other job: a read every job may take
    /// as often as it likes until it is ``maxAge`` old (the similar-members sample of a run).
    func value(for key: Key, read: () throws -> Value) throws -> Outcome {
        try value(for: key, taker: "", takers: nil, read: read)
    }

    /// `takers` nil: anyone, any number of times.
    private func value(for key: Key, taker: String, takers: Set<String>?, read: () throws -> Value) throws
        -> Outcome
    {
        var waited = false
        var waitedOut = false
        while true {
            let now = ContinuousClock.now
            let step: Step = entries.withLock { entries in
                entries = entries.filter { _, entry in
                    if case .read(_, let at, _) = entry { return now - at < maxAge }
                    return true
                }
                if let takers, takers.subtracting([taker]).isEmpty { return .read(registered: nil) }
                switch entries[key] {
                case .read(let value, _, _) where takers == nil:
                    return .take(value)
                case .read(let value, let at, var takenBy) where !takenBy.contains(taker):
                    takenBy.insert(taker)
                    let everyone = takers.map { takenBy.isSuperset(of: $0) } ?? false
                    entries[key] = everyone ? nil : .read(value, at: at, takenBy: takenBy)
                    return .take(value)
                case .reading(let group, let by) where by != taker && !waited:
                    return .wait(group)
                case .reading:
                    return .read(registered: nil)
                case .read, nil:
                    let group = DispatchGroup()
                    group.enter()
                    entries[key] = .reading(group, by: taker)
                    return .read(registered: group)
                }
            }
            switch step {
            case .take(let value):
                return Outcome(value: value, shared: true, waitedOut: waitedOut)
            case .wait(let group):
                waitedOut = group.wait(timeout: .now() + maxWait.seconds) == .timedOut
                waited = true
            case .read(let group):
                guard let group else { return Outcome(value: try read(), shared: false, waitedOut: waitedOut) }
                let value: Value
                do {
                    value = try read()
                } catch {
                    entries.withLock { $0[key] = nil }
                    group.leave()
                    throw error
                }
                entries.withLock { entries in
                    entries[key] = .read(value, at: .now, takenBy: [taker])
                    let held = entries.compactMap { key, entry -> (Key, ContinuousClock.Instant)? in
                        if case .read(_, let at, _) = entry { (key, at) } else { nil }
                    }
                    for (old, _) in held.sorted(by: { $0.1 < $1.1 }).prefix(max(0, held.count - capacity)) {
                        entries[old] = nil
                    }
                }
                group.leave()
                return Outcome(value: value, shared: false, waitedOut: waitedOut)
            }
        }
    }

    /// Reads held now, finished or not.
    var count: Int { entries.withLock { $0.count } }

    /// True when a read whose key matches is held, finished or not.
    func holds(where matches: (Key) -> Bool) -> Bool {
        entries.withLock { $0.keys.contains(where: matches) }
    }

    /// Forgets the finished reads whose keys match (a read under way still completes for its waiters).
    func remove(where matches: (Key) -> Bool) {
        entries.withLock { entries in
            entries = entries.filter { key, entry in
                if case .reading = entry { return true }
                return !matches(key)
            }
        }
    }
}
