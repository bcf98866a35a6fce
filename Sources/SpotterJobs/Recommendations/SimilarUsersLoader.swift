public import Foundation
public import SpotterDB
public import SpotterRanking

/// Builds the "what similar members completed" index for a shard from a bounded, deterministic
/// sample of all members, in three statements (no per-user round trip).
///
/// Up to ``sampleSize`` members everyone is read. Beyond, the sample is ``rangeCount`` blocks of
/// consecutive ids spread evenly over the id span, together holding about ``sampleSize``
/// members: blocks rather than every n-th id so that both reads are index range scans (a
/// modulo would scan every enrollment for every shard), and spread so that members who joined
/// early and late are both represented. Every shard of a run reads the same sample, so results
/// do not depend on how users were cut into shards, and the cost per shard stays bounded
/// whatever the number of members. Completed enrollments count fully, active and abandoned ones
/// half (see `SimilarUsersIndex`); enrollments started after `asOf` are left out.
public enum SimilarUsersLoader {
    /// Members read at most (about): 5,000 keep every profile segment populated.
    public static let sampleSize = 5_000
    /// Id blocks the sample is made of.
    public static let rangeCount = 16

    /// The member count and id span.
    public struct Bounds: Sendable, Hashable {
        /// Members (`users` rows).
        public var members: Int
        /// Smallest and largest user id.
        public var ids: ClosedRange<Int64>
    }

    /// Reads the member count and id span; nil when there are no users.
    public static func bounds(in session: DatabaseSession) throws -> Bounds? {
        guard let row = try session.query("SELECT count(*) AS members, min(id) AS low, max(id) AS high FROM spotter.users").first,
            let low = try row.optionalInt64("low"), let high = try row.optionalInt64("high")
        else { return nil }
        return Bounds(members: try row.int("members"), ids: low...high)
    }

    /// The sampled id blocks: the whole span up to ``sampleSize`` members, else ``rangeCount``
    /// equal blocks at equal steps over it, each covering its share of `sampleSize / members`.
    public static func ranges(_ bounds: Bounds) -> [ClosedRange<Int64>] {
        guard bounds.members > sampleSize else { return [bounds.ids] }
        let span = Double(bounds.ids.upperBound) - Double(bounds.ids.lowerBound) + 1
        let step = span / Double(rangeCount)
        let width = max(1, step * Double(sampleSize) / Double(bounds.members))
        return (0..<rangeCount).map { index in
            let start = bounds.ids.lowerBound + Int64(step * Double(index))
            let end = min(bounds.ids.upperBound, start + Int64(width.rounded(.up)) - 1)
            return start...max(start, end)
        }
    }

    /// The sample's statements: the sampled members' enrollments (by member), then their profiles.
    package static func sampleStatements(_ bounds: Bounds, asOf: Date) -> [InputQuery] {
        let ranges = ranges(bounds)
        var binds: [SQLValue] = []
        func predicate(_ column: String) -> String {
            ranges.indices.map { "\(column) BETWEEN $\(2 * $0 + 1) AND $\(2 * $0 + 2)" }
                .joined(separator: " OR ")
        }
        for range in ranges { binds += [.int(range.lowerBound), .int(range.upperBound)] }
        let enrollments = """
            SELECT e.user_id, e.program_id, e.status FROM spotter.enrollments e
            WHERE (\(predicate("e.user_id"))) AND e.started_at <= $\(binds.count + 1)
            ORDER BY e.user_id, e.program_id
            """
        let profiles = """
            SELECT p.user_id, p.goal, p.level, p.equipment, p.days_per_week, p.session_minutes
            FROM spotter.profiles p WHERE \(predicate("p.user_id"))
            """
        return [
            InputQuery(sql: enrollments, binds: binds + [.timestamp(asOf)]), InputQuery(sql: profiles, binds: binds),
        ]
    }

    /// How long a worker reuses the index it built for one (database, `as_of`): every shard of
    /// a nightly run shares its `as_of`, and the sample is the same for all of them, so the
    /// second and later shards in a process skip three statements and the build. An index at
    /// most this old describes "what similar members did" as well as a fresh one.
    public static let reuse: Duration = .seconds(600)

    private struct CacheKey: Hashable, Sendable {
        var database: String
        var asOf: Date
    }
    private static let cache = SharedReads<CacheKey, SimilarUsersIndex>(capacity: 8, maxAge: reuse)

    /// ``load(asOf:in:)`` through the per-process cache, keyed by `database` (the connection's
    /// description) and `asOf`, entries kept for ``reuse``. Shards that start together wait for
    /// one read instead of each reading the sample.
    public static func cached(asOf: Date, database: String, in session: DatabaseSession) throws -> SimilarUsersIndex {
        try cache.value(for: CacheKey(database: database, asOf: asOf)) { try load(asOf: asOf, in: session) }.value
    }

    /// Reads the sample and builds the index.
    public static func load(asOf: Date, in session: DatabaseSession) throws -> SimilarUsersIndex {
        guard let bounds = try bounds(in: session) else { return .empty }
        let statements = sampleStatements(bounds, asOf: asOf)
        var records: [SimilarUserRecord] = []
        try session.forEachRow(statements[0].sql, statements[0].binds) { row in
            let userID = try row.int64("user_id")
            if records.last?.userID != userID {
                records.append(
                    SimilarUserRecord(userID: userID, profile: nil, completedProgramIDs: [], enrolledProgramIDs: []))
            }
            let programID = try row.int64("program_id")
            if try row.string("status") == "completed" {
                records[records.count - 1].completedProgramIDs.append(programID)
            } else {
                records[records.count - 1].enrolledProgramIDs.append(programID)
            }
        }
        var position: [Int64: Int] = [:]
        for (index, record) in records.enumerated() { position[record.userID] = index }
        try session.forEachRow(statements[1].sql, statements[1].binds) { row in
            guard let index = position[try row.int64("user_id")] else { return }
            records[index].profile = try MemberProfile(row: row)
        }
        return SimilarUsersIndex(records: records)
    }
}
