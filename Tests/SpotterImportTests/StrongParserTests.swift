import Foundation
import Testing

@testable import SpotterImport

@Suite("Strong exports")
struct StrongParserTests {
    @Test("Chinese headers: sessions by date and name, warm-up W, durations, quoted notes, zeros as none")
    func chinese() throws {
        let log = StrongParser.parse(Fixtures.strongChinese, options: ImportOptions(zone: Fixtures.berlin))
        #expect(log.problems.isEmpty)
        #expect(log.linesRead == 6)
        #expect(log.sessions.map(\.title) == ["Push A", "Pull A"])
        #expect(log.sessions.map(\.durationMinutes) == [65, 48])
        let push = log.sessions[0]
        #expect(push.sourceKey == "2024-03-04T18:00:00|Push A")
        #expect(push.startedAt == ISO8601DateFormatter().date(from: "2024-03-04T17:00:00Z"))
        #expect(push.sets.map(\.isWarmup) == [true, false, false, false])
        #expect(push.sets.map(\.weightKg) == [40, 80, 80, 10])
        #expect(push.sets.map(\.rpe) == [nil, 8, 8.5, nil])
        let pull = log.sessions[1]
        #expect(pull.sets[0].weightKg == nil, "0 is 'not logged'")
        #expect(pull.sets[1].distanceMeters == 20_000, "Strong's unitless distance is km")
        #expect(pull.sets[1].reps == nil)
    }

    @Test("English, ';', decimal commas, 'Workout #' and 'Weight (lbs)', a note spanning two lines")
    func englishSemicolonPounds() throws {
        let log = StrongParser.parse(Fixtures.strongEnglishSemicolon, options: ImportOptions(zone: Fixtures.utc))
        #expect(log.problems.isEmpty)
        #expect(log.sessions.count == 2)
        let legs = log.sessions[0]
        #expect(legs.durationMinutes == 70)
        #expect(legs.sets.count == 3)
        #expect(legs.sets[0].isWarmup)
        #expect(legs.sets[1].weightKg == 102.058, "225 lb")
        #expect(legs.sets[1].rpe == 7.5)
        #expect(legs.sets[2].weightKg == 163.52, "360,5 lb")
        #expect(legs.sets[2].line == 5, "the set after the two-line note starts on line 5")
        #expect(log.sessions[1].sets[0].seconds == 60)
        let forced = StrongParser.parse(
            Fixtures.strongEnglishSemicolon, options: ImportOptions(zone: Fixtures.utc, weightUnit: .kg))
        #expect(forced.sessions[0].sets[1].weightKg == 102.058, "the header's unit wins over --weight-unit")
    }

    @Test("an older export without a duration column gets an estimated duration")
    func old() throws {
        let log = StrongParser.parse(Fixtures.strongOld, options: ImportOptions(zone: Fixtures.utc))
        #expect(log.problems.isEmpty)
        #expect(log.sessions.count == 1)
        #expect(log.sessions[0].durationSource == .estimated)
        #expect(log.sessions[0].durationMinutes == SessionDefaults.estimatedDuration(sets: 3))
        #expect(log.sessions[0].sets[2].seconds == 900)
    }

