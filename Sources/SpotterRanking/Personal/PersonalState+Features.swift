import Foundation

extension PersonalState {
    /// Number of features (see ``PersonalWeights/featureNames``); the last two come from the
    /// library (program plan, library fit) and are 0 here.
    static let featureCount = 11

    /// The personal features of a candidate (a kind the person did, or nil for one they never
    /// did, with its coarse groups) for a session at `time` on local day `day`.
    func features(kind: Int?, groups: UInt16, time: Double, day: Int, context: SignalContext) -> [Double] {
        var f = [Double](repeating: 0, count: Self.featureCount)
        let known = kind.map { kinds[$0] }
        let smoothing = 0.5
        let p0 =
            (effective(known?.frequency ?? 0) + smoothing)
            / (effective(totalFrequency) + smoothing * Double(kinds.count + 1))
        var p = p0
        if let last = lastKind {
            let row = transitions[last]
            p = (effective(kind.flatMap { row?[$0] } ?? 0) + 2 * p) / (effective(transitionTotals[last] ?? 0) + 2)
            if let previous = previousKind {
                let key = previous << 32 | last
                let row2 = transitions2[key]
                p = (effective(kind.flatMap { row2?[$0] } ?? 0) + 2 * p) / (effective(transition2Totals[key] ?? 0) + 2)
            }
        }
        f[0] = log(p)
        f[1] = log(p0)
        f[2] = flowLift(groups, day: day).mean
        let level = self.level
        var recoverySum = 0.0
        var deficit = 0.0
        var counted = 0.0
        for g in 0..<Self.groupCount where groups & Self.strengthMask & (1 << UInt16(g)) != 0 {
            let recovery = self.recovery(group: g, at: time, level: level)
            let usual =
                recoveryWeight[g] > 0 && effective(recoveryWeight[g]) >= 1
                ? self.recoverySum[g] / recoveryWeight[g] : 80
            recoverySum += recovery / 100
            deficit += max(0, usual - recovery) / 100
            counted += 1
        }
        f[3] = counted > 0 ? recoverySum / counted : 1
        f[4] = counted > 0 ? deficit / counted : 0
        if let known, known.count > 0 {
            if known.lastDay >= day {
                f[5] = -2
            } else {
                let since = Double(day - known.lastDay)
                let interval =
                    known.intervalWeight > 0
                    ? known.intervalSum / known.intervalWeight : Double(max(1, (lastDay ?? day) - (firstDay ?? day)))
                f[5] = -abs(log((since + 1) / (interval + 1)))
            }
            f[6] = log((effective(known.weekday[Self.weekday(day)]) + 0.3) / (effective(known.frequency) + 2.1) * 7)
        } else {
            f[7] = 1
        }
        f[10] = context.dayPatternChance(groups)
        return f
    }

    /// How much more often than usual the candidate's groups followed the last training day's
    /// groups: the mean log lift over pairs, and the pair with the largest lift.
    func flowLift(_ groups: UInt16, day: Int) -> (mean: Double, best: (from: Int, to: Int, lift: Double)?) {
        let last = lastDayGroups(before: day)
        guard last != 0, groups != 0, groupSessions > 0 else { return (0, nil) }
        var sum = 0.0
        var pairs = 0.0
        var best: (from: Int, to: Int, lift: Double)?
        for g in 0..<Self.groupCount where groups & (1 << UInt16(g)) != 0 {
            let base = (effective(groupBase[g]) + 0.5) / (effective(groupSessions) + 1)
            for l in 0..<Self.groupCount where last & (1 << UInt16(l)) != 0 {
                let conditional =
                    (effective(flow[l * Self.groupCount + g]) + base) / (effective(flowFrom[l]) + 1)
                let lift = log(conditional / base)
                sum += lift
                pairs += 1
                if effective(flow[l * Self.groupCount + g]) >= 2, lift > (best?.lift ?? 0) { best = (l, g, lift) }
            }
        }
        return (pairs > 0 ? sum / pairs : 0, best)
    }

    /// The kinds a suggestion may be among: the person's titles done within
    /// ``PersonalWeights/titleRecencyDays``, and in any case their
    /// ``PersonalWeights/recentTitles`` most recently done ones (after a long break people take
    /// up their routine again); library workouts are candidates anyway.
    func candidateTitles(day: Int) -> [Int] {
        let personal = configuration.personal
        let titles = kinds.indices.filter {
            kinds[$0].libraryIndex == nil && kinds[$0].count >= personal.minimumTitleCount && !isVague(kinds[$0])
        }
        let latest = Set(
            titles.sorted { (kinds[$0].lastDay, $1) > (kinds[$1].lastDay, $0) }.prefix(personal.recentTitles))
        return titles.filter { latest.contains($0) || day - kinds[$0].lastDay <= personal.titleRecencyDays }
    }

    /// One online step of the person's weights toward the session they did: the softmax over
    /// the kinds they had done, scored with the current weights, moves toward the features of
    /// what they did (their kind, or the kind closest in muscle groups when new). The signals'
    /// rewards are updated from the same candidates (``rewardSignals(candidates:target:named:groups:)``),
    /// without the session's own kind when it would not have been a candidate.
    mutating func learn(kind: SessionKind?, groups: UInt16, time: Double, day: Int) {
        guard kinds.count >= 2 else { return }
        let exact = kind.flatMap { kindIndex[$0] }
        var target = exact
        if target == nil, groups != 0 {
            var best = 0.5
            for (i, stats) in kinds.enumerated() where MuscleGroups.jaccard(stats.groups, groups) >= best {
                best = MuscleGroups.jaccard(stats.groups, groups)
                target = i
            }
        }
        let recent = Set(candidateTitles(day: day))
        let eligible = Set(
            kinds.indices.filter {
                recent.contains($0)
                    || kinds[$0].libraryIndex != nil
                        && day - kinds[$0].lastDay <= configuration.personal.titleRecencyDays
            })
        let candidates = kinds.indices.filter { eligible.contains($0) || $0 == target }
        guard candidates.count >= 2 else { return }
        let context = signalContext(day: day)
        let features = candidates.map {
            self.features(kind: $0, groups: kinds[$0].groups, time: time, day: day, context: context)
        }
        let scores = features.map { zip($0, weights).reduce(0) { $0 + $1.0 * $1.1 } }
        var judged: [(index: Int, groups: UInt16, values: [Double?], modelScore: Double)] = []
        for (i, candidate) in candidates.enumerated() where eligible.contains(candidate) {
            let values = signalValues(
                groups: kinds[candidate].groups, features: features[i], modelScore: scores[i], context: context)
            judged.append((candidate, kinds[candidate].groups, values, scores[i]))
        }
        var named = exact != nil
        if case .muscleGroups = kind { named = false }
        rewardSignals(candidates: judged, target: exact, named: named, groups: groups)
        guard let target, configuration.personal.learningRate > 0 else { return }
        let top = scores.max() ?? 0
        let exps = scores.map { exp($0 - top) }
        let total = exps.reduce(0, +)
        var gradient = [Double](repeating: 0, count: Self.featureCount)
        for (i, candidate) in candidates.enumerated() {
            let p = exps[i] / total
            let y = candidate == target ? 1.0 : 0.0
            for j in 0..<Self.featureCount { gradient[j] += (y - p) * features[i][j] }
        }
        let rate = configuration.personal.learningRate
        let pull = configuration.personal.priorPull
        let prior = configuration.personal.prior
        for j in 0..<Self.featureCount {
            weights[j] += rate * gradient[j] - pull * (weights[j] - prior[j])
        }
    }
}
