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

    /// How many there are.
    static let count = allCases.count
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

    /// Whole days since the least rested of `groups` was a primary group (`primaryLastDay`:
    /// the day each group was last primary), counting only the groups the person has trained (at
    /// most 90); nil when they trained none of them.
    static func restedDays(_ groups: UInt16, day: Int, primaryLastDay: [Int?]) -> Double? {
        var least: Int?
        for g in 0..<groupCount where groups & (1 << UInt16(g)) != 0 {
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
    /// count spread over how often each pattern was trained. In pattern order.
    func nextDayPatterns(day: Int) -> [(pattern: UInt16, chance: Double)] {
        var last = lastDayPattern
        // The latest day, when it is not closed yet, is the last day, and it counts.
        var current: UInt16 = 0
        if let currentDay, currentDay < day {
            current = SessionWork.primary(dayVolume)
            if current != 0 { last = current }
        }
        // Counts are whole numbers: their sums are exact in any order.
        let total = dayPatternTotal + (current != 0 ? 1 : 0)
        guard total > 0 else { return [] }
        var row: [UInt16: Double]?
        if last != 0 {
            let source =
                dayPatternFollows[last] != nil
                ? last
                : dayPatternFollows.keys.max {
                    (MuscleGroups.jaccard($0, last), $1) < (MuscleGroups.jaccard($1, last), $0)
                }
            row = source.flatMap { dayPatternFollows[$0] }
        }
        let rowTotal = row?.values.reduce(0, +) ?? 0
        var result: [(pattern: UInt16, chance: Double)] = []
        result.reserveCapacity(dayPatternKeys.count + 1)
        func add(_ pattern: UInt16, _ count: Double) {
            result.append((pattern, ((row?[pattern] ?? 0) + count / total) / (rowTotal + 1)))
        }
        var currentAdded = current == 0
        for (i, pattern) in dayPatternKeys.enumerated() {
            if !currentAdded && current < pattern {
                add(current, 1)
                currentAdded = true
            }
            add(pattern, dayPatternCounts[i] + (pattern == current ? 1 : 0))
            if pattern == current { currentAdded = true }
        }
        if !currentAdded { add(current, 1) }
        return result
    }

    /// Counts a closed training day's pattern.
    mutating func countDayPattern(_ pattern: UInt16) {
        var low = 0
        var high = dayPatternKeys.count
        while low < high {
            let middle = (low + high) / 2
            if dayPatternKeys[middle] < pattern { low = middle + 1 } else { high = middle }
        }
        if low < dayPatternKeys.count && dayPatternKeys[low] == pattern {
            dayPatternCounts[low] += 1
        } else {
            dayPatternKeys.insert(pattern, at: low)
            dayPatternCounts.insert(1, at: low)
        }
        dayPatternTotal += 1
    }

    /// Each signal's value for one candidate (higher is better; nil: the signal says nothing).
    func signalValues(groups: UInt16, features: [Double], modelScore: Double, context: SignalContext) -> [Double?] {
        var values = [Double?](repeating: nil, count: Signal.count)
        Self.writeSignalValues(
            into: &values, at: 0, groups: groups, features: features, featuresAt: 0, modelScore: modelScore,
            context: context, primaryLastDay: primaryLastDay)
        return values
    }

    /// Writes ``signalValues(groups:features:modelScore:context:)`` into
    /// `values[base..<base + Signal.count]`, from the features at `features[featuresBase...]` and
    /// the days each group was last primary. Static, taking the one array it reads: as a method
    /// called from the replay's inner loop (``learn(kind:groups:time:day:)``), every call copied
    /// the whole state and destroyed the copy (5.7 % of a 10k next night's worker samples).
    static func writeSignalValues(
        into values: inout [Double?], at base: Int, groups: UInt16, features: [Double], featuresAt featuresBase: Int,
        modelScore: Double, context: SignalContext, primaryLastDay: [Int?]
    ) {
        values[base + Signal.model.rawValue] = modelScore
        values[base + Signal.follows.rawValue] = features[featuresBase]
        values[base + Signal.frequency.rawValue] = features[featuresBase + 1]
        values[base + Signal.weekday.rawValue] =
            context.weekday == 0 ? nil : MuscleGroups.jaccard(groups, context.weekday)
        values[base + Signal.rested.rawValue] = Self.restedDays(
            groups, day: context.day, primaryLastDay: primaryLastDay)
        values[base + Signal.muscleFlow.rawValue] = features[featuresBase + 2]
        values[base + Signal.dayPatterns.rawValue] = context.nextPatterns.isEmpty ? nil : features[featuresBase + 10]
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
    ///
    /// Ranks by one sort of the candidates holding a value per signal: equal values share a
    /// rank, as they would in a set of the distinct values (0 and -0 among them).
    func combined(_ values: [[Double?]]) -> [Double] {
        let weights = signalWeights
        var scores = [Double](repeating: 0, count: values.count)
        var held: [(value: Double, candidate: Int)] = []
        held.reserveCapacity(values.count)
        for signal in Signal.allCases.indices {
            held.removeAll(keepingCapacity: true)
            for (c, row) in values.enumerated() {
                if let value = row[signal], !value.isNaN { held.append((value, c)) }
            }
            held.sort { $0.value > $1.value }
            var rank = -1
            var previous = Double.nan
            for entry in held {
                if entry.value != previous {
                    rank += 1
                    previous = entry.value
                }
                scores[entry.candidate] += weights[signal] / Double(1 + rank)
            }
        }
        return scores
    }

    /// The candidates one session's signals are judged on: per candidate its kind index, groups,
    /// model score and each signal's value, in flat arrays (``learn(kind:groups:time:day:)``
    /// fills one per session replayed).
    struct JudgedCandidates {
        var indices: [Int] = []
        var groups: [UInt16] = []
        var modelScores: [Double] = []
        /// `Signal.count` per candidate.
        var values: [Double?] = []

        init(capacity: Int) {
            indices.reserveCapacity(capacity)
            groups.reserveCapacity(capacity)
            modelScores.reserveCapacity(capacity)
            values.reserveCapacity(capacity * Signal.count)
        }

        var count: Int { indices.count }

        /// Adds a candidate; its signal values are then written at `values[count × Signal.count…]`
        /// (see ``PersonalState/writeSignalValues(into:at:groups:features:featuresAt:modelScore:context:primaryLastDay:)``).
        mutating func append(index: Int, groups: UInt16, modelScore: Double) {
            indices.append(index)
            self.groups.append(groups)
            modelScores.append(modelScore)
            values.append(contentsOf: repeatElement(nil, count: Signal.count))
        }

        /// Whether candidate `a` ranks above candidate `b` for `signal` (both with a value):
        /// higher value, then higher model score, then lower kind index.
        func ranksAbove(_ a: Int, _ b: Int, signal: Int) -> Bool {
            let (x, y) = (values[a * Signal.count + signal]!, values[b * Signal.count + signal]!)
            if x != y { return x > y }
            if modelScores[a] != modelScores[b] { return modelScores[a] > modelScores[b] }
            return indices[a] < indices[b]
        }

        /// The (up to) three best candidates for `signal` among those with a value, best first:
        /// the first three of them sorted by ``ranksAbove(_:_:signal:)``, found in one pass.
        func topThree(signal: Int) -> (count: Int, first: Int, second: Int, third: Int) {
            var top = (count: 0, first: -1, second: -1, third: -1)
            for c in 0..<count where values[c * Signal.count + signal] != nil {
                if top.count == 0 || ranksAbove(c, top.first, signal: signal) {
                    top = (min(3, top.count + 1), c, top.first, top.second)
                } else if top.count == 1 || ranksAbove(c, top.second, signal: signal) {
                    top = (min(3, top.count + 1), top.first, c, top.second)
                } else if top.count == 2 || ranksAbove(c, top.third, signal: signal) {
                    top = (3, top.first, top.second, c)
                }
            }
            return top
        }
    }

    /// Rewards each signal by how its top three among `candidates` matched the session the
    /// person did (`target` kind, when named, and its `groups`).
    mutating func rewardSignals(_ candidates: JudgedCandidates, target: Int?, named: Bool, groups: UInt16) {
        let decay = configuration.personal.signalDecay
        for signal in 0..<Signal.count {
            let top = candidates.topThree(signal: signal)
            func pick(_ k: Int) -> Int { k == 0 ? top.first : k == 1 ? top.second : top.third }
            var outcomes = 0
            var hits = 0
            if named {
                outcomes += 2
                if top.count > 0 && candidates.indices[top.first] == target { hits += 1 }
                if (0..<top.count).contains(where: { candidates.indices[pick($0)] == target }) { hits += 1 }
            }
            if groups != 0 {
                outcomes += 2
                func matches(_ k: Int) -> Bool { MuscleGroups.jaccard(candidates.groups[pick(k)], groups) >= 0.5 }
                if top.count > 0 && matches(0) { hits += 1 }
                if (0..<top.count).contains(where: matches) { hits += 1 }
            }
            guard outcomes > 0 else { continue }
            let reward = Double(hits) / Double(outcomes)
            signalRewards[signal] = decay * signalRewards[signal] + reward
        }
    }
}
