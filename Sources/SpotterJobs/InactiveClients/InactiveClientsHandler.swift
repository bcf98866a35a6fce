import Logging
public import SpotterDB
public import SpotterQueue
import SpotterStats

/// `inactive_clients`: per trainer, the active clients with no message to that trainer and no
/// workout for `threshold_days` (tiers from `jobs/`), or never (see
/// `SpotterStats.InactivityCalculator` for the rules).
///
/// The selection is of **trainers**: `{"trainer_id": 7}`, `{"trainer_ids": [...]}`, or a zone
/// shard `{"time_zone": …, "from_user_id": …, "to_user_id": …}` meaning the active users with
/// role `trainer` in that zone and id range; any of them may carry `as_of`. A payload may also
/// set `threshold_days` and `tiers` for a trainer who chose their own (they override the kind's
/// parameters in `jobs/kinds.yaml`).
///
/// Inputs are four set-based statements (trainers, links with the clients' status and zone, the
/// last message from each client to each trainer, the last workout of each client), ignoring
/// anything after `as_of`. Each selected trainer's list is replaced in one transaction, so a
/// client who came back leaves it; clients with an invalid time zone are recorded in
/// `result_errors` (subject: the client) and everyone else is still computed.
public struct InactiveClientsHandler: JobHandler {
    /// The result table's columns, in the order rows are written.
    static let columns = [
        "trainer_id", "client_id", "days_inactive", "tier", "reason", "last_message_at", "last_workout_at",
        "local_date", "computed_at", "job_id",
    ]

    /// Creates the handler.
    public init() {}

    /// `inactive_clients`.
    public var kind: String { "inactive_clients" }

    /// Computes and writes the selected trainers' lists.
    public func run(_ context: JobContext) async throws -> JobResult {
        let selection = try UserSelection.decode(context)
        let policy = try InactivityPolicy.decode(context)
        let jobID = context.job.id
        let summary = try await context.database.withSession { session in
            try InactiveClientsShard.run(selection, policy: policy, jobID: jobID, in: session)
        }
        context.logger.debug(
            "inactive_clients computed",
            metadata: [
                "trainers": "\(summary.users)", "rows": "\(summary.rowsWritten)", "failures": "\(summary.failures)",
            ])
        return summary.result
    }

    /// The four input statements of a selection of trainers.
    public static func inputQueries(for selection: UserSelection, backend: DatabaseBackend) -> InactiveClientsInputs {
        let own = selection.predicate(alias: "t", firstBind: 1, backend: backend)
        // In the other statements $1 is as_of and the selection's binds follow.
        let predicate = selection.predicate(alias: "t", firstBind: 2, backend: backend)
        let binds: [SQLValue] = [.timestamp(selection.asOf)] + predicate.binds
        let trainers = "SELECT t.id FROM spotter.users t WHERE t.role = 'trainer' AND \(predicate.sql)"
        return InactiveClientsInputs(
            trainers: InputQuery(
                sql: "SELECT t.id FROM spotter.users t WHERE t.role = 'trainer' AND \(own.sql) ORDER BY t.id",
                binds: own.binds),
            links: InputQuery(
                sql: """
                    SELECT tc.trainer_id, tc.client_id, tc.since, c.status, c.time_zone
                    FROM spotter.trainer_clients tc JOIN spotter.users c ON c.id = tc.client_id
                    WHERE tc.since <= $1 AND tc.trainer_id IN (\(trainers))
                    """,
                binds: binds),
            messages: InputQuery(
                sql: """
                    SELECT cv.counterpart_id, cv.user_id, max(m.sent_at)
                    FROM spotter.conversations cv JOIN spotter.messages m ON m.conversation_id = cv.id
                    WHERE cv.kind = 'trainer' AND m.sender_id = cv.user_id AND m.deleted_at IS NULL
                      AND m.sent_at <= $1 AND cv.counterpart_id IN (\(trainers))
                    GROUP BY cv.counterpart_id, cv.user_id
                    """,
                binds: binds),
            workouts: InputQuery(
                sql: """
                    SELECT ws.user_id, max(ws.started_at) FROM spotter.workout_sessions ws
                    WHERE ws.started_at <= $1 AND ws.duration_minutes >= 0 AND ws.user_id IN (
                      SELECT tc.client_id FROM spotter.trainer_clients tc WHERE tc.trainer_id IN (\(trainers)))
                    GROUP BY ws.user_id
                    """,
                binds: binds))
    }
}

/// The set-based statements `inactive_clients` reads for one selection of trainers; anything
/// dated after `as_of` is left out.
public struct InactiveClientsInputs: Sendable {
    /// The selected trainers: `id`, ascending.
    public var trainers: InputQuery
    /// Their links: `trainer_id, client_id, since, status, time_zone` (the client's).
    public var links: InputQuery
    /// The latest message from each client to each trainer: `trainer_id, client_id, max(sent_at)`.
    public var messages: InputQuery
    /// The latest valid (non-negative duration) workout of each client: `client_id, max(started_at)`.
    public var workouts: InputQuery

    /// All four, in the order the job runs them.
    public var all: [InputQuery] { [trainers, links, messages, workouts] }
}
