public import Foundation
import Logging
import SpotterCalendar
public import SpotterCatalog
public import SpotterDB
import SpotterIDs
public import SpotterQueue
import SpotterStats

/// `nightly`: for one time zone and local date, enqueues the shard jobs of every kind listed in
/// its `fan_out` (jobs/kinds.yaml): the zone's active people the kind declares it runs for
/// (``ShardedJobKind/subjects``: users, or trainers) ordered by id and cut into ranges of the
/// kind's `shard_size`, each shard's payload built by the kind's own payload type. Each shard job's
/// unique key is `<kind>:<zone>:<local date>:<shard>` (a long zone name as its digest,
/// ``KeyPart``), so a repeated or concurrent nightly enqueues nothing twice,
/// and all shards share one `as_of` (the scheduled instant) so a rescued shard recomputes exactly
/// what the first attempt would have.
public struct NightlyHandler: JobKind {
    /// `nightly`.
    public static let name = "nightly"
    /// None (`fan_out` is a key of the kind, not a parameter).
    public typealias Parameters = NoParameters

    /// One zone's batch: written by the schedule (`time_zone`, `local_date`, `scheduled_for`)
    /// and by `spotter run nightly` (`time_zone`, `local_date`, `as_of`).
    public struct Payload: Codable, Sendable {
        /// The IANA zone.
        public var time_zone: String
        /// The zone's local date (default: the date of the instant below there).
        public var local_date: String?
        /// The scheduled local date-time, `YYYY-MM-DDTHH:MM`.
        public var scheduled_for: String?
        /// The instant to compute as of, ISO 8601.
        public var as_of: String?

        /// Creates a payload.
        public init(time_zone: String, local_date: String? = nil, scheduled_for: String? = nil, as_of: String? = nil) {
            self.time_zone = time_zone
            self.local_date = local_date
            self.scheduled_for = scheduled_for
            self.as_of = as_of
        }
    }

    /// The kinds this process can run, declared; fan-out kinds outside them (or not sharded) are
    /// skipped (with a log line) rather than enqueued to die.
    public var kinds: [KindDeclaration]

    /// The handler for every kind Spotter ships.
    public init() {
        self.init(kinds: SpotterHandlers.declarations)
    }

    /// The handler for the kinds a registry runs.
    public init(kinds: [KindDeclaration]) {
        self.kinds = kinds
    }

    /// Enqueues the zone's shard jobs in one transaction, which also completes the job: a fan-out
    /// lost with a failover's tail is never recorded as done by a batched acknowledgement retried
    /// on the new primary (the zone's night would be skipped); it is run again instead.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let asOf = try Self.asOf(payload)
        let sharded = Dictionary(kinds.compactMap { kind in kind.shards.map { _ in (kind.name, kind) } }) { a, _ in a }
        let skipped = context.spec.fanOut.filter { sharded[$0] == nil }
        if !skipped.isEmpty {
            context.logger.debug("fan-out kinds without a handler here are skipped", metadata: ["kinds": "\(skipped)"])
        }
        let plan = NightlyPlan(catalog: context.catalog, fanOut: context.spec.fanOut.compactMap { sharded[$0] })
        let localDate = payload.local_date ?? NightlyPlan.localDate(of: asOf, zone: payload.time_zone)
        let queue = JobQueue(catalog: context.catalog)
        let (results, result) = try await context.database.withTransaction { session in
            let requests = try plan.shardRequests(
                zone: payload.time_zone, localDate: localDate, asOf: asOf, in: session)
            let results = try queue.enqueue(requests, in: session)
            try Self.recordShards(results.map(\.id), of: context.job.id, in: session)
            let result = JobResult(counts: [
                "shards": results.count, "enqueued": results.filter { !$0.duplicate }.count,
            ])
            try context.complete(in: session, result: result)
            return (results, result)
        }
        context.logger.info(
            "nightly fanned out",
            metadata: ["zone": "\(payload.time_zone)", "local_date": "\(localDate)", "shards": "\(results.count)"])
        return result
    }

    /// Records that nightly job `nightlyID` owns `shardIDs` (fresh or found live), so that
    /// ``NightlyBatch`` counts exactly them. Nothing is recorded for a nightly job that is not
    /// in the queue (a handler run directly, as tests do).
    static func recordShards(_ shardIDs: [Int64], of nightlyID: Int64, in session: DatabaseSession) throws {
        guard !shardIDs.isEmpty else { return }
        // Integers, so the list is written inline.
        let ids = Set(shardIDs).sorted().map(String.init).joined(separator: ", ")
        try session.execute(
            """
            INSERT INTO spotter.nightly_shards (nightly_id, job_id)
            SELECT n.id, j.id FROM spotter.jobs n, spotter.jobs j
            WHERE n.id = \(nightlyID) AND j.id IN (\(ids))
            ON CONFLICT DO NOTHING
            """)
    }

    /// The instant the shards compute "as of": the payload's `as_of`, else the scheduled local
    /// time in the zone (so a rerun is reproducible), else now.
    static func asOf(_ payload: Payload) throws -> Date {
        if let text = payload.as_of { return try ISO8601Instant.asOf(text) }
        if let local = payload.scheduled_for, let zone = TimeZoneName.zone(payload.time_zone) {
            if let wall = TimestampFormat.parse(local) { return WallClock.date(forWall: wall, in: zone) }
        }
        return Date()
    }
}

