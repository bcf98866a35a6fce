import SpotterCatalog
import SpotterQueue
import SpotterStats

extension InactivityPolicy {
    /// The largest threshold or tier a payload may ask for: ten years of days.
    static let maximumDays = 3_650

    private struct Overrides: Decodable {
        var threshold_days: Int?
        var tiers: [Int]?
    }

    /// The policy of one job: the kind's `threshold_days` and `tiers` from `jobs/kinds.yaml`
    /// (defaults 7 and [3, 7, 14]), overridden by the same keys in the payload. Values outside
    /// 1 … 3650 days, or an empty tier list, fail the job permanently.
    static func decode(_ context: JobContext) throws -> InactivityPolicy {
        let overrides = try context.decodePayload(Overrides.self)
        let threshold = overrides.threshold_days ?? context.spec.int("threshold_days") ?? 7
        let tiers = overrides.tiers ?? context.spec.ints("tiers") ?? [3, 7, 14]
        guard (1...maximumDays).contains(threshold) else {
            throw JobError.permanent("threshold_days must be between 1 and \(maximumDays), got \(threshold)")
        }
        guard !tiers.isEmpty, tiers.allSatisfy({ (1...maximumDays).contains($0) }) else {
            throw JobError.permanent("tiers must be a non-empty list of days between 1 and \(maximumDays)")
        }
        return InactivityPolicy(tiers: tiers, threshold: threshold)
    }
}
