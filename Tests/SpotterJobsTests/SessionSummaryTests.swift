import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterSeed
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The session summaries (`session_work`, issue 34) against `SessionWorkSQL` over the raw sets, on
/// seeded data, through corrections and a backfill, and the answers computed from both.
@Suite("Session summaries", .serialized)
struct SessionSummaryTests {
    static let now = Date(timeIntervalSince1970: 1_795_867_200)  // 2026-11-28T12:00:00Z
    static let asOf = now.addingTimeInterval(-3_600)

    /// A migrated database seeded with `users` members (seed 11), their ids.
    static func seeded(_ connection: DatabaseConnection, users: Int) async throws -> [UserID] {
        try await SeederTests.migrate(connection)
        _ = try await Seeder.seed(
            into: connection, configuration: SeedConfiguration(users: users, seed: 11, now: now, chunkSize: 100),
            logger: TestDatabase.logger)
        return try await connection.query("SELECT id FROM spotter.users ORDER BY id").map { try $0.id("id") }
    }

    /// Both statements' rows for `ids` at `asOf`, as values.
    static func both(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> (
        raw: [[SQLValue]], summaries: [[SQLValue]]
    ) {
        let since = RecommendationInputs.workSince(asOf: asOf)
        let raw = try session.query(
            SessionWorkSQL.statement(filter: SessionSummaries.window(ids: ids, since: since, asOf: asOf)))
        let summaries = try session.query(SessionSummaries.workStatement(ids: ids, since: since, asOf: asOf))
        return (raw.map(\.values), summaries.map(\.values))
    }

    /// What was lifted per session and exercise for `ids` in the window of `asOf`, from the raw sets
    /// (``LoggedLiftSQL``) and from `session_lifts`.
    static func lifts(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> (
        raw: [[SQLValue]], summaries: [[SQLValue]]
    ) {
        let filter: SQLQuery =
            "s.user_id \(oneOf: ids) AND s.started_at >= \(timestamp: RecommendationInputs.workSince(asOf: asOf)) AND s.started_at <= \(timestamp: asOf)"
        let raw = try session.query(LoggedLiftSQL.statement(filter: filter))
        let summaries = try session.query(LoggedLiftSQL.fromSummaries(filter: filter))
        return (raw.map(\.values), summaries.map(\.values))
    }

    /// Spotter's own `session_sets` (triggers forget a changed session's summary) and a product's
    /// (no triggers: the fingerprint).
    enum SetsTable: CaseIterable, Sendable { case spotters, products }

    @Test(
        "summaries equal SessionWorkSQL's rows, follow added, removed, edited and deleted sessions' sets, and backfill",
        arguments: [DatabaseBackend.sqlite, .postgres], SetsTable.allCases)
    func summariesFollowTheSets(_ backend: DatabaseBackend, _ table: SetsTable) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await Self.seeded(connection, users: 120)
            try await connection.withSession { session in
                #expect(try SessionSummaries.changesTracked(in: session))
                if table == .products {
                    for name in ["session_sets_inserted", "session_sets_updated", "session_sets_deleted"] {
                        _ = try session.execute(
                            backend == .postgres
                                ? "DROP TRIGGER \(unescaped: name) ON spotter.session_sets"
                                : "DROP TRIGGER spotter.\(unescaped: name)")
                    }
                    #expect(try !SessionSummaries.changesTracked(in: session))
                }
                let since = RecommendationInputs.workSince(asOf: Self.asOf)
                let first = try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session)
                #expect(first.summarised > 100)
                #expect(first.setsRead > 1_000)
                var (raw, summaries) = try Self.both(ids, asOf: Self.asOf, in: session)
                #expect(!raw.isEmpty)
                #expect(raw == summaries)
                var lifts = try Self.lifts(ids, asOf: Self.asOf, in: session)
                #expect(!lifts.raw.isEmpty)
                #expect(lifts.raw == lifts.summaries)
                // Nothing changed: nothing is summarised again, no set is read.
                #expect(try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session) == .init())

                // Corrections: a set removed, a set added, a session deleted, a session logged.
                let sessions = try session.query(
                    """
                    SELECT s.id, s.user_id, count(*) AS n, max(ss.set_order) AS last FROM spotter.workout_sessions s
                    JOIN spotter.session_sets ss ON ss.session_id = s.id
                    WHERE s.started_at >= \(timestamp: since) AND s.started_at <= \(timestamp: Self.asOf)
                    GROUP BY s.id, s.user_id HAVING count(*) >= 3 ORDER BY s.id LIMIT 4
                    """)
                try #require(sessions.count == 4)
                let (shrunk, grown, deleted, edited) = (sessions[0], sessions[1], sessions[2], sessions[3])
                // Edited in place, keeping the count and the highest set_order: effort and load.
                _ = try session.execute(
                    """
                    UPDATE spotter.session_sets SET rpe = 10, weight_kg = 60, reps = 5, is_warmup = \(bind: .bool(false))
                    WHERE session_id = \(bind: edited["id"])
                    """)
                _ = try session.execute(
                    "DELETE FROM spotter.session_sets WHERE session_id = \(bind: shrunk["id"]) AND set_order = \(bind: shrunk["last"])"
                )
                _ = try session.execute(
                    """
                    INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, weight_kg, reps, rpe)
                    VALUES (\(bind: grown["id"]), \(bind: .int(Int64(try grown.int("last") + 1))), 'Plank', \(bind: .tags(["core", "glutes"])), NULL, 1, 9)
                    """)
                _ = try session.execute("DELETE FROM spotter.workout_sessions WHERE id = \(bind: deleted["id"])")
                _ = try session.execute(
                    """
                    INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes)
                    VALUES (999999999, \(bind: shrunk["user_id"]), \(timestamp: Self.asOf.addingTimeInterval(-600)), 40)
                    """)
                _ = try session.execute(
                    """
                    INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, reps, rpe, is_warmup)
                    VALUES (999999999, 1, 'Squat', \(bind: .tags(["quads", "glutes"])), 5, 8, \(bind: .bool(false))),
                           (999999999, 2, 'Squat', \(bind: .tags(["quads", "glutes"])), 5, NULL, \(bind: .bool(false))),
                           (999999999, 3, 'Squat', \(bind: .tags(["quads", "glutes"])), 5, NULL, \(bind: .bool(true)))
                    """)
                let second = try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session)
                if table == .products {
                    // The fingerprint misses the edit in place; forgetting the summary (what a
                    // product's own trigger does) makes the next refresh summarise it.
                    #expect(second.summarised == 3)
                    let missed = try Self.lifts(ids, asOf: Self.asOf, in: session)
                    #expect(missed.raw != missed.summaries)
                    _ = try session.execute(
                        "DELETE FROM spotter.session_summaries WHERE session_id = \(bind: edited["id"])")
                    let forgotten = try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session)
                    #expect(forgotten.summarised == 1)
                } else {
                    #expect(second.summarised == 4)
                }
                (raw, summaries) = try Self.both(ids, asOf: Self.asOf, in: session)
                #expect(raw == summaries)
                lifts = try Self.lifts(ids, asOf: Self.asOf, in: session)
                #expect(lifts.raw == lifts.summaries)
                #expect(lifts.raw.contains { $0[1] == edited["id"] && $0[4] != .null })
                #expect(raw.contains { $0[1] == .int(999_999_999) })

