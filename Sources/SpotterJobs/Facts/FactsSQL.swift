import SpotterDB
import SpotterIDs

/// Small SQL builders the facts store shares across both backends.
enum FactsSQL {
    /// `LEFT JOIN` adding the sources of fact alias `f` as alias `s` (`s.message_id`,
    /// `s.mentioned_at`). On PostgreSQL a `LATERAL` subquery fenced with `OFFSET 0`, so each
    /// fact looks its sources up in `fact_sources_pkey`: a plain join is planned as a hash join
    /// over a sequential scan of the whole table, once per shard — quadratic over a nightly batch
    /// as the table fills. SQLite's planner probes the primary key anyway.
    static let sourcesOfEachFact: SQLQuery =
        "\(postgres: lateralSources, sqlite: "LEFT JOIN spotter.fact_sources s ON s.fact_id = f.id")"

    private static let lateralSources: SQLQuery = """
        LEFT JOIN LATERAL (
            SELECT s.message_id, s.mentioned_at FROM spotter.fact_sources s WHERE s.fact_id = f.id OFFSET 0
        ) s ON true
        """

    /// The first key of the per-user advisory locks: "Fact".
    static let lockClass: Int32 = 0x4661_6374

    /// Takes a transaction-scoped lock per user on PostgreSQL, so two jobs touching the same
    /// user's facts (a conversation job and a nightly shard) serialise their read-plan-write
    /// instead of planning from the same snapshot. Keys are the pair (`lockClass`,
    /// `hashtext('facts:' || user_id)`) — the two-key space, apart from single-key locks such as
    /// the migrator's — taken in key order so overlapping sets never deadlock; a hash collision
    /// only serialises two unrelated users. SQLite needs nothing: its writers hold the database lock
    /// (`BEGIN IMMEDIATE`) for the whole transaction.
    static func lockUsers(_ users: [UserID], in session: DatabaseSession) throws {
        try session.lockForTransaction(lockClass: lockClass, names: users.map { "facts:" + $0.text })
    }
}
