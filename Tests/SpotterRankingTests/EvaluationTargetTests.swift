import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// Issue 32's targets as the evaluation's gate: no interval against the best baseline wholly
/// below zero, the headline metric's wholly above, an untitled log at least the best
/// name-free baseline.
@Suite("The evaluation's targets")
struct EvaluationTargetTests {
    @Test("the gate is the issue's targets: no interval wholly below zero, the headline above zero")
    func targets() {
        var report = RecommendationEvaluation.run(
            histories: [EvaluationTests.titledHistory(days: 80)], library: Fixtures.library, holdoutDays: 20
        ).overall
        let template = report.intervals[0]
        func interval(_ metric: String, _ low: Double, _ high: Double) -> EvaluationReport.Interval {
            var interval = template
            (interval.metric, interval.difference, interval.low, interval.high) = (metric, (low + high) / 2, low, high)
            return interval
        }
        report.intervals = [
            interval("workout hit@1", 0.02, 0.2), interval("workout hit@3", -0.1, 0.05),
            interval("muscle hit@1", -0.05, 0.01), interval("muscle hit@3", -0.02, 0.0),
        ]
        #expect(report.missedTargets.isEmpty, "\(report.missedTargets)")
        report.intervals[2] = interval("muscle hit@1", -0.12, -0.02)
        #expect(report.missedTargets.count == 1)
        #expect(report.missedTargets.first?.hasPrefix("muscle hit@1 wholly below the best baseline") == true)
        report.intervals[2] = interval("muscle hit@1", -0.05, 0.01)
        report.intervals[0] = interval("workout hit@1", -0.01, 0.2)
        #expect(report.missedTargets.map { $0.prefix(13) } == ["workout hit@1"])
        // Without named sessions the headline is muscle hit@1, and the name-free baselines' best
        // must be reached.
        report.workoutCases = 0
        report.intervals = [interval("muscle hit@1", 0.01, 0.1), interval("muscle hit@3", -0.05, 0.05)]
        #expect(report.missedTargets.isEmpty, "\(report.missedTargets)")
        report.rows[0].muscleHit1 = 0.5
        report.rows[report.rows.count - 1].muscleHit1 = 0.6
        #expect(report.missedTargets.count == 1)
        #expect(report.missedTargets.first?.contains("best name-free baseline") == true)
    }
}
