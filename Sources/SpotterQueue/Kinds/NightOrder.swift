import Foundation
import Logging
public import SpotterDB

/// The order of a night's kinds: a kind that reads what another writes the same night waits for it.
public enum NightOrder {
    /// How long a shard that has waited `waited` for its night's other kinds stays back before it is
    /// claimed again: a quarter of that, from 250 ms to 5 s, so a small night (the demo) goes on
    /// as soon as its facts are in, and a large one's waiting shards ask a few times a minute.
    public static func recheck(afterWaiting waited: Duration) -> Duration {
        min(max(waited / 4, .milliseconds(250)), .seconds(5))
    }
}

extension JobContext {
    /// Waits, as a nightly shard, for the shards of `kinds` of the same night (zone and local date)
    /// to end, so it reads what they write tonight and not what they wrote the night before:
    /// while one of them is live (available, running or retryable) this throws ``JobSnooze``,
    /// and the job is claimed again a little later (``NightOrder/recheck(afterWaiting:)``) without using an attempt. A shard
    /// that failed for good (dead) or was cancelled is not waited for; nor is anything once
    /// `limit` has passed since this job began waiting (its first snooze's run, reset by
    /// `spotter retry` and by a run that ends otherwise; a night whose other kind keeps failing
    /// still gets its results, computed from what is there: logged as a warning). Jobs that are
    /// not nightly shards (on-demand ones) never wait. Returns the number of shards it stopped
    /// waiting for (0 when all had ended).
    @discardableResult
    public func awaitNight(of kinds: [String], limit: Duration, in session: DatabaseSession) throws -> Int {
        guard let night = Shard.night(ofKey: job.uniqueKey, kind: job.kind), !kinds.isEmpty else { return 0 }
        let prefixes = kinds.map { "\($0):\(night):" }
        // Prefixes compared as whole substrings (a zone name's '_' would be a LIKE wildcard); the
        // partial index of live unique keys keeps the scan to the jobs not yet ended.
        let matches = SQLQuery.joined(
            prefixes.map { prefix -> SQLQuery in "substr(unique_key, 1, length(\(bind: prefix))) = \(bind: prefix)" }, separator: " OR ")
        // How long this job has waited, on the database's clock (a worker's clock may be off):
        // since its first snooze's run (waiting_since), else since this run started; created_at
        // only for a job that is not running (a test's). Counted from created_at, a shard retried
        // after a failed night, or claimed behind a long backlog, would not wait at all.
        let row = try session.query(
            """
            SELECT count(*) AS live,
                   (SELECT \(secondsSince: "coalesce(waiting_since, started_at, created_at)")
                    FROM spotter.jobs WHERE id = \(bind: job.id)) AS waited
            FROM spotter.jobs
            WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
              AND kind \(oneOf: kinds) AND (\(fragment: matches))
            """
        ).first
        let live = try row.map { try $0.int("live") } ?? 0
        guard live > 0 else { return 0 }
        let seconds = try row?.optionalDouble("waited") ?? Date().timeIntervalSince(job.createdAt)
        let waited = Duration.seconds(max(0, seconds))
        if waited < limit {
            throw JobSnooze(
                "waiting for \(live) shard(s) of \(kinds.joined(separator: ", ")) of \(night)",
                delay: NightOrder.recheck(afterWaiting: waited))
        }
        logger.warning(
            "stopped waiting for the night's other kinds; computing from what is there",
            metadata: ["kinds": "\(kinds)", "live_shards": "\(live)", "night": "\(night)", "waited": "\(waited)"])
        return live
    }
}
