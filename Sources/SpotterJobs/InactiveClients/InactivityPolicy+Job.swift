import SpotterCatalog
import SpotterQueue
import SpotterStats

extension InactivityPolicy {
    /// The largest threshold or tier a payload may ask for: ten years of days.
    static let maximumDays = 3_650

    /// What is wrong with the thresholds and tiers, or nil: values outside 1 … 3650 days, an
    /// empty tier list, or a tier below `threshold_days` (no listed client could ever be in it:
    /// listed clients have at least `threshold_days` days).
    static func problem(threshold: Int, tiers: [Int], messageThreshold: Int) -> String? {
        guard (1...maximumDays).contains(threshold) else {
            return "threshold_days must be between 1 and \(maximumDays), got \(threshold)"
        }
        guard (1...maximumDays).contains(messageThreshold) else {
            return "message_threshold_days must be between 1 and \(maximumDays), got \(messageThreshold)"
        }
        guard !tiers.isEmpty, tiers.allSatisfy({ (1...maximumDays).contains($0) }) else {
            return "tiers must be a non-empty list of days between 1 and \(maximumDays)"
        }
        if let low = tiers.filter({ $0 < threshold }).min() {
            return "tier \(low) is below threshold_days \(threshold), so it never triggers; "
                + "lower threshold_days to \(low) or drop the tier"
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
        let messageThreshold = payload.message_threshold_days ?? parameters.message_threshold_days
        if let problem = problem(threshold: threshold, tiers: tiers, messageThreshold: messageThreshold) {
            throw JobError.permanent(problem)
        }
        return InactivityPolicy(tiers: tiers, threshold: threshold, messageThreshold: messageThreshold)
    }
}
