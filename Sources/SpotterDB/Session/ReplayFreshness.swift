public import Foundation

/// How fresh what a session reads is: on a PostgreSQL hot standby, the commit time of the last
/// transaction it replayed (`pg_last_xact_replay_timestamp()`); on a primary (or SQLite), now.
public struct ReplayFreshness: Sendable, Equatable {
    /// The server's clock at the reading (`now()`; SQLite: this process's clock).
    public var now: Date
    /// Whether the session is on a hot standby (`pg_is_in_recovery()`).
    public var isStandby: Bool
    /// The commit time of the last transaction the standby replayed; nil on a primary, or on a
    /// standby that has replayed none since it started.
    public var replayedAt: Date?

    public init(now: Date, isStandby: Bool, replayedAt: Date?) {
        self.now = now
        self.isStandby = isStandby
        self.replayedAt = replayedAt
    }

    /// The instant the data reflects: the replay time on a standby, now on a primary.
    public var asOf: Date { isStandby ? (replayedAt ?? now) : now }

    /// How far the standby's data is behind its clock, in seconds; nil on a primary, and on a
    /// standby that has replayed nothing yet. It grows on a standby of an idle primary too (no
    /// new commit to replay), so read it together with the primary's write rate.
    public var lagSeconds: Double? {
        guard isStandby, let replayedAt else { return nil }
        return max(0, now.timeIntervalSince(replayedAt))
    }

    /// Reads it in `session` (one statement on PostgreSQL, none on SQLite).
    public static func read(in session: DatabaseSession) throws -> ReplayFreshness {
        guard session.backend == .postgres else {
            return ReplayFreshness(now: Date(), isStandby: false, replayedAt: nil)
        }
        guard
            let row = try session.query(
                "SELECT now() AS now, pg_is_in_recovery() AS standby, pg_last_xact_replay_timestamp() AS replayed_at"
            ).first
        else { throw DatabaseError(.decoding, "no row from the replay freshness query") }
        return ReplayFreshness(
            now: try row.date("now"), isStandby: try row.bool("standby"),
            replayedAt: try row.optionalDate("replayed_at"))
    }
}
