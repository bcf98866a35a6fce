import Foundation
import Testing

@testable import SpotterImport

/// Issue 32, item 2: Fitbod's CSV export (written for these tests in the shape Fitbod writes:
/// one row per set, times with a UTC offset, no workout names).
@Suite("Fitbod exports")
struct FitbodParserTests {
    static let header =
        "Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),Incline,Resistance,isWarmup,Note,multiplier"

    /// Newest first, as exports list them: an evening lift that crosses midnight, a morning run
    /// and an evening lift on one day, and a day of sets that share one time.
    static let export = """
        \(header)
        2025-03-12 00:20:00 +0000,Barbell Curl,10,30.0,0.0,0.0,0.0,0.0,false,,1.0
        2025-03-11 23:30:00 +0000,Back Squat,5,100.0,0.0,0.0,0.0,0.0,false,,1.0
        2025-03-11 23:10:00 +0000,Back Squat,8,60.0,0.0,0.0,0.0,0.0,true,,1.0
        2025-03-10 19:05:00 +0000,Dumbbell Bench Press,10,25.0,0.0,0.0,0.0,0.0,false,"heavy, but fine",2.0
        2025-03-10 18:40:00 +0000,Dumbbell Bench Press,12,15.0,0.0,0.0,0.0,0.0,true,,2.0
        2025-03-10 07:00:00 +0000,Running,0,0.0,1500.0,4000.0,1.0,0.0,false,,1.0
        2025-03-08 10:02:51 +0000,Deadlift,5,140.0,0.0,0.0,0.0,0.0,false,,1.0
        2025-03-08 10:02:51 +0000,Deadlift,5,140.0,0.0,0.0,0.0,0.0,false,,1.0
        2025-03-08 10:02:51 +0000,Pull Up,8,0.0,0.0,0.0,0.0,0.0,false,,1.0
        """

    @Test("sessions are runs of sets without a 3-hour gap, untitled, in time order, warm-ups and cardio kept")
    func sessions() throws {
        let log = FitbodParser.parse(Self.export, options: ImportOptions(zone: Fixtures.berlin))
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(log.format == .fitbod)
        #expect(log.linesRead == 9)
        #expect(
            log.sessions.map(\.sourceKey) == [
                "2025-03-08T10:02:51|", "2025-03-10T07:00:00|", "2025-03-10T18:40:00|", "2025-03-11T23:10:00|",
            ])
        #expect(log.sessions.allSatisfy { $0.title == nil })
        #expect(log.sessions[0].startedAt == ISO8601DateFormatter().date(from: "2025-03-08T10:02:51Z"), "UTC offset")
        #expect(log.sessions[0].sets.map(\.exerciseName) == ["Deadlift", "Deadlift", "Pull Up"])
        #expect(log.sessions[0].sets.map(\.line) == [8, 9, 10])
        #expect(log.sessions[0].durationSource == .estimated, "one time for every set: no span")
        let run = try #require(log.sessions[1].sets.first)
        #expect(run.seconds == 1500)
        #expect(run.distanceMeters == 4000)
        #expect(run.reps == nil && run.weightKg == nil)
        #expect(log.sessions[2].sets.map(\.isWarmup) == [true, false])
        #expect(log.sessions[2].sets.map(\.weightKg) == [15, 25])
        #expect(log.sessions[2].durationMinutes == 28, "25 minutes of sets and one more set")
        #expect(log.sessions[3].sets.map(\.exerciseName) == ["Back Squat", "Back Squat", "Barbell Curl"])
    }

    @Test("weights in pounds when the header says so; distance in km; through ImportReader")
    func pounds() throws {
        let text = """
            Date,Exercise,Reps,Weight(lbs),Duration(s),Distance(km),Incline,Resistance,isWarmup,Note,multiplier
            2025-03-08 10:02:51 +0000,Deadlift,5,315,0,0,0,0,false,,1
            2025-03-08 10:20:00 +0000,Rowing,0,0,600,2.5,0,0,false,,1
            """
        let log = ImportReader.parse(text, format: .fitbod, options: ImportOptions())
        #expect(log.problems.isEmpty, "\(log.problems)")
        let sets = try #require(log.sessions.first?.sets)
        #expect(sets.map(\.weightKg) == [142.882, nil])
        #expect(sets.map(\.distanceMeters) == [nil, 2500])
    }

    @Test("a bad value is a line N problem that costs its session only; a bad date costs its line")
    func hostile() {
        let text = """
            \(Self.header)
            2025-03-10 19:05:00 +0000,Dumbbell Bench Press,10,1e308,0,0,0,0,false,,1
            2025-03-10 18:40:00 +0000,Dumbbell Bench Press,12,15,0,0,0,0,true,,1
            2025-03-08 10:02:51 +0000,Deadlift,5,140,0,0,0,0,maybe,,1
            2025-03-06 10:00:00 +0000,Deadlift,5,140,0,0,0,0,false,,1
            2025-03-06 10:05:00 +0000,Deadlift,5,140,0,0,0,0,false,1
            2025-03-04 10:00:00 +0000,Deadlift,-5,140,0,0,0,0,false,,1
            soon,Deadlift,5,140,0,0,0,0,false,,1
            2025-03-02 10:00:00 +0000,Squat,5,100,0,0,0,0,false,,1
            """
        let log = FitbodParser.parse(text, options: ImportOptions())
        #expect(log.problems.map(\.line) == [2, 4, 6, 7, 8], "\(log.problems)")
        #expect(log.problems[0].message.contains("out of range"), "\(log.problems)")
        #expect(log.problems[1].message.contains("isWarmup 'maybe'"), "\(log.problems)")
        #expect(log.problems[2].message.contains("expected 11 fields"), "\(log.problems)")
        #expect(log.problems[3].message.contains("negative"), "\(log.problems)")
        #expect(log.problems[4].message.contains("Date 'soon'"), "\(log.problems)")
        #expect(log.sessions.map(\.sourceKey) == ["2025-03-02T10:00:00|"])
        #expect(log.skippedSessions.count == 4)
    }

    @Test("no Date or Exercise column: one problem on the header")
    func notFitbod() {
        let log = FitbodParser.parse("When,What\n2025-03-02,Squat\n", options: ImportOptions())
        #expect(
            log.problems.map(\.description) == [
                "line 1: not a Fitbod export header: no date, exercise column "
                    + "(expected Date,Exercise,Reps,Weight(kg),Duration(s),Distance(m),…,isWarmup)"
            ])
        #expect(log.sessions.isEmpty)
    }
}
