import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// Progress through an active enrollment kept with the personal state (issue 34): a night reads
/// 28 days of sessions, yet counts every program session since the enrollment started, as a
/// count over the member's whole history does; an enrollment the kept count does not know is
/// counted from the sessions read when they reach its start, and its member is replayed when they
/// do not.
@Suite("Enrollment progress", .serialized)
struct EnrollmentProgressTests {
    static let asOf = SessionSummaryTests.asOf

    /// Each member's kept progress, as stored.
    static func stored(in session: DatabaseSession) throws -> [UserID: String] {
        var stored: [UserID: String] = [:]
        for row in try session.query(
            "SELECT user_id, enrollment_progress FROM spotter.personal_states WHERE enrollment_progress IS NOT NULL")
        {
            stored[try row.id("user_id")] = try row.string("enrollment_progress")
        }
        return stored
    }

    /// Each member's progress counted over their whole history (no kept state read), as stored
    /// text.
    static func counted(_ ids: [UserID], asOf: Date, in session: DatabaseSession) throws -> [UserID: String] {
        let library = try LibraryLoader.load(in: session).library
        let members = try RecommendationShard.loadMembers(
            UserSelection(ids: ids, asOf: asOf), recentDays: 4, checkInHours: 24, in: session)
        var counted: [UserID: String] = [:]
        for member in members where member.context(asOf: asOf) != nil {
            counted[member.id] = PersonalStates.progressText(
                try #require(member.enrollmentProgress(asOf: asOf, library: library)))
        }
        return counted
    }

    @Test(
        "a night counts an enrollment's sessions since its start from the kept count and the day's sessions",
        arguments: [DatabaseBackend.sqlite, .postgres])
    func keptProgressIsTheWholeCount(_ backend: DatabaseBackend) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let ids = try await SessionSummaryTests.seeded(connection, users: 150)
            try await connection.withSession { session in
                let library = try LibraryLoader.load(in: session).library
                let windowStart = RecommendationInputs.workSince(asOf: Self.asOf)
                let first = try PersonalStatesTests.night(ids, asOf: Self.asOf, in: session)
                let counted = try Self.counted(ids, asOf: Self.asOf, in: session)
                let firstKept = try Self.stored(in: session)
                #expect(first.progress == counted)
                for id in first.answers.keys { #expect(firstKept[id] == counted[id], "\(id)") }
                // Members whose enrollment counts more sessions than the window read holds: it
                // started before the window and was trained before it.
                let members = try RecommendationShard.loadMembers(
                    UserSelection(ids: ids, asOf: Self.asOf), recentDays: 4, checkInHours: 24, in: session)
                let reaching = members.compactMap { member -> (UserID, EnrollmentProgress)? in
                    guard let text = counted[member.id] else { return nil }
                    return PersonalStates.progress(text).first { progress in
                        let window = EnrollmentProgress.counting(
                            [
                                Enrollment(
                                    programID: progress.programID, startedAt: progress.startedAt, status: "active")
                            ],
                            over: member.sessions.sorted(by: PersonalState.ordered), through: Self.asOf,
                            library: library)[0]
                        return progress.startedAt < windowStart && window.done < progress.done
                            && (library.program(id: progress.programID)?.workouts.count ?? 0) >= 2
                    }.map { (member.id, $0) }
                }
                try #require(reaching.count >= 2, "\(reaching.count)")
                let without = members.filter { member in
                    !member.enrollments.contains(where: \.isActive) && !member.sessions.isEmpty
                        && member.context(asOf: Self.asOf) != nil
                }.map(\.id).sorted()
                try #require(without.count >= 2)
                let nextDay = Self.asOf.addingTimeInterval(86_400)

                // The day's session of the enrolled program's next workout: the kept count plus one.
                let (logging, loggingProgress) = reaching[0]
                let program = try #require(library.program(id: loggingProgress.programID))
                let ordered = program.workouts.sorted { $0.position < $1.position }
                let next = ordered[((loggingProgress.lastOrderIndex ?? -1) + 1) % ordered.count]
                func log(_ id: Int, _ user: UserID, _ workout: WorkoutID, at time: Date) throws {
                    _ = try session.execute(
                        """
                        INSERT INTO spotter.workout_sessions (id, user_id, workout_id, started_at, duration_minutes)
                        VALUES (\(bind: id), \(bind: user.text), \(bind: workout.text), \(timestamp: time), 45)
                        """)
                }
                try log(999_999_981, logging, next.id, at: Self.asOf.addingTimeInterval(12 * 3600))
                // A new enrollment, started after the member's kept sessions, and a session of it.
                let (enrolling, backdated) = (without[0], without[1])
                let newProgram = try #require(library.programs.first { $0.workouts.count >= 2 })
                func enroll(_ user: UserID, _ program: ProgramID, at time: Date) throws {
                    _ = try session.execute(
                        """
                        INSERT INTO spotter.enrollments (user_id, program_id, started_at, status)
                        VALUES (\(bind: user.text), \(bind: program.text), \(timestamp: time), 'active')
                        """)
                }
                try enroll(enrolling, newProgram.id, at: Self.asOf.addingTimeInterval(6 * 3600))
                try log(999_999_982, enrolling, newProgram.workouts[0].id, at: Self.asOf.addingTimeInterval(13 * 3600))
                // An enrollment backdated before the window: its member's sessions since its start
                // were not read, so the member is replayed.
                try enroll(backdated, newProgram.id, at: Self.asOf.addingTimeInterval(-90 * 86_400))
                // A kept row without counts (as a Spotter before migration 041 kept it), for a
                // member whose enrollment started before the window: replayed.
                let uncounted = reaching[1].0
                _ = try session.execute(
                    "UPDATE spotter.personal_states SET enrollment_progress = NULL WHERE user_id = \(bind: uncounted.text)"
                )

                let second = try PersonalStatesTests.night(ids, asOf: nextDay, in: session)
                #expect(second.extended.contains(logging) && second.extended.contains(enrolling))
                for replayed in [backdated, uncounted] {
                    #expect(!second.kept.contains(replayed) && !second.extended.contains(replayed), "\(replayed)")
                }
                #expect(second.answers == (try PersonalStatesTests.replayed(ids, asOf: nextDay, in: session)))
                // Each member's count as the night made it is the whole history's; it is kept for
                // the members whose state was written (a state used as it was keeps its row).
                let recounted = try Self.counted(ids, asOf: nextDay, in: session)
                #expect(second.progress == recounted)
                let kept = try Self.stored(in: session)
                for id in second.answers.keys where !second.kept.contains(id) {
                    #expect(kept[id] == recounted[id], "\(id)")
                }
                let logged = try #require(PersonalStates.progress(kept[logging] ?? "").first)
                #expect(logged.done == loggingProgress.done + 1)
                #expect(logged.lastOrderIndex == ordered.firstIndex { $0.id == next.id })
                #expect(PersonalStates.progress(kept[enrolling] ?? "").map(\.done) == [1])

                // The night after: nothing new, every count used as kept.
                let third = try PersonalStatesTests.night(ids, asOf: nextDay, in: session)
                #expect(third.extended.isEmpty && third.kept == Set(third.answers.keys))
                #expect(third.answers == second.answers && third.progress == second.progress)
            }
        }
    }

