public import SpotterCatalog
import SpotterDB
public import SpotterQueue
import SpotterStats

/// `checkin_trends`: how each person has been feeling, from their check-ins (energy, mood,
/// clarity, 1–5), as of their local today: 7- and 28-day averages, the trend of each, a
/// low-energy run and flag, the number of check-ins and the last one (see
/// `SpotterStats.CheckInTrendsCalculator` for the rules).
///
/// Payload: ``SelectionPayload`` (one user, many, or a zone shard, with `as_of`). A shard reads
/// the users, their check-ins of the last 30 days (and, for those without any, the time of
/// their last one), computes in Swift and writes one row per user in one transaction. A row for
/// a later local date is never replaced by one for an earlier date (a late or replayed job);
/// an invalid zone records `invalid_time_zone` in `result_errors` and removes the stale row.
public struct CheckInTrendsHandler: ShardedJobKind {
    /// `checkin_trends`.
    public static let name = "checkin_trends"
    /// Every active user.
    public static let subjects = KindSubjects.users
    /// One row per user.
    public static let resultTables = [ResultTable(CheckInTrendsRow.table, pruning: .people(["user_id"]))]
    /// Members whose energy has been low for days in a row.
    public static let views = ["low_energy_members"]
    /// Whom to compute.
    public typealias Payload = SelectionPayload

    /// The thresholds of `jobs/kinds.yaml`.
    public struct Parameters: KindParameters {
        /// A day whose check-ins average this energy or less is a low-energy day (1–5).
        public var low_energy_at_most: Double
        /// `low_energy` is set from this many low-energy days in a row.
        public var low_energy_flag_days: Int
        /// A trend needs this many check-ins in the last 7 days and in the 21 before them.
        public var trend_min_check_ins: Int
        /// The least change of a 7-day average against the 21 days before that is not `steady`.
        public var trend_delta: Double

        /// The ranges the rules make sense in.
        public func problem() -> String? {
            guard (1...5).contains(low_energy_at_most) else { return "low_energy_at_most must be 1…5" }
            guard (1...28).contains(low_energy_flag_days) else { return "low_energy_flag_days must be 1…28" }
            guard (1...100).contains(trend_min_check_ins) else { return "trend_min_check_ins must be 1…100" }
            guard trend_delta > 0, trend_delta <= 4 else { return "trend_delta must be above 0 and at most 4" }
            return nil
        }

        var policy: CheckInPolicy {
            CheckInPolicy(
                lowEnergyAtMost: low_energy_at_most, lowEnergyFlagDays: low_energy_flag_days,
                trendMinimumCheckIns: trend_min_check_ins, trendDelta: trend_delta)
        }
    }

    /// Creates the handler.
    public init() {}

    /// Computes and writes the selected users' trends.
    public func run(_ context: JobContext) async throws -> JobResult {
        let selection = try UserSelection(context.decodePayload(Payload.self))
        let policy = try context.parameters(Parameters.self).policy
        let jobID = context.job.id
        return try await ShardSummary.run(context) { session in
            try CheckInTrendsShard.run(selection, policy: policy, jobID: jobID, completing: context, in: session)
        }
    }
}
