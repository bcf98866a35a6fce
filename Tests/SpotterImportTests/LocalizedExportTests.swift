import Foundation
import Testing

@testable import SpotterImport

/// Issue 32, item 1: exports in every language the apps ship, read with the month names,
/// day periods and pattern words of ICU's locale data (no table of our own). Every export here
/// is written for these tests, in the shapes Hevy and Strong write.
@Suite("exports in any language")
struct LocalizedExportTests {
    /// How one app language writes a start time: the month words (January first) and the
    /// shape of day `d`, month word `m`, 2025, hour `h` (24-hour) and minute.
    struct Language: Sendable, CustomStringConvertible {
        var name: String
        var months: [String]
        var write: @Sendable (_ day: Int, _ month: String, _ hour: Int, _ minute: String) -> String
        var description: String { name }
    }

    static func hevyStyle(_ day: Int, _ month: String, _ hour: Int, _ minute: String) -> String {
        "\(day) \(month) 2025, \(hour):\(minute)"
    }

    static let languages: [Language] = [
        Language(
            name: "Turkish",
            months: ["Oca", "Şub", "Mar", "Nis", "May", "Haz", "Tem", "Ağu", "Eyl", "Eki", "Kas", "Ara"],
            write: hevyStyle),
        Language(
            name: "Polish",
            months: ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"],
            write: hevyStyle),
        Language(
            name: "Russian",
            months: ["янв.", "февр.", "мар.", "апр.", "мая", "июня", "июля", "авг.", "сент.", "окт.", "нояб.", "дек."],
            write: { "\($0) \($1) 2025 г., \($2):\($3)" }),
        Language(
            name: "Ukrainian",
            months: ["січ", "лют", "бер", "квіт", "трав", "черв", "лип", "серп", "вер", "жовт", "лист", "груд"],
            write: hevyStyle),
        Language(
            name: "Japanese", months: (1...12).map { "\($0)月" },
            write: { "2025年\($1)\($0)日 \($2):\($3)" }),
        Language(
            name: "Korean", months: (1...12).map { "\($0)월" },
            write: { day, month, hour, minute in
                "\(day) \(month) 2025, \(hour < 12 ? "오전" : "오후") \(hour > 12 ? hour - 12 : hour):\(minute)"
            }),
        Language(
            name: "Chinese", months: (1...12).map { "\($0)月" },
            write: { day, month, hour, minute in
                "2025年\(month)\(day)日 \(hour < 12 ? "上午" : "下午")\(hour > 12 ? hour - 12 : hour):\(minute)"
            }),
        Language(
            name: "Indonesian",
            months: ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agt", "Sep", "Okt", "Nov", "Des"],
            write: { "\($0) \($1) 2025, \($2).\($3)" }),
        Language(
            name: "German",
            months: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."],
            write: { "\($0). \($1) 2025, \($2):\($3)" }),
        Language(
            name: "French",
            months: [
                "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.",
            ],
            write: { "\($0) \($1) 2025 à \($2):\($3)" }),
        Language(
            name: "Portuguese",
            months: ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."],
            write: { "\($0) de \($1) de 2025, \($2):\($3)" }),
        Language(
            name: "Spanish",
            months: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"],
            write: hevyStyle),
        Language(
            name: "Italian",
            months: ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"],
            write: hevyStyle),
        Language(
            name: "Dutch",
            months: ["jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec"],
            write: hevyStyle),
        Language(
            name: "Vietnamese", months: (1...12).map { "thg \($0)" },
            write: { "\($0) \($1), 2025, \($2):\($3)" }),
    ]

    /// A Hevy export of 24 sessions in `language`: every month on the 3rd (a day that could
    /// be a month) at 07:45 and on the 21st at 18:05, two sets each.
    static func hevyExport(_ language: Language) -> (text: String, keys: [String]) {
        var lines = [
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
        ]
        var keys: [String] = []
        for month in 1...12 {
            for (day, hour, title) in [(3, 7, "Oberkörper"), (21, 18, "Legs")] {
                let name = language.months[month - 1]
                let start = language.write(day, name, hour, "05")
                let end = language.write(day, name, hour + 1, "35")
                let two = month < 10 ? "0\(month)" : "\(month)"
                keys.append(
                    "2025-\(two)-\(day < 10 ? "0\(day)" : "\(day)")T\(hour < 10 ? "0\(hour)" : "\(hour)"):05:00|\(title)"
                )
                lines.append("\"\(title)\",\"\(start)\",\"\(end)\",,Squat (Barbell),,,0,warmup,60,8,,,")
                lines.append("\"\(title)\",\"\(start)\",\"\(end)\",,Squat (Barbell),,,1,normal,100,5,,,8")
            }
        }
        return (lines.joined(separator: "\n") + "\n", keys)
    }

