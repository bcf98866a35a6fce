import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking

/// Each member's replayed personal state, kept in `spotter.personal_states` (migration 036) so
/// that a night replays only the members whose inputs changed (issue 34).
///
/// The daily suggestion's personal model (``SpotterRanking/PersonalState``) is the replay of the
/// member's window of sessions, about a third of a night's worker CPU, and the work of every
/// window session is most of what a shard reads. On a night without a new session, and with none
/// leaving the window, the replay gives the state it gave the night before. So each member's
/// state is stored with a fingerprint of everything the replay reads (``Fingerprint``): the
/// window's sessions as read (id, start, workout, title, length, and whether its work is in the
/// read window), the member's ``workVersion``, the profile's level, the zone, and the shard's
/// ``SpotterRanking/PersonalState/replayKey(library:configuration:)`` (the replay's version, the
/// configuration it reads and what it reads of the library). A shard reads the members' kept
/// states first; a member whose fingerprint matches is not replayed, and the work of their
/// sessions is not read.
///
/// How a change is noticed: a session logged, deleted, moved, renamed or re-linked, a session
/// entering or leaving the window or its work window, a changed profile level or zone changes
/// the fingerprint. A session's sets changing makes ``SessionSummaries`` summarise it again, and
/// every summary it rewrites raises its member's `work_version` (``bumpStatement(sessions:)``),
/// which is in the fingerprint; a state is written without touching `work_version`, so a state
/// replayed from work that changed while it was being computed is never read back. Deleting a
/// member's row, or truncating the table, replays them on the next night.
enum PersonalStates {
    /// The fingerprint of one member's replay inputs, built while the sessions are read.
    struct Fingerprint: Sendable {
        private var sessions = StableHash()
        private var count = 0

        /// Adds the next session as read (in the read's order: a different order is a different
        /// fingerprint, so the replay's tie order never hides behind a match).
        mutating func add(_ id: SessionID, _ session: PastSession, workSince: Date) {
            count += 1
            sessions.combine(id.text)
            sessions.combine(session.startedAt.timeIntervalSince1970)
            sessions.combine(session.workoutID.map { "w" + $0.text } ?? "")
            sessions.combine(session.title.map { "t" + $0 } ?? "")
            sessions.combine(session.durationMinutes)
            sessions.combine(session.startedAt >= workSince ? 1 : 0)
        }

        /// The fingerprint as stored: the shard's replay key, the member's work version, profile
        /// level and zone name, then the sessions.
        func text(key: StableHash, workVersion: Int64, level: Level?, zoneName: String) -> String {
            var hash = key
            hash.combine(Int(workVersion))
            hash.combine(level?.rawValue ?? "")
            hash.combine(zoneName)
            hash.combine(count)
            hash.combine(sessions.value)
            return String(hash.value, radix: 16)
        }
    }

    /// One state to keep: a member replayed tonight.
    struct Replayed: Sendable {
        var userID: UserID
        var workVersion: Int64
        var fingerprint: String
        var state: [UInt8]
    }

    /// The kept states of `ids`.
    static func readStatement(ids: [UserID]) -> SQLQuery {
        """
        SELECT p.user_id, p.work_version, p.fingerprint, p.state
        FROM spotter.personal_states p WHERE p.user_id \(oneOf: ids)
        """
    }

    /// Raises the work version of every member with a session among `sessions` (a query of
    /// `s.id`s), creating their row: run by ``SessionSummaries`` for each chunk it summarises.
    static func bumpStatement(sessions: SQLQuery) -> SQLQuery {
        """
        INSERT INTO spotter.personal_states AS p (user_id, work_version)
        SELECT DISTINCT s.user_id, 1 FROM spotter.workout_sessions s WHERE s.id \(oneOfRows: sessions)
        ON CONFLICT (user_id) DO UPDATE SET work_version = p.work_version + 1
        """
    }

    /// Keeps the states replayed tonight, each with the work version it was read with (a row
    /// that exists keeps its own, which a refresh may have raised meanwhile). Returns the rows written.
    @discardableResult
    static func write(_ replayed: [Replayed], in session: DatabaseSession) throws -> Int {
        // A hundred states (about 0.5 MB of text) per statement, encoded chunk by chunk.
        var written = 0
        var start = 0
        while start < replayed.count {
            let chunk = replayed[start..<min(start + 100, replayed.count)]
            start += chunk.count
            // A VALUES list's binds are text on PostgreSQL: into the key's own type (migration 028).
            written += try FactsSQL.forEachValuesChunk(
                chunk.map {
                    [
                        .text($0.userID.text), .int($0.workVersion), .text($0.fingerprint),
                        .text(Data($0.state).base64EncodedString()),
                    ]
                }, in: session
            ) { values in
                """
                INSERT INTO spotter.personal_states AS p (user_id, work_version, fingerprint, state)
                SELECT \(column: "v.column1", as: .user), CAST(v.column2 AS bigint), v.column3, v.column4
                FROM (\(fragment: values)) AS v WHERE true
                ON CONFLICT (user_id) DO UPDATE
                SET fingerprint = excluded.fingerprint, state = excluded.state, computed_at = \(databaseNow: 0)
                """
            }
        }
        return written
    }
}
