import Foundation

/// The offline evaluation's figures: the daily-suggestion model next to the baselines.
public struct EvaluationReport: Sendable, Hashable {
    /// One ranker's figures.
    public struct Row: Sendable, Hashable {
        /// The ranker's name.
        public var name: String
        /// Share of held-out sessions that were the top pick.
        public var hitAt1: Double
        /// Share of held-out sessions in the top 3.
        public var hitAt3: Double
        /// Mean NDCG@10 (one relevant workout per case).
        public var ndcgAt10: Double
        /// Cases whose top pick breaks a hard constraint (see ``HardConstraintAudit``).
        public var violationsAt1: Int
    }

    /// Members with at least one held-out session.
    public var users: Int
    /// Held-out sessions replayed.
    public var cases: Int
    /// Sessions held out per member.
    public var holdOut: Int
    /// Workouts in the catalog (every one is ranked; nothing is sampled).
    public var catalogWorkouts: Int
    /// The model first, then the baselines.
    public var rows: [Row]
    /// Held-out sessions that break no hard constraint themselves: the member did something the
    /// model may suggest. The rest (a session the day after training the same muscles, longer
    /// than the member's preference, …) no safe suggestion can match.
    public var safeCases: Int
    /// The same rankers over the ``safeCases`` only.
    public var safeRows: [Row]
    /// Why the other held-out sessions are unsafe: how many break each hard constraint, by the
    /// ``HardConstraintAudit`` name ("recovery", "repeat", "length", "level", "equipment", …). A
    /// session breaking several constraints counts under each, so the counts may sum to more
    /// than `cases - safeCases`.
    public var unsafeCasesByConstraint: [String: Int]
    /// Cases where the model found nothing safe (counted as misses).
    public var modelAbstentions: Int
    /// Cases where the daily suggestion differed from the first of the model's ranking (must be 0).
    public var inconsistencies: Int

    /// The model's row.
    public var model: Row { rows[0] }
    /// The baselines' rows.
    public var baselines: [Row] { Array(rows.dropFirst()) }
    /// Hard-constraint violations of the model's suggestions; must be 0.
    public var constraintViolations: Int { model.violationsAt1 }

    /// Whether the model is strictly better than every baseline on hit@1, hit@3 and NDCG@10.
    public var beatsEveryBaseline: Bool { Self.beats(rows) }

    /// Whether it is, over the held-out sessions that break no hard constraint.
    public var beatsEveryBaselineOnSafeCases: Bool { Self.beats(safeRows) }

    private static func beats(_ rows: [Row]) -> Bool {
        guard let model = rows.first else { return false }
        return rows.dropFirst().allSatisfy {
            model.hitAt1 > $0.hitAt1 && model.hitAt3 > $0.hitAt3 && model.ndcgAt10 > $0.ndcgAt10
        }
    }

    /// ``unsafeCasesByConstraint`` on one line, most frequent first (ties by name):
    /// "recovery 180, repeat 41, length 12".
    public func unsafeBreakdown() -> String {
        unsafeCasesByConstraint.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// A plain-text table for the terminal.
    public func table() -> String {
        func cell(_ value: Double) -> String { String(format: "%7.3f", value) }
        var lines = [
            "recommendations: \(cases) held-out sessions of \(users) members (hold-out \(holdOut)), "
                + "ranked against all \(catalogWorkouts) workouts",
            "ranker                      hit@1   hit@3  NDCG@10  violations@1",
        ]
        func add(_ rows: [Row]) {
            for row in rows {
                let name = row.name.padding(toLength: 26, withPad: " ", startingAt: 0)
                lines.append(
                    "\(name) \(cell(row.hitAt1)) \(cell(row.hitAt3)) \(cell(row.ndcgAt10))  \(row.violationsAt1)")
            }
        }
        add(rows)
        lines.append(
            "of which \(safeCases) held-out sessions break no hard constraint (\(cases - safeCases) do: "
                + "no safe suggestion can match them):")
        add(safeRows)
        if !unsafeCasesByConstraint.isEmpty {
            lines.append("unsafe held-out sessions by broken constraint: " + unsafeBreakdown())
        }
        lines.append(
            "model abstained (nothing fits): \(modelAbstentions); constraint violations: \(constraintViolations)")
        lines.append(
            "model beats every baseline: \(beatsEveryBaseline ? "yes" : "NO"); "
                + "on the sessions that break no hard constraint: \(beatsEveryBaselineOnSafeCases ? "yes" : "NO")")
        return lines.joined(separator: "\n")
    }
}
