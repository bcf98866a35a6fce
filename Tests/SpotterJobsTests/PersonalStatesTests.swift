import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The kept personal states (`spotter.personal_states`, issue 34): a night that reads a member's
/// kept state instead of replaying their whole history gives the suggestion a replay from scratch
/// gives, and every change to the sessions a night reads makes the member replayed again; a change
/// to an older session, when their replay period turns.
@Suite("Kept personal states", .serialized)
struct PersonalStatesTests {
    static let asOf = SessionSummaryTests.asOf

    /// One night's daily suggestions as a shard computes them with kept states: the members'
    /// states read back where they hold the member's sessions (extended by the sessions logged
    /// since), the others replayed, and the replayed and extended ones kept (after
    /// `beforeKeeping`, the moment a concurrent refresh could land). Also which members' kept
    /// states were used as they were, and which were extended, and each member's enrollments'
    /// progress as the night counted it (``PersonalStates/progressText(_:)``).
    static func night(
        _ ids: [UserID], asOf: Date, in session: DatabaseSession,
        beforeKeeping: (DatabaseSession) throws -> Void = { _ in }
    ) throws -> (
        answers: [UserID: SuggestionOutcome], kept: Set<UserID>, extended: Set<UserID>, progress: [UserID: String]
    ) {
        let library = try LibraryLoader.load(in: session)
        let configuration = RankingConfiguration()
        let keptStates = RecommendationShard.KeptStates(
            key: PersonalState.replayKey(library: library.library, configuration: configuration),
            configuration: configuration, asOf: asOf)
        let members = try RecommendationShard.loadMembers(
            UserSelection(ids: ids, asOf: asOf), recentDays: 4, checkInHours: 24, keptStates: keptStates, in: session)
        let recommender = Recommender(
            library: library.library, similar: try SimilarUsersLoader.load(asOf: asOf, in: session))
        var states = PersonalStates.Tally()
        var answers: [UserID: SuggestionOutcome] = [:]
        var progress: [UserID: String] = [:]
        var (kept, extended) = (Set<UserID>(), Set<UserID>())
        for member in members {
            guard var context = member.context(asOf: asOf) else { continue }
            if let state = member.keptState {
                if member.replay == nil { kept.insert(member.id) } else { extended.insert(member.id) }
                // The sessions a kept state holds are not replayed: their work is not read.
                #expect(member.sessions.prefix(state.sessionsHeld).allSatisfy { $0.work.isEmpty }, "\(member.id)")
            }
            let personal = DailySuggestionHandler.personalState(
                of: member, &context, recommender: recommender, tally: &states)
            answers[member.id] = recommender.dailySuggestion(for: context, personal: personal)
            progress[member.id] = PersonalStates.progressText(context.enrollmentProgress ?? [])
        }
        #expect(states.kept == kept.count && states.extended == extended.count)
        try beforeKeeping(session)
        try session.withTransaction { try PersonalStates.write(states.toKeep, in: session) }
        return (answers, kept, extended, progress)
    }

