import Foundation
public import SpotterDB

/// Queue health per kind, as `spotter status` prints it and the `queue_health` view shows it.
public struct KindHealth: Sendable, Hashable {
    /// The job kind.
    public var kind: String
    /// Jobs per state.
    public var available = 0, running = 0, retryable = 0, dead = 0, succeeded = 0, cancelled = 0
    /// Age of the oldest runnable job, in seconds (the queue's lag).
    public var lagSeconds: Double = 0
    /// Jobs succeeded per second over the last 5 minutes.
    public var throughputPerSecond: Double = 0
    /// Median and 95th percentile duration of jobs succeeded in the last 5 minutes.
    public var p50Seconds: Double?, p95Seconds: Double?
    /// The kind's queue (or a queue one of its waiting jobs is in) is paused.
    public var paused = false
}

/// A failed job's last error.
public struct RecentFailure: Sendable, Hashable {
    /// The job.
    public var id: Int64
    /// Its kind.
    public var kind: String
    /// `retryable` or `dead`.
    public var state: String
    /// Attempts used.
    public var attempt: Int
    /// The last error, one line.
    public var error: String
}

/// A snapshot of the queue.
public struct QueueSnapshot: Sendable, Hashable {
    /// Per kind, sorted by kind.
    public var kinds: [KindHealth]
    /// The latest failures, newest first.
    public var failures: [RecentFailure]
    /// Workers that heartbeated in the last minute.
    public var liveWorkers: Int
    /// Paused queues.
    public var pausedQueues: [QueuePause] = []

    /// Totals over all kinds.
    public var total: KindHealth {
        var total = KindHealth(kind: "all")
        for kind in kinds {
            total.available += kind.available
            total.running += kind.running
            total.retryable += kind.retryable
            total.dead += kind.dead
            total.succeeded += kind.succeeded
            total.cancelled += kind.cancelled
            total.lagSeconds = max(total.lagSeconds, kind.lagSeconds)
            total.throughputPerSecond += kind.throughputPerSecond
        }
        return total
    }

    /// Reads the snapshot: the `queue_health` view, the latest `job_failures`, live workers.
    /// SQLite has no percentile function, so there the percentiles are computed here from the
    /// last 5 minutes' durations.
    public static func read(in session: DatabaseSession, failures limit: Int = 5) throws -> QueueSnapshot {
        var kinds: [KindHealth] = try session.query("SELECT * FROM spotter.queue_health ORDER BY kind").map { row in
            var health = KindHealth(kind: try row.string("kind"))
            health.available = try row.int("available")
            health.running = try row.int("running")
            health.retryable = try row.int("retryable")
            health.dead = try row.int("dead")
            health.succeeded = try row.int("succeeded")
            health.cancelled = try row.int("cancelled")
            health.lagSeconds = try row.optionalDouble("lag_seconds") ?? 0
            health.throughputPerSecond = try row.optionalDouble("throughput_per_second") ?? 0
            health.p50Seconds = try row.optionalDouble("p50_seconds")
            health.p95Seconds = try row.optionalDouble("p95_seconds")
            health.paused = try row.bool("paused")
            return health
        }
        if !session.backend.computesPercentiles {  // PostgreSQL's view computes them
            for index in kinds.indices {
                let durations = try session.query(
                    """
                    SELECT (julianday(finished_at) - julianday(started_at)) * 86400.0 AS seconds FROM jobs
                    WHERE kind = \(bind: kinds[index].kind) AND state = 'succeeded'
                      AND finished_at > \(databaseNow: -300)
                    ORDER BY 1
                    """
                ).compactMap { try $0.optionalDouble("seconds") }
                kinds[index].p50Seconds = percentile(durations, 0.5)
                kinds[index].p95Seconds = percentile(durations, 0.95)
            }
        }
        let failures = try session.query(
            "SELECT id, kind, state, attempt, last_error FROM spotter.job_failures LIMIT \(bind: limit)"
        ).map { row in
            RecentFailure(
                id: try row.int64("id"), kind: try row.string("kind"), state: try row.string("state"),
                attempt: try row.int("attempt"), error: try row.optionalString("last_error") ?? "")
        }
        let workers = try session.query(
            "SELECT count(*) AS n FROM spotter.workers WHERE heartbeat_at > \(databaseNow: -60)")
        return QueueSnapshot(
            kinds: kinds, failures: failures, liveWorkers: try workers.first?.int("n") ?? 0,
            pausedQueues: try QueuePause.all(in: session))
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        let position = p * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }
}

extension JobQueue {
    /// The age in seconds of the oldest runnable job of each kind that has one (its queue's lag),
    /// from the claim index: what `spotter_queue_lag_seconds` reports.
    public func lagPerKind(in session: DatabaseSession) throws -> [String: Double] {
        var result: [String: Double] = [:]
        for row in try session.query(
            """
            SELECT kind, \(secondsSince: "min(run_at)") AS lag FROM spotter.jobs
            WHERE state IN ('available', 'retryable') AND run_at <= \(databaseNow: 0)
            GROUP BY kind
            """)
        {
            result[try row.string("kind")] = max(0, try row.optionalDouble("lag") ?? 0)
        }
        return result
    }
}
