import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// Issue 31, parts 3 and 4, on real databases: unknown words are listed per column with their
/// rows and a fix, inputs that make a whole class of results impossible are named, and product
/// muscle words cannot bypass the injury filter in the daily suggestion shard.
@Suite("Input words and coverage")
struct InputWordsTests {
    @Test(
        "check-inputs lists every unknown muscle, equipment and goal word with its rows",
        arguments: DatabaseBackend.allCases)
    func unknownWords(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.program(
                4, "Odd Words", goal: "strength", level: "beginner", category: "x", equipment: ["dumbell"])
            try await harness.workout(
                401, program: 4, 1, "Legs", ["legs", "wibble"], minutes: 30, intensity: 2, exercises: [])
            try await harness.workout(
                402, program: 4, 2, "More", ["Full Body", "wibble"], minutes: 30, intensity: 2, exercises: [])
            try await harness.user(30)
            try await harness.profile(30, goal: "world peace", level: "beginner", equipment: ["Dumbbells", "jetpack"])
            try await harness.ownSession(30, title: "Chest", daysAgo: 2, muscles: ["pectoralz", "chest"], sets: 2)

            let problems = try await harness.connection.withSession { try InputWords.problems(in: $0) }
            let lines = problems.map(\.description)
            func has(_ relation: String, _ fragment: String) -> Bool {
                problems.contains { $0.relation == "spotter.\(relation)" && $0.problem.contains(fragment) }
            }
            #expect(has("program_workouts", "2 rows have the muscle word \"wibble\" in primary_muscles"), "\(lines)")
            #expect(has("program_workouts", "kept from every injured person"), "\(lines)")
            #expect(has("session_sets", "2 rows have the muscle word \"pectoralz\""), "\(lines)")
            #expect(has("programs", "1 row has the equipment word \"dumbell\" in equipment"), "\(lines)")
            #expect(has("profiles", "the equipment word \"jetpack\""), "\(lines)")
            #expect(has("profiles", "the goal \"world peace\" in goal"), "\(lines)")
            // Known words are not listed: synonyms, the exercise library's own tags ("hoverboard").
            for word in ["legs", "Full Body", "Dumbbells", "chest", "hoverboard", "strength"] {
                #expect(!lines.contains { $0.contains("\"\(word)\"") }, "\(word): \(lines)")
            }
            #expect(problems.allSatisfy { $0.fix.contains("in the view") })
            #expect(problems.count == 5, "\(lines)")

            // A declared known_equipment replaces the vocabulary, as in the shards.
            let declared = try await harness.connection.withSession {
                try InputWords.problems(in: $0, knownEquipment: ["dumbell"])
            }
            #expect(declared.contains { $0.problem.contains("\"Dumbbells\"") })
            #expect(!declared.contains { $0.problem.contains("\"dumbell\"") })
        }
    }

    @Test(
        "no exercise library, no programs, no workouts, no sessions: one note each with the fix",
        arguments: DatabaseBackend.allCases)
    func coverage(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            func notes() async throws -> [String: String] {
                let found = try await harness.connection.withSession { try InputCoverage.notes(in: $0) }
                return Dictionary(uniqueKeysWithValues: found.map { ($0.relation, $0.description) })
            }
            // The harness has a library but no sessions.
            #expect(try await notes().keys.sorted() == ["spotter.workout_sessions"])
            #expect(try await notes()["spotter.workout_sessions"]?.contains("cold start") == true)
            try await harness.user(31)
            try await harness.session(31, workout: nil, daysAgo: 1)
            #expect(try await notes().isEmpty)

            try await harness.connection.execute("DELETE FROM spotter.workout_exercises")
            try await harness.connection.execute("DELETE FROM spotter.exercises")
            let exercises = try #require(try await notes()["spotter.exercises"])
            #expect(
                exercises.contains("no exercise library") && exercises.contains("fix: expose your exercise library"))

            try await harness.connection.execute("DELETE FROM spotter.program_workouts")
            #expect(try await notes()["spotter.program_workouts"]?.contains("no workouts") == true)

            try await harness.connection.execute("DELETE FROM spotter.programs")
            let programs = try await notes()
            #expect(programs["spotter.programs"]?.contains("no program recommendations") == true)
            #expect(programs["spotter.program_workouts"] == nil, "one line for one cause")
        }
    }

    @Test(
        "a legs workout is kept from a knee, an unknown-muscle workout from every injured person but not the uninjured",
        arguments: DatabaseBackend.allCases)
    func injuredShard(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.connection.execute("DELETE FROM spotter.workout_exercises")
            try await harness.connection.execute("DELETE FROM spotter.program_workouts")
            try await harness.connection.execute("DELETE FROM spotter.programs")
            try await harness.program(5, "Product Words", goal: "general_fitness", level: "beginner", category: "home")
            try await harness.workout(501, program: 5, 1, "Leg Day", ["legs"], minutes: 30, intensity: 2, exercises: [])
            try await harness.workout(
                502, program: 5, 2, "Mystery", ["wibble"], minutes: 30, intensity: 2, exercises: [])
            for user: UserID in [40, 41, 42] {
                try await harness.user(user)
                try await harness.profile(user, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
                try await harness.session(user, workout: nil, daysAgo: 10)
            }
            try await harness.healthFact(40, slot: "knee", content: "Knee hurts", daysAgo: 1)
            try await harness.healthFact(41, slot: "shoulder", content: "Shoulder hurts", daysAgo: 1)
            try await harness.run(DailySuggestionHandler(), #"{"user_ids": [40, 41, 42]}"#)

            // Knee: legs loads it, the unknown word may: nothing fits, and the note says why.
            #expect(try await harness.suggestions(40).isEmpty)
            let knee = try #require(try await harness.outcomes("daily_suggestion")[40])
            #expect(knee.reason == "nothing_fits")
            #expect(knee.detail.contains("2 load an injured body part"), "\(knee.detail)")
            // Shoulder: Leg Day is fine, the mystery workout is not.
            #expect(try await harness.suggestions(41).map(\.workout) == [501])
            // Uninjured: either may come; the mystery workout is not excluded.
            let ranked = try #require(try await harness.suggestions(42).first)
            #expect([501, 502].contains(ranked.workout))
        }
    }
}
