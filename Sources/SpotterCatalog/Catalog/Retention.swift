/// How long finished jobs of a kind are kept before pruning removes them, per final state.
public struct Retention: Sendable, Hashable {
    /// How long a succeeded job is kept. Default 24 hours.
    public var succeeded: Duration
    /// How long a dead job (out of attempts, or never runnable) is kept, with its last error.
    /// Default 30 days.
    public var dead: Duration
    /// How long a cancelled job is kept. Default 7 days.
    public var cancelled: Duration

    /// Creates a retention policy; the defaults are the catalog's built-in ones.
    public init(
        succeeded: Duration = .seconds(86_400), dead: Duration = .seconds(30 * 86_400),
        cancelled: Duration = .seconds(7 * 86_400)
    ) {
        self.succeeded = succeeded
        self.dead = dead
        self.cancelled = cancelled
    }

    /// The built-in policy: succeeded 24h, dead 30d, cancelled 7d.
    public static let standard = Retention()
}
