import Foundation

extension PersonalState {
    /// Number of features (see ``PersonalWeights/featureNames``); the last two come from the
    /// library (program plan, library fit) and are 0 here.
    static let featureCount = 11

    /// What every candidate's features at one moment share, read from the state once: the
    /// moment, the signals' view of its day, the training age's fatigue half-life, the last
    /// training day's groups and the rows of what followed the last kinds.
    struct FeatureContext {
        let time: Double
        let day: Int
        let signals: SignalContext
        let halfLife: Double
        let lastGroups: UInt16
        /// `effective(totalFrequency) + smoothing × (kinds + 1)`: the frequency's denominator.
        let frequencyTotal: Double
        /// What followed the last kind (nil: no last kind), and its total.
        let follows: (row: [Int: Double]?, total: Double)?
        /// What followed the last two kinds (nil: fewer than two), and its total.
        let follows2: (row: [Int: Double]?, total: Double)?
        /// The flow lift of each pair (`l` a group of `lastGroups`, `g` one of the groups the
        /// candidates may train) at `l × groupCount + g`; empty when ``flowLift(_:last:)`` is 0
        /// for every candidate (no last training day, or no training yet).
        let flowLifts: [Double]
        /// The groups `flowLifts` covers.
        let flowGroups: UInt16
    }

    static let frequencySmoothing = 0.5

    /// The shared part of the features of a session at `time` on local day `day`, for candidates
    /// training among `groups` (bit i = ``MuscleGroups/coarseNames``[i]).
    func featureContext(time: Double, day: Int, groups: UInt16 = .max) -> FeatureContext {
        var follows: (row: [Int: Double]?, total: Double)?
        var follows2: (row: [Int: Double]?, total: Double)?
        if let last = lastKind {
            follows = (transitions[last], transitionTotals[last] ?? 0)
            if let previous = previousKind {
                let key = previous << 32 | last
                follows2 = (transitions2[key], transition2Totals[key] ?? 0)
            }
        }
        let lastGroups = lastDayGroups(before: day)
        // Each pair's lift once, not once per candidate that trains its group: the replay builds
        // a context for every session and scores every candidate against it.
        var flowLifts: [Double] = []
        if lastGroups != 0, groupSessions > 0 {
            flowLifts = [Double](repeating: 0, count: Self.groupCount * Self.groupCount)
            for g in 0..<Self.groupCount where groups & (1 << UInt16(g)) != 0 {
                for l in 0..<Self.groupCount where lastGroups & (1 << UInt16(l)) != 0 {
                    flowLifts[l * Self.groupCount + g] = flowLift(from: l, to: g)
                }
            }
        }
        return FeatureContext(
            time: time, day: day, signals: signalContext(day: day), halfLife: configuration.fatigue.halfLife(level),
            lastGroups: lastGroups,
            frequencyTotal: effective(totalFrequency) + Self.frequencySmoothing * Double(kinds.count + 1),
            follows: follows, follows2: follows2, flowLifts: flowLifts, flowGroups: groups)
    }

    /// The personal features of a candidate (a kind the person did, or nil for one they never
    /// did, with its coarse groups) at the context's moment.
    func features(kind: Int?, groups: UInt16, context: FeatureContext) -> [Double] {
        var f = [Double](repeating: 0, count: Self.featureCount)
        writeFeatures(into: &f, at: 0, kind: kind, groups: groups, context: context)
        return f
    }

