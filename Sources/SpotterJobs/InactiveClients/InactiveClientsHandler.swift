package import Foundation
public import SpotterCatalog
package import SpotterDB
package import SpotterIDs
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
/// Inputs are two set-based statements (the trainers; then their links with each client's
/// status, zone, last message to that trainer and last workout), ignoring anything after
/// `as_of`. Each selected trainer's list is replaced in one transaction, so a
/// client who came back leaves it; clients with an invalid time zone are recorded in
/// `result_errors` (subject: the client) and everyone else is still computed.
public struct InactiveClientsHandler: ShardedJobKind {
    /// `inactive_clients`.
    public static let name = "inactive_clients"
    /// The zone's trainers.
    public static let subjects = KindSubjects.trainers
    /// One row per trainer and inactive client (no message and no workout), and one per trainer
    /// and client who has not written to that trainer (messages only).
    public static let resultTables = [
        ResultTable(InactiveClientRow.table, pruning: .people(["trainer_id", "client_id"])),
        ResultTable(NotMessagingClientRow.table, pruning: .people(["trainer_id", "client_id"])),
    ]
    /// Per trainer: inactive clients by tier, and clients not messaging.
    public static let views = ["inactive_clients_per_trainer", "not_messaging_per_trainer"]

    /// Whom to compute (``SelectionPayload``, of trainers), and a trainer's own thresholds.
    public typealias Payload = OverridingPayload<Overrides>

    /// A trainer's own thresholds, overriding the kind's.
    public struct Overrides: PayloadOverrides {
        /// Overrides the kind's `threshold_days`.
        public var threshold_days: Int?
        /// Overrides the kind's `tiers`.
        public var tiers: [Int]?
        /// Overrides the kind's `message_threshold_days`.
        public var message_threshold_days: Int?

        /// None.
        public init() {}
    }

    /// `threshold_days`, `tiers` and `message_threshold_days` (days, 1…3650).
    public struct Parameters: KindParameters {
        /// A client with no message and no workout for this many days is listed.
        public var threshold_days: Int
        /// The tiers a listed client falls in (none below `threshold_days`).
        public var tiers: [Int]
        /// A client who has not written to the trainer for this many days is on the
        /// not-messaging list.
        public var message_threshold_days: Int

        /// The policy's own checks.
        public func problem() -> String? {
            InactivityPolicy.problem(threshold: threshold_days, tiers: tiers, messageThreshold: message_threshold_days)
        }
    }

    /// Creates the handler.
    public init() {}

    /// Computes and writes the selected trainers' lists.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let selection = try UserSelection(payload.selection)
        let policy = try InactivityPolicy.decode(payload, parameters: context.parameters(Parameters.self))
        let jobID = context.job.id
        return try await ShardSummary.run(context, subjects: "trainers") { session in
            try InactiveClientsShard.run(selection, policy: policy, jobID: jobID, completing: context, in: session)
        }
    }

    /// The first input statement: the selected trainers, `id`, ascending.
    package static func trainersQuery(for selection: UserSelection, backend: DatabaseBackend) -> InputQuery {
        InputQuery(
            "SELECT t.id FROM spotter.users t WHERE t.role = 'trainer' AND \(fragment: selection.predicate(alias: "t")) ORDER BY t.id",
            for: backend)
    }

    /// The second: every link of those trainers made by `asOf`, with `trainer_id, client_id,
    /// since, status, time_zone` (the client's), the latest message the client sent that trainer
    /// and the client's latest valid workout (non-negative duration), both by `asOf`.
    ///
    /// One statement with two correlated lookups per link: each is a short (backward) scan of an
    /// index (`conversations (user_id)` then, per conversation, `messages (conversation_id,
    /// sent_at, id)` from `asOf` back to the client's latest message; `workout_sessions (user_id,
    /// started_at)`), which on PostgreSQL costs half as much as grouping all of the shard's
    /// messages and sessions. The message lookup is a `LIMIT 1` per conversation, not a `max()`
    /// over the join: PostgreSQL reads a max from an index only for one table, so over the join
    /// it read every message of the conversation, a read that grew with the history (104 k
    /// message rows a night at 10k users, against 12 k conversations). The trainers' links are
    /// fetched by `trainer_clients`' key per trainer on PostgreSQL (a probe join): joined plainly,
    /// every shard hashed the whole table (79,000 rows for the 210 trainers of a 100k zone), a
    /// read that grew with the users times the shards.
    package static func linksQuery(trainers: [UserID], asOf: Date, backend: DatabaseBackend) -> InputQuery {
        let link: SQLQuery = "tc.trainer_id = t.id AND tc.since <= \(timestamp: asOf)"
        return InputQuery(
            """
            SELECT tc.trainer_id, tc.client_id, tc.since, c.status, c.time_zone,
              (SELECT max((SELECT m.sent_at FROM spotter.messages m
                             WHERE m.conversation_id = cv.id AND m.sender_id = tc.client_id AND m.deleted_at IS NULL
                               AND m.sent_at <= \(timestamp: asOf)
                             ORDER BY m.sent_at DESC LIMIT 1))
                 FROM spotter.conversations cv
                WHERE cv.user_id = tc.client_id AND cv.counterpart_id = tc.trainer_id AND cv.kind = 'trainer')
                AS last_message_at,
              (SELECT max(ws.started_at) FROM spotter.workout_sessions ws
                WHERE ws.user_id = tc.client_id AND ws.started_at <= \(timestamp: asOf) AND ws.duration_minutes >= 0)
                AS last_workout_at
            FROM spotter.users t
            \(probeJoin: "spotter.trainer_clients", as: "tc", columns: "tc.trainer_id, tc.client_id, tc.since", on: link)
            JOIN spotter.users c ON c.id = tc.client_id
            WHERE t.id \(oneOf: trainers)
            """, for: backend)
    }
}
