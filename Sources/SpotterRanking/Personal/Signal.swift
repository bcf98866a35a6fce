import Foundation

/// The signals the daily suggestion weighs per person. Each ranks the candidates alone; the
/// person's own past decides how much each counts (``PersonalState/signalWeights``): after every
/// session, each signal's top three among the person's own kinds are scored against what they
/// did (the kind, when it has a name, and the muscle groups, Jaccard ≥ 0.5), and its reward
/// decays by ``PersonalWeights/signalDecay`` per session. So a person whose titles rotate in
/// their own way, whose sessions have no names, or who trains whatever rested longest is ranked
/// by what has predicted them, never by what predicts the average person.
public enum Signal: Int, CaseIterable, Sendable {
    /// The learned feature score (``PersonalWeights/featureNames``, program order included).
    case model
    /// What usually follows the last session (first and second order).
    case follows
    /// What the person does most often.
    case frequency
    /// The groups trained on the same weekday in the last four weeks (latest first).
    case weekday
    /// The groups rested longest (whole local days since each was a primary group).
    case rested
    /// The groups that usually follow the last training day's, group by group (the split).
    case muscleFlow
    /// The day patterns that usually follow the last training day's pattern: the chance that
    /// the next day's primary groups match the candidate's (Jaccard ≥ 0.5).
    case dayPatterns

    /// Its name in reasons and tables.
    public var name: String {
        switch self {
        case .model: "learned model"
        case .follows: "what usually follows"
        case .frequency: "most done"
        case .weekday: "weekday habit"
        case .rested: "rested longest"
        case .muscleFlow: "groups that usually follow"
        case .dayPatterns: "day patterns that usually follow"
        }
    }
}

extension PersonalState {
    /// The groups of the latest training day on `day`'s weekday within
    /// ``weekdayLookbackDays`` days, or 0.
    func weekdayGroups(day: Int) -> UInt16 {
        for past in trainingDays.reversed() where past.day < day && (day - past.day) % 7 == 0 {
            return past.groups
        }
        return 0
    }

    /// Whole days since the least rested of `groups` was a primary group, counting only the
    /// groups the person has trained (at most 90); nil when they trained none of them.
    func restedDays(_ groups: UInt16, day: Int) -> Double? {
        var least: Int?
        for g in 0..<Self.groupCount where groups & (1 << UInt16(g)) != 0 {
            if let last = primaryLastDay[g] { least = min(least ?? 90, max(0, day - last)) }
        }
        return least.map(Double.init)
    }

    /// What the signals read once per day: the weekday's groups, and the chance of each day
    /// pattern coming next.
    struct SignalContext {
        let day: Int
        let weekday: UInt16
        let nextPatterns: [(pattern: UInt16, chance: Double)]

        /// The chance that the next day's primary groups match `groups` (Jaccard ≥ 0.5); 0
        /// without any day pattern yet.
        func dayPatternChance(_ groups: UInt16) -> Double {
            nextPatterns.reduce(0) { $0 + (MuscleGroups.jaccard(groups, $1.pattern) >= 0.5 ? $1.chance : 0) }
        }
    }

    /// The signals' view of local day `day`.
    func signalContext(day: Int) -> SignalContext {
        SignalContext(day: day, weekday: weekdayGroups(day: day), nextPatterns: nextDayPatterns(day: day))
    }

