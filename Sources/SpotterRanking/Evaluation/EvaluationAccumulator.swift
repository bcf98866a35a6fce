import SpotterIDs

extension RecommendationEvaluation {
    /// The held-out days' outcomes, summed into a report.
    struct Accumulator {
        var cases: [Case] = []
        var violationsByConstraint: [String: Int] = [:]
        var violations = 0
        var beginnerDays = 0
        var beginnerViolations = 0
        var injuredDays = 0
        var injuredViolations = 0
        var abstentions = 0
        /// Baseline first picks passed over because they broke a hard constraint.
        var unsafeBaselinePicks = 0

        mutating func add(_ result: Case, broken: [String], beginner: Bool, injured: Bool) {
            cases.append(result)
            for name in Set(broken) { violationsByConstraint[name, default: 0] += 1 }
            let violated = !broken.isEmpty
            if violated { violations += 1 }
            if beginner {
                beginnerDays += 1
                if violated { beginnerViolations += 1 }
            }
            if injured {
                injuredDays += 1
                if violated { injuredViolations += 1 }
            }
        }

        mutating func merge(_ other: Accumulator) {
            cases += other.cases
            for (name, count) in other.violationsByConstraint { violationsByConstraint[name, default: 0] += count }
            violations += other.violations
            beginnerDays += other.beginnerDays
            beginnerViolations += other.beginnerViolations
            injuredDays += other.injuredDays
            injuredViolations += other.injuredViolations
            abstentions += other.abstentions
            unsafeBaselinePicks += other.unsafeBaselinePicks
        }

        func report(userID: UserID?, users: Int, holdoutDays: Int) -> EvaluationReport {
            let names = ["daily suggestion (model)"] + EvaluationBaselines.names + MuscleBaselines.names
            let namedRankers = 1 + EvaluationBaselines.names.count
            let workout = cases.filter(\.workout)
            let muscle = cases.filter(\.muscle)
            func rate(_ subset: [Case], _ ranker: Int, _ metric: Int) -> Double {
                subset.isEmpty ? 0 : Double(subset.filter { $0.hits[ranker][metric] }.count) / Double(subset.count)
            }
            let rows = names.enumerated().map { ranker, name in
                EvaluationReport.Row(
                    name: name, workoutHit1: rate(workout, ranker, 0), workoutHit3: rate(workout, ranker, 1),
                    muscleHit1: rate(muscle, ranker, 2), muscleHit3: rate(muscle, ranker, 3),
                    violations: ranker == 0 ? violations : 0, workoutLevel: ranker < namedRankers)
            }
            var intervals: [EvaluationReport.Interval] = []
            var comparisons: [EvaluationReport.Interval] = []
            let metrics = [
                ("workout hit@1", workout, 0), ("workout hit@3", workout, 1), ("muscle hit@1", muscle, 2),
                ("muscle hit@3", muscle, 3),
            ]
            func interval(_ metric: String, _ subset: [Case], _ column: Int, against ranker: Int)
                -> EvaluationReport.Interval
            {
                let differences = subset.map {
                    ($0.hits[0][column] ? 1.0 : 0) - ($0.hits[ranker][column] ? 1.0 : 0)
                }
                let (mean, low, high) = PairedBootstrap.interval(differences)
                return EvaluationReport.Interval(
                    metric: metric, baseline: names[ranker], difference: mean, low: low, high: high)
            }
            for (metric, subset, column) in metrics where !subset.isEmpty {
                // The muscle-level baselines name no sessions: they compete on the muscle level only.
                let eligible = column < 2 ? Array(1..<namedRankers) : Array(1..<names.count)
                for ranker in eligible { comparisons.append(interval(metric, subset, column, against: ranker)) }
                let best = eligible.max { rate(subset, $0, column) < rate(subset, $1, column) } ?? 1
                intervals.append(interval(metric, subset, column, against: best))
            }
            return EvaluationReport(
                userID: userID, users: users, days: cases.count, holdoutDays: holdoutDays,
                workoutCases: workout.count, muscleCases: muscle.count, rows: rows, intervals: intervals,
                comparisons: comparisons, violationsByConstraint: violationsByConstraint, beginnerDays: beginnerDays,
                beginnerViolations: beginnerViolations, injuredDays: injuredDays,
                injuredViolations: injuredViolations, abstentions: abstentions, unsafeBaselinePicks: unsafeBaselinePicks
            )
        }
    }
}
