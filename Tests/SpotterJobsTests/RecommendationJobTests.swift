import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterRendering
import SpotterTestSupport
import Testing

extension RecommendationHarness {
    static let gym = ["barbell", "bench", "rack", "dumbbell"]

    /// 1: enrolled in Barbell Strength, did Upper A, Lower A, Upper B (next: Upper A);
    /// 2: no profile, no history (cold start); 3: 5-minute sessions only (nothing fits);
    /// 4: an invalid zone; 5: no equipment listed; 6: days per week 0.
    func members() async throws {
        try await user(1)
        try await profile(1, goal: "strength", level: "intermediate", equipment: Self.gym)
        try await enroll(1, program: 2, daysAgo: 10)
        try await session(1, workout: 201, daysAgo: 6)
        try await session(1, workout: 202, daysAgo: 4)
        try await session(1, workout: 203, daysAgo: 2)
        try await user(2)
        try await user(3)
        try await profile(3, goal: "general_fitness", level: "beginner", equipment: [], minutes: 5)
        try await session(3, workout: nil, daysAgo: 3, minutes: 5)
        try await user(4, zone: "Mars/Olympus")
        try await profile(4, goal: "strength", level: "beginner", equipment: [])
        try await user(5)
        try await profile(5, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
        try await session(5, workout: 101, daysAgo: 3)
        try await user(6)
        try await profile(6, goal: "strength", level: "intermediate", equipment: Self.gym, days: 0)
        try await session(6, workout: 202, daysAgo: 1)
    }
}

@Suite("Recommendation jobs")
struct RecommendationJobTests {
    @Test(
        "daily suggestions: next workout of an enrollment, cold start, nothing fits, invalid zone",
        arguments: DatabaseBackend.allCases)
    func dailySuggestions(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            // A stale row for today of the member for whom nothing fits, and yesterday's row.
            for date in ["2026-11-20", RecommendationHarness.today] {
                try await harness.connection.execute(
                    """
                    INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons)
                    VALUES (3, $1, 101, 1, 'stale', 1, $2)
                    """, [.text(date), .json("[]")])
            }
            let result = try await harness.run(DailySuggestionHandler(), #"{"user_ids": [1, 2, 3, 4, 5, 6]}"#)
            #expect(result.counts["users"] == 6)
            #expect(result.counts["rows_written"] == 4)
            #expect(result.counts["nothing_fits"] == 1)
            #expect(result.counts["invalid_time_zone"] == 1)
            #expect(result.counts["profile_problems"] == 3)  // 3 and 5 list no equipment, 6 has 0 days

            let enrolled = try #require(try await harness.suggestions(1).first)
            #expect(enrolled.date == RecommendationHarness.today)
            #expect(enrolled.workout == 201)
            #expect(enrolled.program == 2)
            #expect(enrolled.title == "Upper A — Barbell Strength")
            #expect(enrolled.reasons.first == "next in Barbell Strength, week 2")

            let cold = try #require(try await harness.suggestions(2).first)
            #expect([101, 102, 103, 301].contains(cold.workout))
            #expect(cold.reasons.contains("beginner-safe start"))
            #expect(cold.reasons.contains { $0.hasPrefix("no profile yet") })

            // Nothing fits: no row for today (the stale one is gone), yesterday's is kept.
            #expect(try await harness.suggestions(3).map(\.date) == ["2026-11-20"])
            let outcomes = try await harness.outcomes("daily_suggestion")
            #expect(outcomes[3]?.reason == "nothing_fits")
            #expect(outcomes[3]?.detail.contains("nothing fits today") == true)
            #expect(outcomes[3]?.detail.contains("run longer than 15 minutes") == true)
            #expect(outcomes[4]?.reason == "invalid_time_zone")
            #expect(outcomes[4]?.detail.contains("Mars/Olympus") == true)
            #expect(try await harness.suggestions(4).isEmpty)
            #expect(Set(outcomes.keys) == [3, 4])

            let bodyweight = try #require(try await harness.suggestions(5).first)
            #expect(bodyweight.program == 1 || bodyweight.program == 3)
            #expect(bodyweight.reasons.contains("no equipment listed: bodyweight only"))
            let noDays = try #require(try await harness.suggestions(6).first)
            #expect(noDays.reasons.contains("days per week 0: ignored"))
            #expect(noDays.workout != 202)  // quads trained yesterday
        }
    }

