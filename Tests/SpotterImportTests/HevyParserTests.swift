import Foundation
import Testing

@testable import SpotterImport

@Suite("Hevy exports")
struct HevyParserTests {
    @Test("English: sessions by title and start, duration end minus start, warm-ups, quoted multi-line fields")
    func english() throws {
        let log = HevyParser.parse(Fixtures.hevyEnglish, options: ImportOptions(zone: Fixtures.berlin))
        #expect(log.problems.isEmpty)
        #expect(log.linesRead == 4)
        #expect(log.sessions.map(\.title) == ["Upper, heavy", "Legs"])
        #expect(log.sessions.map(\.durationMinutes) == [75, 61])
        #expect(log.sessions[0].sourceKey == "2025-03-03T18:05:00|Upper, heavy")
        #expect(log.sessions[0].startedAt == ISO8601DateFormatter().date(from: "2025-03-03T17:05:00Z"))
        #expect(log.sessions[0].sets.map(\.isWarmup) == [true, false, false])
        #expect(log.sessions[0].sets.map(\.exerciseName)[2] == "Seated Cable Row - V Grip (Cable)")
        #expect(log.sessions[0].sets.map(\.rpe) == [nil, 8, 9.5])
        #expect(log.sessions[0].sets.map(\.line) == [2, 4, 6])
        #expect(log.sessions[1].sets[0].isWarmup == false, "a drop set is a working set")
    }

    @Test(
        "month names in the app's language, weights in lbs",
        arguments: [
            ("15 Sep 2025, 07:48", "15 Sep 2025, 08:30"),  // English
            ("15. Sept. 2025, 07:48", "15. Sept. 2025, 08:30"),  // German
            ("15 sept. 2025, 07:48", "15 sept. 2025, 08:30"),  // French
            ("15 sept 2025, 07:48", "15 sept 2025, 08:30"),  // Spanish
            ("15 de set. de 2025, 07:48", "15 de set. de 2025, 08:30"),  // Portuguese
            ("15 set 2025, 07:48", "15 set 2025, 08:30"),  // Italian
            ("15 sep. 2025, 07:48", "15 sep. 2025, 08:30"),  // Dutch
            ("Sep 15, 2025, 7:48 AM", "Sep 15, 2025, 8:30 AM"),  // English (US order)
        ])
    func localisedMonths(start: String, end: String) throws {
        let log = HevyParser.parse(
            Fixtures.hevyPounds(start: start, end: end), options: ImportOptions(zone: Fixtures.utc))
        #expect(log.problems.isEmpty, "\(log.problems)")
        let session = try #require(log.sessions.first)
        #expect(session.sourceKey == "2025-09-15T07:48:00|Push")
        #expect(session.durationMinutes == 42)
        #expect(session.sets.first?.weightKg == 45.359, "100 lb")
    }

    @Test("other months: March to December in German, French, Spanish, Portuguese, Italian, Dutch")
    func moreMonths() {
        let cases: [(String, Int)] = [
            ("3 März 2025", 3), ("3 mars 2025", 3), ("3 mar 2025", 3), ("3 mrt 2025", 3), ("3 Mrz. 2025", 3),
            ("3 avr. 2025", 4), ("3 abr 2025", 4), ("3 mai 2025", 5), ("3 mag 2025", 5), ("3 mei 2025", 5),
            ("3 juin 2025", 6), ("3 giu 2025", 6), ("3 juil. 2025", 7), ("3 lug 2025", 7), ("3 août 2025", 8),
            ("3 ago 2025", 8), ("3 okt 2025", 10), ("3 out 2025", 10), ("3 ott 2025", 10), ("3 déc. 2025", 12),
            ("3 dic 2025", 12), ("3 dez 2025", 12), ("3 ene 2025", 1), ("3 gen 2025", 1), ("3 févr. 2025", 2),
            ("3 fev 2025", 2), ("3 Januar 2025", 1), ("3 de diciembre de 2025", 12),
        ]
        for (text, month) in cases {
            #expect(LocalDateTime.parse(text)?.month == month, "\(text)")
        }
        #expect(LocalDateTime.read("3 jui 2025", words: .of("fr")).date == nil, "'jui' is June or July in French")
    }

    @Test("a bad start_time, a bad weight and a short row are reported; their sessions are left out")
    func badLines() {
        let text = """
            title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe
            A,"1 Jan 2025, 10:00","1 Jan 2025, 11:00",,Squat (Barbell),,,0,normal,100,5,,,
            B,"someday","1 Jan 2025, 11:00",,Squat (Barbell),,,0,normal,100,5,,,
            C,"2 Jan 2025, 10:00","2 Jan 2025, 11:00",,Squat (Barbell),,,0,normal,1OO,5,,,
            C,"2 Jan 2025, 10:00","2 Jan 2025, 11:00",,Squat (Barbell),,,1,normal,100,5,,,
            D,"3 Jan 2025, 10:00","3 Jan 2025, 11:00",,Squat (Barbell)
            """
        let log = HevyParser.parse(text, options: ImportOptions())
        #expect(
            log.problems.map(\.description) == [
                "line 3: start_time 'someday' is not a date and time",
                "line 4: weight '1OO' is not a number",
                "line 6: expected 14 fields, found 5",
            ])
        #expect(log.sessions.map(\.title) == ["A"])
        #expect(log.skippedSessions.map(\.setsRead) == [1, 0])
    }
}
