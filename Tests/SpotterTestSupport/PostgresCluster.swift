public import Foundation

/// A private PostgreSQL cluster for tests that must stop or restart the server (which they
/// must never do to the shared one): started with `.ci/postgres-cluster start DIR` on a free
/// loopback port, stock settings. Stop it with ``stop()``, also when the test fails.
public struct PostgresCluster: Sendable {
    /// The cluster's directory (data, socket, logs).
    public let directory: URL
    /// `postgresql://spotter@127.0.0.1:PORT/postgres`.
    public let url: String

    private static var script: String { TestRepository.root.appendingPathComponent(".ci/postgres-cluster").path }

    /// initdb + start; takes a few seconds. `settings` (for example `shared_preload_libraries`)
    /// are appended to `postgresql.conf` and the server restarted once to load them.
    public static func start(settings: [String: String] = [:]) async throws -> PostgresCluster {
        let directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("spotter-pg-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let result = try await TestProcess.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: [script, "start", directory.path], timeout: .seconds(120))
        let url = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.exit.code == 0, !result.exit.signalled, url.hasPrefix("postgresql://") else {
            _ = try? await TestProcess.run(URL(fileURLWithPath: "/bin/bash"), arguments: [script, "stop", directory.path])
            throw TestProcessError("could not start a private PostgreSQL cluster (\(result.exit)): \(result.stderr)")
        }
        let cluster = PostgresCluster(directory: directory, url: url)
        guard !settings.isEmpty else { return cluster }
        do {
            let lines = settings.sorted { $0.key < $1.key }.map { key, value in
                "\(key) = '\(value.replacingOccurrences(of: "'", with: "''"))'\n"
            }
            let conf = directory.appendingPathComponent("data/postgresql.conf")
            let handle = try FileHandle(forWritingTo: conf)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(lines.joined().utf8))
            try await cluster.restart()
        } catch {
            await cluster.stop()
            throw error
        }
        return cluster
    }

    /// `pg_ctl restart -m fast`: every connection is cut, the server is back when this returns.
    /// As root, pg_ctl runs as the `postgres` user (who owns the cluster), as the script does.
    public func restart() async throws {
        try await pgCtl("-m fast -w -t 60 restart")
    }

    /// `pg_ctl stop -m fast`: the server is down until ``startAgain()``.
    public func stopServer() async throws {
        try await pgCtl("-m fast -w -t 60 stop")
    }

    /// Starts a server stopped by ``stopServer()``.
    public func startAgain() async throws {
        try await pgCtl("-w -t 60 start")
    }

    /// Stops the server and removes the directory. Never throws.
    public func stop() async {
        _ = try? await TestProcess.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: [Self.script, "stop", directory.path], timeout: .seconds(60))
    }

    private func pgCtl(_ arguments: String) async throws {
        let data = directory.appendingPathComponent("data").path
        let log = directory.appendingPathComponent("server.log").path
        let command = """
            set -e
            bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
            [ -n "$bindir" ] || bindir=$(dirname "$(command -v pg_ctl)")
            if [ "$(id -u)" -eq 0 ]; then run() { runuser -u postgres -- "$@"; }; else run() { "$@"; }; fi
            run "$bindir/pg_ctl" -D '\(data)' -l '\(log)' \(arguments)
            """
        let result = try await TestProcess.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], timeout: .seconds(90))
        guard result.exit == ProcessExit(code: 0, signalled: false) else {
            throw TestProcessError("pg_ctl \(arguments) failed (\(result.exit)): \(result.stderr)\(result.stdout)")
        }
    }
}
