/// The simple rankers the model is compared with, over the person's own past only, updated day
/// by day like the model: "most popular" (their most done kinds), "repeat last" (most recently
/// done first), "what usually follows" (what followed their last kind, most often first, then
/// most popular), "least recently trained" (the kind whose muscle groups rested longest).
/// Each ranks the kinds the person did; ties break by kind.
struct EvaluationBaselines {
    static let names = ["most popular", "repeat last", "what usually follows", "least recently trained"]

    struct Item {
        var count = 0
        var lastTime = -Double.infinity
        var groups: UInt16 = 0
        var volume = [Double](repeating: 0, count: PersonalState.groupCount)
    }

    private(set) var items: [SessionKind: Item] = [:]
    private var follows: [SessionKind: [SessionKind: Int]] = [:]
    private var last: SessionKind?
    private var groupLast = [Double](repeating: -Double.infinity, count: PersonalState.groupCount)

    /// Counts a session (in time order).
    mutating func append(kind: SessionKind?, work: SessionWork, libraryGroups: UInt16?, time: Double) {
        for g in 0..<PersonalState.groupCount where work.groups & (1 << UInt16(g)) != 0 { groupLast[g] = time }
        guard let kind else { return }
        var item = items[kind] ?? Item()
        item.count += 1
        item.lastTime = max(item.lastTime, time)
        if let libraryGroups {
            item.groups = libraryGroups
        } else {
            for g in 0..<PersonalState.groupCount { item.volume[g] += work.volume[g] }
            item.groups = SessionWork.primary(item.volume)
        }
        items[kind] = item
        if let last { follows[last, default: [:]][kind, default: 0] += 1 }
        last = kind
    }

    /// The four rankings (top `depth` kinds each), in ``names`` order.
    func rankings(now: Double, depth: Int) -> [[SessionKind]] {
        let kinds = items.keys.sorted()
        let popular = kinds.sorted { (items[$0]!.count, $1) > (items[$1]!.count, $0) }
        let recent = kinds.sorted { (items[$0]!.lastTime, $1) > (items[$1]!.lastTime, $0) }
        var next: [SessionKind] = []
        if let last, let row = follows[last] {
            next = row.keys.sorted {
                let (a, b) = (row[$0]!, row[$1]!)
                if a != b { return a > b }
                if items[$0]!.lastTime != items[$1]!.lastTime { return items[$0]!.lastTime > items[$1]!.lastTime }
                return $0 < $1
            }
        }
        for kind in popular where !next.contains(kind) { next.append(kind) }
        func rest(_ kind: SessionKind) -> Double {
            let groups = items[kind]!.groups
            var least = Double.infinity
            for g in 0..<PersonalState.groupCount where groups & (1 << UInt16(g)) != 0 {
                least = min(least, now - groupLast[g])
            }
            return least
        }
        let rested = kinds.sorted {
            let (a, b) = (rest($0), rest($1))
            if a != b { return a > b }
            if items[$0]!.lastTime != items[$1]!.lastTime { return items[$0]!.lastTime < items[$1]!.lastTime }
            return $0 < $1
        }
        return [popular, recent, next, rested].map { Array($0.prefix(depth)) }
    }

    /// The muscle groups of a kind the person did.
    func groups(of kind: SessionKind) -> UInt16 { items[kind]?.groups ?? 0 }
}
