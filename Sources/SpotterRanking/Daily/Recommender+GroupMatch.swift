import Foundation

extension PersonalState {
    /// The share of the person's sessions, recency-weighted like every count here, that had no
    /// name (or a vague one) and so count by their day pattern (``SessionKind/muscleGroups(_:)``);
    /// 0 before any session.
    var unnamedShare: Double {
        guard totalFrequency > 0 else { return 0 }
        var unnamed = 0.0
        for stats in kinds {
            if case .muscleGroups = stats.kind { unnamed += stats.frequency }
        }
        return unnamed / totalFrequency
    }

    /// Whether the suggestion can only meet this person by muscle groups: most of their sessions
    /// have no name (``unnamedShare`` at least a half), and the learned model is the signal that
    /// has predicted them best (its weight the largest, ``signalWeights``), so its chances are
    /// the ones to trust.
    var judgedByGroups: Bool {
        guard unnamedShare >= 0.5 else { return false }
        let weights = signalWeights
        return weights[Signal.model.rawValue] >= (weights.max() ?? 0)
    }
}

extension Recommender {
    /// For a person judged by muscle groups (``PersonalState/judgedByGroups``), the first three
    /// candidates are the person's own day patterns most likely to match what they train next,
    /// not the three most likely patterns: the learned model's chance of each candidate (a
    /// softmax of its scores over every safe candidate) is pooled over the candidates whose
    /// groups a pattern matches (Jaccard ≥ 0.5, as the muscle level is judged), and each of the
    /// three is the pattern adding the most chance not already matched by those before it.
    ///
    /// A person whose day type varies ("quads + glutes" one leg day, "quads + hamstrings + glutes
    /// + calves" the next, core on a third) spreads the model's chance over the variants; the
    /// single likeliest variant then matches fewer of the likely days than the variant the others
    /// overlap. Only the person's own patterns are picked (a catalog workout spanning two day
    /// types would match either by half); the rest follow in the combined order. Every candidate
    /// already passed the hard constraints, so the order changes, never what may be suggested.
    /// Each keeps its combined score, so the first three's scores need not descend.
    static func orderedByGroupMatch(_ ranked: [Candidate]) -> [Candidate] {
        let own = ranked.indices.filter { ranked[$0].libraryIndex == nil }
        guard own.count > 1, let top = ranked.map(\.modelScore).max() else { return ranked }
        var chances = ranked.map { exp($0.modelScore - top) }
        let total = chances.reduce(0, +)
        for i in chances.indices { chances[i] /= total }
        // Per own pattern, the candidates its groups match.
        let matches = own.map { i in
            ranked.indices.filter { MuscleGroups.jaccard(ranked[i].groups, ranked[$0].groups) >= 0.5 }
        }
        var matched = [Bool](repeating: false, count: ranked.count)
        var left = Array(own.indices)
        var picks: [Int] = []
        while picks.count < 3, !left.isEmpty {
            // The largest unmatched chance; ties keep the combined order (`left` is in it).
            var best = left[0]
            var bestGain = -1.0
            for o in left {
                var gain = 0.0
                for c in matches[o] where !matched[c] { gain += chances[c] }
                if gain > bestGain {
                    best = o
                    bestGain = gain
                }
            }
            picks.append(own[best])
            for c in matches[best] { matched[c] = true }
            left.removeAll { $0 == best }
        }
        let picked = Set(picks)
        return picks.map { ranked[$0] } + ranked.indices.filter { !picked.contains($0) }.map { ranked[$0] }
    }
}