    @Test("program recommendations: top_k rows ranked 1…K with scores and reasons", arguments: DatabaseBackend.allCases)
    func programRecommendations(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            let result = try await harness.run(
                ProgramRecommendationsHandler(), #"{"user_ids": [1, 2, 3, 4, 5, 6], "top_k": 2}"#)
            #expect(result.counts["users"] == 6)
            #expect(result.counts["invalid_time_zone"] == 1)
            for user: UserID in [1, 2, 3, 5, 6] {
                let rows = try await harness.recommendations(user)
                #expect(rows.map(\.rank) == [1, 2], "user \(user)")
                #expect(rows[0].score >= rows[1].score)
                #expect(rows.allSatisfy { !$0.reasons.isEmpty })
            }
            // Member 1 is doing Barbell Strength: something new to them ranks first.
            let strength = try await harness.recommendations(1)
            #expect(strength[0].program == 1)
            #expect(strength[0].reasons.contains("new to you"))
            // Cold start and no equipment: only the beginner bodyweight programs.
            #expect(Set(try await harness.recommendations(2).map(\.program)) == [1, 3])
            #expect(Set(try await harness.recommendations(5).map(\.program)) == [1, 3])
            #expect(try await harness.recommendations(4).isEmpty)

            // The kind's default top_k (10) lists every program that fits, here all three.
            try await harness.run(ProgramRecommendationsHandler(), #"{"user_id": 1}"#)
            let all = try await harness.recommendations(1)
            #expect(all.map(\.rank) == [1, 2, 3])
            let current = try #require(all.first { $0.program == 2 })
            #expect(current.reasons.contains("matches your goal: strength"))
            #expect(current.reasons.contains("you're doing it now"))
            let titles = try await harness.connection.query(
                "SELECT title FROM spotter.program_recommendations WHERE user_id = '1' ORDER BY rank")
            #expect(try titles.map { try $0.string(at: 0) }.contains("Mobility Flow"))
        }
    }

    @Test(
        "bad catalog data is recorded once per job and the rest of the shard is computed",
        arguments: DatabaseBackend.allCases)
    func badLibrary(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            // A program without workouts; Odd Gear (a hoverboard workout, then squats); a
            // program declaring equipment neither Spotter's words nor any exercise has.
            try await harness.program(4, "Empty Program", goal: "strength", level: "beginner", category: "home")
            try await harness.program(5, "Odd Gear", goal: "strength", level: "beginner", category: "home")
            try await harness.workout(501, program: 5, 1, "Hover", ["quads"], minutes: 30, intensity: 2, exercises: [8])
            try await harness.workout(
                502, program: 5, 2, "Squats", ["quads", "glutes"], minutes: 30, intensity: 2, exercises: [2])
            try await harness.program(
                6, "Sled Days", goal: "strength", level: "beginner", category: "home", equipment: ["prowler_sled"])
            try await harness.workout(
                601, program: 6, 1, "Sled Push", ["quads"], minutes: 30, intensity: 2, exercises: [2])
            // Member 8 owns everything and is following Odd Gear: next is the hoverboard workout.
            try await harness.user(8)
            try await harness.profile(
                8, goal: "strength", level: "advanced",
                equipment: RecommendationHarness.gym + ["hoverboard", "prowler_sled"])
            try await harness.enroll(8, program: 5, daysAgo: 5)
            try await harness.session(8, workout: 501, daysAgo: 5)
            try await harness.session(8, workout: 502, daysAgo: 3)

            // Shipped parameters: Spotter's equipment words and the exercises' tags are the
            // vocabulary, so only the program without workouts and the one declaring
            // "prowler_sled" are problems.
            let daily = try await harness.run(DailySuggestionHandler(), #"{"time_zone": "UTC"}"#)
            #expect(daily.counts["catalog_problems"] == 2)
            #expect(daily.counts["users"] == 6)  // every UTC member
            #expect(daily.counts["rows_written"] == 5)
            #expect(try await harness.suggestions(8).first?.workout == 501)
            let programs = try await harness.run(ProgramRecommendationsHandler(), #"{"time_zone": "UTC"}"#)
            #expect(programs.counts["catalog_problems"] == 2)
            #expect(programs.counts["failures"] == 0)
            let recommended = try await harness.connection.query(
                "SELECT DISTINCT program_id FROM spotter.program_recommendations ORDER BY program_id")
            #expect(try recommended.map { try $0.int64(at: 0) } == [1, 2, 3, 5])

            // A declared vocabulary without "hoverboard": the workout is unusable, and so is Odd
            // Gear as a program; member 8 gets another workout, everyone is still computed.
            var spec = try #require(harness.catalog.spec(for: "daily_suggestion"))
            spec.parameters["known_equipment"] = .list(
                (RecommendationHarness.gym + ["prowler_sled"]).map(CatalogValue.string))
            let strict = try await harness.run(DailySuggestionHandler(), #"{"time_zone": "UTC"}"#, spec: spec)
            #expect(strict.counts["catalog_problems"] == 3)  // no workouts; workout 501; program 5 unusable
            #expect(strict.counts["rows_written"] == 5)
            let eight = try #require(try await harness.suggestions(8).first)
            #expect(eight.workout != 501)
            #expect(!eight.reasons.contains { $0.hasPrefix("next in Odd Gear") })
            #expect(try await harness.suggestions(1).first?.workout == 201)
        }
    }

    @Test("a rerun replaces stale rows and writes the same results", arguments: DatabaseBackend.allCases)
    func rerunIsIdempotent(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            try await harness.connection.execute(
                """
                INSERT INTO spotter.program_recommendations (user_id, rank, program_id, title, score, reasons, local_date)
                VALUES (1, 7, 99, 'gone', 0, '[]', '2026-11-01')
                """)
            let payload = #"{"user_ids": [1, 2, 5, 6]}"#
            try await harness.run(DailySuggestionHandler(), payload)
            try await harness.run(ProgramRecommendationsHandler(), payload)
            let firstDaily = try await snapshot(harness, "daily_suggestions")
            let firstPrograms = try await snapshot(harness, "program_recommendations")
            #expect(!firstPrograms.contains { $0.contains("gone") })
            #expect(firstDaily.count == 4)

            try await harness.run(DailySuggestionHandler(), payload)
            try await harness.run(ProgramRecommendationsHandler(), payload)
            #expect(try await snapshot(harness, "daily_suggestions") == firstDaily)
            #expect(try await snapshot(harness, "program_recommendations") == firstPrograms)
            let jobs = try await harness.connection.query("SELECT DISTINCT job_id FROM spotter.daily_suggestions")
            #expect(try jobs.map { try $0.int64(at: 0) } == [3])  // the rerun's rows replaced the first run's
        }
    }

    @Test("an unknown user id fails permanently and writes nothing", arguments: DatabaseBackend.allCases)
    func unknownUser(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            for handler in [DailySuggestionHandler(), ProgramRecommendationsHandler()] as [any JobHandler] {
                let error = await #expect(throws: JobError.self) {
                    try await harness.run(handler, #"{"user_ids": [1, 999]}"#)
                }
                #expect(error?.isPermanent == true)
                #expect(error?.message == "unknown user 999")
            }
            let error = await #expect(throws: JobError.self) {
                try await harness.run(DailySuggestionHandler(), #"{"user_id": 1, "no_repeat_days": 99}"#)
            }
            #expect(error?.isPermanent == true)
            let written = try await harness.connection.query(
                "SELECT (SELECT count(*) FROM spotter.daily_suggestions) + (SELECT count(*) FROM spotter.program_recommendations)"
            )
            #expect(try written.first?.int(at: 0) == 0)
        }
    }

    @Test("the demo shows today's suggestion and the top programs with reasons", arguments: DatabaseBackend.allCases)
    func demo(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            let payload = #"{"user_ids": [1, 2, 3, 4, 5, 6]}"#
            try await harness.run(DailySuggestionHandler(), payload)
            try await harness.run(ProgramRecommendationsHandler(), payload)
            let text = try await harness.connection.withSession { try RecommendationsDemo.render(in: $0, users: 3) }
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.contains(" — today (2026-11-21): ") }.count == 3, "\(text)")
            #expect(
                lines.contains {
                    $0.hasPrefix("Member 1 (en-US) — today (2026-11-21): Upper A — Barbell Strength (score ")
                },
                "\(text)")
            #expect(lines.contains { $0.hasPrefix("  why: next in Barbell Strength, week 2 · ") }, "\(text)")
            #expect(lines.filter { $0.hasPrefix("  programs for you: 1. ") }.count == 3, "\(text)")
            let nothing = "1 member: no suggestion, never a wrong one (e.g. user 3: nothing fits today"
            #expect(lines.last?.hasPrefix(nothing) == true, "\(text)")
            let empty = try await RecommendationHarness.emptyDemo(backend)
            #expect(empty == "No daily suggestions yet: run daily_suggestion first.")
        }
    }

    /// The rows of a result table without `computed_at` and `job_id`, as sorted text.
    private func snapshot(_ harness: RecommendationHarness, _ table: String) async throws -> [String] {
        let rows = try await harness.connection.query("SELECT * FROM spotter.\(table)")
        return rows.map { row in
            row.columnNames.filter { $0 != "computed_at" && $0 != "job_id" }.map { name in
                let value = row[name]
                if let double = value.double, case .double = value { return String(format: "%.9f", double) }
                return value.string ?? value.json ?? "\(value)"
            }.joined(separator: "|")
        }.sorted()
    }
}

