import Foundation
public import SpotterDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A row of `spotter.workers`: a `spotter work` process that registered and heartbeats.
public struct RegisteredWorker: Sendable, Hashable {
    /// `host:pid:random`.
    public var id: String
    /// The host it runs on (its host name).
    public var host: String
    /// Its process id on that host.
    public var pid: Int32
    /// Seconds since its last heartbeat, by the database's clock.
    public var heartbeatAgeSeconds: Double

    /// Whether its process still runs (`kill(pid, 0)`): meaningful only on its own host, in its
    /// process id namespace.
    public var processExists: Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// The workers registered from `host`, most recently heartbeating first.
    public static func onHost(_ host: String, in session: DatabaseSession) throws -> [RegisteredWorker] {
        try session.query(
            """
            SELECT id, host, pid, \(secondsSince: "heartbeat_at") AS age FROM spotter.workers
            WHERE host = \(bind: host) ORDER BY heartbeat_at DESC
            """
        ).map { row in
            RegisteredWorker(
                id: try row.string("id"), host: try row.string("host"), pid: Int32(try row.int("pid")),
                heartbeatAgeSeconds: try row.optionalDouble("age") ?? 0)
        }
    }
}
