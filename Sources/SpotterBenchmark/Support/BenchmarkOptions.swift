import ArgumentParser
import Foundation
import Logging
import SpotterDB

/// Options every benchmark takes: where PostgreSQL is and where the repository is.
struct BenchmarkOptions: ParsableArguments {
    @Option(
        help: """
            A PostgreSQL server (postgresql://… or conninfo); the benchmark creates and drops its own \
            database in it. Default: a private cluster started with .ci/postgres-cluster in a temporary \
            directory (stock settings, durable commits) and removed afterwards.
            """)
    var database: String?

    @Option(help: "The Spotter directory (holding sql/, jobs/ and .ci/). Default: SPOTTER_HOME, else found from the working directory or the executable.")
    var home: String?

    @Flag(help: "Keep the benchmark database (and a private cluster) instead of dropping it.")
    var keep = false

    @Option(help: "Log level for the benchmark's own components.")
    var logLevel: String = "warning"

    func makeLogger() throws -> Logger {
        guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
            throw ValidationError("unknown log level '\(logLevel)'")
        }
        var logger = Logger(label: "spotter.bench")
        logger.logLevel = level
        return logger
    }

    /// The repository root: --home, SPOTTER_HOME, or the nearest ancestor of the working
    /// directory or of the executable that holds `sql/` and `jobs/kinds.yaml`.
    func repositoryRoot() throws -> URL {
        let fileManager = FileManager.default
        func isHome(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent("jobs/kinds.yaml").path)
                && fileManager.fileExists(atPath: url.appendingPathComponent("sql").path)
        }
        if let given = home ?? ProcessInfo.processInfo.environment["SPOTTER_HOME"] {
            let url = URL(fileURLWithPath: given).standardizedFileURL
            guard isHome(url) else { throw ValidationError("\(url.path) holds no jobs/kinds.yaml and sql/") }
            return url
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        for start in [URL(fileURLWithPath: fileManager.currentDirectoryPath), executable.deletingLastPathComponent()] {
            var url = start.standardizedFileURL
            while true {
                if isHome(url) { return url }
                let parent = url.deletingLastPathComponent()
                if parent.path == url.path { break }
                url = parent
            }
        }
        throw ValidationError("cannot find the Spotter directory (sql/, jobs/); pass --home")
    }
}
