import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

@Suite("Reasons in the reader's language (codes stored beside the English text)")
struct LocalizedReasonsTests {
    /// Four members with the same knee fact and history, in four locales.
    static let members: [(UserID, String)] = [(30, "pt-BR"), (31, "en-GB"), (32, "en-US"), (33, "de-DE")]

    static func document(_ user: UserID, _ harness: RecommendationHarness) async throws -> [String: Any] {
        let text = try await harness.connection.withSession { try ChatContext.document(user: user, in: $0) }
        let document = try #require(text)
        return try #require(try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
    }

    static func reasons(_ object: Any?) -> [String] { (object as? [Any] ?? []).compactMap { $0 as? String } }

    @Test(
        "a pt-BR member reads Portuguese, en-GB and en-US members English in their date format, de-DE falls back (recorded)",
        arguments: DatabaseBackend.allCases)
    func languages(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            for (user, locale) in Self.members {
                try await harness.user(user)
                try await harness.connection.execute(
                    "UPDATE spotter.users SET locale = $1 WHERE id = $2", [.text(locale), SQLValue(user)])
                try await harness.profile(user, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
                try await harness.session(user, workout: 101, daysAgo: 3)
                try await harness.healthFact(
                    user, slot: "knee-left", content: "Left knee hurts when squatting", daysAgo: 2)
            }
            let payload = #"{"user_ids": [30, 31, 32, 33]}"#
            try await harness.run(DailySuggestionHandler(), payload)
            try await harness.run(ProgramRecommendationsHandler(), payload)

            // Stored: the reference English text, and the codes beside it, whatever the locale.
            let english = "left knee pain mentioned on 19 Nov: no lower-body work today"
            for (user, _) in Self.members {
                let stored = try #require(try await harness.suggestions(user).first)
                #expect(stored.reasons.contains(english), "\(stored.reasons)")
            }
            let codes = try await harness.connection.query(
                "SELECT reason_codes FROM spotter.daily_suggestions WHERE user_id = $1", [.int(30)])
            let json = try #require(try codes.first?.json("reason_codes"))
            let stored = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            let injury = stored.first { $0["code"] as? String == "injury_no_region_work" }
            #expect(injury?["mentioned_on"] as? String == "2026-11-19", "\(json)")

            let portuguese = try await Self.document(30, harness)
            let suggestion = try #require(portuguese["suggestion"] as? [String: Any])
            let texts = Self.reasons(suggestion["reasons"])
            #expect(
                texts.contains {
                    $0.hasPrefix("dor no joelho esquerdo mencionada em 19 de nov")
                        && $0.hasSuffix(
                            ": nada de treino de membros inferiores hoje")
                }, "\(texts)")
            #expect(texts.count == (suggestion["reason_codes"] as? [Any])?.count, "one text per code")
            #expect(!texts.contains(english))
            let programs = try #require(portuguese["recommendations"] as? [[String: Any]])
            let programTexts = programs.flatMap { Self.reasons($0["reasons"]) }
            #expect(programTexts.contains("combina com o seu objetivo: condicionamento geral"), "\(programTexts)")
            #expect(!programTexts.contains("matches your goal: general fitness"))
            let locale = try #require(portuguese["reasons_locale"] as? [String: Any])
            #expect(locale["language"] as? String == "pt-BR" && locale["fallback"] as? Bool == false, "\(locale)")
            let prompt = try ChatContext.render(
                document: String(
                    decoding: try JSONSerialization.data(withJSONObject: portuguese), as: UTF8.self))
            #expect(prompt.contains("dor no joelho esquerdo"), "\(prompt)")

            let british = Self.reasons(
                (try await Self.document(31, harness)["suggestion"] as? [String: Any])?["reasons"])
            #expect(british.contains(english), "\(british)")
            let american = Self.reasons(
                (try await Self.document(32, harness)["suggestion"] as? [String: Any])?["reasons"])
            #expect(american.contains("left knee pain mentioned on Nov 19: no lower-body work today"), "\(american)")
            let german = try await Self.document(33, harness)
            let germanReasons = Self.reasons((german["suggestion"] as? [String: Any])?["reasons"])
            #expect(germanReasons.contains(english), "\(germanReasons)")
            let fallback = try #require(german["reasons_locale"] as? [String: Any])
            #expect(fallback["locale"] as? String == "de-DE" && fallback["fallback"] as? Bool == true, "\(fallback)")
        }
    }

    @Test(
        "rows written before migration 032 (no codes, or codes this catalog cannot read) keep their text",
        arguments: DatabaseBackend.allCases)
    func oldRows(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(40)
            try await harness.user(41)
            for user: UserID in [40, 41] {
                try await harness.connection.execute(
                    "UPDATE spotter.users SET locale = 'pt-BR' WHERE id = $1", [SQLValue(user)])
            }
            let json = backend == .postgres ? "CAST($2 AS jsonb)" : "$2"
            try await harness.connection.execute(
                """
                INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons)
                VALUES ($1, '2026-11-20', 101, 1, 'Push Day', 1.5, \(json))
                """, [.int(40), .text(#"["next in Bodyweight Basics, week 2"]"#)])
            try await harness.connection.execute(
                """
                INSERT INTO spotter.daily_suggestions (user_id, local_date, workout_id, program_id, title, score, reasons,
                                                       reason_codes)
                VALUES ($1, '2026-11-20', 101, 1, 'Push Day', 1.5, \(json), \(json.replacingOccurrences(of: "$2", with: "$3")))
                """,
                [.int(41), .text(#"["a reason from a newer catalog"]"#), .text(#"[{"code":"not_yet_known","x":1}]"#)])
            let old = try await Self.document(40, harness)
            #expect(
                Self.reasons((old["suggestion"] as? [String: Any])?["reasons"]) == ["next in Bodyweight Basics, week 2"]
            )
            let newer = try await Self.document(41, harness)
            #expect(
                Self.reasons((newer["suggestion"] as? [String: Any])?["reasons"]) == ["a reason from a newer catalog"])
        }
    }

    @Test(
        "a pt-BR trainer's chat context: clients' reasons and check-ins in Portuguese; the view's text kept for others")
    func trainerDocument() throws {
        let document = """
            {"user": {"id": 1, "name": "Rita", "role": "trainer", "locale": "pt-BR", "time_zone": "UTC"},
             "inactive_clients": [{"client_id": 2, "name": "Ann", "tier": 7, "days_inactive": 9,
                                   "reason": "no message and no workout for 9 days",
                                   "reason_code": {"code": "no_message_no_workout", "days": 9}},
                                  {"client_id": 3, "name": "Bo", "tier": 14, "days_inactive": null,
                                   "reason": "never messaged or worked out", "reason_code": null}],
             "checkins": {"local_date": "2026-11-25", "check_ins_7d": 3, "check_ins_28d": 9,
                          "energy": {"avg_7d": 1.7, "avg_28d": 3.5, "trend": "falling"},
                          "mood": {"avg_7d": null, "avg_28d": 3.0, "trend": null},
                          "low_energy_days": 3, "low_energy": true}}
            """
        let text = try ChatContext.localized(document: document)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let clients = try #require(object["inactive_clients"] as? [[String: Any]])
        #expect(
            clients.map { $0["reason"] as? String } == [
                "sem mensagem e sem treino há 9 dias", "never messaged or worked out",
            ])
        let checkins = try #require(object["checkins"] as? [String: Any])
        #expect(
            Self.reasons(checkins["reasons"]) == [
                "Energia: 1,7 em 7 dias (3,5 em 28), em queda", "Humor: nenhum check-in em 7 dias (3,0 em 28)",
                "Pouca energia há 3 dias seguidos — energia baixa",
            ], "\(checkins)")
        let prompt = try ChatContext.render(document: text)
        #expect(prompt.contains("- Ann (tier 7): sem mensagem e sem treino há 9 dias"), "\(prompt)")
        #expect(prompt.contains("- Energia: 1,7 em 7 dias (3,5 em 28), em queda"), "\(prompt)")
        let english = try ChatContext.localized(document: document.replacingOccurrences(of: "pt-BR", with: "en-GB"))
        #expect(english.contains("Energy: 1.7 over 7 days (3.5 over 28), falling"), "\(english)")
    }
}
