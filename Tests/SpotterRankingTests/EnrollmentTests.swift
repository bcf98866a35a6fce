import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Enrollments")
struct EnrollmentTests {
    /// Upper/Lower on Mon, Tue, Thu, Fri: day offsets of the first `count` sessions from day 0.
    static func upperLowerDays(_ count: Int) -> [Int] {
        (0..<count).map { 7 * ($0 / 4) + [0, 1, 3, 4][$0 % 4] }
    }

    static func upperLowerMember(sessions count: Int) -> MemberContext {
        let days = upperLowerDays(count)
        let today = (days.last ?? 0) + 3
        let ids: [WorkoutID] = [101, 102, 103, 104]
        let sessions = days.enumerated().map { Fixtures.session(ids[$0.offset % 4], day: $0.element - today) }
        return Fixtures.member(
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-today - 1), status: "active")],
            sessions: sessions)
    }

    @Test(
        "the next workout in order, advancing across weeks",
        arguments: [(1, 102, 1), (4, 101, 2), (7, 104, 2), (8, 101, 3), (9, 102, 3), (21, 102, 6)])
    func advancesAcrossWeeks(done: Int, next: Int64, week: Int) throws {
        let outcome = Fixtures.recommender().dailySuggestion(for: Self.upperLowerMember(sessions: done))
        let suggestion = try #require(outcome.suggestion)
        #expect(suggestion.workoutID == WorkoutID(next))
        #expect(suggestion.programID == 1)
        #expect(suggestion.reasons.first == "next in Upper/Lower, week \(week)")
        #expect(suggestion.reasons.contains("fits 60 minutes"))
        #expect(suggestion.reasons.contains { $0.contains(" rested ") || $0.hasSuffix(": no recent training") })
    }

    @Test("reasons read like a coach: program and week, rest, length")
    func reasons() throws {
        let member = Fixtures.member(
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-5), status: "active")],
            sessions: [Fixtures.session(101, day: -4), Fixtures.session(102, day: -3), Fixtures.session(103, day: -1)])
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(suggestion.workoutID == 104)
        #expect(suggestion.reasons == ["next in Upper/Lower, week 1", "legs rested 72 h", "fits 60 minutes"])
    }

    @Test("a program whose workouts are the whole schedule advances by position")
    func fullSchedule() throws {
        let workouts = (1...4).map {
            Fixtures.workout(WorkoutID(Int64(70 + $0)), 7, $0, "Session \($0)", [["back", "quads"][$0 % 2]])
        }
        let program = Fixtures.program(7, "Two Weeks", days: 2, weeks: 2, workouts)
        let recommender = Fixtures.recommender(
            TrainingLibrary(programs: [program, Fixtures.mobility], knownEquipment: Fixtures.equipment))
        let enrollment = Enrollment(programID: 7, startedAt: Fixtures.day(-10), status: "active")
        let member = Fixtures.member(
            enrollments: [enrollment], sessions: [Fixtures.session(71, day: -8), Fixtures.session(72, day: -5)])
        let suggestion = try #require(recommender.dailySuggestion(for: member).suggestion)
        #expect(suggestion.workoutID == 73)
        #expect(suggestion.reasons.first == "next in Two Weeks, week 2")

        let done = Fixtures.member(
            enrollments: [enrollment],
            sessions: [71, 72, 73, 74].enumerated().map { Fixtures.session($0.element, day: -9 + 2 * $0.offset) })
        let after = try #require(recommender.dailySuggestion(for: done).suggestion)
        #expect(!after.reasons.contains { $0.hasPrefix("next in") })
        #expect(after.reasons.contains("finished Two Weeks"))
    }

    @Test("a finished program no longer drives the suggestion")
    func finishedProgram() throws {
        // 4 workouts × (4 days × 6 weeks = 24 sessions): the cycle ran 6 times.
        let member = Self.upperLowerMember(sessions: 24)
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(!suggestion.reasons.contains { $0.hasPrefix("next in Upper/Lower") })
        #expect(suggestion.reasons.contains("finished Upper/Lower"))
        // Still safe: not Upper B or Lower A, whose muscles or workout were trained in the last days.
        #expect(![103, 102].contains(suggestion.workoutID))
        #expect(
            HardConstraintAudit.violations(workoutID: suggestion.workoutID, member: member, library: Fixtures.library)
                .isEmpty)
    }

    @Test("the next workout breaks recovery: a different safe workout, or nothing")
    func nextBreaksRecovery() throws {
        let enrollment = Enrollment(programID: 2, startedAt: Fixtures.day(-10), status: "active")
        let member = Fixtures.member(
            profile: MemberProfile(
                goal: "general_fitness", level: .beginner, equipment: ["dumbbell"], sessionMinutes: 45),
            enrollments: [enrollment],
            sessions: [Fixtures.session(201, day: -8), Fixtures.session(202, day: -6), Fixtures.session(201, day: -1)])
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(![201, 202].contains(suggestion.workoutID))
        #expect(suggestion.reasons.contains("Full Body B of Beginner Full Body waits: full body trained yesterday"))
        #expect(
            HardConstraintAudit.violations(workoutID: suggestion.workoutID, member: member, library: Fixtures.library)
                .isEmpty)

        let only = Fixtures.recommender(
            TrainingLibrary(programs: [Fixtures.fullBody], knownEquipment: Fixtures.equipment))
        #expect(only.dailySuggestion(for: member).nothingFitsReason != nil)
    }

    @Test("progress follows what the member did, even out of order")
    func skippedWorkout() throws {
        let member = Fixtures.member(
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-10), status: "active")],
            sessions: [Fixtures.session(101, day: -6), Fixtures.session(103, day: -3)])
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(suggestion.workoutID == 104)
        #expect(suggestion.reasons.first == "next in Upper/Lower, week 1")
    }

    @Test("completed and abandoned enrollments suggest nothing in order; sessions before enrolling don't count")
    func inactiveEnrollments() throws {
        let sessions = [Fixtures.session(101, day: -6), Fixtures.session(102, day: -5)]
        for status in ["completed", "abandoned"] {
            let member = Fixtures.member(
                enrollments: [Enrollment(programID: 2, startedAt: Fixtures.day(-20), status: status)],
                sessions: sessions)
            let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
            #expect(!suggestion.reasons.contains { $0.contains("Beginner Full Body") })
        }
        let restarted = Fixtures.member(
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-4), status: "active")], sessions: sessions)
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: restarted).suggestion)
        #expect(suggestion.workoutID == 101)
        #expect(suggestion.reasons.first == "next in Upper/Lower, week 1")
    }
}
