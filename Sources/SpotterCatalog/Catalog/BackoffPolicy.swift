/// How long a failed job waits before its next attempt: exponential growth from `base`, capped at
/// `maximum`, then spread by `jitter` so that jobs which failed together do not retry together.
public struct BackoffPolicy: Sendable, Hashable {
    /// The delay after the first failed attempt. Default 2 seconds.
    public var base: Duration
    /// The cap on the exponential growth (applied before jitter). Default 10 minutes.
    public var maximum: Duration
    /// The spread, 0…1: the delay is multiplied by a uniform factor in `1 ± jitter`. Default 0.2.
    public var jitter: Double

    /// Creates a policy; the defaults are the catalog's built-in ones.
    public init(base: Duration = .seconds(2), maximum: Duration = .seconds(600), jitter: Double = 0.2) {
        self.base = base
        self.maximum = maximum
        self.jitter = jitter
    }

    /// The built-in policy: base 2s, maximum 10m, jitter 0.2.
    public static let standard = BackoffPolicy()

    /// The capped delay before jitter for the retry that follows failed attempt `attempt`
    /// (1-based): `base × 2^(attempt−1)`, at most `maximum`. Attempts below 1 count as 1.
    public func nominalDelay(attempt: Int) -> Duration {
        let exponent = max(attempt, 1) - 1
        let seconds = min(
            base.catalogSeconds * Double(sign: .plus, exponent: min(exponent, 1_000), significand: 1),
            maximum.catalogSeconds)
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// The delay before the next attempt after failed attempt `attempt` (1-based):
    /// `nominalDelay(attempt:)` times a uniform factor in `[1 − jitter, 1 + jitter]`, so the result
    /// may exceed `maximum` by at most the jitter fraction. Never negative.
    public func delay(attempt: Int, random: inout some RandomNumberGenerator) -> Duration {
        let nominal = nominalDelay(attempt: attempt).catalogSeconds
        let spread = min(max(jitter, 0), 1)
        let factor = spread > 0 ? 1 + Double.random(in: -spread...spread, using: &random) : 1
        return .milliseconds(Int64((max(nominal * factor, 0) * 1_000).rounded()))
    }

    /// `delay(attempt:random:)` with the system's random number generator.
    public func delay(attempt: Int) -> Duration {
        var generator = SystemRandomNumberGenerator()
        return delay(attempt: attempt, random: &generator)
    }
}