/// How a nightly batch splits a zone into shard jobs.
public struct NightlyPlan: Sendable {
    /// The catalog (shard sizes, kinds).
    public var catalog: JobCatalog
    /// The kinds to fan out to, in order (kinds without ``KindDeclaration/shards`` are left out).
    public var fanOut: [KindDeclaration]

    /// Creates a plan.
    public init(catalog: JobCatalog, fanOut: [KindDeclaration]) {
        self.catalog = catalog
        self.fanOut = fanOut
    }

    /// The shard jobs for one zone and local date: id ranges of at most `shard_size` subjects.
    /// They come shard by shard (shard 0 of every kind, then shard 1, …). Shards of kinds that
    /// share a read (``ShardPlan/sharedRead``) over the same range get one claim group
    /// (``claimGroup(read:zone:localDate:population:size:index:)``): one worker then runs
    /// `daily_suggestion` and `program_recommendations` of a range side by side, and they share
    /// one read of its inputs (``RecommendationShard``).
    public func shardRequests(zone: String, localDate: String, asOf: Date, in session: DatabaseSession) throws
        -> [EnqueueRequest]
    {
        var requestsByKind: [[EnqueueRequest]] = []
        let asOfText = TimestampFormat.compact(asOf)
        var rangesByPopulation: [String: [(UserID, UserID)]] = [:]
        for declaration in fanOut {
            let kind = declaration.name
            guard let spec = catalog.spec(for: kind), let size = spec.shardSize, let shards = declaration.shards else {
                continue
            }
            let population = shards.subjects.population
            let cacheKey = "\(population):\(size)"
            let ranges: [(UserID, UserID)]
            if let cached = rangesByPopulation[cacheKey] {
                ranges = cached
            } else {
                ranges = try Self.ranges(zone: zone, trainersOnly: population == "trainers", size: size, in: session)
                rangesByPopulation[cacheKey] = ranges
            }
            requestsByKind.append(
                try ranges.enumerated().map { index, range in
                    let shard = Shard(
                        timeZone: zone, localDate: localDate, fromID: range.0, toID: range.1, asOf: asOfText)
                    return EnqueueRequest(
                        kind: kind, payload: try shards.payload(shard),
                        uniqueKey: Shard.uniqueKey(kind: kind, zone: zone, localDate: localDate, index: index),
                        claimGroup: shards.sharedRead.map {
                            Self.claimGroup(
                                read: $0, zone: zone, localDate: localDate, population: population, size: size,
                                index: index)
                        })
                })
        }
        let shards = requestsByKind.map(\.count).max() ?? 0
        return (0..<shards).flatMap { index in requestsByKind.compactMap { index < $0.count ? $0[index] : nil } }
    }

    /// The claim group of the shards reading `read` over one range: `<read>:<night>:<population>:<size>:<index>`
    /// (``Shard/night(zone:localDate:)``); kinds of another shard size cut other ranges, so they
    /// are grouped apart.
    static func claimGroup(read: String, zone: String, localDate: String, population: String, size: Int, index: Int)
        -> String
    {
        "\(read):\(Shard.night(zone: zone, localDate: localDate)):\(population):\(size):\(index)"
    }

    /// Inclusive id ranges of the zone's active users (or trainers), `size` per range, in one
    /// query. The ranges follow the id column's own order (numbers for bigint, bytes for uuid, the
    /// collation for text), the order the shards' `BETWEEN` compares in: each shard's first and
    /// last id are read from the numbered rows, as no `min`/`max` exists for every id type.
    static func ranges(zone: String, trainersOnly: Bool, size: Int, in session: DatabaseSession) throws -> [(
        UserID, UserID
    )] {
        var ranges: [(UserID, UserID)] = []
        try session.forEachRow(
            """
            SELECT id, position / \(bind: size) AS shard
            FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS position, count(*) OVER () AS total
                  FROM spotter.users
                  WHERE time_zone = \(bind: zone) AND status = 'active' \(unescaped: trainersOnly ? "AND role = 'trainer'" : "")) AS numbered
            WHERE position % \(bind: size) = 0 OR position % \(bind: size) = \(bind: size - 1) OR position = total - 1
            ORDER BY position
            """
        ) { row in
            let id = try row.id("id", as: UserID.self)
            let shard = try row.int("shard")
            if shard < ranges.count {
                ranges[shard].1 = id
            } else {
                ranges.append((id, id))
            }
        }
        return ranges
    }

    /// The local calendar date of an instant in a zone (UTC for an invalid zone), `YYYY-MM-DD`.
    public static func localDate(of instant: Date, zone: String) -> String {
        LocalDate(of: instant, in: TimeZoneName.zone(zone) ?? TimeZone(identifier: "UTC")!).description
    }
}
