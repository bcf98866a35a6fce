/// A 95 % interval for the mean of paired differences (model − baseline, per held-out day) by
/// the percentile bootstrap: `resamples` resamples with replacement, drawn by a fixed SplitMix64
/// stream so the interval is the same on every run.
enum PairedBootstrap {
    static func interval(_ differences: [Double], resamples: Int = 2_000, seed: UInt64 = 0x5EED)
        -> (mean: Double, low: Double, high: Double)
    {
        let n = differences.count
        guard n > 0 else { return (0, 0, 0) }
        let mean = differences.reduce(0, +) / Double(n)
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        var means: [Double] = []
        means.reserveCapacity(resamples)
        for _ in 0..<resamples {
            var sum = 0.0
            for _ in 0..<n { sum += differences[Int(next() % UInt64(n))] }
            means.append(sum / Double(n))
        }
        means.sort()
        let low = means[Int(0.025 * Double(resamples - 1))]
        let high = means[Int((0.975 * Double(resamples - 1)).rounded(.up))]
        return (mean, low, high)
    }
}
