import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The kept personal states (`spotter.personal_states`, issue 34): a night that reads a member's
/// kept state instead of replaying their window gives the suggestion a replay from scratch gives,
/// and every change to what the replay reads makes the member replayed again.
@Suite("Kept personal states", .serialized)
struct PersonalStatesTests {
    static let asOf = SessionSummaryTests.asOf

    /// One night's daily suggestions as a shard computes them with kept states: the members'
    /// states read back where they hold the member's sessions (extended by the sessions logged
    /// since), the others replayed, and the replayed and extended ones kept (after
    /// `beforeKeeping`, the moment a concurrent refresh could land). Also which members' kept
    /// states were used as they were, and which were extended.
    static func night(
        _ ids: [UserID], asOf: Date, in session: DatabaseSession,
        beforeKeeping: (DatabaseSession) throws -> Void = { _ in }
    ) throws -> (answers: [UserID: SuggestionOutcome], kept: Set<UserID>, extended: Set<UserID>) {
        let library = try LibraryLoader.load(in: session)
        let configuration = RankingConfiguration()
        let keptStates = RecommendationShard.KeptStates(
            key: PersonalState.replayKey(library: library.library, configuration: configuration),
            configuration: configuration)
        let members = try RecommendationShard.loadMembers(
            UserSelection(ids: ids, asOf: asOf), recentDays: 4, checkInHours: 24, keptStates: keptStates, in: session)
        let recommender = Recommender(
            library: library.library, similar: try SimilarUsersLoader.load(asOf: asOf, in: session))
        var states = PersonalStates.Tally()
        var answers: [UserID: SuggestionOutcome] = [:]
        var (kept, extended) = (Set<UserID>(), Set<UserID>())
        for member in members {
            guard let context = member.context(asOf: asOf) else { continue }
            if let state = member.keptState {
                if member.replay == nil { kept.insert(member.id) } else { extended.insert(member.id) }
                // The sessions a kept state holds are not replayed: their work is not read.
                #expect(member.sessions.prefix(state.sessionsHeld).allSatisfy { $0.work.isEmpty }, "\(member.id)")
            }
            let personal = DailySuggestionHandler.personalState(
                of: member, context, recommender: recommender, tally: &states)
            answers[member.id] = recommender.dailySuggestion(for: context, personal: personal)
        }
        #expect(states.kept == kept.count && states.extended == extended.count)
        try beforeKeeping(session)
        try session.withTransaction { try PersonalStates.write(states.toKeep, in: session) }
        return (answers, kept, extended)
    }

    /// The same members' suggestions replayed from scratch, without kept states.
    static func replayed(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> [UserID: SuggestionOutcome]
    {
        let library = try LibraryLoader.load(in: session)
        let members = try RecommendationShard.loadMembers(
            UserSelection(ids: ids, asOf: asOf), recentDays: 4, checkInHours: 24, in: session)
        let recommender = Recommender(
            library: library.library, similar: try SimilarUsersLoader.load(asOf: asOf, in: session))
        var answers: [UserID: SuggestionOutcome] = [:]
        for member in members {
            guard let context = member.context(asOf: asOf) else { continue }
            answers[member.id] = recommender.dailySuggestion(for: context)
        }
        return answers
    }

    /// The state kept for `user`, and the state a replay from scratch gives: the same bytes when
    /// the kept one is right.
    static func states(of user: UserID, asOf: Date, in session: DatabaseSession) throws -> (
        kept: [UInt8], replayed: [UInt8]
    ) {
        let text = try session.query(
            "SELECT state FROM spotter.personal_states WHERE user_id = \(bind: user.text)"
        ).first?.optionalString("state")
        let library = try LibraryLoader.load(in: session)
        let member = try #require(
            try RecommendationShard.loadMembers(
                UserSelection(ids: [user], asOf: asOf), recentDays: 4, checkInHours: 24, in: session
            ).first?.context(asOf: asOf))
        let replayed = Recommender(library: library.library, similar: SimilarUsersIndex(records: []))
            .personalState(for: member)
        return (text.flatMap(PersonalStates.unsealed) ?? [], replayed.stored())
    }

