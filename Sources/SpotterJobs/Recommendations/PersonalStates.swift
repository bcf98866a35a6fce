import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterRanking

/// Each member's personal state, kept in `spotter.personal_states` (migration 036) so that a
/// night appends the day's sessions instead of replaying the member's history (issue 34).
///
/// The daily suggestion's personal model (``SpotterRanking/PersonalState``) is every session the
/// member ever logged up to the night, appended in time order: what `spotter eval recommendations`
/// measures (it appends each person's whole history before each held-out day). Appending sessions
/// one at a time is the only way to build it, and it depends only on its inputs, not on the
/// night. So each member's state is stored with what it holds: the
/// ``inputs(key:level:zoneName:replayPeriod:)`` (the shard's
/// ``SpotterRanking/PersonalState/replayKey(library:configuration:)``, the profile's level, the zone
/// and the member's ``replayPeriod(of:asOf:)``), how many sessions it holds and the latest one's
/// start, and a hash of each session the night read (``SessionsRead``: id, start, workout, title,
/// length). A shard reads its members' context window (``RecommendationInputs/recentDays`` days
/// and the latest session before them) and then their kept states
/// (``usablePrefix(of:inputs:sessions:firstSessionAt:)``):
/// - the same inputs, and the window's sessions that started by the kept latest one are the ones
///   the state was kept with (the last hashes kept): the state is used as it is, or, when
///   sessions started after the latest one, their work is read and they are appended, which gives
///   what a replay of the whole history gives;
/// - anything else (a window session deleted, moved, renamed, re-linked or logged back in time, a
///   changed level or zone, a state another Spotter wrote): the member's whole history and its
///   work are read (``RecommendationInputs/historyStatements(ids:asOf:backend:work:)``, their
///   summaries brought up to date first) and replayed.
///
/// A session older than the window is not read on a night that appends: a change to one (its sets
/// edited, the session deleted or logged back in time) reaches the member's state when it is
/// next replayed, at the latest when their replay period turns (every ``replayDays`` days, a
/// different day for each member, so a night replays about one member in ``replayDays`` for it).
///
/// With the state, the workouts its sessions were logged against are kept (`trained_workouts`,
/// migration 040; ``trainedText(_:)``): the program recommendations count a program as trained by
/// any workout ever trained, which the window alone would forget. And each active enrollment's
/// progress (`enrollment_progress`, migration 041; ``progressText(_:)``): the program sessions
/// done since the enrollment started, which the daily suggestion's plan counts and the window
/// alone would cut short. A night adds the sessions logged since to the kept count; an
/// enrollment the kept row has no count for is counted from the sessions read when they reach
/// its start (it started in the window, or after the state's latest session), and otherwise the
/// member is replayed.
///
/// A session's sets changing makes ``SessionSummaries`` summarise it again; every summary it
/// writes raises the member's `work_version` and lowers `changed_from` to the session's start
/// (``bumpStatement(sessions:)``). A state is kept with the `work_version` its work was read at;
/// if the member's has moved since, the state is used only when every session summarised since
/// started after the state's latest session, so a state replayed from work that changed, even
/// while it was being computed, is never read back. A state written with nothing summarised since
/// its read clears `changed_from`. Deleting a member's row, or truncating the table, replays them
/// on the next night.
enum PersonalStates {
    /// The sessions of one member as read, in order: each one's hash, start and id.
    struct SessionsRead: Sendable {
        private(set) var hashes: [UInt64] = []
        private(set) var starts: [Date] = []
        private(set) var ids: [SessionID] = []

        /// The sessions read.
        var count: Int { starts.count }

        /// Adds the next session as read (in the read's order, by start).
        mutating func add(_ id: SessionID, _ session: PastSession) {
            var hash = StableHash()
            hash.combine(id.text)
            hash.combine(session.startedAt.timeIntervalSince1970)
            hash.combine(session.workoutID.map { "w" + $0.text } ?? "")
            hash.combine(session.title.map { "t" + $0 } ?? "")
            hash.combine(session.durationMinutes)
            hashes.append(hash.value)
            starts.append(session.startedAt)
            ids.append(id)
        }

        /// The stored text of the sessions' hashes, in order (`sessions_hash`): hexadecimal,
        /// comma-separated.
        var stored: String { hashes.map { String($0, radix: 16) }.joined(separator: ",") }

