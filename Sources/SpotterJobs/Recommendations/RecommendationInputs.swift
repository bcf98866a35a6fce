package import Foundation
package import SpotterDB
package import SpotterIDs
import SpotterRanking

/// The set-based statements a `daily_suggestion` or `program_recommendations` shard reads about
/// its users, nine in all whatever the shard's size:
///
/// 1. the selected users (`id, time_zone`), by id; the other four take their ids as one bound
///    array, so each is an index scan whatever the planner thinks of the selection;
/// 2. their profiles;
/// 3. their enrollments started by `as_of`, by user then start;
/// 4. their sessions up to `as_of`, by user then start, from a bounded window: the last
///    ``recentDays`` days (recovery, no-repeat, freshness), plus each user's latest session before
///    the window, so a member who paused for two months is not a cold start and the program they
///    stopped in is known (progress through an enrolled program, which may reach back further, is
///    kept with the personal state: ``SpotterRanking/EnrollmentProgress``, ``PersonalStates``);
/// 5. their check-ins in the low-energy window before `as_of` (the latest one is used);
/// 6. what the sessions of the last ``recentDays`` days did, per session and muscle group
///    (working sets and their effort, warm-ups excluded; see ``SpotterRanking/MuscleWork``): from
///    the summaries Spotter keeps (``SessionSummaries``, brought up to date by the shard first),
///    or from `session_sets` itself (``WorkSource/sessionSets``, the same rows);
/// 7. their health facts current at `as_of` (whose sources still exist), for injuries;
/// 8. what was lifted per session and exercise in the last ``SpotterRanking/LogInference/recentDays``
///    days (equipment of the matched exercise, heaviest set as an estimated one-rep maximum;
///    ``LoggedLiftSQL``, from `spotter.session_lifts` with the summaries), only for the users
///    whose profile (statement 2) is missing or states no level or no equipment, named by id:
///    what ``SpotterRanking/LogInference`` reads to fill it (``liftsStatement(ids:asOf:backend:work:)``);
/// 9. each user's first session ever (`min(started_at)`, an index lookup per user), for how long
///    they have logged.
///
/// `package` so that the benchmark's I/O floor reads exactly the same rows (``streamAll(for:in:_:)``).
package enum RecommendationInputs {
    /// Days of recent sessions always read, the context the ranking sees: recovery, no-repeat and
    /// freshness need a week, the rotation a few. The personal model learns the person's habits
    /// from their whole history instead (``PersonalStates``). Default 28, the window
    /// `spotter eval recommendations` measures (`RecommendationEvaluation.windowDays`).
    package static let recentDays = 28
    /// The start of "every session the member ever logged" (``historyStatements(ids:asOf:backend:work:)``).
    package static let historySince = Date(timeIntervalSince1970: -2_208_988_800)
    /// Where statement 6 reads each session's work from. Both give the same rows.
    package enum WorkSource: Sendable {
        /// `spotter.session_work`, kept by ``SessionSummaries/refresh(ids:since:asOf:in:)``.
        case summaries
        /// `session_sets`, aggregated by ``SessionWorkSQL`` (every night's whole window).
        case sessionSets
    }

    /// The start of the window whose sessions' work is read (statement 6).
    package static func workSince(asOf: Date, recentDays: Int = RecommendationInputs.recentDays) -> Date {
        asOf.addingTimeInterval(-Double(max(recentDays, Self.recentDays)) * 86_400)
    }

    /// Statement 1: the selected users, `id, time_zone`, by id.
    package static func usersStatement(for selection: UserSelection, backend: DatabaseBackend) -> InputQuery {
        InputQuery(
            "SELECT u.id, u.time_zone FROM spotter.users u WHERE \(fragment: selection.predicate(alias: "u")) ORDER BY u.id",
            for: backend)
    }

    /// Statements 2–7 and 9 for the users `ids`, in that order (statement 8 takes the ids its
    /// profiles select). `recentDays` widens (never narrows) the default window; `checkInHours` is
    /// the low-energy window; `work` where statement 6 reads from.
    package static func memberStatements(
        ids: [UserID], asOf: Date, backend: DatabaseBackend, recentDays: Int = RecommendationInputs.recentDays,
        checkInHours: Int = 24, work source: WorkSource = .summaries
    ) -> [InputQuery] {
        let recent = workSince(asOf: asOf, recentDays: recentDays)
        let checkInsSince = asOf.addingTimeInterval(-Double(checkInHours) * 3600)
        let profiles: SQLQuery = """
            SELECT p.user_id, p.goal, p.level, p.equipment, p.days_per_week, p.session_minutes
            FROM spotter.profiles p WHERE p.user_id \(oneOf: ids)
            """
        let enrollments: SQLQuery = """
            SELECT e.user_id, e.program_id, e.started_at, e.status
            FROM spotter.enrollments e
            WHERE e.user_id \(oneOf: ids) AND e.started_at <= \(timestamp: asOf)
            ORDER BY e.user_id, e.started_at, e.id
            """
        // The latest session before the window is found by key per member (an index probe).
        let sessions: SQLQuery = """
            SELECT s.user_id, s.workout_id, s.started_at, s.duration_minutes, s.id, s.title
            FROM spotter.workout_sessions s
            WHERE s.user_id \(oneOf: ids) AND s.started_at >= \(timestamp: recent) AND s.started_at <= \(timestamp: asOf)
            UNION ALL
            SELECT s.user_id, s.workout_id, s.started_at, s.duration_minutes, s.id, s.title
            FROM spotter.users u JOIN spotter.workout_sessions s ON s.id = (
                SELECT s2.id FROM spotter.workout_sessions s2
                WHERE s2.user_id = u.id AND s2.started_at < \(timestamp: recent)
                ORDER BY s2.started_at DESC, s2.id DESC LIMIT 1)
            WHERE u.id \(oneOf: ids)
            ORDER BY 1, 3
            """
        let checkIns: SQLQuery = """
            SELECT c.user_id, c.energy, c.mood, c.clarity, c.recorded_at
            FROM spotter.check_ins c
            WHERE c.user_id \(oneOf: ids) AND c.recorded_at > \(timestamp: checkInsSince) AND c.recorded_at <= \(timestamp: asOf)
            ORDER BY c.user_id, c.recorded_at, c.energy
            """
        let work = workQuery(ids: ids, since: recent, asOf: asOf, work: source)
        let facts: SQLQuery = """
            SELECT f.user_id, f.subject, f.slot, f.content, f.polarity, f.temporal, f.last_mentioned_at
            FROM spotter.facts f
            WHERE f.user_id \(oneOf: ids) AND f.category = 'health' AND f.valid_from <= \(timestamp: asOf)
              AND (f.valid_to IS NULL OR f.valid_to > \(timestamp: asOf))
              AND EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
                          WHERE fs.fact_id = f.id AND m.deleted_at IS NULL)
            ORDER BY f.user_id, f.last_mentioned_at, f.id
            """
        let firstSessions: SQLQuery = """
            SELECT u.id AS user_id,
                   (SELECT min(s.started_at) FROM spotter.workout_sessions s
                    WHERE s.user_id = u.id AND s.started_at <= \(timestamp: asOf)) AS first_session_at
            FROM spotter.users u WHERE u.id \(oneOf: ids)
            """
        return [profiles, enrollments, sessions, checkIns, work, facts, firstSessions].map {
            InputQuery($0, for: backend)
        }
    }

    /// Statement 8 for the users `ids`: those ``SpotterRanking/LogInference`` reads the log of
    /// (``SpotterRanking/LogInference/reads(_:)`` of their profile, statement 2), so a shard
    /// reads no lifts of the members whose profile states their level and equipment.
    package static func liftsStatement(
        ids: [UserID], asOf: Date, backend: DatabaseBackend, work source: WorkSource = .summaries
    ) -> InputQuery {
        let since = asOf.addingTimeInterval(-Double(LogInference.recentDays) * 86_400)
        let filter: SQLQuery =
            "s.user_id \(oneOf: ids) AND s.started_at > \(timestamp: since) AND s.started_at <= \(timestamp: asOf)"
        switch source {
        case .summaries: return InputQuery(LoggedLiftSQL.fromSummaries(filter: filter), for: backend)
        case .sessionSets: return InputQuery(LoggedLiftSQL.statement(filter: filter), for: backend)
        }
    }

    /// Every session of `ids` up to `asOf`, by user then start, with the same columns as statement
    /// 4, and their work (statement 6 over the whole history): what a member's personal state is
    /// replayed from (``PersonalStates``), read for the members replayed tonight only.
    package static func historyStatements(
        ids: [UserID], asOf: Date, backend: DatabaseBackend, work source: WorkSource = .summaries
    ) -> (sessions: InputQuery, work: InputQuery) {
        let sessions: SQLQuery = """
            SELECT s.user_id, s.workout_id, s.started_at, s.duration_minutes, s.id, s.title
            FROM spotter.workout_sessions s
            WHERE s.user_id \(oneOf: ids) AND s.started_at <= \(timestamp: asOf)
            ORDER BY 1, 3
            """
        return (
            InputQuery(sessions, for: backend),
            InputQuery(workQuery(ids: ids, since: historySince, asOf: asOf, work: source), for: backend)
        )
    }

    /// Statement 6 for the sessions `sessions` alone (those logged since a member's kept
    /// personal state, ``PersonalStates``).
    package static func workStatement(
        sessions: [SessionID], backend: DatabaseBackend, work source: WorkSource = .summaries
    ) -> InputQuery {
        InputQuery(workQuery(filter: "s.id \(oneOf: sessions)", work: source), for: backend)
    }

    private static func workQuery(ids: [UserID], since: Date, asOf: Date, work source: WorkSource) -> SQLQuery {
        workQuery(filter: SessionSummaries.window(ids: ids, since: since, asOf: asOf), work: source)
    }

    private static func workQuery(filter: SQLQuery, work source: WorkSource) -> SQLQuery {
        switch source {
        case .summaries: SessionSummaries.workStatement(filter: filter)
        case .sessionSets: SessionWorkSQL.statement(filter: filter)
        }
    }

    /// Streams every SELECT one shard job runs with the default parameters, in the job's order —
    /// the library (four statements), the similar-members sample (three; a worker reads it once
    /// per run, see ``SimilarUsersLoader/cached(asOf:database:in:)``, so pass `includingSample`
    /// only for a run's first shard) and the users (five) — handing each row to `body` and
    /// computing nothing: the benchmark's I/O floor. Every member's work is read, as a shard reads
    /// it when no personal state is kept (a first night; see ``PersonalStates``). Returns the
    /// selected users' ids.
    package static func streamAll(
        for selection: UserSelection, includingSample: Bool = true, in session: DatabaseSession,
        _ body: (Row) throws -> Void
    ) throws -> [UserID] {
        for sql in LibraryLoader.statements { try session.forEachRow(sql, [], body) }
        if includingSample, let bounds = try SimilarUsersLoader.bounds(in: session) {
            for statement in SimilarUsersLoader.sampleStatements(
                bounds, asOf: selection.asOf, backend: session.backend)
            {
                try session.forEachRow(statement.sql, statement.binds, body)
            }
        }
        var ids: [UserID] = []
        let users = usersStatement(for: selection, backend: session.backend)
        try session.forEachRow(users.sql, users.binds) { row in
            ids.append(try row.id("id"))
            try body(row)
        }
        var inferred = Set(ids)
        for (index, statement) in memberStatements(ids: ids, asOf: selection.asOf, backend: session.backend)
            .enumerated()
        {
            try session.forEachRow(statement.sql, statement.binds) { row in
                if index == 0, !LogInference.reads(try MemberProfile(row: row)) {
                    inferred.remove(try row.id("user_id"))
                }
                try body(row)
            }
        }
        // As a shard: only the members whose log is read, and no statement when there are none.
        let readers = ids.filter(inferred.contains)
        if !readers.isEmpty {
            let lifts = liftsStatement(ids: readers, asOf: selection.asOf, backend: session.backend)
            try session.forEachRow(lifts.sql, lifts.binds, body)
        }
        return ids
    }
}
