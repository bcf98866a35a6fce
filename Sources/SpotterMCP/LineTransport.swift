import Dispatch
public import Foundation
public import Logging
public import MCP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// MCP's stdio transport (newline-delimited JSON-RPC) with blocking reads on a thread of its own.
///
/// The SDK's `StdioTransport` polls a non-blocking descriptor and sleeps 10 ms whenever nothing
/// is there: every request then waits up to 10 ms before it is even read (5 ms on average,
/// measured by `spotter-bench mcp`), and an idle server wakes 100 times a second. Here one thread
/// blocks in read(2) and hands each line to the stream at once; writes run on a serial queue.
/// Neither blocks Swift's cooperative pool.
public actor LineTransport: Transport {
    /// Where transport events are logged.
    public nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let writes = DispatchQueue(label: "spotter.mcp.stdout")
    private let stream: AsyncThrowingStream<Data, any Swift.Error>
    private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    private var started = false

    /// A transport over `input` and `output` (standard input and output by default).
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, logger: Logger) {
        self.input = input
        self.output = output
        self.logger = logger
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Swift.Error).self)
    }

    /// Starts the reading thread (once).
    public func connect() async throws {
        guard !started else { return }
        started = true
        let input = self.input
        let continuation = self.continuation
        let thread = Thread {
            Self.readLines(from: input, into: continuation)
        }
        thread.name = "spotter.mcp.stdin"
        thread.start()
    }

    /// Ends the stream of messages; the reading thread ends at end of input.
    public func disconnect() async {
        continuation.finish()
    }

    /// Writes `data` and a newline, all of it, on the write queue.
    public func send(_ data: Data) async throws {
        var line = data
        line.append(UInt8(ascii: "\n"))
        let message = line
        let output = self.output
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Swift.Error>) in
            writes.async {
                done.resume(with: Result { try Self.writeAll(message, to: output) })
            }
        }
    }

    /// The messages read, one per line.
    public nonisolated func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
        stream
    }

    private static func writeAll(_ data: Data, to descriptor: Int32) throws {
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw MCPError.transportError(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO))
                }
                offset += written
            }
        }
    }

    private static func readLines(
        from descriptor: Int32, into continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    ) {
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                if !line.isEmpty { continuation.yield(Data(line)) }
                pending = Data(pending[pending.index(after: newline)...])
            }
            // A single line larger than 16 MiB is not a message anyone should send: drop it.
            if pending.count > 16 << 20 { pending.removeAll() }
        }
        continuation.finish()
    }
}