@Suite("Recommendation evaluation command")
struct RecommendationEvaluationCommandTests {
    @Test("spotter eval recommendations --users 300 beats every baseline at both levels, no violation, timed")
    func evaluation() async throws {
        let output = try await SpotterCommand.run(
            ["eval", "recommendations", "--users", "300", "--holdout-days", "3"], timeout: .seconds(600))
        #expect(output.status == 0, "\(output)")
        for name in [
            "daily suggestion (model)", "most popular", "repeat last", "what usually follows", "least recently trained",
        ] {
            #expect(output.stdout.contains(name), "\(output)")
        }
        #expect(output.stdout.contains("constraint violations: 0"), "\(output)")
        #expect(output.stdout.contains("model beats every baseline: yes"), "\(output)")
        #expect(output.stdout.contains("(last 3 training days each)"), "\(output)")
        for metric in ["workout hit@1", "workout hit@3", "muscle hit@1", "muscle hit@3"] {
            #expect(output.stdout.contains("on \(metric): +"), "\(metric)\n\(output)")
        }
        let timing = try #require(output.stdout.split(separator: "\n").first { $0.hasPrefix("replayed ") })
        #expect(timing.contains(" held-out days of ") && timing.contains(" s ("), "\(timing)")

        let one = try await SpotterCommand.run(
            ["eval", "recommendations", "--users", "300", "--user", "5", "--by-user", "--no-require-win"],
            timeout: .seconds(600))
        #expect(one.status == 0, "\(one)")
        #expect(one.stdout.contains("recommendations (user 5)"), "\(one)")
        let removed = try await SpotterCommand.run(
            ["eval", "recommendations", "--users", "300", "--hold-out", "2"], timeout: .seconds(60))
        #expect(removed.status != 0)
    }
}
