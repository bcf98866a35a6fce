import Foundation
public import SpotterCatalog
public import SpotterDB

/// The queue's operations over `spotter.jobs`, for both backends. Each takes the session it
/// runs in, so callers can compose them into their own transactions (a nightly fan-out enqueues
/// its shards in the same transaction that records them).
public struct JobQueue: Sendable {
    /// The catalog: defaults for queue, priority and max_attempts, and retention for pruning.
    public var catalog: JobCatalog

    /// Creates the queue's operations for a catalog.
    public init(catalog: JobCatalog) {
        self.catalog = catalog
    }

    /// Largest payload accepted, in bytes of JSON text.
    public static let maxPayloadBytes = 1_048_576

    /// Checks a request before it reaches the database, with messages that name the problem.
    public func validate(_ request: EnqueueRequest) throws -> EnqueueRequest {
        var request = request
        guard !request.kind.isEmpty, request.kind.count <= 100 else {
            throw QueueError(.invalidRequest, "kind must be 1 to 100 characters")
        }
        let bytes = request.payload.utf8.count
        guard bytes <= JobQueue.maxPayloadBytes else {
            throw QueueError(.invalidRequest, "payload is \(bytes) bytes; the limit is 1 MiB (1048576 bytes)")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(request.payload.utf8)),
            object is [String: Any]
        else {
            throw QueueError(.invalidRequest, "payload is not a JSON object: \(Self.preview(request.payload))")
        }
        if let priority = request.priority, !(-1000...1000).contains(priority) {
            throw QueueError(.invalidRequest, "priority \(priority) is outside -1000…1000 (lower runs first)")
        }
        if let maxAttempts = request.maxAttempts, !(1...1000).contains(maxAttempts) {
            throw QueueError(.invalidRequest, "max_attempts \(maxAttempts) is outside 1…1000")
        }
        if let key = request.uniqueKey, key.isEmpty || key.count > 500 {
            throw QueueError(.invalidRequest, "unique key must be 1 to 500 characters")
        }
        if let group = request.claimGroup, group.isEmpty || group.count > 500 {
            throw QueueError(.invalidRequest, "claim group must be 1 to 500 characters")
        }
        let spec = catalog.spec(for: request.kind)
        request.queue = request.queue ?? spec?.queue ?? "default"
        request.priority = request.priority ?? spec?.priority ?? 0
        request.maxAttempts = request.maxAttempts ?? spec?.maxAttempts ?? 5
        return request
    }

    /// Enqueues a batch in one statement per backend round trip; returns one result per request,
    /// in order. A request whose unique key already has a live job returns that job, marked
    /// duplicate. Invalid requests throw before anything is written.
    public func enqueue(_ requests: [EnqueueRequest], in session: DatabaseSession) throws -> [EnqueueResult] {
        let requests = try requests.map(validate)
        guard !requests.isEmpty else { return [] }
        // PostgreSQL inserts the batch in one statement over arrays, one bind per column; SQLite
        // has no arrays, and steps one cached INSERT per row under its write lock.
        guard session.backend.bindsArrays else { return try enqueueSQLite(requests, in: session) }
        return try enqueuePostgres(requests, in: session)
    }

    private func enqueuePostgres(_ requests: [EnqueueRequest], in session: DatabaseSession) throws -> [EnqueueResult] {
        let rows = try session.query(
            """
            INSERT INTO spotter.jobs (kind, queue, payload, run_at, priority, unique_key, max_attempts, claim_group)
            SELECT r.kind, r.queue, r.payload::jsonb, coalesce(r.run_at, now()), r.priority, r.unique_key, r.max_attempts,
                   r.claim_group
            FROM unnest(\(bind: PostgresArray.text(requests.map(\.kind)))::text[],
                        \(bind: PostgresArray.text(requests.map(\.queue)))::text[],
                        \(bind: PostgresArray.text(requests.map(\.payload)))::text[],
                        \(bind: PostgresArray.timestamps(requests.map(\.runAt)))::timestamptz[],
                        \(bind: PostgresArray.integers(requests.map { $0.priority.map(Int64.init) }))::int[],
                        \(bind: PostgresArray.text(requests.map(\.uniqueKey)))::text[],
                        \(bind: PostgresArray.integers(requests.map { $0.maxAttempts.map(Int64.init) }))::int[],
                        \(bind: PostgresArray.text(requests.map(\.claimGroup)))::text[])
                 WITH ORDINALITY AS r(kind, queue, payload, run_at, priority, unique_key, max_attempts, claim_group, i)
            ORDER BY r.i
            ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
            DO NOTHING
            RETURNING id, unique_key
            """)
        let inserted = try rows.map { (id: try $0.int64("id"), key: try $0.optionalString("unique_key")) }
            .sorted { $0.id < $1.id }
        return try match(requests, inserted: inserted, in: session)
    }

