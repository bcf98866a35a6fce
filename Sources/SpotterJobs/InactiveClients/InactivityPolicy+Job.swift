import SpotterCatalog
import SpotterQueue
import SpotterStats

extension InactivityPolicy {
    /// The largest threshold or tier a payload may ask for: ten years of days.
    static let maximumDays = 3_650

    /// What is wrong with a threshold and tiers, or nil: values outside 1 … 3650 days, or an
    /// empty tier list.
    static func problem(threshold: Int, tiers: [Int]) -> String? {
        guard (1...maximumDays).contains(threshold) else {
            return "threshold_days must be between 1 and \(maximumDays), got \(threshold)"
        }
        guard !tiers.isEmpty, tiers.allSatisfy({ (1...maximumDays).contains($0) }) else {
            return "tiers must be a non-empty list of days between 1 and \(maximumDays)"
        }
        return nil
    }

    /// The policy of one job: the kind's `threshold_days` and `tiers` from `jobs/kinds.yaml`,
    /// overridden by the same keys in the payload. A value ``problem(threshold:tiers:)`` rejects
    /// fails the job permanently.
    static func decode(_ payload: InactiveClientsHandler.Payload, parameters: InactiveClientsHandler.Parameters)
        throws -> InactivityPolicy
    {
        let threshold = payload.threshold_days ?? parameters.threshold_days
        let tiers = payload.tiers ?? parameters.tiers
        if let problem = problem(threshold: threshold, tiers: tiers) { throw JobError.permanent(problem) }
        return InactivityPolicy(tiers: tiers, threshold: threshold)
    }
}
