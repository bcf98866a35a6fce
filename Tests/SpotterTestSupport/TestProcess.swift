public import Foundation
import Synchronization

/// How a child process ended.
public struct ProcessExit: Sendable, Hashable, CustomStringConvertible {
    /// The exit code, or the signal number when `signalled`.
    public var code: Int32
    /// True when a signal ended the process.
    public var signalled: Bool

    /// A status.
    public init(code: Int32, signalled: Bool) {
        self.code = code
        self.signalled = signalled
    }

    /// `exit 0`.
    public static let success = ProcessExit(code: 0, signalled: false)

    /// `exit 0`, `signal 9`.
    public var description: String { signalled ? "signal \(code)" : "exit \(code)" }
}

/// A child process for integration tests (`spotter work`, `spotter enqueue`, shell scripts),
/// with its stdout and stderr captured in files (no pipe can fill up and block it).
///
/// Waiting never blocks a thread: the exit arrives through Foundation's termination handler.
/// A process still running when the value is released is killed with SIGKILL, so a failed test
/// leaves no worker behind.
public final class TestProcess: @unchecked Sendable {
    // @unchecked Sendable: `process` is configured and launched in `init` and afterwards only
    // asked for its pid (immutable once launched); the exit status lives in `exit`, a Mutex.
    private let process: Process
    private let exit = ExitBox()
    private let directory: URL
    /// A name for messages (`worker-1`).
    public let name: String
    /// The process id.
    public let pid: Int32

    private struct ExitState {
        var status: ProcessExit?
        var waiters: [CheckedContinuation<ProcessExit, Never>] = []
    }

    private final class ExitBox: Sendable {
        let state = Mutex<ExitState>(ExitState())
        func withLock<T: Sendable>(_ body: (inout ExitState) -> T) -> T { state.withLock { body(&$0) } }
    }

    /// Launches `executable` with `arguments`; `environment` adds to (and overrides) this
    /// process's environment.
    public init(
        _ executable: URL, arguments: [String], environment: [String: String] = [:], name: String? = nil
    ) throws {
        self.name = name ?? executable.lastPathComponent
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("spotter-process-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let stdout = directory.appendingPathComponent("stdout")
        let stderr = directory.appendingPathComponent("stderr")
        guard FileManager.default.createFile(atPath: stdout.path, contents: nil),
            FileManager.default.createFile(atPath: stderr.path, contents: nil)
        else { throw TestProcessError("cannot create output files in \(directory.path)") }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        let exit = self.exit
        process.terminationHandler = { finished in
            let status = ProcessExit(
                code: finished.terminationStatus, signalled: finished.terminationReason == .uncaughtSignal)
            let waiters = exit.withLock { state -> [CheckedContinuation<ProcessExit, Never>] in
                state.status = status
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: status) }
        }
        try process.run()
        self.process = process
        self.pid = process.processIdentifier
    }

    deinit {
        if exit.withLock({ $0.status == nil }) { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs `executable` to completion (at most `timeout`) and returns how it ended and what it
    /// printed.
    public static func run(
        _ executable: URL, arguments: [String], environment: [String: String] = [:], timeout: Duration = .seconds(60)
    ) async throws -> (exit: ProcessExit, stdout: String, stderr: String) {
        let process = try TestProcess(executable, arguments: arguments, environment: environment)
        let status = try await process.waitForExit(timeout: timeout)
        return (status, process.standardOutput, process.standardError)
    }

    /// Sends `signal` (SIGTERM, SIGKILL…).
    public func send(_ signal: Int32) {
        kill(pid, signal)
    }

    /// How it ended, if it has.
    public var exitStatus: ProcessExit? { exit.withLock { $0.status } }

    /// Waits for the process to end. After `timeout` it is killed with SIGKILL and this throws,
    /// quoting the end of its stderr.
    public func waitForExit(timeout: Duration) async throws -> ProcessExit {
        let status = await withTaskGroup(of: ProcessExit?.self) { group in
            group.addTask { await self.exited() }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            if first == nil {
                self.send(SIGKILL)
                _ = await group.next()
            }
            return first
        }
        guard let status else {
            _ = await exited()
            throw TestProcessError("\(name) (pid \(pid)) did not exit within \(timeout); killed. stderr ends: \(stderrTail)")
        }
        return status
    }

    private func exited() async -> ProcessExit {
        await withCheckedContinuation { continuation in
            let now = exit.withLock { state -> ProcessExit? in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Everything written to stdout so far.
    public var standardOutput: String { read("stdout") }
    /// Everything written to stderr so far.
    public var standardError: String { read("stderr") }

    /// The last 2,000 characters of stderr, for failure messages.
    public var stderrTail: String { String(standardError.suffix(2_000)) }

    private func read(_ file: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)) ?? ""
    }
}

/// A child process that misbehaved in a test.
public struct TestProcessError: Error, CustomStringConvertible {
    /// What happened.
    public let description: String

    /// An error with `description`.
    public init(_ description: String) {
        self.description = description
    }
}
