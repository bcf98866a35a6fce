import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Cold start")
struct ColdStartTests {
    @Test("no profile: a beginner, bodyweight, short, moderate workout")
    func noProfile() throws {
        let member = Fixtures.member(profile: nil)
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        let workout = try #require(Fixtures.library.workout(id: suggestion.workoutID))
        let program = try #require(Fixtures.library.program(id: workout.programID))
        #expect(program.level == .beginner)
        #expect(workout.equipment.subtracting(["none"]).isEmpty)
        #expect(workout.estimatedMinutes <= 45)
        #expect(workout.intensity <= 3)
        #expect(suggestion.reasons.contains("beginner-safe start"))
        #expect(suggestion.reasons.contains("no profile yet: bodyweight, up to 45 minutes"))
        for ranked in Fixtures.recommender().rankWorkouts(for: member) {
            #expect(
                HardConstraintAudit.violations(workoutID: ranked.workoutID, member: member, library: Fixtures.library)
                    .isEmpty)
        }
    }

    @Test("a profile but no history: beginner-safe within the profile's equipment and length")
    func noHistory() throws {
        let profile = MemberProfile(
            goal: "strength", level: .advanced, equipment: Fixtures.gym, daysPerWeek: 5, sessionMinutes: 30)
        let member = Fixtures.member(profile: profile)
        let ranked = Fixtures.recommender().rankWorkouts(for: member)
        #expect(!ranked.isEmpty)
        for entry in ranked {
            let workout = try #require(Fixtures.library.workout(id: entry.workoutID))
            #expect(Fixtures.library.program(id: workout.programID)?.level == .beginner)
            #expect(workout.intensity <= 3)
            #expect(workout.estimatedMinutes <= 40)
        }
        // Full Body (dumbbells) is usable with the profile's equipment, which a no-profile start is not.
        #expect(ranked.contains { $0.programID == 2 })
    }

    @Test("history but no profile is a cold start too")
    func historyWithoutProfile() throws {
        let member = Fixtures.member(profile: nil, sessions: [Fixtures.session(101, day: -3)])
        let suggestion = try #require(Fixtures.recommender().dailySuggestion(for: member).suggestion)
        #expect(Fixtures.library.program(id: suggestion.programID)?.level == .beginner)
        #expect(suggestion.reasons.contains("beginner-safe start"))
    }
}

@Suite("Determinism")
struct DeterminismTests {
    static func member(shuffledWith seed: UInt64) -> MemberContext {
        var generator = SplitMix64(seed: seed)
        let sessions = [
            Fixtures.session(101, day: -9), Fixtures.session(102, day: -8), Fixtures.session(103, day: -6),
            Fixtures.session(nil, day: -5), Fixtures.session(104, day: -5), Fixtures.session(601, day: -2),
        ].shuffled(using: &generator)
        let enrollments = [
            Enrollment(programID: 1, startedAt: Fixtures.day(-10), status: "active"),
            Enrollment(programID: 6, startedAt: Fixtures.day(-30), status: "completed"),
        ].shuffled(using: &generator)
        return Fixtures.member(enrollments: enrollments, sessions: sessions)
    }

    @Test("same inputs, same output; input order does not matter")
    func sameOutput() {
        let first = Fixtures.recommender()
        var generator = SplitMix64(seed: 7)
        let shuffledLibrary = TrainingLibrary(
            programs: Fixtures.programs.shuffled(using: &generator).map { program in
                var program = program
                program.workouts.shuffle(using: &generator)
                return program
            }, knownEquipment: Fixtures.equipment)
        let second = Fixtures.recommender(shuffledLibrary)
        let reference = Self.member(shuffledWith: 1)
        let expected = first.dailySuggestion(for: reference)
        #expect(expected.workoutID == 101)
        for seed: UInt64 in 2...6 {
            let member = Self.member(shuffledWith: seed)
            #expect(first.dailySuggestion(for: member) == expected)
            #expect(second.dailySuggestion(for: member) == expected)
            #expect(second.rankWorkouts(for: member) == first.rankWorkouts(for: reference))
            #expect(second.recommendations(for: member) == first.recommendations(for: reference))
        }
    }

    @Test("ties break by the lower id")
    func ties() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(5, 9, 2, "Twin B", ["back"]), Fixtures.workout(3, 9, 1, "Twin A", ["back"]),
            ]))
        let ranked = recommender.rankWorkouts(for: Fixtures.member(sessions: Fixtures.warmHistory))
        #expect(ranked.map(\.workoutID) == [3, 5])
        #expect(ranked[0].score == ranked[1].score)
    }
}

/// A small seeded generator so test data is the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
