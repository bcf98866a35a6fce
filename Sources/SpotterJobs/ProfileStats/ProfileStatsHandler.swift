public import SpotterCatalog
package import SpotterDB
package import SpotterIDs
public import SpotterQueue

/// `profile_stats`: streaks, this week's workouts, minutes and day flags per user, as of each
/// user's local today (see `SpotterStats.ProfileStatsCalculator` for the rules).
///
/// Payload: one of `{"user_id": 42}`, `{"user_ids": [...]}` or a zone shard
/// `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 1000}`, optionally with
/// `"as_of": "2026-11-21T05:00:00Z"` (default: now). See ``UserSelection``.
///
/// A shard reads its inputs with two statements (the users, then their sessions streamed in user
/// order: with each user's kept history, the sessions since it ends, ``ProfileHistories``; without
/// one, or on a product's `workout_sessions` view, all of them), computes in Swift, and writes in one transaction: the users' `profile_stats`
/// rows are replaced and their `result_errors` outcomes refreshed, and the job is completed in
/// that same transaction (exactly-once effects; see `JobContext.complete(in:result:)`). A user whose time zone or
/// locale is invalid gets an `invalid_time_zone` / `invalid_locale` outcome (and loses a stale
/// row); every other user is still computed. An explicit id that names no user fails the job
/// permanently (`unknown user 42`).
public struct ProfileStatsHandler: ShardedJobKind {
    /// Whom to compute: ``SelectionPayload``.
    public typealias Payload = SelectionPayload
    /// None.
    public typealias Parameters = NoParameters
    /// `profile_stats`.
    public static let name = "profile_stats"
    /// Every active user.
    public static let subjects = KindSubjects.users
    /// One row per user, and each user's kept history (``ProfileHistories``), the worker's
    /// bookkeeping, pruned with their users.
    public static let resultTables = [
        ResultTable(ProfileStatsRow.table, pruning: .people(["user_id"])),
        ResultTable("profile_history", pruning: .people(["user_id"]), readable: false),
    ]
    /// How many users hold each current streak.
    public static let views = ["streak_distribution"]

    /// Creates the handler.
    public init() {}

    /// Computes and writes the selected users' statistics.
    public func run(_ context: JobContext) async throws -> JobResult {
        let selection = try UserSelection(context.decodePayload(Payload.self))
        let jobID = context.job.id
        return try await ShardSummary.run(context) { session in
            try ProfileStatsShard.run(selection, jobID: jobID, completing: context, in: session)
        }
    }

    /// The first input statement: the selected users, `id, time_zone, locale`, by id.
    package static func usersQuery(for selection: UserSelection, backend: DatabaseBackend) -> InputQuery {
        InputQuery(
            "SELECT u.id, u.time_zone, u.locale FROM spotter.users u WHERE \(fragment: selection.predicate(alias: "u")) ORDER BY u.id",
            for: backend)
    }

    /// The second: all sessions of the users found, `user_id, started_at, duration_minutes`, by
    /// user then start. Binding the ids found (rather than repeating the shard's predicate) lets
    /// PostgreSQL go straight to the `(user_id, started_at)` index instead of scanning users again.
    package static func sessionsQuery(for userIDs: [UserID], backend: DatabaseBackend) -> InputQuery {
        InputQuery(
            """
            SELECT ws.id, ws.started_at, ws.duration_minutes
            FROM (SELECT user_id AS id, started_at, duration_minutes FROM spotter.workout_sessions) ws
            WHERE ws.id \(oneOf: userIDs)
            ORDER BY ws.id, ws.started_at
            """, for: backend)
    }
}