        /// Whether the last `count` hashes of `stored` (a ``stored`` text) are the first `count`
        /// sessions' hashes; false when it holds fewer or a value that is not one. Read from the
        /// end, without copying the text.
        func storedEnds(_ stored: String, withFirst count: Int) -> Bool {
            guard count > 0 else { return true }
            guard count <= hashes.count else { return false }
            var index = count - 1
            var value: UInt64 = 0
            var shift: UInt64 = 0
            var digits = 0
            for byte in stored.utf8.reversed() {
                if index < 0 { return true }
                if byte == UInt8(ascii: ",") {
                    guard digits > 0, value == hashes[index] else { return false }
                    (index, value, shift, digits) = (index - 1, 0, 0, 0)
                    continue
                }
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                default: return false
                }
                guard digits < 16 else { return false }
                value |= UInt64(digit) << shift
                (shift, digits) = (shift + 4, digits + 1)
            }
            if index < 0 { return true }
            return index == 0 && digits > 0 && value == hashes[0]
        }
    }

    /// Days between two replays of a member's whole history when nothing else replays it (a
    /// change to a session older than the window is noticed then). 28.
    static let replayDays = 28

    /// The member's replay period as of `asOf`: it turns every ``replayDays`` days, on a day of
    /// its own for each member (from a hash of the id), so the periodic replays spread evenly
    /// over the nights.
    static func replayPeriod(of user: UserID, asOf: Date) -> Int {
        var hash = StableHash()
        hash.combine(user.text)
        let day = Int((asOf.timeIntervalSince1970 / 86_400).rounded(.down))
        let shifted = day + Int(hash.value % UInt64(replayDays))
        return shifted >= 0 ? shifted / replayDays : (shifted - replayDays + 1) / replayDays
    }

    /// The stored text of what a state depends on besides its sessions.
    static func inputs(key: StableHash, level: Level?, zoneName: String, replayPeriod: Int) -> String {
        var hash = key
        hash.combine(level?.rawValue ?? "")
        hash.combine(zoneName)
        hash.combine(replayPeriod)
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
        var trainedWorkouts: String?
        var enrollmentProgress: String?

        init(row: Row) throws {
            workVersion = try row.int64("work_version")
            changedFrom = try row.optionalDate("changed_from")
            stateVersion = try row.optionalInt64("state_version")
            inputs = try row.optionalString("inputs")
            sessionCount = try row.optionalInt("session_count")
            sessionsHash = try row.optionalString("sessions_hash")
            lastStartedAt = try row.optionalDate("last_started_at")
            state = try row.optionalString("state")
            trainedWorkouts = try row.optionalString("trained_workouts")
            enrollmentProgress = try row.optionalString("enrollment_progress")
        }
    }

    /// Starts closer than this to the kept state's latest session count as not after it: the
    /// stored instant went through a bind and back.
    static let startMargin: TimeInterval = 1

    /// How many of tonight's `sessions` (the first ones) the kept state holds (all of them: it is
    /// used as it is; fewer: the rest are appended to it), or nil when the member must be
    /// replayed: other inputs; a state kept without its trained workouts (before migration 040);
    /// the sessions read that started by the kept latest one are not the
    /// last ones kept (one deleted, edited or logged back in time); none of them is held although
    /// the state holds sessions (the read may not reach the kept ones); a state of no sessions
    /// and a read that does not start at the member's first session (`firstSessionAt`); or work
    /// summarised since the state was kept for a session that is not later than all it holds.
    static func usablePrefix(of kept: Kept, inputs: String, sessions: SessionsRead, firstSessionAt: Date?) -> Int? {
        guard kept.inputs == inputs, kept.state != nil, kept.trainedWorkouts != nil, let stored = kept.sessionsHash,
            let heldTotal = kept.sessionCount, let stateVersion = kept.stateVersion
        else { return nil }
        let latest = (kept.lastStartedAt ?? .distantPast).addingTimeInterval(startMargin)
        if stateVersion != kept.workVersion {
            guard let changedFrom = kept.changedFrom, changedFrom > latest else { return nil }
        }
        let held = sessions.starts.prefix { $0 <= latest }.count
        guard held <= heldTotal, sessions.storedEnds(stored, withFirst: held) else { return nil }
        if held == 0 {
            guard heldTotal == 0 else { return nil }
            if let first = sessions.starts.first {
                guard let firstSessionAt, abs(first.timeIntervalSince(firstSessionAt)) < startMargin else { return nil }
            }
        }
        return held
    }

    /// Whether every active enrollment among `enrollments` can be counted on a night that uses a
    /// kept state (``ShardMember/enrollmentProgress(asOf:library:)``): its count is kept, or the
    /// sessions read reach its start: it started at or after `windowStart` (every session from
    /// there on is read), or after the kept state's latest session (`keptLatest`; when the state
    /// is usable, every session after it is read).
    static func countsEnrollments(
        _ enrollments: [Enrollment], kept: [SpotterRanking.EnrollmentProgress], windowStart: Date, keptLatest: Date?
    ) -> Bool {
        let readFrom = min(windowStart, (keptLatest ?? .distantPast).addingTimeInterval(startMargin))
        return enrollments.allSatisfy { enrollment in
            !enrollment.isActive || enrollment.startedAt >= readFrom || kept.contains { $0.isProgress(of: enrollment) }
        }
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
               p.sessions_hash, p.last_started_at, p.state, p.trained_workouts, p.enrollment_progress
        FROM spotter.personal_states p WHERE p.user_id \(oneOf: ids)
        """
    }

    /// The stored text of the workouts a state has seen (`trained_workouts`, migration 040):
    /// their ids, sorted, one per line (an id holds no control character).
    static func trainedText(_ workouts: Set<WorkoutID>) -> String {
        workouts.map(\.text).sorted().joined(separator: "\n")
    }

    /// The workouts of ``trainedText(_:)``; an id that does not parse is left out.
    static func trained(_ text: String) -> Set<WorkoutID> {
        Set(text.split(separator: "\n").compactMap { try? WorkoutID(String($0)) })
    }

    /// The stored text of enrollments' progress (`enrollment_progress`, migration 041): per
    /// enrollment its program, its start in whole microseconds since 1970, the order index of the
    /// latest program session counted (`-` for none) and the sessions done, tab-separated, a line
    /// each (an id holds no control character).
    static func progressText(_ progress: [SpotterRanking.EnrollmentProgress]) -> String {
        progress.map {
            [
                $0.programID.text, String(TimestampFormat.microseconds($0.startedAt)),
                $0.lastOrderIndex.map(String.init) ?? "-",
                String($0.done),
            ].joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// The progress of ``progressText(_:)``; a line that does not parse is left out (its
    /// enrollment is then counted as if none were kept).
    static func progress(_ text: String) -> [SpotterRanking.EnrollmentProgress] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let program = try? ProgramID(String(fields[0])), let micros = Int64(fields[1]),
                let done = Int(fields[3]), done >= 0
            else { return nil }
            let last: Int?
            if fields[2] == "-" {
                last = nil
            } else {
                guard let order = Int(fields[2]), order >= 0 else { return nil }
                last = order
            }
            return EnrollmentProgress(
                programID: program, startedAt: TimestampFormat.date(microseconds: micros),
                lastOrderIndex: last, done: done)
        }
    }

    /// The work versions of `ids` (``readStatement(ids:)``'s `work_version` alone).
    static func versionStatement(ids: [UserID]) -> SQLQuery {
        "SELECT p.user_id, p.work_version FROM spotter.personal_states p WHERE p.user_id \(oneOf: ids)"
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
                        .text(trainedText(replay.trainedWorkouts)), .text(progressText(replay.enrollmentProgress)),
                    ]
                }
            ) { values in
                """
                INSERT INTO spotter.personal_states AS p
                    (user_id, work_version, state_version, inputs, session_count, sessions_hash, last_started_at, state,
                     trained_workouts, enrollment_progress)
                SELECT \(column: "v.column1", as: .user), CAST(v.column2 AS bigint), CAST(v.column2 AS bigint),
                       v.column3, CAST(v.column4 AS bigint), v.column5, \(timestampColumn: "v.column6"), v.column7,
                       v.column8, v.column9
                FROM (\(fragment: values)) AS v WHERE true
                ON CONFLICT (user_id) DO UPDATE
                SET state_version = excluded.state_version, inputs = excluded.inputs,
                    session_count = excluded.session_count, sessions_hash = excluded.sessions_hash,
                    last_started_at = excluded.last_started_at, state = excluded.state,
                    trained_workouts = excluded.trained_workouts, enrollment_progress = excluded.enrollment_progress,
                    changed_from = CASE WHEN p.work_version = excluded.state_version THEN NULL ELSE p.changed_from END,
                    computed_at = \(databaseNow: 0)
                """
            }
        }
        return written
    }
}