                // A backfill 30 days back: its window reaches sessions no night summarised yet.
                let past = Self.asOf.addingTimeInterval(-30 * 86_400)
                let backfill = try SessionSummaries.refresh(
                    ids: ids, since: RecommendationInputs.workSince(asOf: past), asOf: past, in: session)
                #expect(backfill.summarised > 0)
                (raw, summaries) = try Self.both(ids, asOf: past, in: session)
                #expect(!raw.isEmpty)
                #expect(raw == summaries)
                lifts = try Self.lifts(ids, asOf: past, in: session)
                #expect(lifts.raw == lifts.summaries)
            }
        }
    }

    @Test(
        "suggestions and recommendations are identical from the summaries and from the raw sets",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func identicalAnswers(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await Self.seeded(connection, users: 300)
            try await connection.withSession { session in
                for asOf in [Self.asOf, Self.asOf.addingTimeInterval(-20 * 86_400)] {
                    let selection = UserSelection(ids: ids, asOf: asOf)
                    let raw = try RecommendationShard.loadMembers(
                        selection, recentDays: 3, checkInHours: 24, work: .sessionSets, in: session)
                    let summarised = try RecommendationShard.loadMembers(
                        selection, recentDays: 3, checkInHours: 24, work: .summaries, in: session)
                    #expect(raw.count == ids.count)
                    #expect(raw.map(\.sessions) == summarised.map(\.sessions))
                    #expect(raw.map(\.history) == summarised.map(\.history))
                    #expect(raw.compactMap(\.history).joined().contains { !$0.work.isEmpty })
                    #expect(raw.flatMap(\.sessions).contains { !$0.work.isEmpty })
                    #expect(raw.flatMap(\.sessions).contains { !$0.lifts.isEmpty })
                    let library = try LibraryLoader.load(in: session)
                    let recommender = Recommender(
                        library: library.library, similar: try SimilarUsersLoader.load(asOf: asOf, in: session))
                    var suggested = 0
                    for (a, b) in zip(raw, summarised) {
                        guard let first = a.context(asOf: asOf), let second = b.context(asOf: asOf) else {
                            #expect(b.context(asOf: asOf) == nil)
                            continue
                        }
                        let suggestion = recommender.dailySuggestion(
                            for: first, personal: recommender.personalState(for: a.whole(first)))
                        #expect(
                            suggestion
                                == recommender.dailySuggestion(
                                    for: second, personal: recommender.personalState(for: b.whole(second))),
                            "user \(a.id)")
                        #expect(
                            recommender.recommendations(for: first) == recommender.recommendations(for: second),
                            "user \(a.id)")
                        if case .suggested = suggestion { suggested += 1 }
                    }
                    #expect(suggested > ids.count / 2)
                }
            }
        }
    }

    /// The rows of `relation` a JSON plan read: each scan's rows returned and removed by its
    /// filter, over all its loops.
    static func rowsRead(_ node: Any, of relation: String = "workout_sessions") -> Double {
        if let list = node as? [Any] { return list.map { rowsRead($0, of: relation) }.reduce(0, +) }
        guard let object = node as? [String: Any] else { return 0 }
        var read = 0.0
        if object["Relation Name"] as? String == relation {
            let loops = object["Actual Loops"] as? Double ?? 1
            let rows = (object["Actual Rows"] as? Double ?? 0) + (object["Rows Removed by Filter"] as? Double ?? 0)
            read += rows * loops
        }
        return read + object.values.map { rowsRead($0, of: relation) }.reduce(0, +)
    }

    /// `statement`'s plan, run (`EXPLAIN (ANALYZE, FORMAT JSON)`), as JSON.
    static func plan(_ sql: String, _ binds: [SQLValue] = [], in session: DatabaseSession) throws -> Any {
        let text = try session.query("EXPLAIN (ANALYZE, FORMAT JSON) " + sql, binds).first?.string("QUERY PLAN") ?? "[]"
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test("a shard's statements read its own members' enrollments and profiles, not the tables (PostgreSQL plans)")
    func shardReadsItsMembers() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            let ids = try await Self.seeded(connection, users: 300)
            try await connection.withSession { session in
                for table in ["users", "enrollments", "profiles", "workout_sessions"] {
                    _ = try session.execute("ANALYZE spotter.\(unescaped: table)")
                }
                // Spread over the ids, as an on-demand job's list may be: a merge join cannot stop early.
                let members = stride(from: 3, to: 283, by: 7).map { ids[$0] }
                func count(_ table: String, members: [UserID]? = nil) throws -> Double {
                    let filter: SQLQuery = members.map { "WHERE user_id \(oneOf: $0)" } ?? ""
                    let row = try session.query(
                        "SELECT count(*) AS n FROM spotter.\(unescaped: table) \(fragment: filter)")
                    return Double(try row.first?.int("n") ?? 0)
                }
                let (enrollments, profiles) = (try count("enrollments"), try count("profiles"))
                let own = try count("enrollments", members: members)
                #expect(own > 10 && enrollments > 5 * own, "\(own) of \(enrollments)")
                // A large database's plans: a small one scans its small tables whole, and hashing a
                // whole table is what the planner chose at 100k.
                _ = try session.execute("SET enable_seqscan = off")
                _ = try session.execute("SET enable_nestloop = off")
                for statement in RecommendationInputs.memberStatements(
                    ids: members, asOf: Self.asOf, backend: .postgres)
                {
                    let plan = try Self.plan(statement.sql, statement.binds, in: session)
                    let read = (Self.rowsRead(plan, of: "enrollments"), Self.rowsRead(plan, of: "profiles"))
                    // Per-loop averages are rounded in a plan: a bound, not the exact rows.
                    #expect(read.0 < enrollments / 2 && read.1 < profiles / 2, "read \(read) for \(statement.sql)")
                }
            }
        }
    }

    /// The plan nodes anywhere in `node` (itself included) for which `matches` holds.
    static func nodes(_ node: Any, where matches: ([String: Any]) -> Bool) -> [[String: Any]] {
        if let list = node as? [Any] { return list.flatMap { nodes($0, where: matches) } }
        guard let object = node as? [String: Any] else { return [] }
        let own = object["Node Type"] != nil && matches(object) ? [object] : []
        return own + object.values.flatMap { nodes($0, where: matches) }
    }

    /// The plan nodes that read `relation`, anywhere in `node`.
    static func scans(_ node: Any, of relation: String) -> [[String: Any]] {
        if let list = node as? [Any] { return list.flatMap { scans($0, of: relation) } }
        guard let object = node as? [String: Any] else { return [] }
        let own = object["Relation Name"] as? String == relation ? [object] : []
        return own + object.values.flatMap { scans($0, of: relation) }
    }

    @Test("a shard reads its members' summaries from the indexes alone, once vacuumed (PostgreSQL plans)")
    func summariesReadFromTheIndex() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            let ids = try await Self.seeded(connection, users: 120)
            try await connection.withSession { session in
                let members = Array(ids.prefix(40))
                let since = RecommendationInputs.workSince(asOf: Self.asOf)
                _ = try SessionSummaries.refresh(ids: members, since: since, asOf: Self.asOf, in: session)
            }
            // What a night finds: rows summarised on an earlier night, vacuumed since.
            try await connection.execute("VACUUM (ANALYZE) spotter.session_work, spotter.session_lifts")
            try await connection.withSession { session in
                _ = try session.execute("SET enable_seqscan = off")
                _ = try session.execute("SET enable_bitmapscan = off")
                let members = Array(ids.prefix(40))
                let work = RecommendationInputs.memberStatements(ids: members, asOf: Self.asOf, backend: .postgres)[4]
                let lifts = RecommendationInputs.liftsStatement(ids: members, asOf: Self.asOf, backend: .postgres)
                for (table, statement) in [("session_work", work), ("session_lifts", lifts)] {
                    let plan = try Self.plan(statement.sql, statement.binds, in: session)
                    let reads = Self.scans(plan, of: table)
                    #expect(!reads.isEmpty && Self.rowsRead(plan, of: table) > 50, "\(table) is read")
                    for read in reads {
                        #expect(read["Node Type"] as? String == "Index Only Scan", "\(table): \(read)")
                        #expect(read["Heap Fetches"] as? Double == 0, "\(table): \(read)")
                    }
                }
            }
        }
    }

    @Test("a shard's lifts join the library's exercises once, not once per session (PostgreSQL plans)")
    func liftsJoinTheLibraryOnce() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            let ids = try await Self.seeded(connection, users: 120)
            let members = Array(ids.prefix(60))
            try await connection.withSession { session in
                let since = RecommendationInputs.workSince(asOf: Self.asOf)
                _ = try SessionSummaries.refresh(ids: members, since: since, asOf: Self.asOf, in: session)
            }
            try await connection.execute("VACUUM (ANALYZE) spotter.session_lifts, spotter.exercises")
            try await connection.withSession { session in
                let exercises = Double(
                    try session.query("SELECT count(*) AS n FROM spotter.exercises").first?.int("n") ?? 0)
                let lifts = RecommendationInputs.liftsStatement(ids: members, asOf: Self.asOf, backend: .postgres)
                let plan = try Self.plan(lifts.sql, lifts.binds, in: session)
                let sessions = Self.scans(plan, of: "session_lifts").map { $0["Actual Loops"] as? Double ?? 1 }
                    .reduce(0, +)
                // Joined inside the per-session probe (the plan PostgreSQL chose at 100k members for
                // the unfenced statement), every session would read the library anew: a join over
                // both tables would run once per session and read `exercises` as often.
                #expect(sessions > 20, "\(sessions) sessions probed")
                let joins = Self.nodes(plan) { node in
                    !Self.scans(node, of: "exercises").isEmpty && !Self.scans(node, of: "session_lifts").isEmpty
                }
                #expect(!joins.isEmpty)
                for join in joins { #expect(join["Actual Loops"] as? Double == 1, "\(join)") }
                #expect(
                    Self.rowsRead(plan, of: "exercises") <= exercises,
                    "exercises read \(Self.rowsRead(plan, of: "exercises")) rows of \(exercises)")
            }
        }
    }

    @Test("a zone shard reads its zone's users in its range, not the other zones' (PostgreSQL plans)")
    func zoneShardReadsItsZone() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            _ = try await Self.seeded(connection, users: 300)
            try await connection.withSession { session in
                _ = try session.execute("ANALYZE spotter.users")
                // The zone with the most active users, split as the nightly fan-out splits it.
                let zone =
                    try session.query(
                        "SELECT time_zone, count(*) AS n FROM spotter.users WHERE status = 'active' GROUP BY time_zone ORDER BY n DESC, time_zone LIMIT 1"
                    ).first?.string("time_zone") ?? ""
                let ranges = try NightlyPlan.ranges(zone: zone, trainersOnly: false, size: 10, in: session)
                let total = Double(
                    try session.query("SELECT count(*) AS n FROM spotter.users").first?.int("n") ?? 0)
                #expect(ranges.count >= 3, "\(ranges.count) shards of \(zone)")
                // The plans of a large table: an index, never the whole table.
                _ = try session.execute("SET enable_seqscan = off")
                var read = 0.0
                for (from, to) in ranges {
                    let selection = UserSelection(
                        timeZone: zone, idRange: IDRange(from: from, to: to), asOf: Self.asOf)
                    let predicate = selection.predicate(alias: "u")
                    let statement: SQLQuery =
                        "SELECT u.id FROM spotter.users u WHERE \(fragment: predicate) ORDER BY u.id"
                    let members = try session.query(statement)
                    #expect((1...10).contains(members.count), "\(members.count) members in \(from)…\(to)")
                    let rendered = statement.rendered(for: .postgres)
                    let plan = try Self.plan(rendered.sql, rendered.binds, in: session)
                    let shardRead = Self.rowsRead(plan, of: "users")
                    // Its members, and at most the zone's inactive users among them.
                    #expect(shardRead < 2.0 * Double(members.count) + 2, "read \(shardRead) for \(members.count)")
                    read += shardRead
                }
                // Together the zone's shards read about the zone, far less than the table.
                #expect(read < total / 2, "the zone's shards read \(read) of \(total) users")
            }
        }
    }

    @Test("a chunk's sets are read by key, reading only its own sessions (PostgreSQL plan)")
    func chunkReadsItsSessions() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            _ = try await Self.seeded(connection, users: 300)
            try await connection.withSession { session in
                _ = try session.execute("ANALYZE spotter.workout_sessions")
                _ = try session.execute("ANALYZE spotter.session_sets")
                let total = try session.query("SELECT count(*) AS n FROM spotter.workout_sessions").first?.int("n") ?? 0
                // The sessions of a few people: what a shard's refresh hands the summary a chunk at a time.
                let chunk: [SessionID] = try session.query(
                    "SELECT id FROM spotter.workout_sessions WHERE user_id IN (SELECT id FROM spotter.users ORDER BY id LIMIT 8)"
                ).map { try $0.id("id") }
                #expect(chunk.count > 50 && total > 20 * chunk.count, "\(chunk.count) of \(total) sessions")
                // With sorts and hashing priced out, a small database plans as a large one did.
                _ = try session.execute("SET enable_sort = off")
                _ = try session.execute("SET enable_hashagg = off")
                let statement = InputQuery(SessionSummaries.setsStatement(chunk), for: .postgres)
                let read = Self.rowsRead(try Self.plan(statement.sql, statement.binds, in: session))
                #expect(
                    read >= Double(chunk.count) && read <= Double(chunk.count) * 1.1, "read \(read) rows of \(total)")
            }
        }
    }

    /// The `session_sets` rows read so far (sequential and index fetches), as PostgreSQL counts them
    /// once this connection's pending statistics are flushed.
    static func setRowsRead(_ session: DatabaseSession) throws -> Int {
        _ = try session.query("SELECT pg_stat_force_next_flush()")
        let row = try session.query(
            """
            SELECT coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) AS n FROM pg_stat_user_tables
            WHERE relid = 'spotter.session_sets'::regclass
            """
        ).first
        return try row?.int("n") ?? -1
    }

    @Test("a refresh reads each stale session's sets once, and no other set (PostgreSQL statistics)")
    func refreshReadsEachSetOnce() async throws {
        try await TestDatabase.withConnection(.postgres) { connection, _ in
            let ids = try await Self.seeded(connection, users: 60)
            try await connection.withSession { session in
                // Autovacuum's reads would land in the same counters.
                _ = try session.execute("ALTER TABLE spotter.session_sets SET (autovacuum_enabled = false)")
                let since = RecommendationInputs.workSince(asOf: Self.asOf)
                try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session)
                // The summaries of a few people's window sessions are forgotten, as the triggers do
                // when their sets change: what a next night finds stale.
                let few = Array(ids.prefix(5))
                let inWindow = SessionSummaries.window(ids: few, since: since, asOf: Self.asOf)
                _ = try session.execute(
                    """
                    DELETE FROM spotter.session_summaries
                    WHERE session_id IN (SELECT s.id FROM spotter.workout_sessions s WHERE \(fragment: inWindow))
                    """)
                let expected =
                    try session.query(
                        """
                        SELECT count(*) AS n FROM spotter.workout_sessions s JOIN spotter.session_sets ss ON ss.session_id = s.id
                        WHERE \(fragment: inWindow)
                        """
                    ).first?.int("n") ?? 0
                #expect(expected > 100)
                let before = try Self.setRowsRead(session)
                let refresh = try SessionSummaries.refresh(ids: ids, since: since, asOf: Self.asOf, in: session)
                let read = try Self.setRowsRead(session) - before
                #expect(refresh.setsRead == expected)
                #expect(read == expected, "read \(read) session_sets rows for \(expected) stale sets")
                let (raw, summaries) = try Self.both(ids, asOf: Self.asOf, in: session)
                #expect(raw == summaries)
            }
        }
    }
}
