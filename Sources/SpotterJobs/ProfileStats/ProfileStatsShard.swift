import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterStats

/// One `profile_stats` run over a selection, on one session: load, compute, write.
enum ProfileStatsShard {
    /// A selected user and, once computed, their statistics or the reason they have none.
    private struct Subject {
        var id: UserID
        var timeZone: String
        var clock: UserClock?
        var stats: ProfileStats?
    }

    /// Runs the shard; with `context`, the job is completed in the transaction that writes the results.
    static func run(
        _ selection: UserSelection, jobID: Int64, completing context: JobContext? = nil, in session: DatabaseSession
    ) throws -> ShardSummary {
        let users = ProfileStatsHandler.usersQuery(for: selection, backend: session.backend)
        let clocks = UserClockCache()
        var subjects: [Subject] = []
        var outcomes: [SubjectOutcome] = []
        try session.forEachRow(users.sql, users.binds) { row in
            let id = try row.id("id", as: UserID.self)
            let timeZone = try row.string("time_zone")
            let locale = try row.string("locale")
            var clock: UserClock?
            do throws(StatsError) {
                clock = try clocks.clock(timeZone: timeZone, locale: locale)
            } catch {
                outcomes.append(SubjectOutcome(subjectID: id, reason: error.code.description, detail: error.message))
            }
            subjects.append(Subject(id: id, timeZone: timeZone, clock: clock))
        }
        let ids = subjects.map(\.id)
        try selection.requireFound(Set(ids))

        let computable = subjects.filter { $0.clock != nil }.map(\.id)
        var unusable = UnusableInputs()
        var read = Read()
        if !computable.isEmpty {
            let histories = try ProfileHistories.kept(in: session)
            let query =
                histories
                ? ProfileHistories.statement(ids: computable, asOf: selection.asOf, backend: session.backend)
                : ProfileStatsHandler.sessionsQuery(for: computable, backend: session.backend)
            read = try computeStreaming(
                query, withHistories: histories, subjects: &subjects, unusable: &unusable, asOf: selection.asOf,
                in: session)
        }
        outcomes += unusable.sorted

        let rows = subjects.compactMap { subject in subject.stats.map { row(subject, $0, jobID: jobID) } }
        return try ShardSummary.commit(completing: context, in: session) {
            let replacement = try ResultWriter.replace(rows, subjects: ids, asOf: selection.asOf, in: session)
            let written = replacement.written
            try ResultWriter.recordOutcomes(
                kind: ProfileStatsHandler.name, subjects: ids, outcomes: outcomes, jobID: jobID, in: session)
            try ProfileHistories.write(read.toKeep, in: session)
            return ShardSummary(
                users: subjects.count, rowsWritten: written, failures: outcomes.count,
                extra: [
                    "ignored_sessions": read.ignored, "kept_newer": replacement.keptNewer.count,
                    "histories_used": read.historiesUsed,
                ])
        }
    }

    /// What a shard's read came to besides the statistics.
    private struct Read {
        /// Sessions ignored as invalid.
        var ignored = 0
        /// Members computed from a kept history.
        var historiesUsed = 0
        /// The histories to keep (``ProfileHistories``).
        var toKeep: [ProfileHistories.Kept] = []
    }

    /// Streams the sessions (ordered by user, then start) and computes each user's statistics
    /// when their last session has gone by, so only one user's sessions are held at a time.
    /// `withHistories`: the rows are ``ProfileHistories/statement(ids:asOf:backend:)``'s, each
    /// user's history and the sessions since, and the histories to keep are collected. Users
    /// without sessions are computed from an empty history; a user with an unusable session value
    /// is not computed (recorded in `unusable`). The computation runs on the connection's own
    /// thread, never on the cooperative pool.
    private static func computeStreaming(
        _ query: InputQuery, withHistories: Bool, subjects: inout [Subject], unusable: inout UnusableInputs,
        asOf: Date, in session: DatabaseSession
    ) throws -> Read {
        var position: [UserID: Int] = [:]
        position.reserveCapacity(subjects.count)
        for (index, subject) in subjects.enumerated() { position[subject.id] = index }

        var current: Int?
        var currentID: UserID?
        var history: ProfileHistory?
        var changes: Int64 = 0
        var records: [WorkoutRecord] = []
        var read = Read()
        func flush() {
            if let index = current, let clock = subjects[index].clock, !unusable.contains(subjects[index].id) {
                let (stats, next) = ProfileStatsCalculator.compute(
                    history: history, sessions: records, clock: clock, now: asOf)
                read.ignored += stats.ignoredSessions
                if history != nil { read.historiesUsed += 1 }
                subjects[index].stats = stats
                if withHistories, let next {
                    read.toKeep.append(
                        .init(
                            userID: subjects[index].id, timeZone: subjects[index].timeZone, history: next,
                            changes: changes))
                }
            }
            records.removeAll(keepingCapacity: true)
        }
        try session.forEachRow(query.sql, query.binds) { row in
            let userID = try row.id("id", as: UserID.self)
            if userID != currentID {
                flush()
                currentID = userID
                current = position[userID]  // nil: a user added after the first read; skipped
                if withHistories {
                    history = try ProfileHistories.history(row)
                    changes = try row.int64("changes")
                }
            }
            guard let index = current, subjects[index].clock != nil, !unusable.contains(userID) else { return }
            // A member without sessions since their history: one row, without a session.
            if withHistories, row["started_at"] == .null { return }
            guard let times = unusable.sessionTimes(row, subject: userID) else { return }
            records.append(WorkoutRecord(startedAt: times.startedAt, durationMinutes: times.minutes))
        }
        flush()
        for index in subjects.indices where subjects[index].stats == nil {
            guard let clock = subjects[index].clock, !unusable.contains(subjects[index].id) else { continue }
            subjects[index].stats = ProfileStatsCalculator.compute(sessions: [], clock: clock, now: asOf)
        }
        return read
    }

    private static func row(_ subject: Subject, _ stats: ProfileStats, jobID: Int64) -> ProfileStatsRow {
        ProfileStatsRow(
            user_id: subject.id, local_date: stats.localDate, time_zone: subject.timeZone,
            current_streak: stats.currentStreak, longest_streak: stats.longestStreak, week_start: stats.weekStart,
            week_workouts: stats.weekWorkouts, week_minutes: stats.weekMinutes, week_days: stats.weekDays,
            week_labels: stats.weekdaySymbols, last_workout_at: stats.lastWorkoutAt,
            total_workouts: stats.totalWorkouts,
            total_minutes: stats.totalMinutes, job_id: jobID)
    }
}
