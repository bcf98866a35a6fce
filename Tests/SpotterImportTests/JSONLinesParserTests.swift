import Foundation
import Testing

@testable import SpotterImport

@Suite("JSON Lines imports")
struct JSONLinesParserTests {
    @Test("one object per set; sessions by id or by start and title; lbs; warm-ups; per-set times give the duration")
    func sessions() throws {
        let text = """
            {"session": "w1", "started_at": "2025-02-01T09:00:00+01:00", "title": "Garage", "exercise": "Goblet Squat", "weight_kg": 24, "reps": 10, "warmup": true}
            {"session": "w1", "started_at": "2025-02-01T09:40:00+01:00", "title": "Garage", "exercise": "Push Up", "reps": 15, "rpe": 7}

            {"started_at": "2025-02-03 18:30", "title": "Run", "exercise": "Running", "distance_m": 5000, "seconds": 1500, "duration_minutes": 28}
            {"started_at": "2025-02-05 18:30", "exercise": "Bench Press", "weight_lbs": 135, "reps": 5, "session": 77}
            """
        let log = JSONLinesParser.parse(text, options: ImportOptions(zone: Fixtures.berlin))
        #expect(log.problems.isEmpty, "\(log.problems)")
        #expect(log.linesRead == 4)
        #expect(log.sessions.map(\.sourceKey) == ["session:w1", "2025-02-03T18:30:00|Run", "session:77"])
        let garage = log.sessions[0]
        #expect(garage.startedAt == ISO8601DateFormatter().date(from: "2025-02-01T08:00:00Z"))
        #expect(garage.durationMinutes == 40 + SessionDefaults.minutesPerSet)
        #expect(garage.sets.map(\.isWarmup) == [true, false])
        #expect(log.sessions[1].startedAt == ISO8601DateFormatter().date(from: "2025-02-03T17:30:00Z"))
        #expect(log.sessions[1].durationMinutes == 28)
        #expect(log.sessions[1].sets[0].distanceMeters == 5000)
        #expect(log.sessions[2].sets[0].weightKg == 61.235)
        #expect(log.sessions[2].durationSource == .estimated)
    }

    @Test("bad lines: not JSON, wrong types, missing fields; their sessions are left out whole")
    func badLines() {
        let text = """
            {"session": "a", "started_at": "2025-01-01T10:00:00Z", "exercise": "Squat", "reps": 5}
            {"session": "a", "started_at": "2025-01-01T10:00:00Z", "exercise": "Squat", "reps": "five"}
            not json
            [1, 2]
            {"started_at": "2025-01-02T10:00:00Z", "reps": 5}
            {"exercise": "Squat"}
            {"started_at": "2025-01-03T10:00:00Z", "exercise": "Squat", "warmup": "yes"}
            {"started_at": "2025-01-04T10:00:00Z", "exercise": "Squat", "reps": 5}
            """
        let log = JSONLinesParser.parse(text, options: ImportOptions())
        #expect(
            log.problems.map(\.description) == [
                "line 2: reps has the wrong type",
                "line 3: not valid JSON",
                "line 4: not a JSON object",
                "line 5: exercise is missing or empty",
                "line 6: started_at is missing",
                "line 7: warmup has the wrong type",
            ])
        #expect(log.sessions.map(\.sourceKey) == ["2025-01-04T10:00:00|"])
    }
}