    /// Writes the features of ``features(kind:groups:context:)`` into `f[base..<base + featureCount]`,
    /// which must be zero.
    func writeFeatures(into f: inout [Double], at base: Int, kind: Int?, groups: UInt16, context: FeatureContext) {
        let smoothing = Self.frequencySmoothing
        let p0 = (effective(kind.map { kinds[$0].frequency } ?? 0) + smoothing) / context.frequencyTotal
        var p = p0
        if let follows = context.follows {
            p = (effective(kind.flatMap { follows.row?[$0] } ?? 0) + 2 * p) / (effective(follows.total) + 2)
            if let follows2 = context.follows2 {
                p = (effective(kind.flatMap { follows2.row?[$0] } ?? 0) + 2 * p) / (effective(follows2.total) + 2)
            }
        }
        f[base] = log(p)
        f[base + 1] = log(p0)
        f[base + 2] = flowLiftMean(groups, context: context)
        var recoverySum = 0.0
        var deficit = 0.0
        var counted = 0.0
        for g in 0..<Self.groupCount where groups & Self.strengthMask & (1 << UInt16(g)) != 0 {
            let recovery = self.recovery(group: g, at: context.time, halfLife: context.halfLife)
            let usual =
                recoveryWeight[g] > 0 && effective(recoveryWeight[g]) >= 1
                ? self.recoverySum[g] / recoveryWeight[g] : 80
            recoverySum += recovery / 100
            deficit += max(0, usual - recovery) / 100
            counted += 1
        }
        f[base + 3] = counted > 0 ? recoverySum / counted : 1
        f[base + 4] = counted > 0 ? deficit / counted : 0
        let day = context.day
        if let kind, kinds[kind].count > 0 {
            // Read in place: a copy of the kind's stats would retain its arrays.
            let knownLastDay = kinds[kind].lastDay
            if knownLastDay >= day {
                f[base + 5] = -2
            } else {
                let since = Double(day - knownLastDay)
                let intervalWeight = kinds[kind].intervalWeight
                let interval =
                    intervalWeight > 0
                    ? kinds[kind].intervalSum / intervalWeight : Double(max(1, (lastDay ?? day) - (firstDay ?? day)))
                f[base + 5] = -abs(log((since + 1) / (interval + 1)))
            }
            f[base + 6] = log(
                (effective(kinds[kind].weekday[Self.weekday(day)]) + 0.3) / (effective(kinds[kind].frequency) + 2.1)
                    * 7)
        } else {
            f[base + 7] = 1
        }
        f[base + 10] = context.signals.dayPatternChance(groups)
    }

    /// How much more often than usual the candidate's groups followed the last training day's
    /// groups: the mean log lift over pairs, and the pair with the largest lift.
    func flowLift(_ groups: UInt16, day: Int) -> (mean: Double, best: (from: Int, to: Int, lift: Double)?) {
        flowLift(groups, last: lastDayGroups(before: day))
    }

    /// ``flowLift(_:day:)`` after a training day of groups `last`.
    func flowLift(_ groups: UInt16, last: UInt16) -> (mean: Double, best: (from: Int, to: Int, lift: Double)?) {
        guard last != 0, groups != 0, groupSessions > 0 else { return (0, nil) }
        var sum = 0.0
        var pairs = 0.0
        var best: (from: Int, to: Int, lift: Double)?
        for g in 0..<Self.groupCount where groups & (1 << UInt16(g)) != 0 {
            for l in 0..<Self.groupCount where last & (1 << UInt16(l)) != 0 {
                let lift = flowLift(from: l, to: g)
                sum += lift
                pairs += 1
                if effective(flow[l * Self.groupCount + g]) >= 2, lift > (best?.lift ?? 0) { best = (l, g, lift) }
            }
        }
        return (pairs > 0 ? sum / pairs : 0, best)
    }

    /// ``flowLift(_:last:)``'s mean from the context's table: the same lifts, summed in the same
    /// order, so the same value to the bit.
    func flowLiftMean(_ groups: UInt16, context: FeatureContext) -> Double {
        let last = context.lastGroups
        guard last != 0, groups != 0, groupSessions > 0 else { return 0 }
        assert(groups & ~context.flowGroups == 0, "a candidate's groups outside its feature context's")
        var sum = 0.0
        var pairs = 0.0
        for g in 0..<Self.groupCount where groups & (1 << UInt16(g)) != 0 {
            for l in 0..<Self.groupCount where last & (1 << UInt16(l)) != 0 {
                sum += context.flowLifts[l * Self.groupCount + g]
                pairs += 1
            }
        }
        return pairs > 0 ? sum / pairs : 0
    }

    /// How much more often than usual group `g` was trained the day after group `l`: the log of
    /// its smoothed share after `l` over its smoothed share of all sessions.
    private func flowLift(from l: Int, to g: Int) -> Double {
        let base = (effective(groupBase[g]) + 0.5) / (effective(groupSessions) + 1)
        let conditional = (effective(flow[l * Self.groupCount + g]) + base) / (effective(flowFrom[l]) + 1)
        return log(conditional / base)
    }

