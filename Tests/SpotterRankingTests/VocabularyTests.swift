import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// Issue 31, part 3: a product that names muscles its own way ("legs", "full body") must not
/// bypass the injury filter, and a word Spotter does not know loads every body part.
@Suite("Vocabulary: product words cannot bypass safety")
struct VocabularyTests {
    static func kneePain(_ member: inout MemberContext) {
        member.healthFacts = [InjuryTests.fact("knee", "Has knee pain", day: -1)]
    }

    @Test("synonyms: legs, full body, push, pull, arms, upper and lower body, core and abs")
    func synonyms() throws {
        #expect(Vocabulary.muscleGroups(for: "Legs") == ["quads", "hamstrings", "glutes", "calves"])
        #expect(Vocabulary.muscleGroups(for: "Full Body") == MuscleGroups.fullBody)
        #expect(Vocabulary.muscleGroups(for: "full-body") == MuscleGroups.fullBody)
        #expect(Vocabulary.muscleGroups(for: "push") == ["chest", "shoulders", "triceps"])
        #expect(Vocabulary.muscleGroups(for: "pull") == ["back", "biceps"])
        #expect(Vocabulary.muscleGroups(for: "arms") == ["arms"])
        #expect(Vocabulary.muscleGroups(for: "upper body") == ["chest", "back", "shoulders", "arms"])
        #expect(Vocabulary.muscleGroups(for: "lower body")?.contains("quads") == true)
        #expect(Vocabulary.muscleGroups(for: " ABS ") == ["core"])
        #expect(Vocabulary.muscleGroups(for: "core") == ["core"])
        #expect(Vocabulary.muscleGroups(for: "wibble") == nil)
        #expect(Vocabulary.unknownMuscles(["legs", "wibble", "", "Quads"]) == ["wibble"])
        // Every group the library tracks is a word of the vocabulary.
        for group in MuscleGroups.known { #expect(Vocabulary.muscleGroups(for: group) != nil, "\(group)") }
        #expect(Vocabulary.equipmentTag("Dumbbells") == "dumbbell" && Vocabulary.equipmentTag("bodyweight").isEmpty)
        #expect(Vocabulary.knowsEquipment("resistance bands") && !Vocabulary.knowsEquipment("dumbell"))
        #expect(Vocabulary.goal("Weight loss") == "fat_loss" && Vocabulary.goal("strength") == "strength")
        #expect(Vocabulary.goal("be awesome") == nil)
        #expect(Vocabulary.level(" Beginner") == .beginner && Vocabulary.level("novice") == nil)
    }

    @Test("the body-part map reads product words: legs loads the knee, push the shoulder, an unknown word all")
    func bodyParts() throws {
        let knee = try #require(BodyParts.part(named: "knee"))
        let shoulder = try #require(BodyParts.part(named: "shoulder"))
        #expect(BodyParts.loads(["legs"], knee) && BodyParts.loads(["Full Body"], knee))
        #expect(BodyParts.loads(["lower body"], knee) && !BodyParts.loads(["upper body"], knee))
        #expect(BodyParts.loads(["push"], shoulder) && !BodyParts.loads(["push"], knee))
        for part in BodyParts.parts.values {
            #expect(BodyParts.loads(["wibble"], part), "\(part.name)")
            #expect(!BodyParts.loads(["mobility"], part), "\(part.name)")
        }
    }

    @Test("a legs workout is not suggested to a person with a knee injury, and the audit agrees")
    func legsAndKnee() throws {
        let library = Fixtures.library([
            Fixtures.workout(1, 9, 1, "Leg Day", ["legs"]),
            Fixtures.workout(2, 9, 2, "Upper Day", ["upper body"]),
        ])
        #expect(!library.problems.contains { $0.code == .unknownMuscle }, "\(library.problems)")
        var member = Fixtures.member(sessions: Fixtures.warmHistory)
        let recommender = Fixtures.recommender(library)
        #expect(recommender.rankWorkouts(for: member).map(\.workoutID).contains(1))
        Self.kneePain(&member)
        let ranked = recommender.rankWorkouts(for: member).map(\.workoutID)
        #expect(!ranked.contains(1) && ranked.contains(2), "\(ranked)")
        #expect(recommender.dailySuggestion(for: member).suggestion?.workoutID == 2)
        #expect(HardConstraintAudit.violations(workoutID: 1, member: member, library: library).contains("injury"))
        #expect(!HardConstraintAudit.violations(workoutID: 2, member: member, library: library).contains("injury"))
    }

    @Test("an unknown-muscle workout is kept from an injured person but suggested to an uninjured one")
    func unknownMuscles() throws {
        let library = Fixtures.library([Fixtures.workout(1, 9, 1, "Mystery Session", ["wibble"])])
        let problem = try #require(library.problems.first { $0.code == .unknownMuscle })
        #expect(problem.message.contains("\"wibble\"") && problem.message.contains("injured"), "\(problem)")
        #expect(library.usableWorkoutIDs == [1])
        let recommender = Fixtures.recommender(library)

        var member = Fixtures.member(sessions: Fixtures.warmHistory)
        #expect(recommender.dailySuggestion(for: member).suggestion?.workoutID == 1)
        #expect(HardConstraintAudit.violations(workoutID: 1, member: member, library: library).isEmpty)

        Self.kneePain(&member)
        let outcome = recommender.dailySuggestion(for: member)
        #expect(outcome.suggestion == nil)
        let reason = try #require(outcome.nothingFitsReason)
        #expect(reason.contains("1 load an injured body part"), "\(reason)")
        #expect(
            reason.contains(
                "1 of them name muscle groups Spotter does not know, \"wibble\", so may load any part"),
            "\(reason)")
        // The audit counts it as a violation: a ranker that proposed it broke the injury rule.
        #expect(HardConstraintAudit.violations(workoutID: 1, member: member, library: library).contains("injury"))
        // A shoulder injury too: an unknown word may load any part.
        member.healthFacts = [InjuryTests.fact("shoulder", "Shoulder hurts", day: -1)]
        #expect(recommender.dailySuggestion(for: member).suggestion == nil)
    }

    @Test("equipment and goal words: plurals and synonyms match, bodyweight needs nothing")
    func equipmentAndGoals() throws {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(
                    7, "Dumbbell Basics", goal: "Weight Loss", equipment: ["Dumbbells", "bench"],
                    [Fixtures.workout(71, 7, 1, "DB A", ["full body"], equipment: ["dumbbells", "bodyweight"])])
            ], knownEquipment: Set(Vocabulary.equipment))
        #expect(library.problems.isEmpty, "\(library.problems)")
        let profile = MemberProfile(
            goal: "fat_loss", level: .beginner, equipment: ["dumbbell", "Bench"], daysPerWeek: 3, sessionMinutes: 45)
        let member = Fixtures.member(profile: profile, sessions: Fixtures.warmHistory)
        let recommender = Fixtures.recommender(library)
        #expect(recommender.dailySuggestion(for: member).suggestion?.workoutID == 71)
        let recommendation = try #require(recommender.recommendations(for: member).first)
        #expect(recommendation.programID == 7)
        #expect(recommendation.reasons.contains { $0.hasPrefix("matches your goal") }, "\(recommendation.reasons)")
    }
}
