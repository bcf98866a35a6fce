import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

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
/// A worker holding at most ``residentBudget`` does not trim: the pages a trim gives back are
/// taken again, zeroed, by the next jobs' allocations (at 100,000 users, trimming after every
/// job cost a night 0.5–1 s more of the kernel's CPU time; docs/scale.md).
public enum FreedMemory {
    private static let queue = DispatchQueue(label: "spotter.freed-memory", qos: .utility)
    private static let pending = Atomic<Bool>(false)

    /// The resident size up to which freed memory is kept for the next jobs: 96 MiB, three
    /// fifths of a worker's 160 MiB budget (docs/scale.md).
    static let residentBudget = 96 << 20

    /// Asks for the freed memory to be given back soon, when the worker holds more than
    /// ``residentBudget``; returns at once.
    public static func giveBack() {
        guard !pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        queue.async {
            pending.store(false, ordering: .releasing)
            guard holdsMoreThanBudget(residentBytes()) else { return }
            _ = giveBackNow()
        }
    }

    /// Whether a worker resident at `resident` bytes should give its freed memory back: above
    /// ``residentBudget``, or when its size cannot be read.
    static func holdsMoreThanBudget(_ resident: Int?) -> Bool {
        resident.map { $0 > residentBudget } ?? true
    }

    /// The process's resident size (`/proc/self/statm`), or nil where it cannot be read.
    static func residentBytes() -> Int? {
        #if canImport(Glibc)
            let descriptor = open("/proc/self/statm", O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            // "size resident shared …", in pages.
            let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
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