    /// Ids are assigned in input order, so the k-th inserted row belongs to the k-th request
    /// that was inserted; a request whose key was not inserted (or was inserted earlier in this
    /// batch) gets the live job holding its key.
    private func match(
        _ requests: [EnqueueRequest], inserted: [(id: Int64, key: String?)], in session: DatabaseSession
    ) throws -> [EnqueueResult] {
        let insertedKeys = Set(inserted.compactMap(\.key))
        var next = inserted.makeIterator()
        var claimedKeys = Set<String>()
        var results: [EnqueueResult?] = []
        var missingKeys: [String] = []
        for request in requests {
            if let key = request.uniqueKey {
                if insertedKeys.contains(key), claimedKeys.insert(key).inserted, let row = next.next() {
                    results.append(EnqueueResult(id: row.id, duplicate: false))
                } else {
                    results.append(nil)
                    missingKeys.append(key)
                }
            } else if let row = next.next() {
                results.append(EnqueueResult(id: row.id, duplicate: false))
            } else {
                throw QueueError(.database, "enqueue returned fewer rows than requested")
            }
        }
        guard !missingKeys.isEmpty else { return results.compactMap { $0 } }
        let live = try liveJobs(forKeys: missingKeys, in: session)
        return try zip(requests, results).map { request, result in
            if let result { return result }
            guard let key = request.uniqueKey, let id = live[key] else {
                throw QueueError(.database, "the live job for a unique key vanished during enqueue; enqueue again")
            }
            return EnqueueResult(id: id, duplicate: true)
        }
    }

    private func liveJobs(forKeys keys: [String], in session: DatabaseSession) throws -> [String: Int64] {
        let rows = try session.query(
            """
            SELECT id, unique_key FROM spotter.jobs
            WHERE unique_key \(oneOf: keys) AND state IN ('available', 'running', 'retryable')
            """)
        var result: [String: Int64] = [:]
        for row in rows { result[try row.string("unique_key")] = try row.int64("id") }
        return result
    }

    private func enqueueSQLite(_ requests: [EnqueueRequest], in session: DatabaseSession) throws -> [EnqueueResult] {
        try session.withTransaction(immediate: true) {
            // One instant for the whole batch, as PostgreSQL's one statement has (its now()): jobs
            // enqueued together count as enqueued at once (`after:` orders by created_at).
            let now = Date()
            var results: [EnqueueResult] = []
            for request in requests {
                // The same text for every row: SQLite's statement cache compiles it once.
                let rows = try session.query(
                    """
                    INSERT INTO spotter.jobs (kind, queue, payload, run_at, priority, unique_key, max_attempts, created_at,
                                              claim_group)
                    VALUES (\(bind: request.kind), \(bind: request.queue ?? "default"), \(bind: request.payload),
                            \(timestamp: request.runAt ?? now), \(bind: request.priority ?? 0),
                            \(bind: request.uniqueKey.map(SQLValue.text) ?? .null), \(bind: request.maxAttempts ?? 5),
                            \(timestamp: now), \(bind: request.claimGroup.map(SQLValue.text) ?? .null))
                    ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND state IN ('available', 'running', 'retryable')
                    DO NOTHING
                    RETURNING id
                    """)
                if let row = rows.first {
                    results.append(EnqueueResult(id: try row.int64("id"), duplicate: false))
                } else if let key = request.uniqueKey, let id = try liveJobs(forKeys: [key], in: session)[key] {
                    results.append(EnqueueResult(id: id, duplicate: true))
                } else {
                    throw QueueError(.database, "enqueue of \(request.kind) inserted nothing")
                }
            }
            return results
        }
    }

    static func preview(_ text: String) -> String {
        let head = text.prefix(40)
        return "'" + head + (head.count < text.count ? "…'" : "'")
    }
}
