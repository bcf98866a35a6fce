import SpotterCatalog
import SpotterQueue
import SpotterRanking

/// The ranking settings of one `daily_suggestion` or `program_recommendations` job.
struct RecommendationSettings: Sendable {
    /// Thresholds and weights for the `Recommender`.
    var ranking: RankingConfiguration
    /// Programs per user (`top_k`, program_recommendations only).
    var topK: Int
    /// The equipment vocabulary, when the kind declares one (`known_equipment`).
    var knownEquipment: Set<String>?

    private struct Overrides: Decodable {
        var recovery_hours: Int?
        var preferred_recovery_hours: Int?
        var no_repeat_days: Int?
        var top_k: Int?
    }

    /// The kind's parameters from `jobs/kinds.yaml` (`recovery_hours` 48, `preferred_recovery_hours`
    /// 72, `no_repeat_days` 3, `top_k` 10 when absent), overridden by the same keys in the
    /// payload. Out-of-range values fail the job permanently.
    static func decode(_ context: JobContext) throws -> RecommendationSettings {
        let overrides = try context.decodePayload(Overrides.self)
        let spec = context.spec
        var ranking = RankingConfiguration()
        let recovery = overrides.recovery_hours ?? spec.int("recovery_hours") ?? ranking.recoveryHours
        let preferred =
            overrides.preferred_recovery_hours ?? spec.int("preferred_recovery_hours") ?? ranking.preferredRecoveryHours
        let noRepeat = overrides.no_repeat_days ?? spec.int("no_repeat_days") ?? ranking.noRepeatDays
        let topK = overrides.top_k ?? spec.int("top_k") ?? 10
        guard (0...336).contains(recovery) else {
            throw JobError.permanent("recovery_hours must be between 0 and 336, got \(recovery)")
        }
        guard (recovery...720).contains(preferred) else {
            throw JobError.permanent(
                "preferred_recovery_hours must be between recovery_hours (\(recovery)) and 720, got \(preferred)")
        }
        guard (0...60).contains(noRepeat) else {
            throw JobError.permanent("no_repeat_days must be between 0 and 60, got \(noRepeat)")
        }
        guard (1...100).contains(topK) else {
            throw JobError.permanent("top_k must be between 1 and 100, got \(topK)")
        }
        ranking.recoveryHours = recovery
        ranking.preferredRecoveryHours = preferred
        ranking.noRepeatDays = noRepeat
        var known: Set<String>?
        if case .list(let values) = spec.parameters["known_equipment"] {
            known = Set(values.compactMap { if case .string(let tag) = $0 { tag } else { nil } })
        }
        return RecommendationSettings(ranking: ranking, topK: topK, knownEquipment: known)
    }
}
