import Foundation

/// A value guarded by a lock, for the little state that both a connection's queue and other
/// threads touch (the broken flag, the cancel handle).
///
/// `@unchecked Sendable` is safe because every access to `value` goes through `lock`.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
