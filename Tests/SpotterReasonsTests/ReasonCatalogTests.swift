import Foundation
import SpotterReasons
import Testing

@Suite("Reason catalog: every code in en and pt-BR, arguments kept, the reader's formats")
struct ReasonCatalogTests {
    let catalog = ReasonCatalog.standard

    @Test("the built-in catalog reads, and every code has both languages with exactly its arguments")
    func complete() {
        #expect(catalog.loadProblem == nil, "\(catalog.loadProblem ?? "")")
        #expect(catalog.languages == ["en", "pt-BR"])
        #expect(catalog.problems() == [])
        for code in ReasonCode.allCases {
            for locale in ["en-GB", "pt-BR"] {
                let text = catalog.example(of: code, locale: locale)
                #expect(text != nil && !(text!.contains("{")), "\(code.rawValue) (\(locale)): \(text ?? "no example")")
            }
        }
    }

    @Test("a missing translation, a dropped or an added argument, a choice without other: each is a problem")
    func brokenCatalogs() throws {
        func problems(_ en: String, _ pt: String?, arguments: String = #"{"days": "count"}"#) throws -> [String] {
            let text = """
                {"languages": ["en", "pt-BR"], "reasons": {"no_message": {"arguments": \(arguments),
                 "example": {"days": 3}, "en": \(en)\(pt.map { ", \"pt-BR\": \($0)" } ?? "")}}}
                """
            return try ReasonCatalog(json: Data(text.utf8)).problems()
        }
        let good = try problems(#""no message for {days} days""#, #""sem mensagem há {days} dias""#)
        #expect(!good.contains { $0.hasPrefix("no_message:") || $0.hasPrefix("no_message (") }, "\(good)")
        let missing = try problems(#""no message for {days} days""#, nil)
        #expect(missing.contains("no_message: no pt-BR text"), "\(missing)")
        let dropped = try problems(#""no message for {days} days""#, #""sem mensagem há dias""#)
        #expect(dropped.contains("no_message (pt-BR): drops {days}"), "\(dropped)")
        let added = try problems(#""no message for {days} days""#, #""sem mensagem há {days} dias, {nome}""#)
        #expect(added.contains("no_message (pt-BR): {nome} is not an argument of this code"), "\(added)")
        let noOther = try problems(
            #"{"select": "days", "one": "no message for {days} day"}"#, #""sem mensagem há {days} dias""#)
        #expect(noOther.contains("no_message (en): the choice by days has no \"other\" case"), "\(noOther)")
        let exact = try problems(
            #"{"select": "days", "=0": "no message today", "other": "no message for {days} days"}"#,
            #""sem mensagem há {days} dias""#)
        #expect(
            !exact.contains { $0.hasPrefix("no_message:") || $0.hasPrefix("no_message (") },
            "an exact case may leave its number out: \(exact)")
        // Every other code of ReasonCode is missing from this small catalog.
        #expect(good.contains("next_in_enrolled_program: not in locales/reasons.json"))
        #expect(throws: ReasonCatalogError.self) {
            try ReasonCatalog(
                json: Data(#"{"languages": ["en"], "reasons": {"x": {"arguments": {"a": "colour"}}}}"#.utf8))
        }
    }

    @Test("en-GB and pt-BR readers: words, plural forms, gender, dates and decimals in their language")
    func languages() {
        let next = Reason(.nextInEnrolledProgram, ["program": .text("Bodyweight HIIT"), "week": .count(4)])
        #expect(catalog.text(of: next, locale: "en-GB") == "next in Bodyweight HIIT, week 4")
        #expect(catalog.text(of: next, locale: "pt-BR") == "próximo treino de Bodyweight HIIT, semana 4")
        let legs = Reason(.musclesRestedHours, ["muscles": .terms(["legs"]), "hours": .count(72)])
        #expect(catalog.text(of: legs, locale: "pt-BR") == "pernas descansadas há 72 h")
        let chest = Reason(.musclesRestedHours, ["muscles": .terms(["chest"]), "hours": .count(20)])
        #expect(catalog.text(of: chest, locale: "pt-BR") == "peito descansado há 20 h")
        let two = Reason(.musclesRestedOverWeek, ["muscles": .terms(["chest", "shoulders"])])
        #expect(catalog.text(of: two, locale: "en-US") == "chest and shoulders rested over a week")
        #expect(catalog.text(of: two, locale: "pt-BR") == "peito e ombros descansados há mais de uma semana")
        let one = Reason(.noMessage, ["days": .count(1)])
        let many = Reason(.noMessage, ["days": .count(12)])
        #expect(catalog.text(of: one, locale: "en-GB") == "no message for 1 day")
        #expect(catalog.text(of: many, locale: "en-GB") == "no message for 12 days")
        #expect(catalog.text(of: Reason(.noMessage, ["days": .count(0)]), locale: "pt-BR") == "sem mensagem há 0 dias")
        #expect(catalog.text(of: many, locale: "pt-BR") == "sem mensagem há 12 dias")
        let injury = Reason(
            .injuryNoRegionWork,
            [
                "part": .bodyPart(part: "knee", side: "left"), "injury": .term("pain"),
                "mentioned_on": .date("2026-11-20"), "region": .term("lower-body"),
            ])
        #expect(
            catalog.text(of: injury, locale: "en-GB") == "left knee pain mentioned on 20 Nov: no lower-body work today")
        #expect(
            catalog.text(of: injury, locale: "en-US") == "left knee pain mentioned on Nov 20: no lower-body work today")
        let portuguese = catalog.text(of: injury, locale: "pt-BR")
        #expect(portuguese.hasPrefix("dor no joelho esquerdo mencionada em 20 de nov"), "\(portuguese)")
        #expect(portuguese.hasSuffix(": nada de treino de membros inferiores hoje"), "\(portuguese)")
        let leg = Reason(.loadsInjuredPart, ["part": .bodyPart(part: "leg", side: "right")])
        #expect(catalog.text(of: leg, locale: "pt-BR") == "força a sua perna direita")
        let level = Reason(
            .levelInferred,
            [
                "span": .reason(Reason(.logSpanYears, ["years": .count(2)])), "per_week": .decimal(3.4),
                "level": .term("advanced"),
            ])
        #expect(
            catalog.text(of: level, locale: "en-GB")
                == "level inferred from 2 years of logs, 3.4 sessions a week: advanced")
        #expect(
            catalog.text(of: level, locale: "pt-BR")
                == "nível estimado a partir de 2 anos de registros, 3,4 sessões por semana: avançado")
        let energy = Reason(
            .checkInAverage,
            ["measure": .term("energy"), "week_average": .decimal(2.0), "month_average": .decimal(2.6666666)])
        #expect(catalog.text(of: energy, locale: "en-GB") == "Energy: 2.0 over 7 days (2.7 over 28)")
        #expect(catalog.text(of: energy, locale: "pt-BR") == "Energia: 2,0 em 7 dias (2,7 em 28)")
        let weekday = Reason(.usualWeekdaySession, ["weekday": .weekday("monday")])
        #expect(catalog.text(of: weekday, locale: "en-GB") == "your usual Monday session")
        #expect(catalog.text(of: weekday, locale: "pt-BR") == "seu treino habitual de segunda-feira")
        let joined = Reason(.neverMessagedSinceJoining, ["joined_on": .date("2026-03-01")])
        #expect(catalog.text(of: joined, locale: "en-GB") == "never messaged since joining on 1 Mar 2026")
        #expect(catalog.text(of: joined, locale: "en-US") == "never messaged since joining on Mar 1, 2026")
        #expect(
            catalog.text(of: Reason(.matchesGoal, ["goal": .term("general_fitness")]), locale: "pt-BR")
                == "combina com o seu objetivo: condicionamento geral")
        #expect(
            catalog.text(of: Reason(.matchesGoal, ["goal": .term("powerlifting_meet")]), locale: "en-GB")
                == "matches your goal: powerlifting meet", "a product's own goal reads as its words")
    }

