import Foundation
public import SpotterCatalog
package import SpotterDB
package import SpotterIDs
public import SpotterQueue
import SpotterRanking
import SpotterReasons

/// `daily_suggestion`: one workout per user for their local date, with a score and reasons
/// (see `SpotterRanking.Recommender.dailySuggestion(for:)` for the rules).
///
/// Payload: `{"user_id": 42}`, `{"user_ids": [...]}` or a zone shard
/// `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 1000}`, optionally with
/// `"as_of"` (default now) and any of the kind's parameters (`recovery_hours`,
/// `preferred_recovery_hours`, `no_repeat_days`) to override `jobs/kinds.yaml`.
///
/// A shard reads its inputs set-based (``RecommendationInputs``), computes in Swift, and writes
/// in one transaction: each user's row for their local date is replaced, and their
/// `result_errors` outcome refreshed. A user for whom nothing fits gets a `nothing_fits` outcome
/// saying why and no row (a stale row for the date is removed); an invalid zone gets
/// `invalid_time_zone`. Explicit ids that name no user fail the job permanently.
public struct DailySuggestionHandler: ShardedJobKind {
    /// `daily_suggestion`.
    public static let name = "daily_suggestion"
    /// Every active user.
    public static let subjects = KindSubjects.users
    /// Reads a shard's inputs once with the other recommendation kind (``RecommendationShard/sharedRead``).
    public static let sharedRead: String? = RecommendationShard.sharedRead
    /// One row per user and local date; dates older than prune_results' `keep_days` are deleted.
    /// The session summaries (``SessionSummaries``) both recommendation kinds keep, and the
    /// personal states this kind keeps (``PersonalStates``), are declared here once: the worker's bookkeeping, pruned with their users.
    public static let resultTables = [
        ResultTable(DailySuggestionRow.table, pruning: .people(["user_id"]), expiresByLocalDate: true),
        ResultTable("session_summaries", pruning: .people(["user_id"]), readable: false),
        ResultTable("summary_coverage", pruning: .people(["user_id"]), readable: false),
        ResultTable("session_work", pruning: .people(["user_id"]), readable: false),
        ResultTable("personal_states", pruning: .people(["user_id"]), readable: false),
        ResultTable(
            "session_lifts",
            pruning: .statement(
                """
                DELETE FROM spotter.session_lifts AS r
                WHERE NOT EXISTS (SELECT 1 FROM spotter.session_summaries s WHERE s.session_id = r.session_id)
                """), readable: false),
    ]
    /// Whom to compute, and ranking overrides.
    public typealias Payload = RecommendationPayload

    /// The recovery thresholds of `jobs/kinds.yaml`.
    public struct Parameters: KindParameters {
        /// No primary muscle group trained within this many hours.
        public var recovery_hours: Int
        /// And preferably not within this many.
        public var preferred_recovery_hours: Int
        /// No workout repeated from the last this many days.
        public var no_repeat_days: Int
        /// The equipment vocabulary, when the library's tags are to be checked against one.
        public var known_equipment: [String]?

        /// The ranges a job enforces.
        public func problem() -> String? {
            RecommendationSettings.problem(
                recovery: recovery_hours, preferred: preferred_recovery_hours, noRepeat: no_repeat_days, topK: nil)
        }

        var defaults: RecommendationSettings.Defaults {
            .init(
                recoveryHours: recovery_hours, preferredRecoveryHours: preferred_recovery_hours,
                noRepeatDays: no_repeat_days, knownEquipment: known_equipment)
        }
    }

    /// Creates the handler.
    public init() {}

