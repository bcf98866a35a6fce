import Foundation
import SpotterDB
import SpotterTestSupport

extension QueueFixture {
    /// Starts `spotter work` on this fixture's database and home.
    func startWorker(_ name: String, _ arguments: [String] = []) throws -> TestProcess {
        try TestProcess(
            try TestRepository.executable("spotter"),
            arguments: [
                "work", "--home", home.url.path, "--database", databaseArgument, "--log-level", "info", "--test-kinds",
            ] + arguments,
            name: name)
    }

    /// Runs one `spotter` command on this fixture's database and home.
    func spotter(_ arguments: [String]) async throws -> (exit: ProcessExit, stdout: String, stderr: String) {
        guard let command = arguments.first else { throw TestProcessError("no command") }
        return try await TestProcess.run(
            try TestRepository.executable("spotter"),
            arguments: [command, "--home", home.url.path, "--database", databaseArgument] + arguments.dropFirst(),
            timeout: .seconds(60))
    }

    /// The worker id (`host:pid:random`) that a process registered, once it has.
    func workerID(of process: TestProcess) async throws -> String? {
        try await session { session in
            try session.query("SELECT id FROM spotter.workers WHERE pid = $1", [.int(Int64(process.pid))])
                .first?.string("id")
        }
    }
}

/// Waits for every process to exit; returns their statuses in order.
func waitForAll(_ processes: [TestProcess], timeout: Duration) async throws -> [ProcessExit] {
    try await withThrowingTaskGroup(of: (Int, ProcessExit).self) { group in
        for (index, process) in processes.enumerated() {
            group.addTask { (index, try await process.waitForExit(timeout: timeout)) }
        }
        var statuses = [ProcessExit?](repeating: nil, count: processes.count)
        for try await (index, status) in group { statuses[index] = status }
        return statuses.map { $0! }
    }
}
