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
/// Started with `posix_spawn` with every other descriptor closed, default signal handling and
/// an empty signal mask (not with Foundation's `Process`, whose exit detection waits for a
/// descriptor that a daemon started by the child — `pg_ctl start` — would keep open forever).
/// Its exit is collected by `waitpid` on a Dispatch thread, never on the cooperative pool.
/// A process still running when the value is released is killed with SIGKILL, so a failed test
/// leaves no worker behind.
public final class TestProcess: Sendable {
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
        let stdout = directory.appendingPathComponent("stdout").path
        let stderr = directory.appendingPathComponent("stderr").path
        let variables = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        pid = try Self.spawn(
            executable.path, arguments: [executable.path] + arguments,
            environment: variables.map { "\($0.key)=\($0.value)" }, stdout: stdout, stderr: stderr)
        let exit = self.exit
        let pid = self.pid
        DispatchQueue.global().async {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let signal = status & 0x7f
            let result =
                signal == 0
                ? ProcessExit(code: (status >> 8) & 0xff, signalled: false) : ProcessExit(code: signal, signalled: true)
            let waiters = exit.withLock { state -> [CheckedContinuation<ProcessExit, Never>] in
                state.status = result
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in waiters { waiter.resume(returning: result) }
        }
    }

    private static func spawn(
        _ path: String, arguments: [String], environment: [String], stdout: String, stderr: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Close everything else the test process has open (database sockets, other children's
        // pipes): glibc ignores a close action for a descriptor that is no longer open.
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for fd in open.compactMap(Int32.init) where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw TestProcessError("cannot start \(path): \(String(cString: strerror(result)))")
        }
        return pid
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
            throw TestProcessError(
                "\(name) (pid \(pid)) did not exit within \(timeout); killed. stderr ends: \(stderrTail)")
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
