import Dispatch
public import Foundation
public import Logging
public import MCP
import Synchronization

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
///
/// A line is at most ``maximumLineLength`` bytes. A longer one is answered at once with a
/// JSON-RPC error -32600 (id null) and skipped to its newline without being kept, and the next
/// lines are served. Reading is linear in the input: each byte is searched for a newline once.
///
/// At end of input the stream of messages ends only once every request read has been answered
/// (``RequestLedger``), so a client that writes its requests and closes its end still gets
/// every answer before the server exits.
public actor LineTransport: Transport {
    /// The longest request line served, in bytes (without its newline): 1 MiB. No tool takes an
    /// argument anywhere near it.
    public static let maximumLineLength = 1 << 20

    /// Where transport events are logged.
    public nonisolated let logger: Logger
    private let input: Int32
    private let output: Int32
    private let maximumLineLength: Int
    private let writes = DispatchQueue(label: "spotter.mcp.stdout")
    private let stream: AsyncThrowingStream<Data, any Swift.Error>
    private let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    private let ledger = RequestLedger()
    private var started = false

    /// A transport over `input` and `output` (standard input and output by default).
    public init(
        input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO,
        maximumLineLength: Int = LineTransport.maximumLineLength, logger: Logger
    ) {
        self.input = input
        self.output = output
        self.maximumLineLength = maximumLineLength
        self.logger = logger
        (stream, continuation) = AsyncThrowingStream.makeStream(of: Data.self, throwing: (any Swift.Error).self)
    }

    /// Starts the reading thread (once).
    public func connect() async throws {
        guard !started else { return }
        started = true
        let reader = LineReader(
            descriptor: input, maximumLineLength: maximumLineLength, continuation: continuation, ledger: ledger,
            writes: writes, output: output, logger: logger)
        let thread = Thread { reader.run() }
        thread.name = "spotter.mcp.stdin"
        thread.start()
    }

    /// Ends the stream of messages; the reading thread ends at end of input.
    public func disconnect() async {
        continuation.finish()
    }

    /// Writes `data` and a newline, all of it, on the write queue; an answer to a request read
    /// is then crossed off the ledger.
    public func send(_ data: Data) async throws {
        var line = data
        line.append(UInt8(ascii: "\n"))
        let message = line
        let output = self.output
        let answered = RequestLedger.answeredID(in: data)
        let ledger = self.ledger
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Swift.Error>) in
            writes.async {
                let result = Result { try Self.writeAll(message, to: output) }
                if let answered { ledger.answered(answered) }
                done.resume(with: result)
            }
        }
    }

    /// The messages read, one per line.
    public nonisolated func receive() -> AsyncThrowingStream<Data, any Swift.Error> {
        stream
    }

    static func writeAll(_ data: Data, to descriptor: Int32) throws {
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
}

/// The reading side of ``LineTransport``, on its own thread: splits the input into lines in one
/// pass, refuses overlong ones, and at end of input waits for the requests read to be answered.
struct LineReader: Sendable {
    let descriptor: Int32
    let maximumLineLength: Int
    let continuation: AsyncThrowingStream<Data, any Swift.Error>.Continuation
    let ledger: RequestLedger
    let writes: DispatchQueue
    let output: Int32
    let logger: Logger

    /// How long, at end of input, the server waits for an answer to come before it gives up on
    /// the requests still unanswered (a request the SDK answers in a way the ledger does not
    /// recognise must not keep the process alive forever).
    static let answerWait: Duration = .seconds(30)

