import Foundation
import Logging
import SpotterDB

/// A fresh PostgreSQL database for one benchmark run: in the server given by `--database`, or
/// in a private cluster started for the run. ``release()`` drops it (and stops the cluster).
struct BenchmarkDatabase {
    /// The benchmark's own database.
    let configuration: DatabaseConfiguration
    /// What the database lives in, for the report.
    let description: String
    private let server: DatabaseConfiguration
    private let name: String
    private let cluster: URL?
    private let root: URL
    private let logger: Logger

    /// Connects to `url` (or starts a private cluster) and creates a uniquely named database.
    static func acquire(url: String?, root: URL, logger: Logger) async throws -> BenchmarkDatabase {
        var cluster: URL?
        let serverURL: String
        if let url {
            serverURL = url
        } else {
            let directory = URL(fileURLWithPath: "/tmp").appendingPathComponent(
                "spotter-bench-pg-\(UUID().uuidString.prefix(8))")
            let result = try await ChildProcess.run(
                "/bin/bash", [root.appendingPathComponent(".ci/postgres-cluster").path, "start", directory.path])
            guard result.status == 0 else {
                throw BenchmarkError("could not start a PostgreSQL cluster: \(result.stderr)")
            }
            cluster = directory
            serverURL = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let server = try DatabaseConfiguration.parse(serverURL)
        guard server.backend == .postgres else { throw BenchmarkError("the queue benchmark needs PostgreSQL") }
        let name = "spotter_bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let admin = try await DatabaseConnection.open(server, logger: logger)
        try await admin.execute("CREATE DATABASE \(name)")
        await admin.close()
        return BenchmarkDatabase(
            configuration: try server.withDatabaseName(name),
            description: cluster == nil ? "given server, database \(name)" : "private cluster \(cluster!.path)",
            server: server, name: name, cluster: cluster, root: root, logger: logger)
    }

    /// Drops the database, and stops and removes a private cluster.
    func release() async {
        if let cluster {
            _ = try? await ChildProcess.run(
                "/bin/bash", [root.appendingPathComponent(".ci/postgres-cluster").path, "stop", cluster.path])
            return
        }
        if let admin = try? await DatabaseConnection.open(server, logger: logger) {
            _ = try? await admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            await admin.close()
        }
    }
}

/// A benchmark that could not run, with the reason.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