    /// The same members' suggestions replayed from scratch, without kept states: each one's
    /// personal state from their whole history.
    static func replayed(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> [UserID: SuggestionOutcome]
    {
        let library = try LibraryLoader.load(in: session)
        let members = try RecommendationShard.loadMembers(
            UserSelection(ids: ids, asOf: asOf), recentDays: 4, checkInHours: 24, in: session)
        let recommender = Recommender(
            library: library.library, similar: try SimilarUsersLoader.load(asOf: asOf, in: session))
        var answers: [UserID: SuggestionOutcome] = [:]
        for member in members {
            guard var context = member.context(asOf: asOf) else { continue }
            #expect(member.history != nil)
            context.enrollmentProgress = member.enrollmentProgress(asOf: asOf, library: library.library)
            answers[member.id] = recommender.dailySuggestion(
                for: context, personal: recommender.personalState(for: member.whole(context)))
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
            ).first)
        let context = try #require(member.context(asOf: asOf))
        let replayed = Recommender(library: library.library, similar: SimilarUsersIndex(records: []))
            .personalState(for: member.whole(context))
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
                    // Kept in the row (migration 042), read back with it rather than from the TOAST
                    // table chunk by chunk: only a row too long for a page goes out of line.
                    let toast = try session.query(
                        """
                        SELECT reltoastrelid::regclass::text AS name FROM pg_class
                        WHERE oid = 'spotter.personal_states'::regclass
                        """)
                    let placed = try session.query(
                        """
                        SELECT (SELECT count(DISTINCT chunk_id) FROM \(unescaped: try toast[0].string("name"))) AS out_of_line,
                               count(*) FILTER (WHERE octet_length(state) > 2100) AS long_states,
                               count(*) FILTER (WHERE octet_length(state) > 7500) AS too_long
                        FROM spotter.personal_states WHERE state IS NOT NULL
                        """)
                    #expect(
                        try placed[0].int("long_states") > placed[0].int("too_long"),
                        "some states are long enough to leave the row")
                    #expect(
                        try placed[0].int("out_of_line") <= placed[0].int("too_long"),
                        "a kept state short enough for its row was moved out of it")
                }

                // Nothing changed: every member's kept state is used, and the answers are the same.
                let second = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(second.kept == Set(first.answers.keys) && second.extended.isEmpty)
                #expect(second.answers == first.answers)

                // A session logged since (with its sets): its member's kept state is extended by it,
                // and gives what replaying the whole history gives.
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

                // A member without sessions imports an old history, most of it before the window:
                // the night reads only the latest of those, so the member is replayed from it all.
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
                let imported = try Self.night(ids, asOf: Self.asOf, in: session)
                #expect(imported.extended.isEmpty && !imported.kept.contains(newcomer))
                #expect(imported.kept == Set(first.answers.keys).subtracting([newcomer]))
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

                // The next day: sessions leaving the window change nothing; the members whose
                // replay period turned are replayed, and only they.
                let nextDay = Self.asOf.addingTimeInterval(86_400)
                let fourth = try Self.night(ids, asOf: nextDay, in: session)
                #expect(fourth.answers == (try Self.replayed(ids, asOf: nextDay, in: session)))
                let turned = Set(
                    fourth.answers.keys.filter {
                        PersonalStates.replayPeriod(of: $0, asOf: nextDay)
                            != PersonalStates.replayPeriod(of: $0, asOf: Self.asOf)
                    })
                #expect(!turned.isEmpty && turned.count < fourth.answers.count / 10, "\(turned.count)")
                #expect(fourth.kept == Set(fourth.answers.keys).subtracting(turned) && fourth.extended.isEmpty)

                // A backfill of a past day computes that day as it was: the kept states hold later
                // sessions, so their members are replayed from their history up to that day; the
                // next night takes up from the states it kept.
                let pastDay = Self.asOf.addingTimeInterval(-10 * 86_400)
                let backfill = try Self.night(ids, asOf: pastDay, in: session)
                #expect(backfill.answers == (try Self.replayed(ids, asOf: pastDay, in: session)))
                #expect(backfill.kept.count < backfill.answers.count / 2, "\(backfill.kept.count)")
                let after = try Self.night(ids, asOf: nextDay, in: session)
                #expect(after.answers == fourth.answers)

                // A session older than the window deleted: not read on a night that appends, so
                // the member keeps their state until their replay period turns, and is replayed then.
                let old = try #require(
                    try session.query(
                        """
                        SELECT s.user_id, s.id FROM spotter.workout_sessions s
                        WHERE s.user_id \(oneOf: Array(fourth.kept)) AND EXISTS (
                            SELECT 1 FROM spotter.workout_sessions s2 WHERE s2.user_id = s.user_id
                              AND s2.started_at > s.started_at
                              AND s2.started_at < \(timestamp: nextDay.addingTimeInterval(-40 * 86_400)))
                        ORDER BY s.id LIMIT 1
                        """
                    ).first)
                let oldMember: UserID = try old.id("user_id")
                _ = try session.execute("DELETE FROM spotter.workout_sessions WHERE id = \(bind: old["id"])")
                let unnoticed = try Self.night(ids, asOf: nextDay, in: session)
                #expect(unnoticed.kept.contains(oldMember))
                let turning = try #require(
                    (1...PersonalStates.replayDays).map { nextDay.addingTimeInterval(Double($0) * 86_400) }.first {
                        PersonalStates.replayPeriod(of: oldMember, asOf: $0)
                            != PersonalStates.replayPeriod(of: oldMember, asOf: nextDay)
                    })
                let turnedNight = try Self.night(ids, asOf: turning, in: session)
                #expect(!turnedNight.kept.contains(oldMember) && !turnedNight.extended.contains(oldMember))
                #expect(turnedNight.answers == (try Self.replayed(ids, asOf: turning, in: session)))
                let oldMemberStates = try Self.states(of: oldMember, asOf: turning, in: session)
                #expect(oldMemberStates.kept == oldMemberStates.replayed)
            }
        }
    }

    @Test("a night's first sessions are matched against the last hashes a state was kept with")
    func storedHashesEnd() throws {
        func read(_ minutes: [Int]) -> PersonalStates.SessionsRead {
            var read = PersonalStates.SessionsRead()
            for (offset, length) in minutes.enumerated() {
                read.add(
                    SessionID(Int64(offset + 1)),
                    PastSession(
                        workoutID: nil, startedAt: Date(timeIntervalSince1970: Double(offset) * 86_400),
                        durationMinutes: length))
            }
            return read
        }
        let kept = read([30, 40, 50, 60])
        let stored = kept.stored
        #expect(stored.split(separator: ",").count == 4)
        // Tonight's read starts at the kept third session: the first two left the window.
        var tonight = PersonalStates.SessionsRead()
        let all = read([30, 40, 50, 60, 70])
        for index in 2..<5 {
            tonight.add(
                all.ids[index],
                PastSession(workoutID: nil, startedAt: all.starts[index], durationMinutes: [30, 40, 50, 60, 70][index]))
        }
        #expect(tonight.storedEnds(stored, withFirst: 2))
        #expect(tonight.storedEnds(stored, withFirst: 0))
        #expect(!tonight.storedEnds(stored, withFirst: 3), "the fifth session was not kept")
        #expect(kept.storedEnds(stored, withFirst: 4))
        #expect(!kept.storedEnds(stored, withFirst: 3), "the kept four end with the fourth, not the third")
        #expect(!read([30, 45, 50, 60]).storedEnds(stored, withFirst: 4), "a session's length changed")
        #expect(!kept.storedEnds("", withFirst: 1))
        #expect(kept.storedEnds("zz," + stored, withFirst: 4), "what precedes the compared hashes is not read")
        #expect(!kept.storedEnds("1," + stored.replacingOccurrences(of: ",", with: ",x"), withFirst: 2))
        #expect(!read([30]).storedEnds(String(repeating: "0", count: 17), withFirst: 1), "17 digits")
    }

    @Test(
        "a night sees each member's day as `spotter eval recommendations` replays it: the same window, the same state",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func nightIsTheEvaluationsDay(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 120)
            try await connection.withSession { session in
                let (library, histories) = try EvaluationLoader.load(in: session)
                let recommender = Recommender(library: library, similar: SimilarUsersIndex(records: []))
                var compared = 0
                var reached = 0
                for history in histories where Set(ids).contains(history.userID) {
                    // The evaluation forces the latest enrollment active; the night reads the
                    // statuses: the two agree on the enrollments' progress for members with at
                    // most one enrollment, active.
                    guard history.enrollments.allSatisfy({ $0.status == "active" }), history.enrollments.count <= 1
                    else { continue }
                    let sessions = history.sessions.sorted(by: PersonalState.ordered)
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = history.timeZone
                    // The member's latest day of sessions, whose start is not itself at midnight.
                    guard sessions.count >= 2,
                        let start = sessions.indices.last(where: {
                            $0 > 0 && !calendar.isDate(sessions[$0].startedAt, inSameDayAs: sessions[$0 - 1].startedAt)
                        }),
                        calendar.startOfDay(for: sessions[start].startedAt) < sessions[start].startedAt
                    else { continue }
                    let evaluated = RecommendationEvaluation.context(
                        history, sessions: sessions, before: start, calendar: calendar, library: library)
                    var appended = PersonalState(
                        profileLevel: history.profile?.level, zone: history.timeZone,
                        configuration: recommender.configuration)
                    for session in sessions[..<start] { appended.append(session, library: library) }

                    let night = try #require(
                        try RecommendationShard.loadMembers(
                            UserSelection(ids: [history.userID], asOf: evaluated.now), recentDays: 4, checkInHours: 24,
                            in: session
                        ).first)
                    let context = try #require(night.context(asOf: evaluated.now))
                    func described(_ sessions: [PastSession]) -> [String] {
                        sessions.sorted(by: PersonalState.ordered).map {
                            "\($0.startedAt.timeIntervalSince1970) \($0.workoutID?.text ?? "-") \($0.title ?? "-") \($0.durationMinutes)"
                        }
                    }
                    #expect(described(context.sessions) == described(evaluated.sessions), "\(history.userID)")
                    #expect(
                        recommender.personalState(for: night.whole(context)).stored() == appended.stored(),
                        "\(history.userID)")
                    let progress = night.enrollmentProgress(asOf: evaluated.now, library: library)
                    #expect(progress == evaluated.enrollmentProgress ?? [], "\(history.userID)")
                    compared += 1
                    // An enrollment whose sessions began before the window: its count reaches
                    // further back than the sessions both read.
                    let windowStart = evaluated.now.addingTimeInterval(-28 * 86_400)
                    if let enrollment = history.enrollments.first, enrollment.startedAt < windowStart,
                        let count = progress?.first, count.done > 0,
                        count.done
                            > EnrollmentProgress.counting(
                                history.enrollments, over: context.sessions.sorted(by: PersonalState.ordered),
                                through: evaluated.now, library: library
                            ).first?.done ?? 0
                    {
                        reached += 1
                    }
                }
                #expect(compared > 40, "\(compared)")
                #expect(reached > 0, "no enrollment counted sessions from before the window")
            }
        }
    }

    @Test(
        "the workouts a member trained before the window count for the programs, kept with the state",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func trainedBeforeTheWindow(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 60)
            try await connection.withSession { session in
                // A workout of the library trained once, 60 days back, by a member who never
                // trained it since.
                let library = try LibraryLoader.load(in: session)
                let windowStart = RecommendationInputs.workSince(asOf: Self.asOf)
                let row = try #require(
                    try session.query(
                        """
                        SELECT s.user_id, s.workout_id FROM spotter.workout_sessions s
                        WHERE s.user_id \(oneOf: ids) AND s.workout_id IS NOT NULL
                          AND s.started_at < \(timestamp: windowStart.addingTimeInterval(-30 * 86_400))
                          AND NOT EXISTS (
                              SELECT 1 FROM spotter.workout_sessions later WHERE later.user_id = s.user_id
                                AND later.workout_id = s.workout_id AND later.started_at > s.started_at)
                        ORDER BY s.user_id, s.workout_id LIMIT 1
                        """
                    ).first)
                let member: UserID = try row.id("user_id")
                let workout: WorkoutID = try row.id("workout_id")
                let programID = try #require(library.library.workout(id: workout)?.programID)
                let selection = UserSelection(ids: ids, asOf: Self.asOf)
                let configuration = RankingConfiguration()
                let keptStates = RecommendationShard.KeptStates(
                    key: PersonalState.replayKey(library: library.library, configuration: configuration),
                    configuration: configuration, asOf: Self.asOf)
                let recommender = Recommender(
                    library: library.library, similar: try SimilarUsersLoader.load(asOf: Self.asOf, in: session))
                func load(kept: Bool) throws -> ShardMember {
                    let members = try RecommendationShard.loadMembers(
                        selection, recentDays: 4, checkInHours: 24, keptStates: kept ? keptStates : nil, in: session)
                    if kept {
                        var tally = PersonalStates.Tally()
                        for shardMember in members {
                            guard var context = shardMember.context(asOf: Self.asOf) else { continue }
                            _ = DailySuggestionHandler.personalState(
                                of: shardMember, &context, recommender: recommender, tally: &tally)
                        }
                        try session.withTransaction { try PersonalStates.write(tally.toKeep, in: session) }
                    }
                    return try #require(members.first { $0.id == member })
                }
                let replayed = try load(kept: false)
                let first = try load(kept: true)
                let second = try load(kept: true)
                #expect(second.keptState != nil && second.history == nil, "the second night reads the kept state")
                for night in [replayed, first, second] {
                    #expect(!night.sessions.contains { $0.workoutID == workout })
                    #expect(night.trainedWorkouts()?.contains(workout) == true)
                }
                let contexts = try [replayed, second].map {
                    var context = try #require($0.context(asOf: Self.asOf))
                    context.trainedWorkouts = $0.trainedWorkouts()
                    return context
                }
                #expect(recommender.recommendations(for: contexts[0]) == recommender.recommendations(for: contexts[1]))
                var windowOnly = contexts[1]
                windowOnly.trainedWorkouts = nil
                let reasons = { (context: MemberContext) in
                    recommender.recommendations(for: context, limit: 100).first { $0.programID == programID }?.reasons
                }
                #expect(reasons(contexts[1]) != reasons(windowOnly), "the old session is what makes it trained")
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
