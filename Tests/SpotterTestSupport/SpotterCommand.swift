public import Foundation
import SpotterDB

/// Runs the `spotter` executable built next to the test bundle, for end-to-end tests.
public enum SpotterCommand {
    /// The repository root (holding Package.swift, jobs/ and sql/).
    public static var repositoryRoot: URL { TestRepository.root }

    /// The built `spotter` binary.
    public static func executable() throws -> URL {
        try TestRepository.executable("spotter")
    }

    /// What a finished process printed and how it exited.
    public struct Output: Sendable, CustomStringConvertible {
        /// Exit status (or 128+signal when killed).
        public var status: Int32
        /// Everything written to stdout.
        public var stdout: String
        /// Everything written to stderr.
        public var stderr: String
        /// All of it, for failure messages.
        public var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
    }

    /// Starts `spotter ARGS…` in the background (output discarded) and returns the process, for
    /// tests that signal or kill it.
    public static func launch(_ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        process.currentDirectoryURL = repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env["DATABASE_URL"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `spotter ARGS…` to completion (killed after `timeout`), from `directory`
    /// (default: the repository root), with extra environment variables; `binary` runs another
    /// copy of the executable.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
        timeout: Duration = .seconds(120), binary: URL? = nil
    ) async throws -> Output {
        let process = Process()
        process.executableURL = try binary ?? executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env["DATABASE_URL"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        async let out = readToEnd(stdout.fileHandleForReading)
        async let err = readToEnd(stderr.fileHandleForReading)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Output(status: status, stdout: await out, stderr: await err)
    }
}

/// Reads a pipe to its end on a dispatch thread (the read blocks, so not on the cooperative pool).
func readToEnd(_ handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async {
            let data = handle.readDataToEndOfFile()
            continuation.resume(returning: String(decoding: data, as: UTF8.self))
        }
    }
}

extension TestDatabase {
    /// The string to pass as `--database`.
    public var databaseArgument: String {
        backend == .postgres ? configuration.conninfo : "sqlite:" + configuration.path
    }
}