    @Test("a Hevy export in each app language: every session imported, each on its day and time", arguments: languages)
    func hevy(language: Language) throws {
        let (text, keys) = Self.hevyExport(language)
        let log = HevyParser.parse(text, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(language): \(log.problems.prefix(3))")
        #expect(log.sessions.map(\.sourceKey) == keys, "\(language)")
        #expect(log.sessions.map(\.durationMinutes).allSatisfy { $0 == 90 }, "\(language)")
        #expect(log.sessions.flatMap(\.sets).count == 48)
    }

    @Test("Turkish in capitals and without dots on the i: KASIM, NİS, Kasim, eylül")
    func turkishCase() {
        let header =
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
        let stamps = [
            ("11 NİS 2026, 13:05", "2026-04-11T13:05:00"), ("3 KASIM 2025, 09:00", "2025-11-03T09:00:00"),
            ("4 Kasim 2025, 09:00", "2025-11-04T09:00:00"), ("5 eylül 2025, 09:00", "2025-09-05T09:00:00"),
            ("6 AĞUSTOS 2025, 09:00", "2025-08-06T09:00:00"), ("7 Şubat 2026, 09:00", "2026-02-07T09:00:00"),
        ]
        let text = ([header] + stamps.map { "Tam vücut,\"\($0.0)\",,,Deadlift (Barbell),,,0,normal,100,5,,," })
            .joined(separator: "\n")
        let log = HevyParser.parse(text, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(log.sessions.map(\.sourceKey) == stamps.map { $0.1 + "|Tam vücut" })
    }

    @Test("a Strong export in Russian and one in Japanese, with month names in the dates")
    func strong() {
        let russian = """
            Дата,Название тренировки,Длительность,Упражнение,Подход,Вес,Повторения,Дистанция,Секунды,Заметки,Заметки к тренировке,RPE
            "12 апр. 2025 г., 18:00",Грудь,1ч 5м,Bench Press (Barbell),1,80,5,0,0,,,
            "3 мая 2025 г., 18:00",Спина,50м,Deadlift (Barbell),1,120,5,0,0,,,
            "1 сент. 2025 г., 7:30",Ноги,50м,Squat (Barbell),1,100,5,0,0,,,
            """
        let log = StrongParser.parse(russian, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(
            log.sessions.map(\.sourceKey) == [
                "2025-04-12T18:00:00|Грудь", "2025-05-03T18:00:00|Спина", "2025-09-01T07:30:00|Ноги",
            ])
        let japanese = """
            日付,ワークアウト名,時間,種目名,セット順,重量,回数,距離,秒,メモ,ワークアウトメモ,RPE
            2025年4月12日 午後6:00,胸,1時間5分,Bench Press (Barbell),1,80,5,0,0,,,
            2025年5月3日 午前7:30,背中,50分,Deadlift (Barbell),1,120,5,0,0,,,
            """
        let japaneseLog = StrongParser.parse(japanese, options: ImportOptions())
        #expect(japaneseLog.problems.isEmpty, "\(japaneseLog.problems)")
        #expect(japaneseLog.sessions.map(\.sourceKey) == ["2025-04-12T18:00:00|胸", "2025-05-03T07:30:00|背中"])
    }

    @Test("a Strong header in a language not listed is read by position; its date column is checked by content")
    func strongUnknownHeader() throws {
        let header =
            "Tarih,Antrenman Adı,Süre,Egzersiz Adı,Set Sırası,Ağırlık,Tekrar,Mesafe,Saniye,Notlar,Antrenman Notları,RPE"
        let good = """
            \(header)
            2025-04-12 18:00:00,Göğüs,1h 5m,Bench Press (Barbell),1,80,5,0,0,,,
            2025-04-14 18:00:00,Sırt,50m,Deadlift (Barbell),1,120,5,0,0,,,
            """
        let log = StrongParser.parse(good, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(log.sessions.map(\.sourceKey) == ["2025-04-12T18:00:00|Göğüs", "2025-04-14T18:00:00|Sırt"])
        #expect(log.notes.contains { $0.contains("Strong's order") }, "\(log.notes)")
        // The same columns in another order: by position the "date" column holds workout names.
        let shifted = """
            \(header)
            Göğüs,2025-04-12 18:00:00,1h 5m,Bench Press (Barbell),1,80,5,0,0,,,
            Sırt,2025-04-14 18:00:00,50m,Deadlift (Barbell),1,120,5,0,0,,,
            Bacak,2025-04-16 18:00:00,50m,Squat (Barbell),1,100,5,0,0,,,
            """
        let misread = StrongParser.parse(shifted, options: ImportOptions())
        #expect(misread.sessions.isEmpty)
        #expect(misread.problems.count == 1, "\(misread.problems)")
        let problem = try #require(misread.problems.first)
        #expect(problem.message.contains("date 'Göğüs' is not a date and time in any locale"), "\(problem)")
    }

    @Test("a file whose dates no locale reads fails with one line naming a value and the locales tried")
    func unreadableDates() throws {
        var lines = [
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
        ]
        for day in 1...28 {
            for set in 0..<20 {
                lines.append("Push,\"\(day) Qzx 2026, 13:05\",,,Bench Press (Barbell),,,\(set),normal,80,5,,,")
            }
        }
        let log = HevyParser.parse(lines.joined(separator: "\n"), options: ImportOptions())
        #expect(log.sessions.isEmpty)
        #expect(log.linesRead == 560)
        #expect(log.problems.count == 1, "\(log.problems.prefix(3))")
        let problem = try #require(log.problems.first)
        #expect(problem.message.contains("Qzx 2026, 13:05"), "\(problem)")
        #expect(problem.message.contains("locales"), "\(problem)")
        #expect(!problem.description.contains("\n"))
    }

    @Test("a few bad dates in a readable file cost their own lines only")
    func fewBadDates() {
        var (text, keys) = Self.hevyExport(Self.languages[0])
        text +=
            "Push,\"30 Şubat 2025, 10:00\",,,Bench Press (Barbell),,,0,normal,80,5,,,\nPush,\"yarın\",,,Bench Press (Barbell),,,0,normal,80,5,,,\n"
        let log = HevyParser.parse(text, options: ImportOptions())
        #expect(log.problems.map(\.line) == [50, 51], "\(log.problems)")
        #expect(log.sessions.map(\.sourceKey) == keys)
    }

    @Test("a 20,000-line Turkish export: its locale found and every date read in well under a second")
    func speed() {
        let header =
            "title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe"
        let months = Self.languages[0].months
        var lines = [header]
        for session in 0..<1_000 {
            let month = months[session % 12]
            let day = "\(1 + (session / 12) % 28) \(month) \(2015 + session / 336)"
            for set in 0..<20 {
                lines.append("Push,\"\(day), 18:05\",\"\(day), 19:05\",,Bench Press (Barbell),,,\(set),normal,80,5,,,")
            }
        }
        let text = lines.joined(separator: "\n")
        let starts = lines.dropFirst().enumerated().map {
            (line: $0.offset + 2, text: String($0.element.split(separator: "\"")[1]))
        }
        let started = ContinuousClock.now
        guard case .found(var reader) = DateReader.find(starts, column: "start_time") else {
            Issue.record("no locale found")
            return
        }
        let read = starts.filter { reader.instant($0.text, in: Fixtures.utc) != nil }.count
        let elapsed = ContinuousClock.now - started
        #expect(reader.words.locale == "tr")
        #expect(read == 20_000)
        // A debug build on a shared machine (the release figure is in docs/importing.md).
        #expect(elapsed < .seconds(3), "\(elapsed)")
        let log = HevyParser.parse(text, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(log.problems.prefix(3))")
        #expect(log.sessions.count == 1_000)
    }

    @Test("month names come from ICU for every locale searched, none by hand")
    func icuWords() {
        #expect(DateWords.searchRounds.flatMap { $0 }.count > 100, "ICU ships hundreds of locales")
        #expect(DateWords.of("tr").month("nis")?.month == 4)
        #expect(DateWords.of("pl").month("kwietnia")?.month == 4)
        #expect(DateWords.of("uk").month("квіт")?.month == 4)
        #expect(DateWords.of("id").month("agt")?.month == 8, "an abbreviation ICU does not list")
        #expect(DateWords.of("fr").month("jui") == nil, "June or July")
        #expect(DateWords.of("ko").wordsAfterMonthNumber.contains("월"))
        #expect(DateWords.of("ja").afternoon.contains("午後"))
    }
}
