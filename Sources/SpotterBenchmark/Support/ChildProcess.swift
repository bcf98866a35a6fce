import Dispatch
import Foundation

/// Runs a helper script to completion. Spawned with `posix_spawn` and every descriptor but
/// stdin/stdout/stderr closed: Foundation's `Process` waits for a descriptor that a daemon the
/// script starts (`pg_ctl start`) would keep open forever. The exit is collected by `waitpid`
/// on a Dispatch thread, never on the cooperative pool.
enum ChildProcess {
    static func run(_ path: String, _ arguments: [String]) async throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "spotter-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let stdout = directory.appendingPathComponent("stdout").path
        let stderr = directory.appendingPathComponent("stderr").path
        let child = try spawn(path, arguments, stdout: stdout, stderr: stderr, append: false)
        let status = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            DispatchQueue.global().async {
                var status: Int32 = 0
                while waitpid(child, &status, 0) == -1 && errno == EINTR {}
                continuation.resume(returning: exitCode(status))
            }
        }
        let out = (try? String(contentsOfFile: stdout, encoding: .utf8)) ?? ""
        let err = (try? String(contentsOfFile: stderr, encoding: .utf8)) ?? ""
        return (status, out, err)
    }

    /// Starts `path` with `posix_spawn`: stdin from /dev/null, stdout and stderr to files
    /// (appended or truncated), every other descriptor closed.
    static func spawn(_ path: String, _ arguments: [String], stdout: String, stderr: String, append: Bool) throws
        -> pid_t
    {
        let mode = O_WRONLY | O_CREAT | (append ? O_APPEND : O_TRUNC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, mode, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, mode, 0o644)
        for fd in ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap(Int32.init)
        where fd > 2 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(path): \(String(cString: strerror(spawned)))") }
        return pid
    }

    /// A `waitpid` status as an exit code (128 + signal when killed).
    static func exitCode(_ status: Int32) -> Int32 {
        status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }
}
