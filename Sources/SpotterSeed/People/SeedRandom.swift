/// A small, fast, seeded pseudo-random generator (SplitMix64) whose output is fixed by this
/// file alone, not by the standard library's algorithms, so a dataset is reproducible across
/// toolchains and platforms.
///
/// Every user draws from streams derived from `(seed, user id, stream)`, which makes the
/// rows of one user independent of how users are split into chunks.
struct SeedRandom {
    private var state: UInt64

    /// A generator for one concern (`stream`) of one entity (`key`) under the dataset seed.
    init(seed: UInt64, key: UInt64, stream: UInt64) {
        var mixer = SeedRandom(rawState: seed ^ 0x5EED_5EED_5EED_5EED)
        let a = mixer.next()
        mixer = SeedRandom(rawState: a ^ (key &* 0x9E37_79B9_7F4A_7C15))
        let b = mixer.next()
        state = b ^ (stream &* 0xD1B5_4A32_D192_ED03)
    }

    private init(rawState: UInt64) {
        state = rawState
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator seeded from this one's next output.
    mutating func fork() -> SeedRandom {
        SeedRandom(rawState: next() ^ 0xA076_1D64_78BD_642F)
    }

    /// A uniform integer in `0..<bound` (Lemire's multiply-shift; `bound` must be positive).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        let product = next().multipliedFullWidth(by: UInt64(bound))
        return Int(product.high)
    }

    /// A uniform integer in a closed range.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// A uniform double in `0..<1` with 53 bits of precision.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        unit() < p
    }

    /// A uniformly chosen element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// An index chosen with the given non-negative weights (at least one positive).
    mutating func weightedIndex(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var target = unit() * total
        for (index, weight) in weights.enumerated() {
            target -= weight
            if target < 0 { return index }
        }
        return weights.count - 1
    }

    /// A Fisher–Yates shuffle that depends only on this generator.
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, below(i + 1))
        }
    }
}

/// The independent random streams of one user; adding a stream never shifts the others.
enum SeedStream: UInt64 {
    case block = 1, identity, profile, activity, conversation, checkIn, persona, relationship
}
