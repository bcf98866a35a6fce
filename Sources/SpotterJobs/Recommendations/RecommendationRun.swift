import Foundation
import Logging
import SpotterDB
import SpotterQueue
import SpotterRanking

/// What one recommendation shard computed, for the job's result and the log.
struct RecommendationSummary: Sendable {
    /// Users selected.
    var users = 0
    /// Result rows written.
    var rowsWritten = 0
    /// Users recorded in `result_errors`, by reason.
    var outcomes: [String: Int] = [:]
    /// Users whose profile has problems (no equipment, days per week 0, …); they still get a result.
    var profileProblems = 0
    /// Problems found in the library (see ``LoadedLibrary/problems``).
    var libraryProblems: [String] = []
    /// 1 when the shard's library and users came from another job's read (``RecommendationShard/sharedInputs``).
    var inputsShared = 0
    /// 1 when the job waited ``SharedReads/maxWait`` for the other kind's read and then read for itself.
    var inputsWaitedOut = 0
    /// Members whose kept personal state was used as it was, extended by the sessions logged
    /// since, or replayed (``PersonalStates``; the daily suggestion only).
    var statesKept = 0, statesExtended = 0, statesReplayed = 0
    /// Milliseconds spent reading, computing and writing.
    var loadMilliseconds = 0, computeMilliseconds = 0, writeMilliseconds = 0

    var result: JobResult {
        var counts = [
            "users": users, "rows_written": rowsWritten, "failures": outcomes.values.reduce(0, +),
            "profile_problems": profileProblems, "catalog_problems": libraryProblems.count,
            "inputs_shared": inputsShared, "inputs_waited_out": inputsWaitedOut,
            "personal_states_kept": statesKept, "personal_states_extended": statesExtended,
            "personal_states_replayed": statesReplayed,
            "load_ms": loadMilliseconds, "compute_ms": computeMilliseconds, "write_ms": writeMilliseconds,
        ]
        for (reason, count) in outcomes { counts[reason] = count }
        return JobResult(counts: counts)
    }
}

/// The steps both recommendation kinds share: decode, load the shard, compute per member, write
/// in one transaction, log.
enum RecommendationRun {
    /// One member's result: rows to write, or the outcome that replaces them.
    enum MemberResult<Record: ResultRow> {
        case rows([Record])
        case outcome(SubjectOutcome)
    }

    /// Runs a shard job: `compute` turns each member with a valid zone into rows or an outcome
    /// (rendering their reasons with the shard's ``RenderedReasons``), and tallies the member's
    /// personal state, adding it to the states to keep when it was replayed or extended
    /// (``PersonalStates``); `write`
    /// replaces the shard's old rows with the new ones, and the states are kept, inside the
    /// transaction.
    static func run<Record: ResultRow>(
        _ context: JobContext, defaults: RecommendationSettings.Defaults,
        compute:
            @escaping @Sendable (
                RecommendationShard, ShardMember, MemberContext, RecommendationSettings,
                _ states: inout PersonalStates.Tally, _ reasons: inout RenderedReasons
            ) -> MemberResult<Record>,
        write:
            @escaping @Sendable (_ rows: [Record], _ members: [ShardMember], _ asOf: Date, DatabaseSession) throws
            -> Int
    ) async throws -> JobResult {
        let payload = try context.decodePayload(RecommendationPayload.self)
        let selection = try UserSelection(payload.selection)
        let settings = try RecommendationSettings.decode(payload, defaults: defaults)
        let jobID = context.job.id
        let kind = context.job.kind
        let database = context.database.configuration.description
        let summary = try await context.database.withSession { session in
            let clock = ContinuousClock()
            var lap = clock.now
            func milliseconds() -> Int {
                let (previous, now) = (lap, clock.now)
                lap = now
                return (now - previous).milliseconds
            }
            let shard = try RecommendationShard.load(
                selection, kind: kind, settings: settings, database: database, in: session)
            var summary = RecommendationSummary(
                users: shard.members.count, libraryProblems: shard.library.problems,
                inputsShared: shard.inputsShared ? 1 : 0, inputsWaitedOut: shard.inputsWaitedOut ? 1 : 0)
            summary.loadMilliseconds = milliseconds()
            var rows: [Record] = []
            var outcomes: [SubjectOutcome] = []
            var states = PersonalStates.Tally()
            var reasons = RenderedReasons()
            for member in shard.members {
                guard let memberContext = member.context(asOf: shard.asOf) else {
                    outcomes.append(member.unusable ?? member.invalidZoneOutcome)
                    continue
                }
                if let profile = member.profile, !profile.problems.isEmpty { summary.profileProblems += 1 }
                switch compute(shard, member, memberContext, settings, &states, &reasons) {
                case .rows(let memberRows): rows += memberRows
                case .outcome(let outcome): outcomes.append(outcome)
                }
            }
            summary.computeMilliseconds = milliseconds()
            (summary.statesKept, summary.statesExtended, summary.statesReplayed) = (
                states.kept, states.extended, states.replayed
            )
            for outcome in outcomes { summary.outcomes[outcome.reason, default: 0] += 1 }
            // The job completes with the results' commit (write_ms then leaves out the commit).
            summary = try session.withTransaction(immediate: true) {
                var summary = summary
                summary.rowsWritten = try write(rows, shard.members, shard.asOf, session)
                try PersonalStates.write(states.toKeep, in: session)
                try ResultWriter.recordOutcomes(
                    kind: kind, subjects: shard.members.map(\.id), outcomes: outcomes, jobID: jobID, in: session)
                summary.writeMilliseconds = milliseconds()
                try context.complete(in: session, result: summary.result)
                return summary
            }
            return summary
        }
        if summary.inputsWaitedOut > 0 {
            context.logger.warning(
                "waited the longest allowed for the other recommendation kind's read of this shard, then read alone",
                metadata: [
                    "waited": "\(RecommendationShard.sharedInputs.maxWait)", "users": "\(summary.users)",
                ])
        }
        if !summary.libraryProblems.isEmpty {
            context.logger.info(
                "catalog has problems; the programs and workouts concerned are left out",
                metadata: [
                    "count": "\(summary.libraryProblems.count)",
                    "problems": "\(summary.libraryProblems.prefix(20).joined(separator: "; "))",
                ])
        }
        context.logger.debug(
            "\(kind) computed",
            metadata: [
                "users": "\(summary.users)", "rows": "\(summary.rowsWritten)",
                "failures": "\(summary.outcomes.values.reduce(0, +))",
            ])
        return summary.result
    }
}
