public import Foundation
public import SpotterDB
import SpotterIDs
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

    /// The member count and the sampled id blocks (inclusive, in the id column's own order); no
    /// blocks: every member.
    public struct Bounds: Sendable, Hashable {
        /// Members (`users` rows).
        public var members: Int
        /// The sampled blocks.
        public var ranges: [IDRange]
    }

    /// Reads the member count and chooses the sampled id blocks; nil when there are no users.
    /// Up to ``sampleSize`` members, everyone. Else ``rangeCount`` equal blocks at equal steps,
    /// each covering its share of `sampleSize / members`: over the id span when the ids are
    /// integers (bigint keys), else over the members' positions in id order (UUID, text).
    public static func bounds(in session: DatabaseSession) throws -> Bounds? {
        guard let members = try session.query("SELECT count(*) AS n FROM spotter.users").first?.int("n"), members > 0
        else { return nil }
        guard members > sampleSize else { return Bounds(members: members, ranges: []) }
        let first = try session.query("SELECT id FROM spotter.users ORDER BY id LIMIT 1").first?.id(
            "id", as: UserID.self)
        let last = try session.query("SELECT id FROM spotter.users ORDER BY id DESC LIMIT 1").first?.id(
            "id", as: UserID.self)
        if let low = first?.integer, let high = last?.integer {
            return Bounds(
                members: members,
                ranges: blocks(span: Double(high) - Double(low) + 1, members: members).map {
                    IDRange(from: UserID(low + Int64($0.lowerBound)), to: UserID(min(high, low + Int64($0.upperBound))))
                })
        }
        let blocks = blocks(span: Double(members), members: members)
        let positions = blocks.flatMap { [Int64($0.lowerBound), Int64(min($0.upperBound, Double(members - 1)))] }
        var idAt: [Int64: UserID] = [:]
        try session.forEachRow(
            """
            SELECT id, position FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS position FROM spotter.users) AS n
            WHERE position \(oneOf: positions)
            """
        ) { row in idAt[try row.int64("position")] = try row.id("id") }
        return Bounds(
            members: members,
            ranges: blocks.compactMap { block in
                guard let from = idAt[Int64(block.lowerBound)],
                    let to = idAt[Int64(min(block.upperBound, Double(members - 1)))]
                else { return nil }
                return IDRange(from: from, to: to)
            })
    }

    /// ``rangeCount`` blocks over `0..<span`, at equal steps, each `sampleSize / members` of a step
    /// wide (offsets from the start; inclusive).
    static func blocks(span: Double, members: Int) -> [ClosedRange<Double>] {
        let step = span / Double(rangeCount)
        let width = max(1, step * Double(sampleSize) / Double(members))
        return (0..<rangeCount).map { index in
            let start = (step * Double(index)).rounded(.down)
            let end = start + width.rounded(.up) - 1
            return start...max(start, end)
        }
    }

    /// The sample's statements: the sampled members' enrollments (by member), then their profiles.
    package static func sampleStatements(_ bounds: Bounds, asOf: Date, backend: DatabaseBackend) -> [InputQuery] {
        func predicate(_ column: String) -> SQLQuery {
            guard !bounds.ranges.isEmpty else { return "1 = 1" }
            return SQLQuery.joined(
                bounds.ranges.map { "\(unescaped: column) BETWEEN \(id: $0.from) AND \(id: $0.to)" }, separator: " OR ")
        }
        let enrollments: SQLQuery = """
            SELECT e.user_id, e.program_id, e.status FROM spotter.enrollments e
            WHERE (\(fragment: predicate("e.user_id"))) AND e.started_at <= \(timestamp: asOf)
            ORDER BY e.user_id, e.program_id
            """
        let profiles: SQLQuery = """
            SELECT p.user_id, p.goal, p.level, p.equipment, p.days_per_week, p.session_minutes
            FROM spotter.profiles p WHERE \(fragment: predicate("p.user_id"))
            """
        return [InputQuery(enrollments, for: backend), InputQuery(profiles, for: backend)]
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
        let statements = sampleStatements(bounds, asOf: asOf, backend: session.backend)
        var records: [SimilarUserRecord] = []
        try session.forEachRow(statements[0].sql, statements[0].binds) { row in
            let userID = try row.id("user_id", as: UserID.self)
            if records.last?.userID != userID {
                records.append(
                    SimilarUserRecord(userID: userID, profile: nil, completedProgramIDs: [], enrolledProgramIDs: []))
            }
            let programID = try row.id("program_id", as: ProgramID.self)
            if try row.string("status") == "completed" {
                records[records.count - 1].completedProgramIDs.append(programID)
            } else {
                records[records.count - 1].enrolledProgramIDs.append(programID)
            }
        }
        var position: [UserID: Int] = [:]
        for (index, record) in records.enumerated() { position[record.userID] = index }
        try session.forEachRow(statements[1].sql, statements[1].binds) { row in
            guard let index = position[try row.id("user_id")] else { return }
            records[index].profile = try MemberProfile(row: row)
        }
        return SimilarUsersIndex(records: records)
    }
}