    /// The kinds a suggestion may be among: the person's titles done within
    /// ``PersonalWeights/titleRecencyDays``, and in any case their
    /// ``PersonalWeights/recentTitles`` most recently done ones (after a long break people take
    /// up their routine again); library workouts are candidates anyway. In kind order.
    func candidateTitles(day: Int) -> [Int] {
        let personal = configuration.personal
        var titles: [Int] = []
        for i in kinds.indices
        where kinds[i].libraryIndex == nil && kinds[i].count >= personal.minimumTitleCount && !isVague(kinds[i]) {
            titles.append(i)
        }
        // All of them are among the most recently done, or all were done within the recency.
        guard titles.count > personal.recentTitles,
            titles.contains(where: { day - kinds[$0].lastDay > personal.titleRecencyDays })
        else { return titles }
        let latest = Set(
            titles.sorted { (kinds[$0].lastDay, $1) > (kinds[$1].lastDay, $0) }.prefix(personal.recentTitles))
        return titles.filter { latest.contains($0) || day - kinds[$0].lastDay <= personal.titleRecencyDays }
    }

    /// One online step of the person's weights toward the session they did: the softmax over
    /// the kinds they had done, scored with the current weights, moves toward the features of
    /// what they did (their kind, or the kind closest in muscle groups when new). The signals'
    /// rewards are updated from the same candidates (``rewardSignals(_:target:named:groups:)``),
    /// without the session's own kind when it would not have been a candidate.
    ///
    /// It runs for every session replayed, so it keeps its candidates' features, scores and
    /// signal values in a few flat buffers rather than an array per candidate.
    mutating func learn(kind: SessionKind?, groups: UInt16, time: Double, day: Int) {
        guard kinds.count >= 2 else { return }
        let exact = kind.flatMap { kindIndex[$0] }
        var target = exact
        if target == nil, groups != 0 {
            var best = 0.5
            for i in kinds.indices {
                let likeness = MuscleGroups.jaccard(kinds[i].groups, groups)
                if likeness >= best {
                    best = likeness
                    target = i
                }
            }
        }
        let recency = configuration.personal.titleRecencyDays
        var eligible = [Bool](repeating: false, count: kinds.count)
        for i in candidateTitles(day: day) { eligible[i] = true }
        var candidates: [Int] = []
        for i in kinds.indices {
            if kinds[i].libraryIndex != nil && day - kinds[i].lastDay <= recency { eligible[i] = true }
            if eligible[i] || i == target { candidates.append(i) }
        }
        guard candidates.count >= 2 else { return }
        var candidateGroups: UInt16 = 0
        for candidate in candidates { candidateGroups |= kinds[candidate].groups }
        let context = featureContext(time: time, day: day, groups: candidateGroups)
        let width = Self.featureCount
        var features = [Double](repeating: 0, count: candidates.count * width)
        var scores = [Double](repeating: 0, count: candidates.count)
        for (i, candidate) in candidates.enumerated() {
            writeFeatures(
                into: &features, at: i * width, kind: candidate, groups: kinds[candidate].groups, context: context)
            // In the order of the sum over `zip(features, weights)` it replaces.
            var score = 0.0
            for j in 0..<min(width, weights.count) { score += features[i * width + j] * weights[j] }
            scores[i] = score
        }
        var judged = JudgedCandidates(capacity: candidates.count)
        for (i, candidate) in candidates.enumerated() where eligible[candidate] {
            judged.append(index: candidate, groups: kinds[candidate].groups, modelScore: scores[i])
            Self.writeSignalValues(
                into: &judged.values, at: (judged.count - 1) * Signal.count, groups: kinds[candidate].groups,
                features: features, featuresAt: i * width, modelScore: scores[i], context: context.signals,
                primaryLastDay: primaryLastDay)
        }
        var named = exact != nil
        if case .muscleGroups = kind { named = false }
        rewardSignals(judged, target: exact, named: named, groups: groups)
        guard let target, configuration.personal.learningRate > 0 else { return }
        var top = scores[0]
        for score in scores.dropFirst() { top = max(top, score) }
        var exps = scores
        var total = 0.0
        for i in exps.indices {
            exps[i] = exp(scores[i] - top)
            total += exps[i]
        }
        var gradient = [Double](repeating: 0, count: width)
        for (i, candidate) in candidates.enumerated() {
            let p = exps[i] / total
            let y = candidate == target ? 1.0 : 0.0
            for j in 0..<width { gradient[j] += (y - p) * features[i * width + j] }
        }
        let rate = configuration.personal.learningRate
        let pull = configuration.personal.priorPull
        let prior = configuration.personal.prior
        for j in 0..<width {
            weights[j] += rate * gradient[j] - pull * (weights[j] - prior[j])
        }
    }
}
