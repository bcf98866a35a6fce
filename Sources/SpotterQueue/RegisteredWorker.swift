import Foundation
public import SpotterDB

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

    /// The workers registered from `host`, most recently heartbeating first.
    public static func onHost(_ host: String, in session: DatabaseSession) throws -> [RegisteredWorker] {
        let age =
            session.backend == .postgres
            ? "extract(epoch FROM now() - heartbeat_at)::double precision"
            : "(julianday('now') - julianday(heartbeat_at)) * 86400.0"
        return try session.query(
            "SELECT id, host, pid, \(age) AS age FROM spotter.workers WHERE host = $1 ORDER BY heartbeat_at DESC",
            [.text(host)]
        ).map { row in
            RegisteredWorker(
                id: try row.string("id"), host: try row.string("host"), pid: Int32(try row.int("pid")),
                heartbeatAgeSeconds: try row.optionalDouble("age") ?? 0)
        }
    }
}
