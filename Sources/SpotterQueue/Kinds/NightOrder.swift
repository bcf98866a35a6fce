import Foundation
import Logging
import SpotterCatalog
public import SpotterDB

/// The order of kinds within a run: a kind that reads what another writes (`after:` in
/// `jobs/kinds.yaml`) waits for that kind's earlier jobs.
public enum NightOrder {
    /// How long a shard that has waited `waited` for its night's other kinds stays back before it is
    /// claimed again: a quarter of that, from 250 ms to 5 s, so a small night (the demo) goes on
    /// as soon as its facts are in, and a large one's waiting shards ask a few times a minute.
    public static func recheck(afterWaiting waited: Duration) -> Duration {
        min(max(waited / 4, .milliseconds(250)), .seconds(5))
    }

    /// The payload fields that name the people an on-demand job concerns: `user_id` (one user),
    /// `user_ids` (a list) and `conversation_id` (the conversation's owner). A payload with none of
    /// them (a zone, a nightly shard) concerns everyone.
    public static let peopleFields = ["user_id", "user_ids", "conversation_id"]
}

extension JobContext {
    /// Waits for the kinds this job's kind runs after (its spec's `after:`), up to its
    /// `after_wait`: a nightly shard for the same night's shards of those kinds
    /// (``awaitNight(of:limit:in:)``), any other job for their earlier live jobs that concern
    /// any of its people (``awaitEarlier(of:limit:in:)``). The worker calls it before the
    /// handler, so a kind gets the order from its declaration alone. Returns the number of
    /// jobs it stopped waiting for (0 when none was live, or the kind declares no `after:`).
    @discardableResult
    public func awaitKindsBefore(in session: DatabaseSession) throws -> Int {
        guard !spec.after.isEmpty else { return 0 }
        if Shard.night(ofKey: job.uniqueKey, kind: job.kind) != nil {
            return try awaitNight(of: spec.after, limit: spec.afterWait, in: session)
        }
        return try awaitEarlier(of: spec.after, limit: spec.afterWait, in: session)
    }

    /// Waits, as a nightly shard, for the shards of `kinds` of the same night (zone and local date)
    /// to end, so it reads what they write tonight and not what they wrote the night before:
    /// while one of them is live (available, running or retryable) this throws ``JobSnooze``,
    /// and the job is claimed again a little later (``NightOrder/recheck(afterWaiting:)``) without using an attempt. A shard
    /// that failed for good (dead) or was cancelled is not waited for; nor is anything once
    /// `limit` has passed since this job began waiting (its first snooze's run, reset by
    /// `spotter retry` and by a run that ends otherwise; a night whose other kind keeps failing
    /// still gets its results, computed from what is there: logged as a warning). A job that is
    /// not a nightly shard does not wait here (``awaitEarlier(of:limit:in:)`` is its order).
    /// Returns the number of shards it stopped waiting for (0 when all had ended).
    @discardableResult
    public func awaitNight(of kinds: [String], limit: Duration, in session: DatabaseSession) throws -> Int {
        guard let night = Shard.night(ofKey: job.uniqueKey, kind: job.kind), !kinds.isEmpty else { return 0 }
        let prefixes = kinds.map { "\($0):\(night):" }
        // Prefixes compared as whole substrings (a zone name's '_' would be a LIKE wildcard); the
        // partial index of live unique keys keeps the scan to the jobs not yet ended.
        let matches = SQLQuery.joined(
            prefixes.map { prefix -> SQLQuery in "substr(unique_key, 1, length(\(bind: prefix))) = \(bind: prefix)" },
            separator: " OR ")
        let row = try session.query(
            """
            SELECT count(*) AS live, (\(fragment: waitedQuery)) AS waited
            FROM spotter.jobs
            WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
              AND kind \(oneOf: kinds) AND (\(fragment: matches))
            """
        ).first
        return try wait(for: row, kinds: kinds, what: "shard(s)", of: "of \(night)", limit: limit)
    }

