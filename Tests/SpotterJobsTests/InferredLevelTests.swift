import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

extension RecommendationHarness {
    /// A titled session with working sets of library exercises as `spotter import` writes them:
    /// (exercise id, name, kg, reps) each, three sets apiece.
    func liftedSession(
        _ userID: UserID, daysAgo: Double, _ lifts: [(id: Int64, name: String, kg: Double, reps: Int)]
    ) async throws {
        let id = try await connection.query(
            """
            INSERT INTO spotter.workout_sessions (user_id, workout_id, started_at, duration_minutes, title)
            VALUES ($1, NULL, $2, 60, 'Heavy Day') RETURNING id
            """, [SQLValue(userID), .timestamp(Self.instant(daysAgo: daysAgo))]
        ).first!.int64(at: 0)
        var order: Int64 = 0
        for lift in lifts {
            for _ in 1...3 {
                order += 1
                try await connection.execute(
                    """
                    INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, exercise_id, muscle_groups,
                                                      weight_kg, reps, is_warmup)
                    VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                    """,
                    [
                        .int(id), .int(order), .text(lift.name), .int(lift.id), .tags(["chest"]), .double(lift.kg),
                        .int(Int64(lift.reps)), .bool(false),
                    ])
            }
        }
    }

    /// Two years and a bit of logging: one session 800 days ago, then 14 in the last four weeks
    /// of barbell bench presses, back squats and dumbbell rows.
    func twoYearLog(_ userID: UserID) async throws {
        let lifts: [(id: Int64, name: String, kg: Double, reps: Int)] = [
            (4, "Bench Press (Barbell)", 100, 5), (5, "Squat (Barbell)", 140, 5), (6, "Dumbbell Row", 30, 10),
        ]
        try await liftedSession(userID, daysAgo: 800, lifts)
        for index in 0..<14 { try await liftedSession(userID, daysAgo: Double(1 + 2 * index), lifts) }
    }
}

@Suite("Level inferred from an imported log")
struct InferredLevelTests {
    static let reason = "level inferred from 2 years of logs, 3.5 sessions a week: advanced"

    @Test(
        "a lifter without a profile gets the inferred level and equipment, said in the reasons; a stated level wins",
        arguments: DatabaseBackend.allCases)
    func importedLifter(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(30)
            try await harness.twoYearLog(30)
            try await harness.user(31)
            try await harness.profile(
                31, goal: nil, level: "beginner", equipment: ["barbell", "bench", "rack", "dumbbell"])
            try await harness.twoYearLog(31)

            try await harness.run(ProgramRecommendationsHandler(), #"{"user_ids": [30, 31]}"#)
            let programs = try await harness.recommendations(30)
            let barbell = try #require(programs.first { $0.program == 2 }, "\(programs)")
            #expect(barbell.reasons.contains(Self.reason), "\(barbell.reasons)")
            #expect(barbell.reasons.contains("equipment seen in your log: barbell, bench, dumbbell, rack"))
            #expect(!programs.contains { $0.reasons.contains("beginner-friendly, no equipment") })
            let stated = try await harness.recommendations(31)
            #expect(!stated.contains { $0.program == 2 }, "Barbell Strength is above a stated beginner")
            #expect(!stated.contains { $0.reasons.contains { $0.contains("inferred") } })

            try await harness.run(DailySuggestionHandler(), #"{"user_ids": [30, 31]}"#)
            let suggestion = try #require(try await harness.suggestions(30).first)
            #expect(suggestion.reasons.contains(Self.reason), "\(suggestion.reasons)")
            #expect(!suggestion.reasons.contains("beginner-safe start"))
            let statedSuggestion = try #require(try await harness.suggestions(31).first)
            #expect(!statedSuggestion.reasons.contains { $0.contains("inferred") })
        }
    }
}
