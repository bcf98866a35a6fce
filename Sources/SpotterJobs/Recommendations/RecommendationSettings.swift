import SpotterCatalog
import SpotterQueue
import SpotterRanking

/// The ranking settings of one `daily_suggestion` or `program_recommendations` job.
struct RecommendationSettings: Sendable {
    /// Thresholds and weights for the `Recommender`.
    var ranking: RankingConfiguration
    /// Programs per user (`top_k`; program_recommendations only, 0 for daily_suggestion).
    var topK: Int
    /// The equipment vocabulary, when the kind declares one (`known_equipment`).
    var knownEquipment: Set<String>?

    /// The kind's own values: `daily_suggestion` declares the recovery thresholds, while
    /// `program_recommendations` declares `top_k` and ranks with the ranking's standard
    /// thresholds (the same as the shipped daily_suggestion's, so both kinds share a shard's read).
    struct Defaults {
        var recoveryHours: Int?, preferredRecoveryHours: Int?, noRepeatDays: Int?
        var topK: Int?
        var knownEquipment: [String]?
    }

    /// The kind's parameters overridden by the same keys in the payload. Out-of-range values fail
    /// the job permanently.
    static func decode(_ payload: RecommendationPayload, defaults: Defaults) throws -> RecommendationSettings {
        var ranking = RankingConfiguration()
        let recovery = payload.recovery_hours ?? defaults.recoveryHours ?? ranking.recoveryHours
        let preferred =
            payload.preferred_recovery_hours ?? defaults.preferredRecoveryHours ?? ranking.preferredRecoveryHours
        let noRepeat = payload.no_repeat_days ?? defaults.noRepeatDays ?? ranking.noRepeatDays
        let topK = payload.top_k ?? defaults.topK
        if let problem = problem(recovery: recovery, preferred: preferred, noRepeat: noRepeat, topK: topK) {
            throw JobError.permanent(problem)
        }
        ranking.recoveryHours = recovery
        ranking.preferredRecoveryHours = preferred
        ranking.noRepeatDays = noRepeat
        return RecommendationSettings(
            ranking: ranking, topK: topK ?? 0, knownEquipment: defaults.knownEquipment.map(Set.init))
    }

    /// What is wrong with the settings, or nil.
    static func problem(recovery: Int, preferred: Int, noRepeat: Int, topK: Int?) -> String? {
        guard (0...336).contains(recovery) else {
            return "recovery_hours must be between 0 and 336, got \(recovery)"
        }
        guard (recovery...720).contains(preferred) else {
            return "preferred_recovery_hours must be between recovery_hours (\(recovery)) and 720, got \(preferred)"
        }
        guard (0...60).contains(noRepeat) else {
            return "no_repeat_days must be between 0 and 60, got \(noRepeat)"
        }
        if let topK, !(1...100).contains(topK) {
            return "top_k must be between 1 and 100, got \(topK)"
        }
        return nil
    }
}
