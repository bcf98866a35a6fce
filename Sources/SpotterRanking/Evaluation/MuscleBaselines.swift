/// The simple rankers that need no session names, over the person's own past training days only
/// (each day's primary coarse muscle groups, as the evaluation scores them): "groups rested
/// longest" (the person's day patterns whose groups rested longest), "same weekday last week"
/// (the groups trained on this weekday one, two, three … weeks ago, latest first), "groups that
/// usually follow" (the day patterns that followed the last day's pattern, most often first, then
/// the most frequent patterns). They rank muscle-group sets, so they are scored at the muscle
/// level only. A day pattern is a candidate once the person trained it on two days (all of them
/// while none has been); ties break by the latest day, then by the groups.
struct MuscleBaselines {
    static let names = ["groups rested longest", "same weekday last week", "groups that usually follow"]

    struct Pattern {
        var days = 0
        var lastDay = Int.min
    }

    private(set) var patterns: [UInt16: Pattern] = [:]
    private var follows: [UInt16: [UInt16: Int]] = [:]
    private var lastGroups: UInt16 = 0
    private var groupLastDay = [Int](repeating: Int.min, count: PersonalState.groupCount)
    /// (day, groups) of every training day with groups, in time order.
    private var history: [(day: Int, groups: UInt16)] = []

    /// Counts one training day (in time order) by its primary groups.
    mutating func append(day: Int, groups: UInt16) {
        guard groups != 0 else { return }
        var pattern = patterns[groups] ?? Pattern()
        pattern.days += 1
        pattern.lastDay = day
        patterns[groups] = pattern
        if lastGroups != 0 { follows[lastGroups, default: [:]][groups, default: 0] += 1 }
        lastGroups = groups
        for g in 0..<PersonalState.groupCount where groups & (1 << UInt16(g)) != 0 { groupLastDay[g] = day }
        history.append((day, groups))
    }

    /// The three rankings (top `depth` group sets each) for local day `day`, in ``names`` order.
    func rankings(day: Int, depth: Int) -> [[UInt16]] {
        let repeated = patterns.keys.filter { patterns[$0]!.days >= 2 }
        let candidates = (repeated.isEmpty ? Array(patterns.keys) : repeated).sorted()
        func later(_ a: UInt16, _ b: UInt16) -> Bool {
            let (x, y) = (patterns[a]!.lastDay, patterns[b]!.lastDay)
            return x != y ? x > y : a < b
        }
        func rest(_ groups: UInt16) -> Int {
            var least = Int.max
            for g in 0..<PersonalState.groupCount where groups & (1 << UInt16(g)) != 0 {
                least = min(least, groupLastDay[g] == Int.min ? Int.max : day - groupLastDay[g])
            }
            return least
        }
        let rested = candidates.sorted {
            let (a, b) = (rest($0), rest($1))
            return a != b ? a > b : later($1, $0)
        }
        var weekday: [UInt16] = []
        for past in history.reversed() where past.day < day && (day - past.day) % 7 == 0 {
            if !weekday.contains(past.groups) { weekday.append(past.groups) }
            if weekday.count == depth { break }
        }
        let popular = candidates.sorted {
            let (a, b) = (patterns[$0]!.days, patterns[$1]!.days)
            return a != b ? a > b : later($0, $1)
        }
        var next: [UInt16] = []
        if lastGroups != 0 {
            // The last day's own row, else the row of the most similar pattern that has one.
            let source =
                follows[lastGroups] != nil
                ? lastGroups
                : follows.keys.sorted().max {
                    (MuscleGroups.jaccard($0, lastGroups), $1) < (MuscleGroups.jaccard($1, lastGroups), $0)
                }
            if let source, let row = follows[source] {
                next = row.keys.sorted {
                    let (a, b) = (row[$0]!, row[$1]!)
                    return a != b ? a > b : later($0, $1)
                }
            }
        }
        for groups in popular where !next.contains(groups) { next.append(groups) }
        return [rested, weekday, next].map { Array($0.prefix(depth)) }
    }
}