    /// Sessions in the work window with sets, one per user, first `count` users by id.
    static func sessionsWithSets(_ count: Int, asOf: Date, in session: DatabaseSession) throws -> [(
        user: UserID, session: SQLValue, lastSet: SQLValue
    )] {
        let since = RecommendationInputs.workSince(asOf: asOf)
        let rows = try session.query(
            """
            SELECT s.user_id, min(s.id) AS session_id FROM spotter.workout_sessions s
            WHERE s.started_at >= \(timestamp: since) AND s.started_at <= \(timestamp: asOf.addingTimeInterval(-5 * 86_400))
              AND EXISTS (SELECT 1 FROM spotter.session_sets ss WHERE ss.session_id = s.id AND NOT ss.is_warmup)
            GROUP BY s.user_id ORDER BY s.user_id LIMIT \(bind: count)
            """)
        return try rows.map { row in
            let last = try session.query(
                "SELECT max(set_order) AS last FROM spotter.session_sets WHERE session_id = \(bind: row["session_id"])")
            return (try row.id("user_id"), row["session_id"], last[0]["last"])
        }
    }

    @Test(
        "kept states give the replay's suggestions, night after night, and any change replays its member",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func keptStatesGiveTheReplaysAnswers(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 200)
            try await connection.withSession { session in
                // The first night keeps every member's state.
                let first = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(first.kept.isEmpty)
                #expect(first.answers.count > 150)
                #expect(first.answers == (try Self.replayed(ids, asOf: Self.asOf, in: session)))
                let stored = try session.query(
                    "SELECT count(*) AS n FROM spotter.personal_states WHERE state IS NOT NULL")
                #expect(try stored[0].int("n") == first.answers.count)
                if backend == .postgres {
                    // Stored as written (migration 038): compressing base64 of compact bytes saved
                    // nothing but the base64 and cost most of the write.
                    let sizes = try session.query(
                        """
                        SELECT min(pg_column_size(state) - octet_length(state)) AS overhead,
                               max(octet_length(state)) AS longest,
                               (SELECT attstorage::text FROM pg_attribute
                                WHERE attrelid = 'spotter.personal_states'::regclass AND attname = 'state') AS storage
                        FROM spotter.personal_states WHERE state IS NOT NULL
                        """)
                    #expect(try sizes[0].string("storage") == "e")
                    #expect(try sizes[0].int("longest") > 2_100, "some states are long enough to be compressed")
                    #expect(try sizes[0].int("overhead") >= 0, "a kept state was compressed")
                }

                // Nothing changed: every member's kept state is used, and the answers are the same.
                let second = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(second.kept == Set(first.answers.keys) && second.extended.isEmpty)
                #expect(second.answers == first.answers)

                // A session logged since (with its sets): its member's kept state is extended by it,
                // and gives what replaying the whole window gives.
                let logging = try #require(Self.sessionsWithSets(1, asOf: Self.asOf, in: session).first)
                let latest = try session.query(
                    """
                    SELECT max(started_at) AS t FROM spotter.workout_sessions
                    WHERE user_id = \(bind: logging.user.text) AND started_at <= \(timestamp: Self.asOf)
                    """)
                try #require(try latest[0].date("t") < Self.asOf.addingTimeInterval(-120))
                _ = try session.execute(
                    """
                    INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes, title)
                    VALUES (999999998, \(bind: logging.user.text), \(timestamp: Self.asOf.addingTimeInterval(-60)), 45, 'Legs')
                    """)
                _ = try session.execute(
                    """
                    INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, reps, rpe, is_warmup)
                    VALUES (999999998, 1, 'Squat', \(bind: .tags(["quads", "glutes"])), 5, 8, \(bind: .bool(false))),
                           (999999998, 2, 'Squat', \(bind: .tags(["quads", "glutes"])), 5, 9, \(bind: .bool(false)))
                    """)
                let logged = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(logged.extended == [logging.user])
                #expect(logged.kept == Set(first.answers.keys).subtracting([logging.user]))
                #expect(logged.answers == (try Self.replayed(ids, asOf: Self.asOf, in: session)))
                let again = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(again.kept == Set(first.answers.keys) && again.extended.isEmpty)
                #expect(again.answers == logged.answers)

                // A member without sessions imports an old history: appended to the empty state,
                // with the work of the sessions inside the work window only, as a replay reads it.
                let newcomer: UserID = try #require(
                    try session.query(
                        """
                        SELECT u.id FROM spotter.users u WHERE u.status = 'active' AND NOT EXISTS (
                            SELECT 1 FROM spotter.workout_sessions s WHERE s.user_id = u.id) ORDER BY u.id LIMIT 1
                        """
                    ).first?.id("id"))
                #expect(again.kept.contains(newcomer))
                for (offset, days) in [(1, 200.0), (2, 30.0)] {
                    let id = 999_999_990 + offset
                    _ = try session.execute(
                        """
                        INSERT INTO spotter.workout_sessions (id, user_id, started_at, duration_minutes, title)
                        VALUES (\(bind: id), \(bind: newcomer.text), \(timestamp: Self.asOf.addingTimeInterval(-days * 86_400)), 50, 'Push')
                        """)
                    _ = try session.execute(
                        """
                        INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, reps, rpe, is_warmup)
                        VALUES (\(bind: id), 1, 'Bench press', \(bind: .tags(["chest", "triceps"])), 8, 8, \(bind: .bool(false)))
                        """)
                }
                // A backfill's window summarised the old session too: its work is kept, not read.
                try SessionSummaries.refresh(
                    ids: [newcomer], since: Self.asOf.addingTimeInterval(-250 * 86_400), asOf: Self.asOf, in: session)
                let imported = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(imported.extended == [newcomer])
                let newcomerStates = try Self.states(of: newcomer, asOf: Self.asOf, in: session)
                #expect(!newcomerStates.kept.isEmpty && newcomerStates.kept == newcomerStates.replayed)
                let loggedStates = try Self.states(of: logging.user, asOf: Self.asOf, in: session)
                #expect(!loggedStates.kept.isEmpty && loggedStates.kept == loggedStates.replayed)
                #expect(imported.answers == (try Self.replayed(ids, asOf: Self.asOf, in: session)))

                // A set edited in place, a session deleted, a profile's level changed, a kept
                // state damaged: those four members are replayed, and only they.
                let sessions = try Self.sessionsWithSets(4, asOf: Self.asOf, in: session)
                try #require(sessions.count == 4)
                let (edited, deleted, leveled, damaged) = (sessions[0], sessions[1], sessions[2], sessions[3])
                _ = try session.execute(
                    """
                    UPDATE spotter.session_sets SET rpe = 10, weight_kg = 140, reps = 3
                    WHERE session_id = \(bind: edited.session) AND set_order = \(bind: edited.lastSet)
                    """)
                _ = try session.execute("DELETE FROM spotter.workout_sessions WHERE id = \(bind: deleted.session)")
                _ = try session.execute(
                    """
                    UPDATE spotter.profiles SET level = CASE WHEN level = 'advanced' THEN 'beginner' ELSE 'advanced' END
                    WHERE user_id = \(bind: leveled.user.text)
                    """)
                _ = try session.execute(
                    """
                    UPDATE spotter.personal_states
                    SET state = substr(state, 1, 100) || CASE substr(state, 101, 1) WHEN 'A' THEN 'B' ELSE 'A' END
                                || substr(state, 102)
                    WHERE user_id = \(bind: damaged.user.text)
                    """)
                let third = try Self.night(ids, asOf: Self.asOf, in: session)
                let changed: Set<UserID> = [edited.user, deleted.user, leveled.user, damaged.user]
                #expect(third.kept == Set(first.answers.keys).subtracting(changed) && third.extended.isEmpty)
                #expect(third.answers == (try Self.replayed(ids, asOf: Self.asOf, in: session)))

                // The next day: members with a session leaving the window are replayed too.
                let nextDay = Self.asOf.addingTimeInterval(86_400)
                let fourth = try Self.night(ids, asOf: nextDay, in: session)
                #expect(fourth.answers == (try Self.replayed(ids, asOf: nextDay, in: session)))
                #expect(!fourth.kept.isEmpty && fourth.kept.count < fourth.answers.count, "\(fourth.kept.count)")
            }
        }
    }

    @Test(
        "a state replayed from work that changed before it was kept is not read back",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func stateOfChangedWorkNotReadBack(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 60)
            try await connection.withSession { session in
                _ = try Self.night(ids, asOf: Self.asOf, in: session)
                let sessions = try Self.sessionsWithSets(1, asOf: Self.asOf, in: session)
                let member = try #require(sessions.first)
                _ = try session.execute(
                    "DELETE FROM spotter.personal_states WHERE user_id = \(bind: member.user.text)")
                // The member is replayed from the work read; before their state is kept, another
                // job's refresh summarises a change to their sets.
                let racing = try Self.night(ids, asOf: Self.asOf, in: session) { session in
                    _ = try session.execute(
                        """
                        UPDATE spotter.session_sets SET rpe = 10, weight_kg = 150, reps = 2
                        WHERE session_id = \(bind: member.session) AND set_order = \(bind: member.lastSet)
                        """)
                    let refreshed = try SessionSummaries.refresh(
                        ids: ids, since: RecommendationInputs.workSince(asOf: Self.asOf), asOf: Self.asOf, in: session)
                    #expect(refreshed.summarised == 1)
                }
                #expect(!racing.kept.contains(member.user))
                let after = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(!after.kept.contains(member.user), "the state of the old work is not read back")
                #expect(after.kept.count == after.answers.count - 1)
                #expect(after.answers == (try Self.replayed(ids, asOf: Self.asOf, in: session)))
            }
        }
    }
}