    @Test("the chat context's own lines: wall times and dates in the reader's format, plurals, Portuguese headings")
    func contextLines() {
        let last = Reason(.contextLastWorkout, ["time": .date("2026-11-08T02:40"), "total": .count(22)])
        #expect(catalog.text(of: last, locale: "en-GB") == "Last workout: 8 Nov 2026, 02:40; 22 in all")
        let american = catalog.text(of: last, locale: "en-US")
        #expect(american.hasPrefix("Last workout: Nov 8, 2026") && american.contains("2:40"), "\(american)")
        let portuguese = catalog.text(of: last, locale: "pt-BR")
        #expect(
            portuguese.hasPrefix("Último treino: 8 de nov. de 2026") && portuguese.contains("02:40")
                && portuguese.hasSuffix("; 22 no total"), "\(portuguese)")
        #expect(
            catalog.text(of: Reason(.contextActivityHeading, ["date": .date("2026-11-29")]), locale: "pt-BR")
                == "Atividade (em 29 de nov. de 2026)")
        #expect(
            catalog.text(of: Reason(.contextActivityHeading, ["date": .date("2026-11-29")]), locale: "en-GB")
                == "Activity (as of 29 Nov 2026)")
        let streak = Reason(.contextStreak, ["current": .count(1), "longest": .count(4)])
        #expect(catalog.text(of: streak, locale: "en-GB") == "Current streak: 1 day (longest 4 days)")
        #expect(catalog.text(of: streak, locale: "pt-BR") == "Sequência atual: 1 dia (recorde: 4 dias)")
        let facts = Reason(.contextFactsHeading, ["name": .text("Ana"), "count": .count(1), "total": .count(0)])
        #expect(
            catalog.text(of: facts, locale: "pt-BR")
                == "O que Ana contou (1 fato atual, com os ids das mensagens de origem)")
        let more = Reason(.contextFactsHeading, ["name": .text("Ana"), "count": .count(25), "total": .count(80)])
        #expect(
            catalog.text(of: more, locale: "en-GB")
                == "What Ana has said (25 of 80 current facts, with source message ids)")
        // A time argument must be a wall time.
        #expect(
            catalog.reasons(jsonArray: [["code": "context_last_workout", "time": "2026-11-08T02:40", "total": 1]])
                != nil)
        #expect(catalog.reasons(jsonArray: [["code": "context_last_workout", "time": "yesterday", "total": 1]]) == nil)
        #expect(
            catalog.reasons(jsonArray: [["code": "context_last_workout", "time": "2026-11-08T25:40", "total": 1]])
                == nil)
    }

    @Test("a locale the catalog lacks falls back to the reference English, recorded; pt and en variants do not")
    func fallback() {
        let german = catalog.language(for: "de-DE")
        #expect(german.language == "en" && german.fallback && german.formatLocale == "en-GB")
        #expect(catalog.language(for: "pt-BR-u-fw-mon").language == "pt-BR")
        #expect(catalog.language(for: "pt").language == "pt-BR")
        #expect(catalog.language(for: "pt_BR").language == "pt-BR")
        #expect(catalog.language(for: "pt-PT").fallback)
        #expect(!catalog.language(for: "en-US").fallback)
        #expect(catalog.language(for: "").fallback)
        #expect(catalog.language(for: "en US; drop").fallback, "an unreadable locale is a fallback")
        let reason = Reason(.noMessage, ["days": .count(3)])
        #expect(catalog.text(of: reason, locale: "de-DE") == "no message for 3 days")
    }

    @Test("codes round-trip through their JSON; a code or an argument the catalog does not know is refused")
    func json() throws {
        let reasons = [
            Reason(
                .programWorkoutWaitsBecause,
                [
                    "workout": .text("Upper \"A\""), "program": .text("Upper/Lower"),
                    "because": .reason(
                        Reason(.musclesTrainedHoursAgo, ["muscles": .terms(["chest"]), "hours": .count(20)])),
                ]),
            Reason(.loadsInjuredPart, ["part": .bodyPart(part: "knee", side: nil)]),
            Reason(
                .checkInTrend,
                [
                    "measure": .term("energy"), "week_average": .decimal(2.4), "month_average": .decimal(3),
                    "trend": .term("falling"),
                ]),
        ]
        let text = Reason.jsonList(reasons)
        #expect(
            text.hasPrefix(#"[{"code":"program_workout_waits_because","because":{"code":"muscles_trained_hours_ago""#))
        let back = try #require(catalog.reasons(json: text))
        #expect(
            back.map { catalog.text(of: $0, locale: "pt-BR") } == reasons.map { catalog.text(of: $0, locale: "pt-BR") })
        #expect(catalog.reasons(json: #"[{"code":"no_such_reason"}]"#) == nil)
        #expect(catalog.reasons(json: #"[{"code":"no_message","days":"three"}]"#) == nil)
        #expect(catalog.reasons(json: #"[{"code":"no_message","days":3,"extra":1}]"#) == nil)
        #expect(catalog.reasons(json: #"[{"code":"never_messaged_since_joining","joined_on":"2026-02-30"}]"#) == nil)
        #expect(catalog.reasons(json: "not json") == nil)
    }
}
