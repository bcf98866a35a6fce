import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Enrolled programs and mobility work")
struct EnrolledLengthAndMobilityTests {
    static let long = Fixtures.library([
        Fixtures.workout(1, 9, 1, "Long Back Day", ["back"], minutes: 60),
        Fixtures.workout(2, 9, 2, "Long Leg Day", ["quads"], minutes: 60),
    ])
    static let profile = MemberProfile(level: .beginner, equipment: [], sessionMinutes: 30)

    @Test("a program the member enrolled in is followed even when its sessions run past the preference")
    func enrolledLength() throws {
        let recommender = Fixtures.recommender(Self.long)
        let free = Fixtures.member(profile: Self.profile, sessions: Fixtures.warmHistory)
        #expect(recommender.rankWorkouts(for: free).isEmpty)
        #expect(
            recommender.dailySuggestion(for: free).nothingFitsReason?.contains("run longer than 40 minutes") == true)
        #expect(HardConstraintAudit.violations(workoutID: 1, member: free, library: Self.long) == ["length"])

        let enrolled = Fixtures.member(
            profile: Self.profile,
            enrollments: [Enrollment(programID: 9, startedAt: Fixtures.day(-7), status: "active")],
            sessions: Fixtures.warmHistory)
        let suggestion = try #require(recommender.dailySuggestion(for: enrolled).suggestion)
        #expect(suggestion.workoutID == 1)
        #expect(suggestion.reasons.contains("60 minutes, as your program plans"))
        #expect(!suggestion.reasons.contains("fits 30 minutes"))
        #expect(HardConstraintAudit.violations(workoutID: 1, member: enrolled, library: Self.long).isEmpty)

        // Only an active enrollment counts; the cold-start cap still holds without a preference.
        let abandoned = Fixtures.member(
            profile: Self.profile,
            enrollments: [Enrollment(programID: 9, startedAt: Fixtures.day(-7), status: "abandoned")],
            sessions: Fixtures.warmHistory)
        #expect(recommender.rankWorkouts(for: abandoned).isEmpty)
        let noPreference = Fixtures.member(
            profile: MemberProfile(level: .beginner, equipment: []),
            enrollments: [Enrollment(programID: 9, startedAt: Fixtures.day(-7), status: "active")])
        #expect(recommender.rankWorkouts(for: noPreference).isEmpty)  // cold start: at most 45 minutes
    }

    @Test("workouts of a mobility program neither need rest nor use it up, whatever muscles they list")
    func mobilityCategory() {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(
                    7, "Stretch Daily", goal: "mobility", category: "mobility",
                    [
                        Fixtures.workout(
                            701, 7, 1, "Hips & Hamstrings", ["hamstrings", "glutes"], minutes: 15, intensity: 1),
                        Fixtures.workout(702, 7, 2, "Upper Back", ["back", "shoulders"], minutes: 15, intensity: 1),
                    ]),
                Fixtures.program(
                    8, "Legs", category: "home",
                    [Fixtures.workout(801, 8, 1, "Leg Day", ["hamstrings", "glutes"], minutes: 30)]),
            ], knownEquipment: Fixtures.equipment)
        let recommender = Fixtures.recommender(library)
        let profile = MemberProfile(level: .beginner, equipment: [], sessionMinutes: 30)
        // Yesterday's stretch does not block today's leg day, and yesterday's leg day does not
        // block today's stretch.
        let afterStretch = Fixtures.member(profile: profile, sessions: [Fixtures.session(701, day: -1)])
        #expect(recommender.rankWorkouts(for: afterStretch).map(\.workoutID).contains(801))
        #expect(HardConstraintAudit.violations(workoutID: 801, member: afterStretch, library: library).isEmpty)
        let afterLegs = Fixtures.member(profile: profile, sessions: [Fixtures.session(801, day: -1)])
        #expect(Set(recommender.rankWorkouts(for: afterLegs).map(\.workoutID)) == [701, 702])
        let stretch = recommender.dailySuggestion(for: afterLegs).suggestion
        #expect(stretch?.reasons.contains("light mobility work: no rest needed") == true)
        #expect(HardConstraintAudit.violations(workoutID: 701, member: afterLegs, library: library).isEmpty)
        #expect(
            HardConstraintAudit.violations(workoutID: 801, member: afterLegs, library: library) == [
                "recovery", "repeat",
            ])

        // Without the exemption the same library is held to the 48 h rule.
        var strict = RankingConfiguration()
        strict.recoveryExemptCategories = []
        let held = Fixtures.recommender(library, configuration: strict)
        #expect(!held.rankWorkouts(for: afterStretch).map(\.workoutID).contains(801))
        #expect(
            HardConstraintAudit.violations(
                workoutID: 801, member: afterStretch, library: library, configuration: strict)
                == ["recovery"])
    }
}
