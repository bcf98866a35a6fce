import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking

/// Each member's replayed personal state, kept in `spotter.personal_states` (migration 036) so
/// that a night replays only what changed (issue 34).
///
/// The daily suggestion's personal model (``SpotterRanking/PersonalState``) is the replay of the
/// member's window of sessions in time order, about a third of a night's worker CPU, and the work
/// of every window session is most of what a shard reads. The replay depends only on its inputs,
/// not on the night, and appending sessions one at a time is the only way to build it. So each
/// member's state is stored with what it was replayed from: the ``inputs(key:level:zoneName:)``
/// (the shard's ``SpotterRanking/PersonalState/replayKey(library:configuration:)``, the profile's
/// level, the zone) and the window's sessions as read (``SessionsRead``: id, start, workout,
/// title, length, and whether its work is in the read window, hashed in order). A shard reads the
/// members' kept states after their sessions (``usablePrefix(of:inputs:sessions:)``):
/// - the same inputs and the same sessions: the state is used as it is, and the member's work is
///   not read;
/// - the same inputs, the kept sessions followed by sessions that started after the latest of
///   them (the day's new sessions): the new sessions' work is read and they are appended to the
///   kept state, which gives what a replay of the whole window gives;
/// - anything else (a session deleted, moved, renamed, re-linked or logged back in time, a
///   session leaving the window or its work window, a changed level or zone): the window is
///   replayed.
///
/// A session's sets changing makes ``SessionSummaries`` summarise it again; every summary it
/// writes raises the member's `work_version` and lowers `changed_from` to the session's start
/// (``bumpStatement(sessions:)``). A state is kept with the `work_version` it was replayed at; if
/// the member's has moved since, the state is used only when every session summarised since
/// started after the state's latest session (``usablePrefix(of:inputs:sessions:)``), so a state
/// replayed from work that changed, even while it was being computed, is never read back. A state
/// written with nothing summarised since its read clears `changed_from`. Deleting a member's row,
/// or truncating the table, replays them on the next night.
enum PersonalStates {
    /// The sessions of one member as read, in order: the hash of the first k sessions for every
    /// k, and their starts.
    struct SessionsRead: Sendable {
        private var running = StableHash()
        /// `hashes[k]`: the hash of the first k sessions (`hashes[0]` of none).
        private(set) var hashes: [UInt64] = [StableHash().value]
        private(set) var starts: [Date] = []
        private(set) var ids: [SessionID] = []

        /// The sessions read.
        var count: Int { starts.count }

        /// Adds the next session as read (in the read's order: a different order is a different
        /// hash, so the replay's tie order never hides behind a match).
        mutating func add(_ id: SessionID, _ session: PastSession, workSince: Date) {
            running.combine(id.text)
            running.combine(session.startedAt.timeIntervalSince1970)
            running.combine(session.workoutID.map { "w" + $0.text } ?? "")
            running.combine(session.title.map { "t" + $0 } ?? "")
            running.combine(session.durationMinutes)
            running.combine(session.startedAt >= workSince ? 1 : 0)
            hashes.append(running.value)
            starts.append(session.startedAt)
            ids.append(id)
        }

        /// The stored text of the hash of the first `count` sessions.
        func hash(first count: Int) -> String { String(hashes[count], radix: 16) }
    }

    /// The stored text of what a state depends on besides its sessions.
    static func inputs(key: StableHash, level: Level?, zoneName: String) -> String {
        var hash = key
        hash.combine(level?.rawValue ?? "")
        hash.combine(zoneName)
        return String(hash.value, radix: 16)
    }

    /// One member's row as read.
    struct Kept {
        var workVersion: Int64
        var changedFrom: Date?
        var stateVersion: Int64?
        var inputs: String?
        var sessionCount: Int?
        var sessionsHash: String?
        var lastStartedAt: Date?
        var state: String?

        init(row: Row) throws {
            workVersion = try row.int64("work_version")
            changedFrom = try row.optionalDate("changed_from")
            stateVersion = try row.optionalInt64("state_version")
            inputs = try row.optionalString("inputs")
            sessionCount = try row.optionalInt("session_count")
            sessionsHash = try row.optionalString("sessions_hash")
            lastStartedAt = try row.optionalDate("last_started_at")
            state = try row.optionalString("state")
        }
    }

    /// Starts closer than this to the kept state's latest session count as not after it: the
    /// stored instant went through a bind and back.
    static let startMargin: TimeInterval = 1

    /// How many of tonight's `sessions` the kept state holds (all of them: it is used as it is;
    /// fewer: the rest are appended to it), or nil when the window must be replayed: other inputs,
    /// other sessions than the kept ones first, a later session that does not start after the
    /// kept ones, or work summarised since the state was kept for a session that is not later
    /// than all of them.
    static func usablePrefix(of kept: Kept, inputs: String, sessions: SessionsRead) -> Int? {
        guard kept.inputs == inputs, kept.state != nil, let count = kept.sessionCount,
            let hash = kept.sessionsHash, let stateVersion = kept.stateVersion,
            (0...sessions.count).contains(count), sessions.hash(first: count) == hash
        else { return nil }
        let latest = (kept.lastStartedAt ?? .distantPast).addingTimeInterval(startMargin)
        if stateVersion != kept.workVersion {
            guard let changedFrom = kept.changedFrom, changedFrom > latest else { return nil }
        }
        guard sessions.starts[count...].allSatisfy({ $0 > latest }) else { return nil }
        return count
    }

