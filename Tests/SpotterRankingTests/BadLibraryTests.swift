import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Bad catalog and profile data")
struct BadLibraryTests {
    static let empty = Fixtures.program(20, "Empty Program", [])
    static let odd = Fixtures.program(
        21, "Odd Gear", category: "home",
        [
            Fixtures.workout(2101, 21, 1, "Sled Push", ["quads"], equipment: ["prowler_sled"]),
            Fixtures.workout(2102, 21, 2, "Squats", ["quads"]),
        ])
    static let library = TrainingLibrary(
        programs: Fixtures.programs + [empty, odd], knownEquipment: Fixtures.equipment)

    @Test("a program with no workouts is recorded and never recommended; the rest is computed")
    func programWithoutWorkouts() {
        #expect(Self.library.problems.contains { $0.code == .programWithoutWorkouts && $0.programID == 20 })
        let member = Fixtures.member(profile: MemberProfile(level: .advanced, equipment: Fixtures.equipment))
        let recommended = Fixtures.recommender(Self.library).recommendations(for: member).map(\.programID)
        #expect(!recommended.contains(20))
        #expect(recommended.count == 6)
    }

    @Test("a workout with an unknown equipment tag is recorded and never suggested, even to a member listing it")
    func unknownEquipment() throws {
        let problem = try #require(Self.library.problems.first { $0.workoutID == 2101 })
        #expect(problem.code == .unknownEquipment)
        #expect(problem.message.contains("prowler_sled"))
        #expect(!Self.library.usableWorkoutIDs.contains(2101))
        #expect(Self.library.usableWorkoutIDs.contains(2102))
        let member = Fixtures.member(
            profile: MemberProfile(level: .advanced, equipment: Fixtures.equipment.union(["prowler_sled"])),
            sessions: Fixtures.warmHistory)
        let recommender = Fixtures.recommender(Self.library)
        let ranked = recommender.rankWorkouts(for: member).map(\.workoutID)
        #expect(!ranked.contains(2101))
        #expect(ranked.contains(2102))
        // The program cannot be followed as a whole: not recommended.
        #expect(!recommender.recommendations(for: member).map(\.programID).contains(21))
        #expect(Self.library.problems.contains { $0.code == .unusableProgram && $0.programID == 21 })
    }

    @Test("other bad rows: duplicate ids, missing muscles, zero length, intensity out of range")
    func otherProblems() {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(
                    30, "Messy", days: 0, weeks: 0,
                    [
                        Fixtures.workout(3001, 30, 1, "No Muscles", []),
                        Fixtures.workout(3002, 30, 2, "No Length", ["back"], minutes: 0),
                        Fixtures.workout(3003, 30, 3, "Too Hard", ["chest"], intensity: 9),
                        Fixtures.workout(3003, 30, 4, "Same Id", ["arms"]),
                        Fixtures.workout(3004, 99, 5, "Wrong Program", ["neck"]),
                    ]),
                Fixtures.program(30, "Same Program Id", [Fixtures.workout(3100, 30, 1, "Lost", ["core"])]),
            ], knownEquipment: Fixtures.equipment)
        let codes = Set(library.problems.map(\.code))
        #expect(
            codes == [
                .noPrimaryMuscles, .invalidLength, .intensityOutOfRange, .duplicateWorkout, .workoutProgramMismatch,
                .unknownMuscle, .duplicateProgram, .invalidSchedule, .unusableProgram,
            ])
        #expect(library.usableWorkoutIDs == [3003, 3004])
        #expect(library.workout(id: 3003)?.title == "Too Hard")
        #expect(library.workout(id: 3004)?.programID == 30)
        #expect(library.program(id: 30)?.title == "Messy")
        let member = Fixtures.member(profile: MemberProfile(level: .advanced), sessions: Fixtures.warmHistory)
        #expect(Fixtures.recommender(library).rankWorkouts(for: member).map(\.workoutID).sorted() == [3003, 3004])
    }

    @Test("a profile with an empty equipment set: bodyweight only, recorded in the reasons")
    func emptyEquipment() throws {
        let profile = MemberProfile(
            goal: "fat_loss", level: .intermediate, equipment: [], daysPerWeek: 3, sessionMinutes: 30)
        #expect(profile.problems == ["no equipment listed: bodyweight only"])
        let member = Fixtures.member(profile: profile, sessions: Fixtures.warmHistory)
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(Fixtures.library.workout(id: suggestion.workoutID)?.equipment.subtracting(["none"]).isEmpty == true)
        #expect(suggestion.reasons.contains("no equipment listed: bodyweight only"))
        let programs = Fixtures.recommender().recommendations(for: member)
        #expect(programs.map(\.programID).sorted() == [3, 5, 6])
    }

    @Test("a profile with days_per_week 0: ignored and recorded; recommendations still computed")
    func zeroDaysPerWeek() throws {
        let profile = MemberProfile(
            goal: "strength", level: .advanced, equipment: Fixtures.gym, daysPerWeek: 0, sessionMinutes: 60)
        #expect(profile.problems == ["days per week 0: ignored"])
        let member = Fixtures.member(profile: profile, sessions: Fixtures.warmHistory)
        let programs = Fixtures.recommender().recommendations(for: member)
        #expect(programs.count == 6)
        #expect(programs.first?.programID == 1)
        #expect(!programs.contains { $0.reasons.contains { $0.contains("days a week") } })
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(suggestion.reasons.contains("days per week 0: ignored"))
    }

    @Test("an enrollment in a program the catalog does not hold is recorded")
    func unknownEnrollment() throws {
        let member = Fixtures.member(
            enrollments: [Enrollment(programID: 404, startedAt: Fixtures.day(-3), status: "active")],
            sessions: Fixtures.warmHistory)
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(suggestion.reasons.contains("enrolled program 404 is not in the catalog"))
    }

    @Test("a session in the future and a malformed local date do not break the day")
    func oddMemberData() throws {
        var member = Fixtures.member(sessions: Fixtures.warmHistory + [Fixtures.session(101, day: 2)])
        member.localDate = "2024-02-30"
        let ranked = Fixtures.recommender().rankWorkouts(for: member)
        #expect(ranked.contains { $0.workoutID == 101 })
    }
}

@Suite("Tag hygiene")
struct TagHygieneTests {
    @Test("equipment tags match whatever their case and spacing")
    func messyTags() {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(
                    1, "Gym", [Fixtures.workout(11, 1, 1, "Press", [" Chest "], equipment: ["Barbell ", "NONE"])])
            ], knownEquipment: [" barbell", "Bench"])
        #expect(library.problems.isEmpty)
        #expect(library.knownEquipment == ["barbell", "bench"])
        let member = Fixtures.member(
            profile: MemberProfile(level: .beginner, equipment: ["BARBELL"]), sessions: Fixtures.warmHistory)
        #expect(Fixtures.recommender(library).dailySuggestion(for: member).workoutID == 11)
        #expect(HardConstraintAudit.violations(workoutID: 11, member: member, library: library).isEmpty)
    }
}
