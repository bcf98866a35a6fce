import SpotterCalendar

/// Reuses one ``UserClock`` (or one error) per distinct (time zone, locale) pair.
///
/// A nightly run sees a few dozen distinct pairs across 100,000 users; building each once keeps
/// the per-user cost to the sessions themselves. Deliberately not `Sendable`: give each shard
/// (each task) its own cache instead of sharing one behind a lock.
public final class UserClockCache {
    private var clocks: [Key: Result<UserClock, StatsError>] = [:]

    private struct Key: Hashable {
        var timeZone: String
        var locale: String
    }

    /// An empty cache.
    public init() {}

    /// The clock for this pair, built on first use; a bad zone or locale throws the same
    /// ``StatsError`` every time without rebuilding.
    public func clock(timeZone: String, locale: String) throws(StatsError) -> UserClock {
        let key = Key(timeZone: timeZone, locale: locale)
        if let cached = clocks[key] { return try cached.get() }
        let result: Result<UserClock, StatsError>
        do {
            result = .success(try UserClock(timeZone: timeZone, locale: locale))
        } catch {
            result = .failure(error)
        }
        clocks[key] = result
        return try result.get()
    }

    /// The number of distinct pairs seen so far (valid or not).
    public var count: Int { clocks.count }
}

@available(*, unavailable, message: "UserClockCache is per shard: create one per task instead of sharing it")
extension UserClockCache: Sendable {}
