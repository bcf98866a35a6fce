public import Foundation
public import SpotterDB
public import SpotterRanking

/// Builds the "what similar members completed" index for a shard from a bounded, deterministic
/// sample of all members, in two statements (no per-user round trip).
///
/// The sample is every member whose id is a multiple of a stride chosen so that about
/// ``sampleSize`` members are read (stride = ⌈members / sampleSize⌉; 1 — everyone — up to that
/// size). Every shard of a run reads the same sample, so results do not depend on how users
/// were cut into shards, and the cost per shard stays bounded whatever the number of members.
/// Completed enrollments count fully, active and abandoned ones half (see
/// `SimilarUsersIndex`); enrollments started after `asOf` are left out.
public enum SimilarUsersLoader {
    /// Members read at most (about); 5,000 keep every profile segment populated while the
    /// read stays a few milliseconds.
    public static let sampleSize = 5_000

    /// The sampling stride for `members` members.
    public static func stride(members: Int, sampleSize: Int = SimilarUsersLoader.sampleSize) -> Int64 {
        Int64(max(1, (members + sampleSize - 1) / max(1, sampleSize)))
    }

    /// The sample's statements: the member count, then the sampled members' enrollments with
    /// their profiles, ordered by member. Bind the stride as `$1` and `asOf` as `$2` of the second.
    static let countSQL = "SELECT count(*) FROM spotter.users"
    static let sampleSQL = """
        SELECT e.user_id, e.program_id, e.status, p.user_id IS NOT NULL, p.goal, p.level, p.equipment,
               p.days_per_week, p.session_minutes
        FROM spotter.enrollments e LEFT JOIN spotter.profiles p ON p.user_id = e.user_id
        WHERE e.user_id % $1 = 0 AND e.started_at <= $2
        ORDER BY e.user_id, e.program_id
        """

    /// Reads the sample and builds the index.
    public static func load(asOf: Date, in session: DatabaseSession) throws -> SimilarUsersIndex {
        let members = try session.query(countSQL).first?.int(at: 0) ?? 0
        var records: [SimilarUserRecord] = []
        try session.forEachRow(sampleSQL, [.int(stride(members: members)), .timestamp(asOf)]) { row in
            let userID = try row.int64(at: 0)
            if records.last?.userID != userID {
                let profile = try row.bool(at: 3) ? try ProfileColumns.profile(row, from: 4) : nil
                records.append(
                    SimilarUserRecord(userID: userID, profile: profile, completedProgramIDs: [], enrolledProgramIDs: []))
            }
            let programID = try row.int64(at: 1)
            if try row.string(at: 2) == "completed" {
                records[records.count - 1].completedProgramIDs.append(programID)
            } else {
                records[records.count - 1].enrolledProgramIDs.append(programID)
            }
        }
        return SimilarUsersIndex(records: records)
    }
}