    @Test("a duration over 6 hours is a timer left running: replaced by the estimate from the sets")
    func timerLeftRunning() throws {
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2024-01-01 08:00:00,A,72h 16m,Squat (Barbell),1,100,5,0,0,,,
            2024-01-01 08:00:00,A,72h 16m,Squat (Barbell),2,100,5,0,0,,,
            2024-01-02 08:00:00,B,5h 59m,Squat (Barbell),1,100,5,0,0,,,
            """
        let log = StrongParser.parse(text, options: ImportOptions(zone: Fixtures.utc))
        #expect(log.sessions.map(\.durationMinutes) == [SessionDefaults.estimatedDuration(sets: 2), 359])
        #expect(log.sessions.map(\.durationSource) == [.replaced, .export])
    }

    @Test("loads without a unit that are round kilograms written in pounds are read as pounds")
    func convertedPounds() throws {
        var text =
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        for (index, kilograms) in [20.0, 30, 40, 50, 60, 62.5, 70, 72.5, 80, 100, 12.5].enumerated() {
            text += "2023-01-02 10:00:00,A,1h,Bench Press (Barbell),\(index + 1),\(kilograms / 0.45359237),5,0,0,,,\n"
        }
        let log = StrongParser.parse(text, options: ImportOptions(zone: Fixtures.utc))
        #expect(log.sessions.first?.sets.map(\.weightKg) == [20, 30, 40, 50, 60, 62.5, 70, 72.5, 80, 100, 12.5])
        #expect(log.notes.contains { $0.contains("pounds") })
        let kilos = StrongParser.parse(text, options: ImportOptions(zone: Fixtures.utc, weightUnit: .kg))
        #expect(kilos.sessions.first?.sets.first?.weightKg == 44.092, "--weight-unit kg wins over the guess")
    }

    @Test("a bad line is reported with its number and its session is left out whole; the rest is read")
    func badLines() throws {
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
            2024-01-01 08:00:00,A,1h,Squat (Barbell),1,100,5,0,0,,,
            2024-01-01 08:00:00,A,1h,Squat (Barbell),2,heavy,5,0,0,,,
            2024-01-02 08:00:00,B,1h,Bench Press (Barbell),1,60,5,0,0,,,
            yesterday,C,1h,Bench Press (Barbell),1,60,5,0,0,,,
            2024-01-03 08:00:00,D,1h,Bench Press (Barbell),1,60,5,0,0
            2024-01-04 08:00:00,E,1h,Bench Press (Barbell),1,60,5,0,0,,,11
            2024-01-05 08:00:00,F,1h,Row,1,60,5,0,0,,,
            """
        let log = StrongParser.parse(text, options: ImportOptions(zone: Fixtures.utc))
        #expect(
            log.problems.map(\.description) == [
                "line 3: weight 'heavy' is not a number",
                "line 5: date 'yesterday' is not a date and time",
                "line 6: expected 12 fields, found 9",
                "line 7: RPE '11' is not between 1 and 10",
            ])
        #expect(log.sessions.map(\.title) == ["B", "F"])
        #expect(
            log.skippedSessions.map(\.sourceKey) == [
                "2024-01-01T08:00:00|A", "2024-01-03T08:00:00|D", "2024-01-04T08:00:00|E",
            ])
        #expect(log.skippedSessions[0].setsRead == 1)
    }

    @Test("a byte-order mark, 'Rest Timer' rows, drop and failure sets; an unknown language read by position")
    func oddities() throws {
        let text =
            "\u{FEFF}" + """
                Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
                2024-02-01 09:00:00,A,50m,Bench Press (Barbell),1,60,8,0,0,,,
                2024-02-01 09:00:00,A,50m,Bench Press (Barbell),Rest Timer,0,0,0,90,,,
                2024-02-01 09:00:00,A,50m,Bench Press (Barbell),D,40,12,0,0,,,
                2024-02-01 09:00:00,A,50m,Bench Press (Barbell),F,60,6,0,0,,,
                """
        let log = StrongParser.parse(text, options: ImportOptions(zone: Fixtures.utc))
        #expect(log.problems.isEmpty)
        #expect(log.sessions.first?.sets.map(\.reps) == [8, 12, 6])
        #expect(log.sessions.first?.sets.contains { $0.isWarmup } == false)
        let swedish = """
            Datum;Passnamn;Varaktighet;Övningsnamn;Setordning;Vikt;Reps;Distans;Sekunder;Anteckningar;Passanteckningar;RPE
            2024-02-01 09:00:00;Ben;1h;Knäböj;1;100;5;0;0;;;
            """
        let byPosition = StrongParser.parse(swedish, options: ImportOptions(zone: Fixtures.utc))
        #expect(byPosition.problems.isEmpty)
        #expect(byPosition.sessions.first?.title == "Ben")
        #expect(byPosition.sessions.first?.sets.first?.exerciseName == "Knäböj")
        #expect(byPosition.sessions.first?.sets.first?.weightKg == 100)
        #expect(byPosition.notes.contains { $0.contains("Strong's order") })
    }

    @Test("a header that is no Strong header is one problem, nothing read")
    func notStrong() {
        let log = StrongParser.parse("foo,bar\n1,2\n", options: ImportOptions())
        #expect(log.sessions.isEmpty)
        #expect(log.problems.first?.line == 1)
    }
}
