public import Foundation
import SpotterCalendar
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

    /// Enqueues the batch's `nightly` jobs; returns their results (duplicates when a live one
    /// exists). From then on the batch is those jobs and what they fan out to: ``since`` is set
    /// to the earliest creation time among them, so a rerun's status leaves out an earlier run's
    /// finished jobs.
    public mutating func enqueue(queue: JobQueue, in session: DatabaseSession) throws -> [EnqueueResult] {
        let requests = try zones.map { entry in
            let payload = NightlyHandler.Payload(
                time_zone: entry.zone, local_date: entry.localDate, as_of: TimestampFormat.compact(asOf))
            return EnqueueRequest(
                kind: NightlyHandler.name, payload: try JSONPayload.text(payload),
                uniqueKey: Self.nightlyKey(zone: entry.zone, localDate: entry.localDate))
        }
        let results = try queue.enqueue(requests, in: session)
        var earliest: Date?
        if !results.isEmpty {
            // One read for all of them; the ids are integers, so the list is written inline.
            let ids = Set(results.map(\.id)).map(String.init).joined(separator: ", ")
            for row in try session.query("SELECT created_at FROM spotter.jobs WHERE id IN (\(ids))") {
                if let created = try row.optionalDate("created_at") { earliest = min(earliest ?? created, created) }
            }
        }
        since = earliest
        nightlyIDs = Array(Set(results.map(\.id))).sorted()
        return results
    }

    /// The batch's `nightly` jobs, as ``enqueue(queue:in:)`` enqueued or found them. The batch is
    /// these jobs and the shard jobs they recorded in `spotter.nightly_shards`: it is owned by
    /// identity, so a job whose key merely looks like a shard's (an enqueuer's
    /// `enqueuer:profile_stats:UTC:2026-11-21:0`) is never counted.
    public var nightlyIDs: [Int64] = []

    /// When this batch's own jobs begin (see ``enqueue(queue:in:)``); nil for a batch planned
    /// but not enqueued here, whose status then covers every matching job of the past year.
    public var since: Date?

    /// The unique key of a batch's `nightly` job: `nightly:<zone>:<local date>`, with a long or
    /// unusual zone name as its digest (``KeyPart``), so that no user's zone can make it too long.
    public static func nightlyKey(zone: String, localDate: String) -> String {
        "\(NightlyHandler.name):\(Shard.night(zone: zone, localDate: localDate))"
    }

    /// ``nightlyIDs``, or for a batch planned but not enqueued here, the `nightly` jobs of the
    /// past year with this batch's exact keys (only a worker or the owner enqueues kind `nightly`
    /// under them: an enqueuer's keys live in their own namespace).
    private func nightlyJobs(in session: DatabaseSession) throws -> [Int64] {
        guard nightlyIDs.isEmpty else { return nightlyIDs }
        let keys = zones.map { Self.nightlyKey(zone: $0.zone, localDate: $0.localDate) }
        guard !keys.isEmpty else { return [] }
        let rows = try session.query(
            """
            SELECT id, unique_key FROM spotter.jobs
            WHERE kind = \(bind: NightlyHandler.name) AND unique_key IS NOT NULL
              AND created_at >= \(timestamp: since ?? asOf.addingTimeInterval(-86_400 * 366))
            """)
        let wanted = Set(keys)
        return try rows.compactMap { row in
            try row.optionalString("unique_key").map(wanted.contains) == true ? try row.int64("id") : nil
        }
    }

    /// Per kind: jobs by state, summed result counts, and wall time from first start to last finish.
    public func summary(in session: DatabaseSession) throws -> [KindSummary] {
        try status(in: session).summaries
    }

    /// The batch's jobs: its `nightly` jobs and the shards they fanned out to or found already
    /// enqueued (``nightlyIDs``), whoever runs them.
    public func status(in session: DatabaseSession) throws -> BatchStatus {
        var byKind: [String: KindSummary] = [:]
        var open: [BatchJob] = []
        let nightly = try nightlyJobs(in: session)
        guard !nightly.isEmpty else { return BatchStatus(summaries: [], notSucceeded: []) }
        // Integers, so the list is written inline.
        let ids = nightly.map(String.init).joined(separator: ", ")
        let rows = try session.query(
            """
            SELECT kind, state, unique_key, result, run_at, started_at, finished_at, last_error, waiting_since
            FROM spotter.jobs
            WHERE id IN (\(ids)) OR id IN (SELECT job_id FROM spotter.nightly_shards WHERE nightly_id IN (\(ids)))
            """)
        for row in rows {
            let key = try row.optionalString("unique_key") ?? ""

            let kind = try row.string("kind")
            var summary = byKind[kind] ?? KindSummary(kind: kind)
            let state = try row.string("state")
            summary.jobs += 1
            switch state {
            case "succeeded": summary.succeeded += 1
            case "dead", "cancelled": summary.failedJobs += 1
            default: summary.unfinished += 1
            }
            if state != "succeeded" {
                let waiting = try row.optionalDate("waiting_since") != nil
                open.append(
                    BatchJob(
                        kind: kind, uniqueKey: key, state: state, lastError: try row.optionalString("last_error"),
                        runAt: try row.date("run_at"),
                        waitsForNight: state == "available" && waiting))
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
        return BatchStatus(
            summaries: byKind.values.sorted { $0.kind < $1.kind },
            notSucceeded: open.sorted { ($0.kind, $0.uniqueKey) < ($1.kind, $1.uniqueKey) })
    }

    /// Jobs of this batch not yet finished (for progress).
    public func progress(in session: DatabaseSession) throws -> (done: Int, total: Int) {
        try status(in: session).progress
    }
}

/// Where a batch stands.
public struct BatchStatus: Sendable, Hashable {
    /// Per kind.
    public var summaries: [KindSummary]
    /// Every job of the batch that has not succeeded (yet), by kind and key.
    public var notSucceeded: [BatchJob]

    /// Jobs that ended (succeeded, dead or cancelled), and all jobs.
    public var progress: (done: Int, total: Int) {
        let total = summaries.reduce(0) { $0 + $1.jobs }
        return (total - summaries.reduce(0) { $0 + $1.unfinished }, total)
    }

    /// True when nothing of the batch runs or is due within `retryWait` of `now`: every job
    /// ended, or waits for a retry later than that. A job due sooner is worth waiting for. A
    /// shard snoozed for its night's other kinds (``BatchJob/waitsForNight``) waits for one of
    /// them: while another job of the batch waits for a retry later than `retryWait`, the
    /// snoozed shards count as not done with it (they would wait up to their limit, 30
    /// minutes); once the others have ended, they are about to run and are waited for.
    public func isSettled(now: Date, retryWait: TimeInterval) -> Bool {
        let others = notSucceeded.filter { !$0.waitsForNight }
        let settled = others.allSatisfy { job in
            switch job.state {
            case "dead", "cancelled": true
            case "running": false
            default: job.runAt.timeIntervalSince(now) > retryWait
            }
        }
        guard settled else { return false }
        return others.count == notSucceeded.count || others.contains { $0.state != "dead" && $0.state != "cancelled" }
    }
}

/// One job of a batch, as ``BatchStatus`` lists those that did not succeed.
public struct BatchJob: Sendable, Hashable {
    /// Its kind.
    public var kind: String
    /// Its unique key: the zone, date and shard (`profile_stats:UTC:2026-11-21:1`).
    public var uniqueKey: String
    /// Its state.
    public var state: String
    /// Its last error, if any.
    public var lastError: String?
    /// When it may run next (a retry's time).
    public var runAt: Date
    /// True for a shard snoozed while its night's other kinds run (`available`, with
    /// `waiting_since`): it has not failed, it waits for them.
    public var waitsForNight: Bool
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