    @Test("the stored text reads back, and a line that does not parse is left out")
    func storedText() throws {
        let start = Date(timeIntervalSince1970: 1_700_000_000.123456)
        let counts = [
            EnrollmentProgress(programID: try ProgramID("7"), startedAt: start, lastOrderIndex: 2, done: 9),
            EnrollmentProgress(programID: try ProgramID("12"), startedAt: start.addingTimeInterval(86_400)),
        ]
        let text = PersonalStates.progressText(counts)
        #expect(text == "7\t1700000000123456\t2\t9\n12\t1700086400123456\t-\t0")
        let read = PersonalStates.progress(text)
        #expect(read.count == 2)
        for (a, b) in zip(read, counts) {
            #expect(a.programID == b.programID && a.lastOrderIndex == b.lastOrderIndex && a.done == b.done)
            #expect(a.isProgress(of: Enrollment(programID: b.programID, startedAt: b.startedAt, status: "active")))
        }
        #expect(
            PersonalStates.progress("7\t1\tx\t2\n8\t1\t0\t-1\n9\t1\t0\n10\t1\t-\t3").map(\.programID.text) == ["10"])
        #expect(PersonalStates.progress("").isEmpty)
    }

    @Test("an enrollment counts when its count is kept or the sessions read reach its start")
    func coverage() throws {
        let windowStart = Date(timeIntervalSince1970: 1_700_000_000)
        let latest = windowStart.addingTimeInterval(-10 * 86_400)
        let program = try ProgramID("3")
        func enrollment(_ days: Double, _ status: String = "active") -> Enrollment {
            Enrollment(programID: program, startedAt: windowStart.addingTimeInterval(days * 86_400), status: status)
        }
        func counts(_ enrollment: Enrollment, kept: [EnrollmentProgress] = [], latest: Date? = latest) -> Bool {
            PersonalStates.countsEnrollments([enrollment], kept: kept, windowStart: windowStart, keptLatest: latest)
        }
        #expect(counts(enrollment(0)), "from the window's start")
        #expect(counts(enrollment(-5)), "after the kept state's latest session")
        #expect(!counts(enrollment(-20)), "before both")
        #expect(counts(enrollment(-20, "completed")), "not active")
        let old = enrollment(-20)
        #expect(counts(old, kept: [EnrollmentProgress(programID: program, startedAt: old.startedAt, done: 4)]))
        #expect(!counts(old, kept: [EnrollmentProgress(programID: try ProgramID("4"), startedAt: old.startedAt)]))
        #expect(counts(old, latest: nil), "a state of no sessions: the read holds them all")
    }
}