    /// One state to keep: a member replayed or extended tonight, with what it was replayed from.
    struct Replayed: Sendable {
        var userID: UserID
        /// What the state was replayed from.
        var replay: ShardMember.Replay
        var state: [UInt8]
    }

    /// What one shard's members did with their kept states: the states to keep, and how many
    /// were used as they were, extended, or replayed.
    struct Tally: Sendable {
        var toKeep: [Replayed] = []
        var kept = 0, extended = 0, replayed = 0
    }

    /// A state's bytes as stored: base64 of the bytes followed by their ``StableHash`` (eight
    /// bytes), so that a shard can tell a whole state from a damaged one without reading it.
    static func sealed(_ bytes: [UInt8]) -> String {
        var hash = StableHash()
        hash.combine(bytes: bytes)
        var sealed = bytes
        for shift in stride(from: 0, to: 64, by: 8) {
            sealed.append(UInt8(truncatingIfNeeded: hash.value >> UInt64(shift)))
        }
        return Data(sealed).base64EncodedString()
    }

    /// The bytes ``sealed(_:)`` stored, or nil when the text is not base64 or they do not match
    /// their hash.
    static func unsealed(_ text: String) -> [UInt8]? {
        guard let data = Data(base64Encoded: text), data.count >= 8 else { return nil }
        let bytes = [UInt8](data.dropLast(8))
        var hash = StableHash()
        hash.combine(bytes: bytes)
        var stored: UInt64 = 0
        for (index, byte) in data.suffix(8).enumerated() { stored |= UInt64(byte) << UInt64(8 * index) }
        return stored == hash.value ? bytes : nil
    }

    /// The kept states of `ids`.
    static func readStatement(ids: [UserID]) -> SQLQuery {
        """
        SELECT p.user_id, p.work_version, p.changed_from, p.state_version, p.inputs, p.session_count,
               p.sessions_hash, p.last_started_at, p.state
        FROM spotter.personal_states p WHERE p.user_id \(oneOf: ids)
        """
    }

    /// Raises the work version of every member with a session among `sessions` (a query of
    /// `s.id`s) and lowers their `changed_from` to the earliest of those sessions' starts,
    /// creating their row: run by ``SessionSummaries`` for each chunk it summarises.
    static func bumpStatement(sessions: SQLQuery) -> SQLQuery {
        """
        INSERT INTO spotter.personal_states AS p (user_id, work_version, changed_from)
        SELECT s.user_id, 1, min(s.started_at) FROM spotter.workout_sessions s WHERE s.id \(oneOfRows: sessions)
        GROUP BY s.user_id
        ON CONFLICT (user_id) DO UPDATE SET work_version = p.work_version + 1,
            changed_from = CASE WHEN p.changed_from IS NULL OR excluded.changed_from < p.changed_from
                                THEN excluded.changed_from ELSE p.changed_from END
        """
    }

    /// Keeps the states replayed or extended tonight, each with the work version its inputs were
    /// read at. A row that exists keeps its own `work_version` (a refresh may have raised it
    /// meanwhile), and its `changed_from` unless nothing was summarised since the read. Returns
    /// the rows written.
    @discardableResult
    static func write(_ replayed: [Replayed], in session: DatabaseSession) throws -> Int {
        // A hundred states (about 0.5 MB of text) per statement, encoded chunk by chunk.
        var written = 0
        var start = 0
        while start < replayed.count {
            let chunk = replayed[start..<min(start + 100, replayed.count)]
            start += chunk.count
            // A VALUES list's binds are text on PostgreSQL: into the columns' own types.
            written += try session.executeInValuesChunks(
                chunk.map {
                    let replay = $0.replay
                    return [
                        .text($0.userID.text), .int(replay.stateVersion), .text(replay.inputs),
                        .int(Int64(replay.sessionCount)), .text(replay.sessionsHash),
                        replay.lastStartedAt.map { .timestamp($0) } ?? .null, .text(sealed($0.state)),
                    ]
                }
            ) { values in
                """
                INSERT INTO spotter.personal_states AS p
                    (user_id, work_version, state_version, inputs, session_count, sessions_hash, last_started_at, state)
                SELECT \(column: "v.column1", as: .user), CAST(v.column2 AS bigint), CAST(v.column2 AS bigint),
                       v.column3, CAST(v.column4 AS bigint), v.column5, \(timestampColumn: "v.column6"), v.column7
                FROM (\(fragment: values)) AS v WHERE true
                ON CONFLICT (user_id) DO UPDATE
                SET state_version = excluded.state_version, inputs = excluded.inputs,
                    session_count = excluded.session_count, sessions_hash = excluded.sessions_hash,
                    last_started_at = excluded.last_started_at, state = excluded.state,
                    changed_from = CASE WHEN p.work_version = excluded.state_version THEN NULL ELSE p.changed_from END,
                    computed_at = \(databaseNow: 0)
                """
            }
        }
        return written
    }
}
