public import Foundation
import Logging
import SpotterCatalog
public import SpotterDB
public import SpotterQueue

/// `prune_results`: forgets what no longer holds, set-based, in one transaction.
///
/// - Every result row of a user who no longer exists: profile stats, daily suggestions, program
///   recommendations, inactive-client rows naming them as trainer or client, their facts with
///   the facts' sources, and their recorded outcomes. (Readers never see these rows — the read
///   views join `users` — but a deleted person's data must not stay on disk either.)
/// - Watermarks of conversations that no longer exist.
/// - Retraction candidates (`fact_retractions`) older than a day that nothing gone is cited by.
/// - Daily suggestions for local dates more than `keep_days` before `as_of` (default now): one
///   row per user per night would otherwise grow without end.
///
/// Each statement is one anti-join over its table, so a night's pruning costs a scan per result
/// table instead of a probe per shard. Scheduled once a day (jobs/schedule.yaml) and enqueued by
/// `spotter run nightly`.
public struct PruneResultsHandler: JobHandler {
    /// Creates the handler.
    public init() {}

    /// `prune_results`.
    public var kind: String { "prune_results" }

    private struct Payload: Decodable {
        var as_of: String?
        var keep_days: Int?
    }

    /// Decodes `as_of` and `keep_days` and prunes.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let asOf = try ISO8601Instant.asOf(payload.as_of)
        let keepDays = payload.keep_days ?? context.spec.int("keep_days") ?? 14
        guard (1...3_650).contains(keepDays) else { throw JobError.permanent("keep_days must be 1…3650, not \(keepDays)") }
        let counts = try await context.database.withTransaction(immediate: true) { session in
            try Self.prune(asOf: asOf, keepDays: keepDays, in: session)
        }
        context.logger.info("results pruned", metadata: counts.mapValues { "\($0)" })
        return JobResult(counts: counts)
    }

    /// The kinds whose `result_errors.subject_id` is a user (or trainer) id.
    static let userSubjectKinds = ["profile_stats", "inactive_clients", "daily_suggestion", "program_recommendations"]

    /// Runs every pruning statement in the caller's transaction; returns rows deleted per table.
    public static func prune(asOf: Date, keepDays: Int, in session: DatabaseSession) throws -> [String: Int] {
        func gone(_ column: String) -> String {
            "NOT EXISTS (SELECT 1 FROM spotter.users u WHERE u.id = \(column))"
        }
        var counts: [String: Int] = [:]
        for table in ["profile_stats", "daily_suggestions", "program_recommendations"] {
            counts[table] = try session.execute("DELETE FROM spotter.\(table) AS r WHERE \(gone("r.user_id"))")
        }
        counts["inactive_clients"] = try session.execute(
            "DELETE FROM spotter.inactive_clients AS r WHERE \(gone("r.trainer_id")) OR \(gone("r.client_id"))")
        counts["facts"] = try session.execute("DELETE FROM spotter.facts AS f WHERE \(gone("f.user_id"))")
        // Explicit, not left to a foreign key: sources of any fact that is gone.
        counts["fact_sources"] = try session.execute(
            """
            DELETE FROM spotter.fact_sources AS s
            WHERE NOT EXISTS (SELECT 1 FROM spotter.facts f WHERE f.id = s.fact_id)
            """)
        counts["fact_watermarks"] = try session.execute(
            """
            DELETE FROM spotter.fact_watermarks AS w
            WHERE NOT EXISTS (SELECT 1 FROM spotter.conversations c WHERE c.id = w.conversation_id)
            """)
        // Retraction candidates recorded over a day before as_of that no gone source cites: the
        // retraction ran, nothing ever cited the message, or the message came back. A day is far
        // longer than any round that read the message before its deletion may take to commit.
        counts["fact_retractions"] = try session.execute(
            """
            DELETE FROM spotter.fact_retractions AS r
            WHERE r.recorded_at < $1 AND NOT EXISTS (
                SELECT 1 FROM spotter.fact_sources s WHERE s.message_id = r.message_id AND \(FactStore.sourceIsGone))
            """, [.timestamp(asOf.addingTimeInterval(-86_400))])
        let kinds = userSubjectKinds.map { "'\($0)'" }.joined(separator: ", ")
        counts["result_errors"] = try session.execute(
            "DELETE FROM spotter.result_errors AS r WHERE r.kind IN (\(kinds)) AND \(gone("r.subject_id"))")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let cutoff = utc.date(byAdding: .day, value: -keepDays, to: utc.startOfDay(for: asOf))!
        let day = utc.dateComponents([.year, .month, .day], from: cutoff)
        let text = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
        counts["past_daily_suggestions"] = try session.execute(
            "DELETE FROM spotter.daily_suggestions WHERE local_date < \(session.backend == .postgres ? "$1::date" : "$1")",
            [.text(text)])
        counts["rows_written"] = 0
        return counts
    }
}
