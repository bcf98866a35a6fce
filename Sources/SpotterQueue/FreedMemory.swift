import Dispatch
import Synchronization

#if canImport(CMalloc) && canImport(Glibc)
    import CMalloc
#endif

/// Gives the memory a finished job freed back to the system. glibc keeps freed memory in the
/// arena of the thread that used it, and a worker's jobs run on many threads (each connection's
/// queue), so a worker's resident size grew with every thread that once held a large shard, not
/// with what it holds now: at 10,000 users the live heap peaks at 32 MB while a worker stayed at
/// 160–180 MiB (docs/scale.md). `malloc_trim` returns every arena's free pages.
///
/// It walks every arena, so it runs on a queue of its own (never the cooperative pool), and a
/// request while one is waiting to run is folded into it: a burst of finished jobs trims once.
public enum FreedMemory {
    private static let queue = DispatchQueue(label: "spotter.freed-memory", qos: .utility)
    private static let pending = Atomic<Bool>(false)

    /// Asks for the freed memory to be given back soon; returns at once.
    public static func giveBack() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async {
            pending.store(false, ordering: .releasing)
            _ = giveBackNow()
        }
    }

    /// Gives the freed memory back now, on the calling thread (it blocks for as long as the
    /// arenas take to walk). True when any was given back; false where glibc is not the allocator.
    @discardableResult
    public static func giveBackNow() -> Bool {
        #if canImport(CMalloc) && canImport(Glibc)
            return malloc_trim(0) == 1
        #else
            return false
        #endif
    }
}
