public import Foundation
import SpotterCatalog
public import SpotterDB
public import SpotterQueue

/// A whole nightly batch run on demand (`spotter run nightly`, the demo): one `nightly` job per
/// zone, keyed like the schedule's, then whatever shard jobs they fan out to.
public struct NightlyBatch: Sendable {
    /// The (zone, local date) pairs of this batch.
    public var zones: [(zone: String, localDate: String)]
    /// The instant the batch computes as of.
    public var asOf: Date

    /// Plans a batch: `zone` or every zone in use (active users, including invalid zone names,
    /// whose users then get a recorded error), for `localDate` or each zone's current date.
    public static func plan(zone: String?, localDate: String?, asOf: Date, in session: DatabaseSession) throws
        -> NightlyBatch
    {
        let zones: [String]
        if let zone {
            zones = [zone]
        } else {
            zones = try Scheduler.zonesInUse(in: session)
        }
        return NightlyBatch(
            zones: zones.map { ($0, localDate ?? NightlyPlan.localDate(of: asOf, zone: $0)) }, asOf: asOf)
    }

    /// Enqueues the batch's `nightly` jobs; returns their results (duplicates when a live one exists).
    public func enqueue(queue: JobQueue, in session: DatabaseSession) throws -> [EnqueueResult] {
        let formatter = ISO8601DateFormatter()
        let requests = try zones.map { entry in
            let payload = NightlyHandler.Payload(
                time_zone: entry.zone, local_date: entry.localDate, as_of: formatter.string(from: asOf))
            return EnqueueRequest(
                kind: NightlyHandler.name, payload: try JSONPayload.text(payload),
                uniqueKey: "\(NightlyHandler.name):\(entry.zone):\(entry.localDate)")
        }
        return try queue.enqueue(requests, in: session)
    }

    /// The unique-key patterns of this batch's jobs (`nightly:<zone>:<date>`, `<kind>:<zone>:<date>:<shard>`).
    func belongs(_ uniqueKey: String) -> Bool {
        zones.contains { entry in
            uniqueKey == "nightly:\(entry.zone):\(entry.localDate)"
                || uniqueKey.contains(":\(entry.zone):\(entry.localDate):")
        }
    }

    /// Per kind: jobs by state, summed result counts, and wall time from first start to last finish.
    public func summary(in session: DatabaseSession) throws -> [KindSummary] {
        var byKind: [String: KindSummary] = [:]
        let rows = try session.query(
            """
            SELECT kind, state, unique_key, result, started_at, finished_at, last_error FROM spotter.jobs
            WHERE unique_key IS NOT NULL AND created_at >= $1
            """, [.timestamp(asOf.addingTimeInterval(-86_400 * 366))])
        for row in rows {
            guard let key = try row.optionalString("unique_key"), belongs(key) else { continue }
            let kind = try row.string("kind")
            var summary = byKind[kind] ?? KindSummary(kind: kind)
            let state = try row.string("state")
            summary.jobs += 1
            switch state {
            case "succeeded": summary.succeeded += 1
            case "dead", "cancelled": summary.failedJobs += 1
            default: summary.unfinished += 1
            }
            if let result = try row.optionalJSON("result"),
                let object = try? JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any]
            {
                for (name, value) in object {
                    if let number = value as? Int { summary.counts[name, default: 0] += number }
                }
            }
            if let started = try row.optionalDate("started_at") {
                summary.firstStart = min(summary.firstStart ?? started, started)
            }
            if let finished = try row.optionalDate("finished_at") {
                summary.lastFinish = max(summary.lastFinish ?? finished, finished)
            }
            if let error = try row.optionalString("last_error"), state != "succeeded" { summary.errors.append(error) }
            byKind[kind] = summary
        }
        return byKind.values.sorted { $0.kind < $1.kind }
    }

    /// Jobs of this batch not yet finished (for progress).
    public func progress(in session: DatabaseSession) throws -> (done: Int, total: Int) {
        let summaries = try summary(in: session)
        let total = summaries.reduce(0) { $0 + $1.jobs }
        let open = summaries.reduce(0) { $0 + $1.unfinished }
        return (total - open, total)
    }
}

/// What one kind did in a batch.
public struct KindSummary: Sendable, Hashable {
    /// The kind.
    public var kind: String
    /// Jobs of the kind in the batch, and how they ended.
    public var jobs = 0, succeeded = 0, failedJobs = 0, unfinished = 0
    /// Summed result counters: users, rows_written, failures (per-person errors), shards, …
    public var counts: [String: Int] = [:]
    /// Wall time span of the kind's jobs.
    public var firstStart: Date?, lastFinish: Date?
    /// Errors of failed jobs.
    public var errors: [String] = []

    /// Seconds from the first job's start to the last one's finish.
    public var seconds: Double? {
        guard let firstStart, let lastFinish else { return nil }
        return lastFinish.timeIntervalSince(firstStart)
    }
}
