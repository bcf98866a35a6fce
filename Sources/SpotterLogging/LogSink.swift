import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where finished log lines go: standard error (one `write` per line, serialised so lines from
/// different threads never interleave), or a closure (for tests).
public struct LogSink: Sendable {
    private let emit: @Sendable (String) -> Void

    /// A sink that hands each line (with its trailing newline) to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.emit = write
    }

    /// Standard error of this process.
    public static func standardError() -> LogSink {
        let lock = Mutex(())
        return LogSink { line in
            lock.withLock { _ in
                var bytes = Array(line.utf8)
                var offset = 0
                while offset < bytes.count {
                    let written = bytes.withUnsafeMutableBytes { buffer in
                        write(2, buffer.baseAddress! + offset, buffer.count - offset)
                    }
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
                bytes.removeAll()
            }
        }
    }

    /// Writes one line.
    public func callAsFunction(_ line: String) {
        emit(line)
    }
}
