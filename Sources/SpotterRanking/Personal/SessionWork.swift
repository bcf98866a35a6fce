/// One session's work per coarse muscle group (``MuscleGroups/coarseNames``): the working sets,
/// the fatigue load, and the primary groups. From the session's sets when it has any; else from
/// its library workout's primary muscle groups (one set each, load
/// ``Fatigue/loadWithoutSets`` × intensity ÷ 3); else nothing.
struct SessionWork: Sendable {
    var volume = [Double](repeating: 0, count: PersonalState.groupCount)
    var load = [Double](repeating: 0, count: PersonalState.groupCount)
    var groups: UInt16 = 0
    /// Every group with any work (primary or not).
    var trained: UInt16 = 0

    // Borrowed: an initializer takes its arguments owned, so the caller copied the whole library
    // (retaining its arrays) for every session replayed.
    init(_ session: borrowing PastSession, library: borrowing TrainingLibrary, fatigue: Fatigue) {
        if !session.work.isEmpty {
            for work in session.work {
                let mask = MuscleGroups.coarseMask(ofName: work.group)
                let count = Double(max(1, mask.nonzeroBitCount))
                for g in 0..<PersonalState.groupCount where mask & (1 << UInt16(g)) != 0 {
                    volume[g] += work.sets / count
                    load[g] += work.load / count
                }
            }
            groups = Self.primary(volume)
            for g in 0..<PersonalState.groupCount where volume[g] > 0 { trained |= 1 << UInt16(g) }
        } else if let id = session.workoutID, let index = library.workoutIndexByID[id] {
            // Read in place: a copy of the indexed workout would retain its arrays.
            groups = library.workouts[index].coarseGroups
            let perGroup = fatigue.loadWithoutSets * Double(library.workouts[index].intensity) / 3
            for g in 0..<PersonalState.groupCount where groups & (1 << UInt16(g)) != 0 {
                volume[g] = 1
                load[g] = perGroup
            }
            trained = groups
        }
    }

    /// The primary groups of a volume: those with at least 40 % of the largest, four at most
    /// (by volume, then in ``MuscleGroups/coarseNames`` order).
    static func primary(_ volume: [Double]) -> UInt16 {
        guard let top = volume.max(), top > 0 else { return 0 }
        var mask: UInt16 = 0
        for g in volume.indices where volume[g] >= 0.4 * top { mask |= 1 << UInt16(g) }
        // More than four: drop the smallest (the later group among equals) until four are left.
        while mask.nonzeroBitCount > 4 {
            var smallest = -1
            for g in volume.indices where mask & (1 << UInt16(g)) != 0 {
                if smallest < 0 || volume[g] <= volume[smallest] { smallest = g }
            }
            mask &= ~(1 << UInt16(smallest))
        }
        return mask
    }
}
