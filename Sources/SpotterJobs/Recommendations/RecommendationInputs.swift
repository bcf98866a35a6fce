import Foundation
public import SpotterDB

/// The set-based statements a `daily_suggestion` or `program_recommendations` shard reads about
/// its users, four in all whatever the shard's size:
///
/// 1. the users with their profiles (`id, time_zone`, profile columns), by id;
/// 2. their enrollments started by `as_of`, by user then start;
/// 3. their sessions up to `as_of`, by user then start, from a bounded window: the last
///    ``recentDays`` days (recovery, no-repeat, freshness), reaching back to the start of an
///    active enrollment when that is earlier (progress through the program) but never more than
///    ``enrollmentDays`` days; plus each user's latest session before the window, so a member who
///    paused for two months is not a cold start and the program they stopped in is known;
/// 4. their check-ins in the low-energy window before `as_of` (the latest one is used).
///
/// Public so that the benchmark's I/O floor reads exactly the same rows.
public enum RecommendationInputs {
    /// A statement and its binds.
    public typealias Statement = (sql: String, binds: [SQLValue])

    /// Days of recent sessions always read. Default 28.
    public static let recentDays = 28
    /// How far back an active enrollment may pull the session window. Default 366.
    public static let enrollmentDays = 366

    /// The four statements for `selection`. `recentDays` widens (never narrows) the default
    /// window; `checkInHours` is the low-energy window.
    public static func statements(
        for selection: UserSelection, backend: DatabaseBackend, recentDays: Int = RecommendationInputs.recentDays,
        checkInHours: Int = 24
    ) -> [Statement] {
        let predicate = selection.predicate(alias: "u", firstBind: 1, backend: backend)
        let next = predicate.binds.count + 1
        let asOf = selection.asOf
        let day: TimeInterval = 86_400
        let recent = asOf.addingTimeInterval(-Double(max(recentDays, Self.recentDays)) * day)
        let floor = asOf.addingTimeInterval(-Double(Self.enrollmentDays) * day)
        let least = backend == .postgres ? "LEAST" : "min"

        let users = """
            SELECT u.id, u.time_zone, p.user_id IS NOT NULL, p.goal, p.level, p.equipment, p.days_per_week,
                   p.session_minutes
            FROM spotter.users u LEFT JOIN spotter.profiles p ON p.user_id = u.id
            WHERE \(predicate.sql)
            ORDER BY u.id
            """
        let enrollments = """
            SELECT e.user_id, e.program_id, e.started_at, e.status
            FROM spotter.enrollments e JOIN spotter.users u ON u.id = e.user_id
            WHERE \(predicate.sql) AND e.started_at <= $\(next)
            ORDER BY e.user_id, e.started_at, e.id
            """
        let sessions = """
            WITH since AS (
                SELECT u.id AS user_id, \(least)(coalesce(min(e.started_at), $\(next + 1)), $\(next + 1)) AS t
                FROM spotter.users u
                LEFT JOIN spotter.enrollments e ON e.user_id = u.id AND e.status = 'active'
                    AND e.started_at >= $\(next + 2) AND e.started_at <= $\(next)
                WHERE \(predicate.sql)
                GROUP BY u.id
            )
            SELECT s.user_id, s.workout_id, s.started_at, s.duration_minutes
            FROM since JOIN spotter.workout_sessions s
                ON s.user_id = since.user_id AND s.started_at >= since.t AND s.started_at <= $\(next)
            UNION ALL
            SELECT s.user_id, s.workout_id, s.started_at, s.duration_minutes
            FROM since JOIN spotter.workout_sessions s ON s.id = (
                SELECT s2.id FROM spotter.workout_sessions s2
                WHERE s2.user_id = since.user_id AND s2.started_at < since.t
                ORDER BY s2.started_at DESC, s2.id DESC LIMIT 1)
            ORDER BY 1, 3
            """
        let checkIns = """
            SELECT c.user_id, c.energy, c.mood, c.clarity, c.recorded_at
            FROM spotter.check_ins c JOIN spotter.users u ON u.id = c.user_id
            WHERE \(predicate.sql) AND c.recorded_at > $\(next + 1) AND c.recorded_at <= $\(next)
            ORDER BY c.user_id, c.recorded_at, c.energy
            """
        let binds = predicate.binds
        return [
            (users, binds),
            (enrollments, binds + [.timestamp(asOf)]),
            (sessions, binds + [.timestamp(asOf), .timestamp(recent), .timestamp(floor)]),
            (checkIns, binds + [.timestamp(asOf), .timestamp(asOf.addingTimeInterval(-Double(checkInHours) * 3600))]),
        ]
    }

    /// Every SELECT one shard job runs, in order: the catalog (four), the similar-members sample
    /// (two; `members` is the result of the first, the member count) and the four above.
    public static func allStatements(for selection: UserSelection, backend: DatabaseBackend, members: Int)
        -> [Statement]
    {
        CatalogLoader.statements.map { ($0, []) } + [
            (SimilarUsersLoader.countSQL, []),
            (SimilarUsersLoader.sampleSQL, [.int(SimilarUsersLoader.stride(members: members)), .timestamp(selection.asOf)]),
        ] + statements(for: selection, backend: backend)
    }
}
