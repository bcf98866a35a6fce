import Foundation
public import SpotterCatalog
import SpotterDB
public import SpotterQueue
import SpotterRanking
import SpotterReasons

/// `program_recommendations`: the top K programs per user (`top_k` in `jobs/kinds.yaml`,
/// default 10), ranked 1…K, each with a score and reasons (see
/// `SpotterRanking.Recommender.recommendations(for:limit:)` for the rules).
///
/// Payload: as ``DailySuggestionHandler`` (one user, many, or a zone shard, with `as_of`), and
/// `top_k` to override the kind's. A shard reads its inputs set-based, computes in Swift and
/// writes in one transaction: every selected user's previous rows are replaced by the new list.
/// A user for whom no program passes the hard filters gets a `nothing_fits` outcome and no rows;
/// an invalid zone gets `invalid_time_zone` (and loses stale rows). Explicit ids that name no
/// user fail the job permanently.
public struct ProgramRecommendationsHandler: ShardedJobKind {
    /// `program_recommendations`.
    public static let name = "program_recommendations"
    /// Every active user.
    public static let subjects = KindSubjects.users
    /// Reads a shard's inputs once with the other recommendation kind (``RecommendationShard/sharedRead``).
    public static let sharedRead: String? = RecommendationShard.sharedRead
    /// Up to `top_k` rows per user.
    public static let resultTables = [ResultTable(ProgramRecommendationRow.table, pruning: .people(["user_id"]))]
    /// Whom to compute, and ranking overrides.
    public typealias Payload = RecommendationPayload

    /// `top_k` of `jobs/kinds.yaml`.
    public struct Parameters: KindParameters {
        /// Programs per user, 1…100.
        public var top_k: Int
        /// The equipment vocabulary, when the library's tags are to be checked against one.
        public var known_equipment: [String]?

        /// The range a job enforces.
        public func problem() -> String? {
            (1...100).contains(top_k) ? nil : "top_k must be between 1 and 100, got \(top_k)"
        }
    }

    /// Creates the handler.
    public init() {}

    /// Computes and writes the selected users' recommendations.
    public func run(_ context: JobContext) async throws -> JobResult {
        let jobID = context.job.id
        let parameters = try context.parameters(Parameters.self)
        return try await RecommendationRun.run(
            context, defaults: .init(topK: parameters.top_k, knownEquipment: parameters.known_equipment),
            compute: {
                shard, shardMember, context, settings, _, reasons
                    -> RecommendationRun.MemberResult<ProgramRecommendationRow> in
                var member = context
                member.trainedWorkouts = shardMember.trainedWorkouts()
                let ranked = shard.recommender.recommendations(for: member, limit: settings.topK)
                guard !ranked.isEmpty else {
                    return .outcome(
                        SubjectOutcome(
                            subjectID: member.userID, reason: "nothing_fits",
                            detail: shard.recommender.programsNothingFitsReason(for: member),
                            localDate: member.localDate))
                }
                let library = shard.library.library
                return .rows(
                    ranked.map { recommendation in
                        let rendered = reasons.render(recommendation.reasonCodes)
                        return ProgramRecommendationRow(
                            user_id: member.userID, rank: recommendation.rank, program_id: recommendation.programID,
                            title: library.program(id: recommendation.programID)?.title
                                ?? "Program \(recommendation.programID)",
                            score: recommendation.score, reasons: rendered.texts, local_date: member.localDate,
                            job_id: jobID, reason_codes: rendered.codes)
                    })
            },
            write: { rows, members, asOf, session in
                try ResultWriter.replace(rows, subjects: members.map(\.id), asOf: asOf, in: session).written
            })
    }
}
