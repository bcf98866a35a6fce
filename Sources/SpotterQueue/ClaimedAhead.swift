/// The jobs a worker claimed ahead of free slots, oldest first, with when each was claimed: a
/// FIFO whose removals from the front cost O(1) (an array with a moving start, compacted once
/// half of it is spent), since a short-job worker may hold a thousand or more.
struct ClaimedAhead {
    private var entries: [(job: Job, claimed: ContinuousClock.Instant)] = []
    private var start = 0

    /// How many jobs wait.
    var count: Int { entries.count - start }
    /// True when none waits.
    var isEmpty: Bool { count == 0 }

    /// Adds `job`, claimed at `claimed`, at the back.
    mutating func append(_ job: Job, claimed: ContinuousClock.Instant) {
        entries.append((job, claimed))
    }

    /// Takes up to `limit` jobs from the front.
    mutating func removeFirst(upTo limit: Int) -> [Job] {
        let taken = min(limit, count)
        guard taken > 0 else { return [] }
        let jobs = entries[start..<start + taken].map(\.job)
        start += taken
        compact()
        return jobs
    }

    /// Takes the jobs from the front claimed before `instant`.
    mutating func removeClaimed(before instant: ContinuousClock.Instant) -> [Job] {
        var taken = 0
        while start + taken < entries.count && entries[start + taken].claimed < instant { taken += 1 }
        return removeFirst(upTo: taken)
    }

    /// Takes every job.
    mutating func removeAll() -> [Job] {
        removeFirst(upTo: count)
    }

    private mutating func compact() {
        if start == entries.count {
            entries.removeAll(keepingCapacity: true)
            start = 0
        } else if start > 1024 && start * 2 > entries.count {
            entries.removeFirst(start)
            start = 0
        }
    }
}
