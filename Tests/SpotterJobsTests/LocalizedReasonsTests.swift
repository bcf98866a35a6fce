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

    static func text(_ user: UserID, _ harness: RecommendationHarness) async throws -> String? {
        try await harness.connection.withSession { try ChatContext.document(user: user, in: $0) }
    }

    /// A date or timestamp as the documents carry it (`2026-11-19`, `2026-11-19T08:00:00Z`).
    static var isoDate: Regex<Substring> { #/\d{4}-\d{2}-\d{2}/# }

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
            // Every line of the chat context in Portuguese, dates in the pt-BR format, no ISO date.
            #expect(prompt.hasPrefix("# Member 30 (aluno; UTC, pt-BR)\n"), "\(prompt)")
            #expect(prompt.contains("\n## Treino sugerido para hoje ("), "\(prompt)")
            #expect(prompt.contains("\n## Programas recomendados\n"), "\(prompt)")
            #expect(prompt.contains("\n## O que Member 30 contou (1 fato atual, com os ids"), "\(prompt)")
            #expect(prompt.contains("(saúde) Left knee hurts when squatting; confiança "), "\(prompt)")
            #expect(prompt.contains(", a última vez em 19 de nov. de 2026"), "\(prompt)")
            #expect(!prompt.contains("Today's suggested workout") && !prompt.contains("Recommended programs"))
            #expect(try Self.isoDate.firstMatch(in: prompt) == nil, "no ISO date or timestamp: \(prompt)")
            let britishPrompt = try ChatContext.render(document: try #require(try await Self.text(31, harness)))
            #expect(britishPrompt.contains("\n## Today's suggested workout ("), "\(britishPrompt)")
            #expect(britishPrompt.contains("\n## What Member 31 has said (1 current fact, with"), "\(britishPrompt)")
            #expect(britishPrompt.contains(", last on 19 Nov 2026, "), "\(britishPrompt)")
            #expect(try Self.isoDate.firstMatch(in: britishPrompt) == nil, "\(britishPrompt)")
            let americanPrompt = try ChatContext.render(document: try #require(try await Self.text(32, harness)))
            #expect(americanPrompt.contains(", last on Nov 19, 2026"), "\(americanPrompt)")

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
            {"user": {"id": 1, "name": "Rita", "role": "trainer", "locale": "pt-BR", "time_zone": "America/Sao_Paulo"},
             "stats": {"local_date": "2026-11-25", "current_streak": 0, "longest_streak": 1, "week_workouts": 1,
                       "week_minutes": 1, "last_workout_at": "2026-11-08T02:40:00.000000Z", "total_workouts": 22},
             "facts": [{"category": "health", "subject": "self", "content": "Bad knee", "confidence": 0.9,
                        "mentions": 2, "last_mentioned_at": "2026-11-20 13:05:00+00", "sources": [7, 9]}],
             "facts_total": 3,
             "not_messaging": [{"client_id": 2, "name": "Ann", "days_since": 12, "reason": "no message for 12 days",
                                "reason_code": {"code": "no_message", "days": 12}}],
             "clients": [{"client_id": 2, "name": "Ann", "key_facts": ["Runs on Sundays"]}], "clients_total": 60,
             "truncated": true,
             "inactive_clients": [{"client_id": 2, "name": "Ann", "tier": 7, "days_inactive": 9,
                                   "reason": "no message and no workout for 9 days",
                                   "reason_code": {"code": "no_message_no_workout", "days": 9}},
                                  {"client_id": 3, "name": "Bo", "tier": 14, "days_inactive": null,
                                   "reason": "never messaged or worked out", "reason_code": null}],
             "checkins": {"local_date": "2026-11-25", "check_ins_7d": 3, "check_ins_28d": 9,
                          "last_check_in_at": "2026-11-24T21:00:00Z",
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
        #expect(prompt.contains("- Energia: 1,7 em 7 dias (3,5 em 28), em queda"), "\(prompt)")
        // The trainer reads every line in Portuguese, times in their time zone (UTC-3) and format.
        let lines = prompt.split(separator: "\n").map(String.init)
        #expect(lines.first == "# Rita (treinador; America/Sao_Paulo, pt-BR)", "\(prompt)")
        for line in [
            "## Atividade (em 25 de nov. de 2026)", "- Sequência atual: 0 dias (recorde: 1 dia)",
            "## Como Rita tem se sentido (check-ins de 1 a 5, em 25 de nov. de 2026)",
            "## O que Rita contou (1 de 3 fatos atuais, com os ids das mensagens de origem)",
            "## Clientes que precisam de atenção (2)", "- Ann (faixa de 7 dias): sem mensagem e sem treino há 9 dias",
            "## Clientes que não escrevem há algum tempo (1)", "- Ann: sem mensagem há 12 dias",
            "## Clientes e o que disseram (1 de 60)", "- Ann: Runs on Sundays",
            "(As listas ficaram de fora: o documento passaria do limite de 64 KiB.)",
        ] {
            #expect(lines.contains(line), "\(line) in \(prompt)")
        }
        func line(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "" }
        #expect(
            line("- Nesta semana: 1 treino, 1 minuto").hasPrefix("- Nesta semana: 1 treino, 1 minuto — "), "\(prompt)")
        let last = line("- Último treino: ")
        #expect(last.hasPrefix("- Último treino: 7 de nov. de 2026") && last.contains("23:40"), "\(last)")
        #expect(last.hasSuffix("; 22 no total"), "\(last)")
        let fact = line("- (saúde) Bad knee; confiança 90 %, mencionado 2×, a última vez em 20 de nov. de 2026")
        #expect(fact.contains("10:05") && fact.hasSuffix("; mensagens 7,9"), "\(prompt)")
        let count = line("- 3 check-ins nesta semana, 9 em 28 dias; o último em 24 de nov. de 2026")
        #expect(count.contains("18:00"), "\(prompt)")
        #expect(try Self.isoDate.firstMatch(in: prompt) == nil, "no ISO date or timestamp: \(prompt)")

        let english = try ChatContext.localized(document: document.replacingOccurrences(of: "pt-BR", with: "en-GB"))
        #expect(english.contains("Energy: 1.7 over 7 days (3.5 over 28), falling"), "\(english)")
        let englishPrompt = try ChatContext.render(document: english)
        for line in [
            "# Rita (trainer; America/Sao_Paulo, en-GB)", "## Activity (as of 25 Nov 2026)",
            "- Last workout: 7 Nov 2026, 23:40; 22 in all", "- Ann (tier 7): no message and no workout for 9 days",
            "## Clients who need attention (2)", "## Clients and what they said (1 of 60)",
            "- (health) Bad knee; confidence 90 %, mentioned 2×, last on 20 Nov 2026, 10:05; messages 7,9",
            "- 3 check-ins this week, 9 in 28 days; last 24 Nov 2026, 18:00",
        ] {
            #expect(englishPrompt.contains(line + "\n"), "\(line) in \(englishPrompt)")
        }
    }
}
