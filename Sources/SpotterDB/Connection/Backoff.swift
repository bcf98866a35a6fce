import Foundation

/// Capped exponential backoff with jitter, for reconnecting.
public struct Backoff: Sendable {
    /// The delay before the first retry. Default 100 ms.
    public var initial: Duration
    /// No delay exceeds this. Default 10 s.
    public var maximum: Duration
    /// Each retry waits this many times longer than the one before. Default 2.
    public var multiplier: Double
    /// Random spread as a fraction of the delay, 0…1: 0.2 means ±20 %. Default 0.2.
    public var jitter: Double

    /// A backoff policy; the defaults retry after about 0.1, 0.2, 0.4 … up to 10 s.
    public init(
        initial: Duration = .milliseconds(100), maximum: Duration = .seconds(10), multiplier: Double = 2,
        jitter: Double = 0.2
    ) {
        self.initial = initial
        self.maximum = maximum
        self.multiplier = multiplier
        self.jitter = jitter
    }

    /// The delay before retry number `attempt` (1 for the first retry):
    /// `initial × multiplier^(attempt−1)`, jittered, never above `maximum`.
    public func delay(forAttempt attempt: Int) -> Duration {
        let maximum = self.maximum.seconds
        let base = min(initial.seconds * pow(max(multiplier, 1), Double(max(attempt, 1) - 1)), maximum)
        let spread = min(max(jitter, 0), 1)
        let jittered = spread > 0 ? base * (1 + Double.random(in: -spread...spread)) : base
        return .seconds(max(0, min(jittered, maximum)))
    }
}