    /// Waits, as an on-demand job (any job that is not a nightly shard), for the live jobs of
    /// `kinds` enqueued no later than it (`created_at` at most its own: jobs enqueued in one
    /// statement wait for each other's kinds) that concern any of its people
    /// (``NightOrder/peopleFields``; a conversation stands for its owner). A job whose payload
    /// names nobody (a whole zone) waits for every such job; a job that names people waits for
    /// those naming any of them and for those naming nobody. One statement reads the people, one
    /// counts the jobs, set-based on both backends. Snoozes and gives up as
    /// ``awaitNight(of:limit:in:)`` does. Returns the number of jobs it stopped waiting for.
    @discardableResult
    public func awaitEarlier(of kinds: [String], limit: Duration, in session: DatabaseSession) throws -> Int {
        guard !kinds.isEmpty else { return 0 }
        let concerns: SQLQuery
        if namesPeople {
            let people = try self.people(in: session)
            guard !people.isEmpty else { return 0 }  // unknown conversation: nobody's facts to wait for
            let names = SQLQuery.joined(
                NightOrder.peopleFields.map { field -> SQLQuery in "\(jsonField: field, of: "o.payload") IS NULL" },
                separator: " AND ")
            // Payload ids are text (and one bind serves every `oneOf` below): compared as text.
            concerns = """
                (\(fragment: names))
                OR \(jsonField: "user_id", of: "o.payload") \(oneOf: people)
                OR EXISTS (SELECT 1 FROM \(jsonElements: "user_ids", of: "o.payload", alias: "e")
                           WHERE CAST(e.value AS TEXT) \(oneOf: people))
                OR EXISTS (SELECT 1 FROM spotter.conversations c
                           WHERE c.id = \(jsonField: "conversation_id", of: "o.payload", as: .conversation)
                             AND CAST(c.user_id AS TEXT) \(oneOf: people))
                """
        } else {
            concerns = "TRUE"
        }
        let row = try session.query(
            """
            SELECT count(*) AS live, (\(fragment: waitedQuery)) AS waited
            FROM spotter.jobs o
            WHERE o.state IN ('available', 'running', 'retryable') AND o.kind \(oneOf: kinds)
              AND o.id <> \(bind: job.id)
              AND o.created_at <= (SELECT created_at FROM spotter.jobs WHERE id = \(bind: job.id))
              AND (\(fragment: concerns))
            """
        ).first
        return try wait(for: row, kinds: kinds, what: "earlier job(s)", of: "for the same people", limit: limit)
    }

    /// How long this job has waited, on the database's clock (a worker's clock may be off):
    /// since its first snooze's run (waiting_since), else since this run started; created_at
    /// only for a job that is not running (a test's). Counted from created_at, a shard retried
    /// after a failed night, or claimed behind a long backlog, would not wait at all.
    private var waitedQuery: SQLQuery {
        """
        SELECT \(secondsSince: "coalesce(waiting_since, started_at, created_at)")
        FROM spotter.jobs WHERE id = \(bind: job.id)
        """
    }

    /// Snoozes while `row` counts live jobs and the wait is under `limit`; past it, logs a warning
    /// and returns the count.
    private func wait(for row: Row?, kinds: [String], what: String, of scope: String, limit: Duration) throws -> Int {
        let live = try row.map { try $0.int("live") } ?? 0
        guard live > 0 else { return 0 }
        let seconds = try row?.optionalDouble("waited") ?? Date().timeIntervalSince(job.createdAt)
        let waited = Duration.seconds(max(0, seconds))
        if waited < limit {
            throw JobSnooze(
                "waiting for \(live) \(what) of \(kinds.joined(separator: ", ")) \(scope)",
                delay: NightOrder.recheck(afterWaiting: waited))
        }
        logger.warning(
            "stopped waiting for the kinds this kind runs after; computing from what is there",
            metadata: ["kinds": "\(kinds)", "live_jobs": "\(live)", "scope": "\(scope)", "waited": "\(waited)"])
        return live
    }

    /// True when the job's payload names people (``NightOrder/peopleFields``, not null).
    private var namesPeople: Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(job.payload.utf8)) as? [String: Any] else {
            return false
        }
        return NightOrder.peopleFields.contains { field in object[field].map { !($0 is NSNull) } ?? false }
    }

    /// The people the job's payload names, as text ids, read from its row as the count reads the
    /// others' (so both sides spell an id the same way).
    private func people(in session: DatabaseSession) throws -> [String] {
        try session.query(
            """
            SELECT \(jsonField: "user_id", of: "j.payload") AS person FROM spotter.jobs j WHERE j.id = \(bind: job.id)
            UNION
            SELECT CAST(e.value AS TEXT) FROM spotter.jobs j, \(jsonElements: "user_ids", of: "j.payload", alias: "e")
            WHERE j.id = \(bind: job.id)
            UNION
            SELECT CAST(c.user_id AS TEXT) FROM spotter.jobs j
            JOIN spotter.conversations c ON c.id = \(jsonField: "conversation_id", of: "j.payload", as: .conversation)
            WHERE j.id = \(bind: job.id)
            """
        ).compactMap { try $0.optionalString("person") }
    }
}
