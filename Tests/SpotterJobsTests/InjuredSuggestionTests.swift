import Foundation
import SpotterDB
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing
import SpotterIDs

extension RecommendationHarness {
    /// A health fact of `userID` with a source message sent `daysAgo` (valid from then on).
    func healthFact(_ userID: UserID, slot: String, content: String, polarity: String = "positive", daysAgo: Double)
        async throws
    {
        let at = Self.instant(daysAgo: daysAgo)
        let conversation = userID.integer! * 10
        try await connection.execute(
            "INSERT INTO spotter.conversations (id, user_id, kind) VALUES ($1, $2, 'assistant') ON CONFLICT DO NOTHING",
            [.int(conversation), SQLValue(userID)])
        let message = try await connection.query(
            "SELECT coalesce(max(id), 0) + 1 FROM spotter.messages", []
        ).first!.int64(at: 0)
        try await connection.execute(
            "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES ($1, $2, $3, $4, $5)",
            [.int(message), .int(conversation), SQLValue(userID), .text(content), .timestamp(at)])
        let fact = try await connection.query(
            """
            INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal, confidence, slot,
                                       first_mentioned_at, last_mentioned_at, valid_from)
            VALUES ($1, 'self', 'health', $2, $3, 'current', 0.9, $4, $5, $5, $5) RETURNING id
            """, [SQLValue(userID), .text(content), .text(polarity), .text(slot), .timestamp(at)]
        ).first!.int64(at: 0)
        try await connection.execute(
            "INSERT INTO spotter.fact_sources (fact_id, message_id, mentioned_at) VALUES ($1, $2, $3)",
            [.int(fact), .int(message), .timestamp(at)])
    }

    /// A titled session with sets (as `spotter import` writes them).
    func ownSession(_ userID: UserID, title: String, daysAgo: Double, muscles: [String], sets: Int) async throws {
        let id = try await connection.query(
            """
            INSERT INTO spotter.workout_sessions (user_id, workout_id, started_at, duration_minutes, title)
            VALUES ($1, NULL, $2, 50, $3) RETURNING id
            """, [SQLValue(userID), .timestamp(Self.instant(daysAgo: daysAgo)), .text(title)]
        ).first!.int64(at: 0)
        for order in 1...sets {
            try await connection.execute(
                """
                INSERT INTO spotter.session_sets (session_id, set_order, exercise_name, muscle_groups, reps, rpe, is_warmup)
                VALUES ($1, $2, 'Exercise', $3, 8, 8, $4)
                """, [.int(id), .int(Int64(order)), .tags(muscles), .bool(order == 1)])
        }
    }
}

@Suite("Injuries in the daily suggestion")
struct InjuredSuggestionTests {
    @Test(
        "a current knee fact keeps lower-body work out until a later fact says it is fine",
        arguments: DatabaseBackend.allCases)
    func kneePain(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            // Two beginners with bodyweight profiles: Legs Day would be next in line for both.
            for user: UserID in [20, 21] {
                try await harness.user(user)
                try await harness.profile(user, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
                try await harness.session(user, workout: 101, daysAgo: 3)
                try await harness.healthFact(
                    user, slot: "knee-left", content: "Left knee hurts when squatting", daysAgo: 2)
            }
            try await harness.healthFact(
                21, slot: "knee", content: "Knee is fine now", polarity: "negative", daysAgo: 1)
            let result = try await harness.run(DailySuggestionHandler(), #"{"user_ids": [20, 21]}"#)
            #expect(result.counts["rows_written"] == 2)
            let injured = try #require(try await harness.suggestions(20).first)
            #expect(injured.workout != 102, "Legs Day loads the knee")
            #expect(
                injured.reasons.contains("left knee pain mentioned on 19 Nov: no lower-body work today"),
                "\(injured.reasons)")
            let healed = try #require(try await harness.suggestions(21).first)
            #expect(healed.workout == 102, "\(healed)")
            #expect(!healed.reasons.contains { $0.contains("knee") })
        }
    }

    @Test("nothing fits an injury: no row, a rest or mobility note", arguments: DatabaseBackend.allCases)
    func nothingFits(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            // Push Day three days ago, Core Day yesterday; Legs Day is all that is left, and the knee hurts.
            try await harness.user(22)
            try await harness.profile(22, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
            try await harness.session(22, workout: 101, daysAgo: 1.5)
            try await harness.session(22, workout: 103, daysAgo: 0.5)
            try await harness.session(22, workout: 301, daysAgo: 0.6)
            try await harness.healthFact(22, slot: "knee", content: "Knee pain after running", daysAgo: 2)
            let result = try await harness.run(DailySuggestionHandler(), #"{"user_id": 22}"#)
            #expect(result.counts["rows_written"] == 0)
            let outcome = try #require(try await harness.outcomes("daily_suggestion")[22])
            #expect(outcome.reason == "nothing_fits")
            #expect(
                outcome.detail.contains("knee pain mentioned on 19 Nov: no lower-body work today"), "\(outcome.detail)")
            #expect(outcome.detail.contains("rest or gentle mobility today"))
        }
    }

    @Test("an imported lifter's own sessions and sets reach the suggestion", arguments: DatabaseBackend.allCases)
    func ownSessions(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(23)
            try await harness.profile(23, goal: "strength", level: "advanced", equipment: RecommendationHarness.gym)
            for week in 0..<6 {
                let base = Double(7 * week + 2)
                try await harness.ownSession(
                    23, title: "Chest", daysAgo: base + 4, muscles: ["chest", "triceps"], sets: 10)
                try await harness.ownSession(
                    23, title: "Back", daysAgo: base + 2, muscles: ["back", "biceps"], sets: 10)
                try await harness.ownSession(23, title: "Legs", daysAgo: base, muscles: ["quads", "glutes"], sets: 10)
            }
            try await harness.run(DailySuggestionHandler(), #"{"user_id": 23}"#)
            let row = try #require(try await harness.suggestions(23).first)
            #expect(row.title.hasPrefix("Chest (your own session; in the catalog: "), "\(row)")
            #expect(row.reasons.contains { $0.hasPrefix("your own Chest, done 6 times") }, "\(row.reasons)")
            #expect(row.reasons.contains { $0.hasPrefix("chest rested ") || $0.hasPrefix("you usually ") })
        }
    }
}
