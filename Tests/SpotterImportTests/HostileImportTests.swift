import Foundation
import Testing

@testable import SpotterImport

/// Issue 35, item 7: the hostile imports. A value out of range is a `line N:` problem that
/// costs its session only; a NUL is not a reason to lose a file; an overlong line is refused
/// at once.
@Suite("hostile imports")
struct HostileImportTests {
    @Test("a written-out year 0000–0099 is that year (out of range), not 2000–2099")
    func earlyYears() {
        for text in ["0044-05-01 10:00", "-0044-05-01T10:00:00Z", "0000-01-01T00:00:00Z", "0099-12-31", "01.05.0044"] {
            #expect(LocalDateTime.parse(text) == nil, "\(text) → \(String(describing: LocalDateTime.parse(text)))")
        }
        #expect(LocalDateTime.parse("15.09.25")?.year == 2025)
        #expect(LocalDateTime.parse("9/15/25")?.year == 2025)
        #expect(LocalDateTime.parse("2044-05-01 10:00")?.year == 2044)
    }

    @Test("JSON Lines: 1e308 and a year 0044 cost their session only; a NUL in a title is dropped")
    func jsonLines() throws {
        let text = """
            {"session": "a", "started_at": "2025-01-01T10:00:00Z", "exercise": "Squat", "weight_kg": 1e308, "reps": 5}
            {"session": "b", "started_at": "2025-01-02T10:00:00Z", "exercise": "Squat", "weight_lbs": 1e308, "reps": 5}
            {"session": "c", "started_at": "2025-01-03T10:00:00Z", "exercise": "Squat", "duration_minutes": 1e308}
            {"session": "d", "started_at": "-0044-01-03T10:00:00Z", "exercise": "Squat", "reps": 5}
            {"session": "e", "started_at": "2025-01-04T10:00:00Z", "title": "Leg\\u0000 Day", "exercise": "Squat\u{0}", "reps": 5}
            """
        let log = ImportReader.parse(text, format: .jsonl, options: ImportOptions())
        #expect(log.problems.map(\.line) == [1, 2, 3, 4], "\(log.problems)")
        #expect(log.problems[0].description.hasPrefix("line 1: weight_kg"), "\(log.problems)")
        #expect(log.problems.allSatisfy { !$0.description.contains("inf") }, "\(log.problems)")
        #expect(log.sessions.map(\.sourceKey) == ["session:e"])
        let session = try #require(log.sessions.first)
        #expect(session.title == "Leg Day")
        #expect(session.sets.map(\.exerciseName) == ["Squat"])
        for set in log.sessions.flatMap(\.sets) { #expect(set.weightKg.map(\.isFinite) ?? true) }
    }

    @Test("Hevy CSV: a weight of 1e308 is a line N problem for its session; a NUL in the file costs nothing")
    func hevy() {
        let text = """
            "title","start_time","end_time","exercise_title","set_type","weight_kg","reps"
            "Push","15 Sep 2025, 07:48","15 Sep 2025, 08:30","Bench Press (Barbell)","normal","1e308","5"
            "Pull\u{0}","16 Sep 2025, 07:48","16 Sep 2025, 08:30","Deadlift (Barbell)","normal","100","5"
            """
        let log = ImportReader.parse(text, format: .hevy, options: ImportOptions())
        #expect(log.problems.map(\.line) == [2], "\(log.problems)")
        #expect(log.problems.first?.message.contains("out of range") == true, "\(log.problems)")
        #expect(log.sessions.map(\.title) == ["Pull"])
    }

    @Test("a line longer than the limit is found in one quick pass; shorter lines pass")
    func overlongLine() {
        let short = String(repeating: "a,b,c\n", count: 1_000)
        #expect(ImportReader.overlongLine(in: short) == nil)
        let long = "header\nrow\n" + String(repeating: "x", count: 100 * 1_048_576) + "\nrest\n"
        let started = ContinuousClock.now
        #expect(ImportReader.overlongLine(in: long) == 3)
        #expect(ContinuousClock.now - started < .seconds(5))
        let crLines = String(repeating: String(repeating: "y", count: 1_000) + "\r", count: 3_000)
        #expect(ImportReader.overlongLine(in: crLines) == nil, "CR-only line ends are lines")
    }
}