    func run() {
        var pending: [UInt8] = []  // the line read so far (never more than maximumLineLength)
        var skipping = false  // inside an overlong line, dropping bytes until its newline
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                let base = raw.baseAddress!
                var start = 0
                while start < count {
                    // memchr looks at each byte once: the whole input is scanned in linear time.
                    let found = memchr(base + start, Int32(UInt8(ascii: "\n")), count - start)
                    let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? count
                    if !skipping {
                        if pending.count + (end - start) > maximumLineLength {
                            pending.removeAll(keepingCapacity: false)
                            skipping = true
                            refuseOverlongLine()
                        } else {
                            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                        }
                    }
                    guard found != nil else { break }
                    if !skipping { deliver(pending) }
                    pending.removeAll(keepingCapacity: true)
                    skipping = false
                    start = end + 1
                }
            }
        }
        if !skipping { deliver(pending) }  // a last line without its newline
        ledger.waitUntilAnswered(patience: Self.answerWait, logger: logger)
        continuation.finish()
    }

    private func deliver(_ line: [UInt8]) {
        guard line.contains(where: { !Self.isSpace($0) }) else { return }
        let data = Data(line)
        ledger.read(data)
        continuation.yield(data)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }

    /// Answers an overlong line at once (its id cannot be known without reading it all).
    private func refuseOverlongLine() {
        let limit = maximumLineLength
        logger.warning("mcp request line longer than \(limit) bytes; refused")
        let answer = Data(
            """
            {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request: the line is longer than \
            \(limit) bytes (the most spotter mcp reads); it was skipped"}}

            """.utf8)
        let output = self.output
        writes.async { try? LineTransport.writeAll(answer, to: output) }
    }
}

/// The requests read from the client that the server has not answered yet, by id: what the
/// reading thread waits for at end of input.
///
/// A line is a request the server answers on its own task when it is one JSON-RPC object with
/// `jsonrpc`, `method` and an `id`, and neither `result` nor `error` (the SDK answers the other
/// lines — batches, malformed lines — before it reads the next one, and notifications and
/// responses not at all). A `notifications/cancelled` takes its request off: a cancelled
/// request gets no answer.
final class RequestLedger: Sendable {
    private let state = Mutex(State())

    struct State {
        var unanswered: [ID: Int] = [:]
        var lastAnswer = ContinuousClock.now
    }

    /// Records `line` if it is a request (or the cancellation of one).
    func read(_ line: Data) {
        guard line.first(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: "{"),
            let envelope = try? JSONDecoder().decode(Envelope.self, from: line),
            envelope.jsonrpc == "2.0", let method = envelope.method, !envelope.isResponse
        else { return }
        state.withLock { state in
            if let id = envelope.id {
                state.unanswered[id, default: 0] += 1
            } else if method == CancelledNotification.name, let id = envelope.cancelledRequest,
                let left = state.unanswered[id]
            {
                state.unanswered[id] = left > 1 ? left - 1 : nil
            }
        }
    }

    /// Crosses off one request with this id.
    func answered(_ id: ID) {
        state.withLock { state in
            state.lastAnswer = .now
            guard let left = state.unanswered[id] else { return }
            state.unanswered[id] = left > 1 ? left - 1 : nil
        }
    }

    /// How many requests wait for their answer.
    var unansweredCount: Int { state.withLock { $0.unanswered.values.reduce(0, +) } }

    /// Blocks the calling thread until every request read is answered, or no answer came for
    /// `patience` (counted from the call at the earliest).
    func waitUntilAnswered(patience: Duration, logger: Logger) {
        state.withLock { $0.lastAnswer = .now }
        while true {
            let (left, quiet) = state.withLock {
                ($0.unanswered.values.reduce(0, +), ContinuousClock.now - $0.lastAnswer)
            }
            if left == 0 { return }
            if quiet > patience {
                logger.warning("end of input: \(left) request(s) still unanswered after \(patience) without an answer")
                return
            }
            usleep(2_000)
        }
    }

    /// The id of the response `message` (one JSON-RPC object with an `id` and no `method`).
    static func answeredID(in message: Data) -> ID? {
        guard message.first == UInt8(ascii: "{"),
            let envelope = try? JSONDecoder().decode(Envelope.self, from: message), envelope.method == nil
        else { return nil }
        return envelope.id
    }

    /// The members of a JSON-RPC message the ledger reads; the rest (params, results) are skipped.
    struct Envelope: Decodable {
        var jsonrpc: String?
        var id: ID?
        var method: String?
        var isResponse: Bool
        var cancelledRequest: ID?

        enum CodingKeys: String, CodingKey {
            case jsonrpc, id, method, result, error, params
        }

        struct Cancellation: Decodable {
            var requestId: ID?
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            jsonrpc = try? container.decodeIfPresent(String.self, forKey: .jsonrpc)
            id = try? container.decodeIfPresent(ID.self, forKey: .id)
            method = try? container.decodeIfPresent(String.self, forKey: .method)
            isResponse = container.contains(.result) || container.contains(.error)
            cancelledRequest = (try? container.decodeIfPresent(Cancellation.self, forKey: .params))?.requestId
        }
    }
}
