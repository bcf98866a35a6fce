public import Foundation
import SpotterDB

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
            _ = try? await TestProcess.run(
                URL(fileURLWithPath: "/bin/bash"), arguments: [script, "stop", directory.path])
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

    /// `pg_ctl stop -m fast`: the server is down until ``startAgain()``. `immediately`: `-m
    /// immediate`, as a crash (no shutdown checkpoint, WAL not yet sent to a standby stays behind).
    public func stopServer(immediately: Bool = false) async throws {
        try await pgCtl("-m \(immediately ? "immediate" : "fast") -w -t 60 stop")
    }

    /// The loopback port the server listens on.
    public var port: Int {
        URL(string: url)?.port ?? 0
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

/// A primary and a hot standby streaming from it, each a ``PostgresCluster`` on its own loopback
/// port: `.ci/postgres-cluster start` and then `.ci/postgres-cluster standby` (pg_basebackup,
/// `standby.signal`, `primary_conninfo`; synchronous when asked, which the script waits for).
/// ``failOver()`` stops the primary as a crash would and promotes the standby. Stop both with
/// ``stop()``, also when the test fails.
public struct ReplicatedPostgres: Sendable {
    /// The server that takes writes until ``failOver()``.
    public let primary: PostgresCluster
    /// The hot standby; the primary after ``failOver()``.
    public let standby: PostgresCluster
    /// Whether every commit on the primary waited for the standby to flush it.
    public let synchronous: Bool

    private static var script: String { TestRepository.root.appendingPathComponent(".ci/postgres-cluster").path }

    /// Starts both servers (some seconds each) and waits until the standby streams.
    public static func start(synchronous: Bool) async throws -> ReplicatedPostgres {
        let primary = try await PostgresCluster.start()
        let directory = URL(fileURLWithPath: "/tmp", isDirectory: true)
            .appendingPathComponent("spotter-pg-standby-\(UUID().uuidString.prefix(8))", isDirectory: true)
        let result: (exit: ProcessExit, stdout: String, stderr: String)
        do {
            result = try await TestProcess.run(
                URL(fileURLWithPath: "/bin/bash"),
                arguments: [script, "standby", primary.directory.path, directory.path, synchronous ? "sync" : "async"],
                timeout: .seconds(180))
        } catch {
            await primary.stop()
            throw error
        }
        let url = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let standby = PostgresCluster(directory: directory, url: url)
        guard result.exit.code == 0, !result.exit.signalled, url.hasPrefix("postgresql://") else {
            await standby.stop()
            await primary.stop()
            throw TestProcessError("could not start a streaming standby (\(result.exit)): \(result.stderr)")
        }
        return ReplicatedPostgres(primary: primary, standby: standby, synchronous: synchronous)
    }

    /// A libpq multi-host URL naming both servers, primary first, for the database `name`:
    /// `target_session_attrs=read-write` lets libpq connect to whichever of them takes writes.
    public func readWriteURL(database name: String) -> String {
        "postgresql://spotter@127.0.0.1:\(primary.port),127.0.0.1:\(standby.port)/\(name)"
            + "?target_session_attrs=read-write"
    }

    /// The standby's URL for the database `name`.
    public func standbyURL(database name: String) -> String {
        "postgresql://spotter@127.0.0.1:\(standby.port)/\(name)"
    }

    /// The primary's URL for the database `name`.
    public func primaryURL(database name: String) -> String {
        "postgresql://spotter@127.0.0.1:\(primary.port)/\(name)"
    }

    /// Stops the primary with `pg_ctl stop -m immediate` (a crash: every connection cut, no
    /// shutdown checkpoint) and promotes the standby (`pg_ctl promote`, which waits until it
    /// takes writes). Returns when the new primary accepts writes.
    public func failOver() async throws {
        try await primary.stopServer(immediately: true)
        let result = try await TestProcess.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: [Self.script, "promote", standby.directory.path],
            timeout: .seconds(90))
        guard result.exit == ProcessExit(code: 0, signalled: false) else {
            throw TestProcessError("pg_ctl promote failed (\(result.exit)): \(result.stderr)\(result.stdout)")
        }
    }

    /// Waits until the standby has replayed everything the primary has written so far (the
    /// asynchronous case: a commit returns before the standby has it).
    public func waitForReplay(timeout: Duration = .seconds(60)) async throws {
        let primary = try await DatabaseConnection.open(
            try DatabaseConfiguration.parse(primaryURL(database: "postgres")), logger: TestDatabase.logger)
        defer { Task { await primary.close() } }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            let rows = try await primary.query(
                """
                SELECT count(*) FROM pg_stat_replication
                WHERE replay_lsn >= pg_current_wal_lsn() AND state = 'streaming'
                """)
            if try rows.first?.int(at: 0) == 1 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestDatabaseError("the standby did not catch up within \(timeout)")
    }

    /// Stops both servers and removes their directories. Never throws.
    public func stop() async {
        await standby.stop()
        await primary.stop()
    }
}
