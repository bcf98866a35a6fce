import Foundation
public import SpotterIDs

/// The offline evaluation's figures: the daily-suggestion model next to the baselines, at the
/// workout level and at the muscle-group level, with 95 % intervals and the hard-constraint audit.
public struct EvaluationReport: Sendable, Hashable {
    /// One ranker's hit rates.
    public struct Row: Sendable, Hashable {
        /// The ranker's name.
        public var name: String
        /// Workout level: share of held-out days (with a named session) whose session was the top pick.
        public var workoutHit1: Double
        /// Workout level: … among the top 3.
        public var workoutHit3: Double
        /// Muscle level: share of held-out days whose trained groups match the top pick's
        /// (Jaccard ≥ 0.5).
        public var muscleHit1: Double
        /// Muscle level: … one of the top 3.
        public var muscleHit3: Double
        /// Held-out days whose top pick breaks a hard constraint.
        public var violations: Int
        /// Whether it ranks named sessions (false: a muscle-level baseline, whose workout-level
        /// figures are not scored).
        public var workoutLevel: Bool = true
    }

    /// A 95 % paired-bootstrap interval of model − the best baseline on one metric.
    public struct Interval: Sendable, Hashable {
        /// "workout hit@1", "workout hit@3", "muscle hit@1", "muscle hit@3".
        public var metric: String
        /// The baseline best on that metric.
        public var baseline: String
        /// Mean difference.
        public var difference: Double
        /// 2.5th percentile.
        public var low: Double
        /// 97.5th percentile.
        public var high: Double
    }

    /// The person (nil for everyone together).
    public var userID: UserID?
    /// People with a held-out day.
    public var users: Int
    /// Held-out days replayed.
    public var days: Int
    /// Training days held out per person (the last ones).
    public var holdoutDays: Int
    /// Held-out days with a named session (library workout or title): the workout-level cases.
    public var workoutCases: Int
    /// Held-out days with known muscle groups: the muscle-level cases.
    public var muscleCases: Int
    /// The model first, then the baselines.
    public var rows: [Row]
    /// Model − best baseline, per metric.
    public var intervals: [Interval]
    /// Model − each baseline, per metric (the baselines that compete on it).
    public var comparisons: [Interval]
    /// Model top picks breaking each hard constraint.
    public var violationsByConstraint: [String: Int]
    /// Held-out days of people who were beginners by training age then, and how many of the
    /// model's picks broke a hard constraint on them.
    public var beginnerDays: Int
    /// See ``beginnerDays``.
    public var beginnerViolations: Int
    /// Held-out days with a current injury, and the model's violations on them.
    public var injuredDays: Int
    /// See ``injuredDays``.
    public var injuredViolations: Int
    /// Days the model found nothing safe (misses).
    public var abstentions: Int
    /// Baseline first picks passed over for the baseline's next safe pick because they broke a
    /// hard constraint (the baselines are held to the same constraints as the model).
    public var unsafeBaselinePicks: Int

    /// The model's row.
    public var model: Row { rows[0] }
    /// Hard-constraint violations of the model's picks; must be 0.
    public var constraintViolations: Int { model.violations }

    /// Metrics on which the model is not strictly above a baseline (workout-level ones only
    /// when there are workout-level cases). A tie at 1.000 (every held-out day a hit for both)
    /// cannot be beaten and does not count as lost.
    public func lost(to baseline: Row) -> [String] {
        func loses(_ model: Double, _ baseline: Double) -> Bool { model < baseline || (model == baseline && model < 1) }
        var lost: [String] = []
        if workoutCases > 0 && baseline.workoutLevel {
            if loses(model.workoutHit1, baseline.workoutHit1) { lost.append("workout hit@1") }
            if loses(model.workoutHit3, baseline.workoutHit3) { lost.append("workout hit@3") }
        }
        if muscleCases > 0 {
            if loses(model.muscleHit1, baseline.muscleHit1) { lost.append("muscle hit@1") }
            if loses(model.muscleHit3, baseline.muscleHit3) { lost.append("muscle hit@3") }
        }
        return lost
    }

