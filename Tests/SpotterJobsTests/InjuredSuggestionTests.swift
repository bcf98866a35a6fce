import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

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

    @Test(
        "the first night already keeps an injury out: a nightly suggestion shard runs after the night's facts shards",
        arguments: DatabaseBackend.allCases)
    func firstNight(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            // No fact yet: only yesterday's message. Legs Day is next in line without the injury.
            try await harness.user(24)
            try await harness.profile(24, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
            try await harness.session(24, workout: 101, daysAgo: 3)
            try await harness.connection.execute(
                "INSERT INTO spotter.conversations (id, user_id, kind) VALUES (240, 24, 'assistant')")
            try await harness.connection.execute(
                "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES (2400, 240, 24, $1, $2)",
                [.text("ugh my left knee hurts when I squat"), .timestamp(RecommendationHarness.instant(daysAgo: 1))])
            let asOf = RecommendationHarness.instant(daysAgo: 0)
            let batch = try await harness.connection.withSession { session in
                try NightlyBatch.plan(zone: "UTC", localDate: RecommendationHarness.today, asOf: asOf, in: session)
            }
            try await batch.drain(on: harness.connection, catalog: harness.catalog)
            let row = try #require(try await harness.suggestions(24).first)
            #expect(row.workout != 102, "Legs Day loads the knee: \(row)")
            #expect(
                row.reasons.contains("left knee pain mentioned on 20 Nov: no lower-body work today"), "\(row.reasons)")
            let live = try await harness.connection.query(
                "SELECT count(*) AS n FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')")
            #expect(try live.first?.int("n") == 0)
        }
    }

    @Test(
        "a nightly suggestion shard snoozes while a facts shard of its night is live (the kinds' after:, applied before the handler)",
        arguments: DatabaseBackend.allCases)
    func waitsForFacts(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(25)
            try await harness.profile(25, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
            let night = (zone: "UTC", date: RecommendationHarness.today)
            let facts = try await harness.connection.withSession { session in
                try JobQueue(catalog: harness.catalog).enqueue(
                    [
                        EnqueueRequest(
                            kind: ExtractFactsHandler.name, payload: "{}",
                            uniqueKey: Shard.uniqueKey(
                                kind: ExtractFactsHandler.name, zone: night.zone, localDate: night.date, index: 0))
                    ],
                    in: session)[0].id
            }
            let shard = Shard(
                timeZone: night.zone, localDate: night.date, fromID: 25, toID: 25, asOf: RecommendationHarness.asOf)
            for kind in [DailySuggestionHandler.declaration, ProgramRecommendationsHandler.declaration] {
                let context = try Self.shardContext(kind, shard, harness)
                await #expect(throws: JobSnooze.self) {
                    try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) }
                }
            }
            #expect(try await harness.suggestions(25).isEmpty)
            // The order is the worker's, from the catalog: a handler run directly computes at once.
            try await harness.run(DailySuggestionHandler(), #"{"user_id": 25}"#)
            #expect(try await harness.suggestions(25).count == 1)
            // Once the facts shard has ended, the nightly shard runs.
            try await harness.connection.execute(
                "UPDATE spotter.jobs SET state = 'succeeded', finished_at = $2 WHERE id = $1",
                [.int(facts), .timestamp(Date())])
            let context = try Self.shardContext(DailySuggestionHandler.declaration, shard, harness)
            #expect(try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) } == 0)
            let result = try await DailySuggestionHandler().run(context)
            #expect(result.counts["users"] == 1)
        }
    }

    /// The context of `kind`'s nightly shard 0 job for `shard`, as the fan-out enqueues it.
    static func shardContext(_ kind: KindDeclaration, _ shard: Shard, _ harness: RecommendationHarness) throws
        -> JobContext
    {
        let job = Job(
            id: 99, kind: kind.name, payload: try #require(kind.shards).payload(shard),
            uniqueKey: Shard.uniqueKey(kind: kind.name, zone: shard.timeZone, localDate: shard.localDate, index: 0))
        return JobContext(
            job: job, spec: try #require(harness.catalog.spec(for: kind.name)), catalog: harness.catalog,
            database: harness.connection, logger: TestDatabase.logger)
    }
}
