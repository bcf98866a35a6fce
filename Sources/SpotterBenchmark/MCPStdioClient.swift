import Dispatch
import Foundation
import Synchronization

/// A minimal MCP client over a child's stdio (newline-delimited JSON-RPC) for timing: starts the
/// server, initializes, then calls tools one at a time. All blocking pipe I/O runs on a Dispatch
/// thread, never on the cooperative pool.
enum MCPStdioClient {
    /// The timings of one tool.
    struct Figure: Sendable {
        var tool: String
        var durations: [Double]
        var bytes: Int

        func percentile(_ p: Double) -> Double {
            let sorted = durations.sorted()
            guard !sorted.isEmpty else { return 0 }
            let rank = Int((Double(sorted.count) * p).rounded(.up)) - 1
            return sorted[min(max(rank, 0), sorted.count - 1)]
        }
    }

    /// Set once to end a ``measure(executable:arguments:plan:calls:warmup:until:)`` that repeats its plan.
    final class StopSignal: Sendable {
        private let stopped = Mutex(false)
        init() {}
        func stop() { stopped.withLock { $0 = true } }
        var isStopped: Bool { stopped.withLock { $0 } }
    }

    /// Times `calls` calls per tool of `plan` after `warmup` untimed ones; with `stop`, goes
    /// through the plan again and again (warm-up only the first time) until it is stopped.
    static func measure(
        executable: String, arguments: [String], plan: MCPBenchCast.Plan, calls: Int, warmup: Int,
        until stop: StopSignal? = nil
    ) async throws -> [Figure] {
        // The plan's closures are not Sendable: render every request's text first.
        let requests: [(tool: String, lines: [String])] = try plan.map { entry in
            (
                entry.tool,
                try (0..<(warmup + calls)).map { i in try line(tool: entry.tool, arguments: entry.arguments(i)) }
            )
        }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(
                    with: Result { try session(executable, arguments, requests, warmup: warmup, until: stop) })
            }
        }
    }

    static func line(tool: String, arguments: [String: Any]) throws -> String {
        let params: [String: Any] = ["name": tool, "arguments": arguments]
        return String(decoding: try JSONSerialization.data(withJSONObject: params), as: UTF8.self)
    }

    static func session(
        _ executable: String, _ arguments: [String], _ requests: [(tool: String, lines: [String])], warmup: Int,
        until stop: StopSignal? = nil
    ) throws -> [Figure] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        var reader = LineReader(handle: output.fileHandleForReading)
        var id = 0
        func send(_ text: String) { input.fileHandleForWriting.write(Data((text + "\n").utf8)) }
        func request(_ method: String, _ params: String) throws -> Int {
            id += 1
            send("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}")
            while let line = reader.next() {
                guard line.contains("\"id\":\(id)") || line.contains("\"id\" : \(id)") else { continue }
                if line.contains("\"error\"") { throw BenchmarkError("\(method) failed: \(line.prefix(400))") }
                return line.utf8.count
            }
            throw BenchmarkError("spotter mcp closed its output (see its stderr above)")
        }
        _ = try request(
            "initialize",
            #"{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"spotter-bench","version":"1"}}"#)
        send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        var figures = requests.map { Figure(tool: $0.tool, durations: [], bytes: 0) }
        var round = 0
        repeat {
            for (slot, (_, lines)) in requests.enumerated() {
                for (index, params) in lines.enumerated() where round == 0 || index >= warmup {
                    if stop?.isStopped == true { break }
                    let start = ContinuousClock.now
                    let bytes = try request("tools/call", params)
                    let elapsed = ContinuousClock.now - start
                    guard index >= warmup else { continue }
                    figures[slot].durations.append(
                        Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
                    figures[slot].bytes += bytes
                }
            }
            round += 1
        } while stop.map { !$0.isStopped } ?? false
        return figures
    }

    /// Reads newline-terminated lines from a pipe (blocking).
    struct LineReader {
        let handle: FileHandle
        var buffer = Data()

        mutating func next() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer = Data(buffer[buffer.index(after: newline)...])
                    return String(decoding: line, as: UTF8.self)
                }
                let chunk = handle.availableData
                guard !chunk.isEmpty else { return nil }
                buffer.append(chunk)
            }
        }
    }
}