    /// The issue's targets this report misses (empty: all met): on no metric is the 95 % interval
    /// of model − the best baseline wholly below zero; on the headline metric (workout hit@1,
    /// or muscle hit@1 for a log without named sessions) it is wholly above zero; and without
    /// named sessions the model's muscle hit@1 is at least the best name-free baseline's.
    public var missedTargets: [String] {
        func figures(_ interval: Interval) -> String {
            "model − \(interval.baseline) "
                + String(format: "%+.3f (95%% CI %+.3f … %+.3f)", interval.difference, interval.low, interval.high)
        }
        var missed: [String] = []
        for interval in intervals where interval.high < 0 {
            missed.append("\(interval.metric) wholly below the best baseline: \(figures(interval))")
        }
        let headline = workoutCases > 0 ? "workout hit@1" : "muscle hit@1"
        if let interval = intervals.first(where: { $0.metric == headline }), interval.low <= 0, interval.high >= 0 {
            missed.append("\(headline) not above the best baseline: \(figures(interval))")
        }
        if workoutCases == 0, muscleCases > 0 {
            let best = rows.dropFirst().filter { !$0.workoutLevel }.map(\.muscleHit1).max() ?? 0
            if model.muscleHit1 < best {
                missed.append(
                    String(
                        format: "muscle hit@1 %.3f below the best name-free baseline's %.3f", model.muscleHit1, best))
            }
        }
        return missed
    }

    /// Whether the model beats every baseline on every metric.
    public var beatsEveryBaseline: Bool { rows.dropFirst().allSatisfy { lost(to: $0).isEmpty } }

    /// A fixed-width table for the terminal; `everyBaseline` adds model − each baseline per
    /// metric with its interval (what `--by-user` prints per person).
    public func table(everyBaseline: Bool = false) -> String {
        func cell(_ value: Double) -> String { String(format: "%7.3f", value) }
        func cells(_ row: Row) -> String {
            let workout = row.workoutLevel ? "\(cell(row.workoutHit1)) \(cell(row.workoutHit3))" : "      —       —"
            return "\(workout) \(cell(row.muscleHit1)) \(cell(row.muscleHit3))"
        }
        let who = userID.map { "user \($0)" } ?? "\(users) people"
        var lines = [
            "recommendations (\(who)): \(days) held-out days (last \(holdoutDays) training days each), "
                + "\(workoutCases) with a named session, \(muscleCases) with muscle groups",
            "ranker                      wk@1    wk@3  muscle@1 muscle@3  violations",
        ]
        for row in rows {
            let name = row.name.padding(toLength: 26, withPad: " ", startingAt: 0)
            lines.append("\(name) \(cells(row))  \(row.violations)")
        }
        if everyBaseline {
            for comparison in comparisons {
                let name = comparison.baseline.padding(toLength: 26, withPad: " ", startingAt: 0)
                let figures = String(
                    format: "%+.3f (95%% CI %+.3f … %+.3f)", comparison.difference, comparison.low, comparison.high)
                let verdict = comparison.high < 0 ? "  LOSES" : comparison.low > 0 ? "  wins" : ""
                lines.append("  model − \(name) \(comparison.metric): \(figures)\(verdict)")
            }
        }
        for interval in intervals {
            let figures = String(
                format: "%+.3f (95%% CI %+.3f … %+.3f)", interval.difference, interval.low, interval.high)
            lines.append("model − \(interval.baseline) on \(interval.metric): \(figures)")
        }
        let broken = violationsByConstraint.keys.sorted().map { "\($0) \(violationsByConstraint[$0]!)" }
        lines.append(
            "model abstained (nothing fits): \(abstentions); constraint violations: \(constraintViolations)"
                + (broken.isEmpty ? "" : " (\(broken.joined(separator: ", ")))")
                + "; beginners: \(beginnerViolations) of \(beginnerDays) days; injured: \(injuredViolations) of "
                + "\(injuredDays) days")
        lines.append(
            "baselines held to the same hard constraints: \(unsafeBaselinePicks) first picks that broke one passed over"
        )
        lines.append("model beats every baseline: \(beatsEveryBaseline ? "yes" : "NO")")
        return lines.joined(separator: "\n")
    }
}