    /// The chance of each of the person's day patterns coming next: what followed the last
    /// training day's pattern (or the most alike pattern that has followers), smoothed by one
    /// count spread over how often each pattern was trained.
    func nextDayPatterns(day: Int) -> [(pattern: UInt16, chance: Double)] {
        var counts = dayPatterns
        var last = lastDayPattern
        if let currentDay, currentDay < day {
            // The latest day is not closed yet: it is the last day, and it counts.
            let current = SessionWork.primary(dayVolume)
            if current != 0 {
                counts[current, default: 0] += 1
                last = current
            }
        }
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return [] }
        var row: [UInt16: Double] = [:]
        if last != 0 {
            let source =
                dayPatternFollows[last] != nil
                ? last
                : dayPatternFollows.keys.max {
                    (MuscleGroups.jaccard($0, last), $1) < (MuscleGroups.jaccard($1, last), $0)
                }
            row = source.flatMap { dayPatternFollows[$0] } ?? [:]
        }
        let rowTotal = row.values.reduce(0, +)
        return counts.keys.sorted().map { pattern in
            (pattern, ((row[pattern] ?? 0) + counts[pattern]! / total) / (rowTotal + 1))
        }
    }

    /// Each signal's value for one candidate (higher is better; nil: the signal says nothing).
    func signalValues(groups: UInt16, features: [Double], modelScore: Double, context: SignalContext) -> [Double?] {
        let next = context.nextPatterns.isEmpty ? nil : features[10]
        return [
            modelScore, features[0], features[1],
            context.weekday == 0 ? nil : MuscleGroups.jaccard(groups, context.weekday),
            restedDays(groups, day: context.day), features[2], next,
        ]
    }

    /// The weight of each signal: a softmax of the rewards (``PersonalWeights/signalRate``),
    /// the learned model starting ahead by ``PersonalWeights/modelLead``.
    public var signalWeights: [Double] {
        let personal = configuration.personal
        let logits = Signal.allCases.map {
            personal.signalRate * signalRewards[$0.rawValue] + ($0 == .model ? personal.modelLead : 0)
        }
        let top = logits.max() ?? 0
        let exps = logits.map { exp($0 - top) }
        let total = exps.reduce(0, +)
        return exps.map { $0 / total }
    }

    /// Combines the signals' values of every candidate into one score each: the weighted sum of
    /// each signal's 1 ÷ (1 + dense rank) among the candidates (a signal with no value for a
    /// candidate gives it nothing).
    func combined(_ values: [[Double?]]) -> [Double] {
        let weights = signalWeights
        var scores = [Double](repeating: 0, count: values.count)
        for signal in Signal.allCases.indices {
            let distinct = Set(values.compactMap { $0[signal] }).sorted(by: >)
            guard !distinct.isEmpty else { continue }
            var rank: [Double: Int] = [:]
            for (i, value) in distinct.enumerated() { rank[value] = i }
            for (c, row) in values.enumerated() {
                guard let value = row[signal], let r = rank[value] else { continue }
                scores[c] += weights[signal] / Double(1 + r)
            }
        }
        return scores
    }

    /// Rewards each signal by how its top three among `candidates` (kind index, groups, values)
    /// matched the session the person did (`target` kind, when named, and its `groups`).
    mutating func rewardSignals(
        candidates: [(index: Int, groups: UInt16, values: [Double?], modelScore: Double)], target: Int?,
        named: Bool, groups: UInt16
    ) {
        let decay = configuration.personal.signalDecay
        for signal in Signal.allCases.indices {
            let ranked = candidates.filter { $0.values[signal] != nil }.sorted {
                let (a, b) = ($0.values[signal]!, $1.values[signal]!)
                if a != b { return a > b }
                if $0.modelScore != $1.modelScore { return $0.modelScore > $1.modelScore }
                return $0.index < $1.index
            }
            var outcomes: [Bool] = []
            if named {
                outcomes.append(ranked.first?.index == target)
                outcomes.append(ranked.prefix(3).contains { $0.index == target })
            }
            if groups != 0 {
                let hits = ranked.prefix(3).map { MuscleGroups.jaccard($0.groups, groups) >= 0.5 }
                outcomes.append(hits.first ?? false)
                outcomes.append(hits.contains(true))
            }
            guard !outcomes.isEmpty else { continue }
            let reward = Double(outcomes.filter { $0 }.count) / Double(outcomes.count)
            signalRewards[signal] = decay * signalRewards[signal] + reward
        }
    }
}