    /// Computes and writes the selected users' suggestions.
    public func run(_ context: JobContext) async throws -> JobResult {
        let jobID = context.job.id
        return try await RecommendationRun.run(
            context, defaults: context.parameters(Parameters.self).defaults,
            compute: {
                shard, shardMember, context, _, states, reasons -> RecommendationRun.MemberResult<DailySuggestionRow> in
                var member = context
                let personal = Self.personalState(
                    of: shardMember, &member, recommender: shard.recommender, tally: &states)
                switch shard.recommender.dailySuggestion(for: member, personal: personal) {
                case .suggested(let suggestion):
                    let library = shard.library.library
                    let workout = library.workout(id: suggestion.workoutID)?.title ?? "Workout \(suggestion.workoutID)"
                    let program = library.program(id: suggestion.programID)?.title ?? "Program \(suggestion.programID)"
                    let title =
                        suggestion.ownTitle.map { "\($0) (your own session; in the catalog: \(workout) — \(program))" }
                        ?? "\(workout) — \(program)"
                    let rendered = reasons.render(suggestion.reasonCodes)
                    return .rows([
                        DailySuggestionRow(
                            user_id: member.userID, local_date: member.localDate, workout_id: suggestion.workoutID,
                            program_id: suggestion.programID, title: title, score: suggestion.score,
                            reasons: rendered.texts, job_id: jobID, reason_codes: rendered.codes)
                    ])
                case .nothingFits(let reason):
                    return .outcome(
                        SubjectOutcome(
                            subjectID: member.userID, reason: "nothing_fits", detail: reason,
                            localDate: member.localDate))
                }
            },
            write: { rows, members, _, session in
                var byDate: [String: [UserID]] = [:]
                for member in members {
                    if let date = member.localDate { byDate[date, default: []].append(member.id) }
                }
                return try Self.write(rows, replacing: byDate, in: session)
            })
    }

    /// The member's personal state: the one kept from an earlier night when it still holds the
    /// member's sessions, with the sessions logged since appended (``PersonalStates``), else
    /// replayed now from their whole history; added to the states to keep when it was extended or
    /// replayed, with the active enrollments' progress, which it also sets on `member`
    /// (``ShardMember/enrollmentProgress(asOf:library:)``).
    static func personalState(
        of shardMember: ShardMember, _ member: inout MemberContext, recommender: Recommender,
        tally: inout PersonalStates.Tally
    ) -> PersonalState {
        member.enrollmentProgress = shardMember.enrollmentProgress(asOf: member.now, library: recommender.library)
        var state: PersonalState
        if let kept = shardMember.keptState {
            state = kept.state(
                profileLevel: member.profile?.level, zone: member.timeZone ?? TimeZone(secondsFromGMT: 0)!)
            // The sessions logged since, in the replay's order: each started after every kept
            // one, so appending them gives what replaying the whole history gives.
            let logged = member.sessions[kept.sessionsHeld...].filter { $0.startedAt <= member.now }
            for session in logged.sorted(by: PersonalState.ordered) {
                state.append(session, library: recommender.library)
            }
            if shardMember.replay == nil { tally.kept += 1 } else { tally.extended += 1 }
        } else {
            state = recommender.personalState(for: shardMember.whole(member))
            if shardMember.replay != nil { tally.replayed += 1 }
        }
        if var replay = shardMember.replay {
            replay.enrollmentProgress = member.enrollmentProgress ?? []
            tally.toKeep.append(PersonalStates.Replayed(userID: member.userID, replay: replay, state: state.stored()))
        }
        return state
    }

    /// Replaces each user's row for their own local date (`subjectsByDate`; older dates are
    /// kept) with `rows`, in `table`. Returns the rows written.
    package static func write(
        _ rows: [DailySuggestionRow], replacing subjectsByDate: [String: [UserID]],
        table: String = DailySuggestionRow.table, in session: DatabaseSession
    ) throws -> Int {
        for (date, ids) in subjectsByDate.sorted(by: { $0.key < $1.key }) {
            try ResultWriter.deleteSubjects(
                table: table, column: DailySuggestionRow.subjectColumn, subjects: ids,
                extra: ("local_date", .text(date)), in: session)
        }
        return try session.copy(into: "spotter.\(table)", records: rows)
    }
}
