import Foundation

/// The simple rankers the model is compared with. Each returns its top `depth` workout ids;
/// when its own signal runs out it fills with the most popular workouts.
struct EvaluationBaselines {
    static let names = ["most popular", "repeat last", "what usually follows", "least recently trained"]

    let catalog: Catalog
    /// All workout ids, most done first (ties by id), from the sessions before each hold-out.
    let popular: [Int64]
    let depth: Int

    func rankings(prior: [PastSession], now: Double) -> [[Int64]] {
        let known = prior.compactMap { session -> (time: Double, index: Int)? in
            guard let id = session.workoutID, let index = catalog.workoutIndexByID[id] else { return nil }
            return (session.startedAt.timeIntervalSince1970, index)
        }
        return [
            popular.prefix(depth).map { $0 }, repeatLast(known), transitions(known),
            leastRecentlyTrained(known, now: now),
        ]
    }

    private func filled(_ ids: [Int64]) -> [Int64] {
        var result: [Int64] = []
        var seen = Set<Int64>()
        for id in ids + popular where result.count < depth && seen.insert(id).inserted { result.append(id) }
        return result
    }

    /// The member's own workouts, most recent first.
    private func repeatLast(_ known: [(time: Double, index: Int)]) -> [Int64] {
        filled(known.reversed().map { catalog.workouts[$0.index].workout.id })
    }

    /// What followed the last workout in this member's history, most often first (then most
    /// recently, then id).
    private func transitions(_ known: [(time: Double, index: Int)]) -> [Int64] {
        guard let last = known.last?.index else { return filled([]) }
        var counts: [Int: (count: Int, lastSeen: Double)] = [:]
        for (previous, next) in zip(known, known.dropFirst()) where previous.index == last {
            let current = counts[next.index] ?? (0, -.infinity)
            counts[next.index] = (current.count + 1, max(current.lastSeen, next.time))
        }
        let ranked = counts.keys.sorted { a, b in
            let (x, y) = (counts[a]!, counts[b]!)
            if x.count != y.count { return x.count > y.count }
            if x.lastSeen != y.lastSeen { return x.lastSeen > y.lastSeen }
            return catalog.workouts[a].workout.id < catalog.workouts[b].workout.id
        }
        return filled(ranked.map { catalog.workouts[$0].workout.id })
    }

    /// Workouts of the programs the member trained in, longest-rested muscles first (then the
    /// workout done least recently, then id).
    private func leastRecentlyTrained(_ known: [(time: Double, index: Int)], now: Double) -> [Int64] {
        var muscleLast = Array(repeating: -Double.infinity, count: catalog.muscleNames.count)
        var workoutLast = Array(repeating: -Double.infinity, count: catalog.workouts.count)
        var programs = Set<Int>()
        for session in known {
            workoutLast[session.index] = session.time
            programs.insert(catalog.workouts[session.index].programIndex)
            for muscle in catalog.workouts[session.index].muscles { muscleLast[muscle] = session.time }
        }
        let candidates = catalog.workouts.indices.filter { programs.contains(catalog.workouts[$0].programIndex) }
        func rest(_ index: Int) -> Double {
            catalog.workouts[index].muscles.map { now - muscleLast[$0] }.min() ?? .infinity
        }
        let ranked = candidates.map { (index: $0, rest: rest($0)) }.sorted { a, b in
            if a.rest != b.rest { return a.rest > b.rest }
            if workoutLast[a.index] != workoutLast[b.index] { return workoutLast[a.index] < workoutLast[b.index] }
            return catalog.workouts[a.index].workout.id < catalog.workouts[b.index].workout.id
        }
        return filled(ranked.map { catalog.workouts[$0.index].workout.id })
    }
}
