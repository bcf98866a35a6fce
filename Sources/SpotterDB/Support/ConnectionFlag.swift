import Synchronization

/// A one-way flag that a connection and its driver share and any thread reads: broken, closed,
/// cancelled. An atomic, so reading it never blocks.
final class ConnectionFlag: Sendable {
    private let value = Atomic<Bool>(false)

    init() {}

    /// True once ``set()`` was called.
    var isSet: Bool { value.load(ordering: .acquiring) }

    /// Raises the flag (it never falls again).
    func set() { value.store(true, ordering: .releasing) }
}
