public import Foundation
import Logging
import SpotterCalendar
public import SpotterCatalog
public import SpotterDB
public import SpotterQueue

/// `prune_results`: forgets what no longer holds, set-based, in one transaction. What it prunes
/// comes from the kinds' declarations (``JobKind/resultTables``), in registry order:
///
/// - Every result row naming a user who no longer exists (``ResultTable/Pruning/people(_:)``):
///   profile stats, daily suggestions, program recommendations, inactive-client rows naming
///   them as trainer or client, facts, …, and their recorded outcomes in `result_errors` (of the
///   kinds whose subjects are people). Readers never see these rows — the read views join
///   `users` — but a deleted person's data must not stay on disk either.
/// - What a kind prunes with a statement of its own (``ResultTable/Pruning/statement(_:)``):
///   the sources of facts that are gone, watermarks of conversations that no longer exist,
///   retraction candidates older than a day that nothing gone cites.
/// - Rows of tables that keep one row per local date (``ResultTable/expiresByLocalDate``) more
///   than `keep_days` local dates before `as_of` (default now): they would otherwise grow
///   without end.
///
/// Each statement is one anti-join over its table, so a night's pruning costs a scan per result
/// table instead of a probe per shard. Scheduled once a day (jobs/schedule.yaml) and enqueued by
/// `spotter run nightly`.
public struct PruneResultsHandler: JobKind {
    /// `prune_results`.
    public static let name = "prune_results"

    /// `{"as_of": …, "keep_days": N}`, both optional.
    public struct Payload: Codable, Sendable {
        /// The instant to prune as of (default now).
        public var as_of: String?
        /// Overrides the kind's `keep_days`.
        public var keep_days: Int?

        /// Creates a payload.
        public init(as_of: String? = nil, keep_days: Int? = nil) {
            self.as_of = as_of
            self.keep_days = keep_days
        }
    }

    /// `keep_days` of `jobs/kinds.yaml`.
    public struct Parameters: KindParameters {
        /// Local dates kept in tables that keep one row per date, 1…3650.
        public var keep_days: Int

        /// The range a job enforces.
        public func problem() -> String? { PruneResultsHandler.problem(keepDays: keep_days) }
    }

    /// The declarations whose result tables are pruned.
    public var kinds: [KindDeclaration]

    /// Prunes the result tables of every kind Spotter ships.
    public init() {
        self.init(kinds: SpotterHandlers.declarations)
    }

    /// Prunes the result tables of `kinds`.
    public init(kinds: [KindDeclaration]) {
        self.kinds = kinds
    }

    static func problem(keepDays: Int) -> String? {
        (1...3_650).contains(keepDays) ? nil : "keep_days must be 1…3650, not \(keepDays)"
    }

    /// Decodes `as_of` and `keep_days` and prunes.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let asOf = try ISO8601Instant.asOf(payload.as_of)
        let keepDays = try payload.keep_days ?? context.parameters(Parameters.self).keep_days
        if let problem = Self.problem(keepDays: keepDays) { throw JobError.permanent(problem) }
        let kinds = kinds
        let counts = try await context.database.withTransaction(immediate: true) { session in
            try Self.prune(asOf: asOf, keepDays: keepDays, kinds: kinds, in: session)
        }
        context.logger.info("results pruned", metadata: counts.mapValues { "\($0)" })
        return JobResult(counts: counts)
    }

    /// Runs every pruning statement of `kinds`' result tables in the caller's transaction;
    /// returns rows deleted per table (`past_<table>` for expired local dates).
    public static func prune(
        asOf: Date, keepDays: Int, kinds: [KindDeclaration] = SpotterHandlers.declarations,
        in session: DatabaseSession
    ) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in kinds.flatMap(\.resultTables) {
            counts[table.name] = try session.execute(table.pruneStatement(asOf: asOf))
        }
        let people = kinds.filter { $0.shards?.subjects.recordsPeople == true }.map { "'\($0.name)'" }
        if !people.isEmpty {
            counts["result_errors"] = try session.execute(
                """
                DELETE FROM spotter.result_errors AS r WHERE r.kind IN (\(people.joined(separator: ", ")))
                  AND NOT EXISTS (SELECT 1 FROM spotter.users u WHERE CAST(u.id AS text) = r.subject_id)
                """)
        }
        let cutoff = LocalDate(of: asOf, in: TimeZone(identifier: "UTC")!).adding(days: -keepDays)
        for table in kinds.flatMap(\.resultTables) where table.expiresByLocalDate {
            counts["past_\(table.name)"] = try session.execute(
                "DELETE FROM spotter.\(unescaped: table.name) WHERE local_date < \(date: cutoff)")
        }
        counts["rows_written"] = 0
        return counts
    }
}
