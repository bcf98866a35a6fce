import ArgumentParser
import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterQueue

/// `spotter health`: an exec probe. Exit 0 and one line on stdout when the database answers,
/// its migrations are current and a worker of this host heartbeats (its process runs, and its
/// last heartbeat is within two heartbeat intervals); otherwise exit 1 and one line on stderr
/// naming what is wrong.
struct Health: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Probe: the database answers, migrations are current, this host's workers heartbeat (exit 0 or 1).",
        discussion: """
            For a Kubernetes exec probe or a load balancer check. A worker counts as heartbeating \
            while its process runs and its last heartbeat is within two heartbeat intervals \
            (worker.heartbeat in jobs/kinds.yaml); one that was killed (its process is gone) is \
            ignored at once; one whose process still runs but stopped heartbeating for longer \
            than the lease (worker.lease) fails the probe.
            """)

    @OptionGroup var options: GlobalOptions

    @Option(help: "The host whose workers must heartbeat. Default: this host's name.")
    var host: String?

    @Flag(help: "Check only the database and its migrations (for hosts that run no worker).")
    var databaseOnly = false

    @Option(help: "Seconds the whole probe may take.")
    var timeout: Double = 5

    func validate() throws {
        guard timeout > 0 && timeout <= 300 else { throw ValidationError("--timeout must be 0…300 seconds") }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let home = try options.spotterHome()
        let catalog = try home.catalog()
        var database = try options.databaseConfiguration(creating: true)  // the probe reports a missing file itself
        let migrator = try home.migrator(for: database.backend)
        database.connectTimeout = .milliseconds(Int(timeout * 1000))
        let check = HealthCheck(
            database: database, migrator: migrator, lease: catalog.worker.lease, heartbeat: catalog.worker.heartbeat,
            host: databaseOnly ? nil : (host ?? ProcessInfo.processInfo.hostName), logger: logger)
        let deadline = Duration.milliseconds(Int(timeout * 1000))
        let timeoutMessage = "spotter: error: unhealthy: no answer within \(Self.seconds(timeout)) s\n"
        let verdict = try await withThrowingTaskGroup(of: String?.self) { group in
            group.addTask { try await check.run() }
            group.addTask {
                // A blocked libpq call cannot be cancelled, and the group would wait for it:
                // past the deadline the probe answers and exits at once.
                try await Task.sleep(for: deadline)
                FileHandle.standardError.write(Data(timeoutMessage.utf8))
                Foundation.exit(1)
            }
            let first = try await group.next() ?? nil
            group.cancelAll()
            return first
        }
        if let verdict { print(verdict) }
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// The checks of `spotter health`, in order; the first that fails throws a one-line failure.
struct HealthCheck: Sendable {
    var database: DatabaseConfiguration
    var migrator: Migrator
    var lease: Duration
    /// How often a worker heartbeats: it is live while its last heartbeat is at most two of
    /// these old (one late beat allowed), never longer than the lease.
    var heartbeat: Duration
    /// Whose workers must heartbeat; nil: none required.
    var host: String?
    var logger: Logger

    /// Returns the healthy verdict line or throws a `CommandFailure` naming the problem.
    func run() async throws -> String {
        if database.isMissingFile {
            throw unhealthy("database file \(database.path) does not exist")
        }
        let connection: DatabaseConnection
        do {
            connection = try await DatabaseConnection.open(database, logger: logger)
        } catch {
            throw unhealthy("database unreachable: \(Self.oneLine("\(error)"))")
        }
        defer { Task { await connection.close() } }
        let migrator = self.migrator
        let host = self.host
        let (status, workers): (MigrationStatus, [RegisteredWorker])
        do {
            (status, workers) = try await connection.withSession { session in
                _ = try session.query("SELECT 1 AS one")
                let status = try migrator.status(in: session)
                guard status.isCurrent, let host else { return (status, []) }
                return (status, try RegisteredWorker.onHost(host, in: session))
            }
        } catch {
            throw unhealthy("database does not answer: \(Self.oneLine("\(error)"))")
        }
        if let first = status.mismatched.first {
            throw unhealthy("migration \(first) differs from the applied one (or its file is missing)")
        }
        if !status.pending.isEmpty {
            let what = status.applied.isEmpty ? "database is not migrated" : "migrations are not current"
            throw unhealthy(
                "\(what): \(status.pending.count) pending (\(status.pending.first!)…); run spotter migrate")
        }
        if !status.missingViews.isEmpty {
            throw unhealthy(
                "Spotter's views are missing: \(status.missingViews.joined(separator: ", ")) (dropped with a view they "
                    + "read?); run spotter migrate to create them again")
        }
        let migrations = "\(status.applied.count) migrations current"
        guard let host else { return "healthy: database answers, \(migrations)" }
        let leaseSeconds = lease.seconds
        // Liveness is the heartbeat, not the lease: a SIGKILLed worker's row stays fresh for up
        // to a lease, but its process is gone and its next beat never comes.
        let liveSeconds = min(leaseSeconds, 2 * heartbeat.seconds)
        let alive = workers.filter { $0.heartbeatAgeSeconds <= liveSeconds && Self.processExists($0.pid) }
        // A stale row whose process still runs is a hung worker; one whose process is gone was
        // killed (its jobs are rescued) and says nothing about the workers running now.
        if let hung = workers.first(where: { $0.heartbeatAgeSeconds > leaseSeconds && Self.processExists($0.pid) }) {
            throw unhealthy(
                "worker \(hung.id) has not heartbeated for \(Int(hung.heartbeatAgeSeconds)) s (lease \(Health.seconds(leaseSeconds)) s)"
            )
        }
        guard !alive.isEmpty else {
            throw unhealthy(
                "no worker on host \(host) has heartbeated within two heartbeats (\(Health.seconds(liveSeconds)) s)")
        }
        return "healthy: database answers, \(migrations), \(alive.count) worker(s) on \(host) heartbeating"
    }

    func unhealthy(_ message: String) -> CommandFailure {
        CommandFailure(message: "unhealthy: " + message, exitCode: 1)
    }

    /// Whether a process with this id runs on this machine (`kill(pid, 0)`).
    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// libpq's messages span lines; a probe prints one.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
