import Foundation
import SpotterRanking
import Testing

@Suite("Offline evaluation")
struct EvaluationTests {
    @Test("on the synthetic population the daily suggestion beats every baseline, with no violation")
    func beatsBaselines() {
        let histories = SyntheticDataset.histories(users: 400)
        for holdOut in [1, 3] {
            let report = RecommendationEvaluation.run(histories: histories, catalog: Fixtures.catalog, holdOut: holdOut)
            print(report.table())
            #expect(report.users == 400)
            #expect(report.cases == 400 * holdOut)
            #expect(report.constraintViolations == 0)
            #expect(report.inconsistencies == 0)
            #expect(report.beatsEveryBaseline)
            #expect(
                report.rows.map(\.name) == [
                    "daily suggestion (model)", "most popular", "repeat last", "what usually follows",
                    "least recently trained",
                ])
        }
    }

    @Test("the evaluation is deterministic")
    func deterministic() {
        let histories = SyntheticDataset.histories(users: 60, seed: 9)
        let first = RecommendationEvaluation.run(histories: histories, catalog: Fixtures.catalog)
        let second = RecommendationEvaluation.run(histories: histories.reversed(), catalog: Fixtures.catalog)
        #expect(first == second)
        #expect(first.table() == second.table())
    }

    @Test("unsafe held-out sessions are counted per broken constraint")
    func unsafeBreakdown() throws {
        let enrollment = [Enrollment(programID: 1, startedAt: Fixtures.day(-1), status: "completed")]
        // Upper A two days running: the held-out one breaks recovery and the no-repeat rule.
        let tired = EvaluationHistory(
            userID: 1, profile: Fixtures.intermediateGym, enrollments: enrollment,
            sessions: [Fixtures.session(102, day: 0), Fixtures.session(101, day: 3), Fixtures.session(101, day: 4)])
        // A 50-minute workout for a member who trains 30 minutes, not enrolled: too long.
        var short = Fixtures.intermediateGym
        short.sessionMinutes = 30
        let long = EvaluationHistory(
            userID: 2, profile: short, enrollments: [],
            sessions: [Fixtures.session(102, day: 0), Fixtures.session(101, day: 5)])
        // Upper/Lower in order: safe.
        let safe = EvaluationHistory(
            userID: 3, profile: Fixtures.intermediateGym, enrollments: enrollment,
            sessions: zip([101, 102, 103, 104, 101, 102] as [Int64], [0, 1, 3, 4, 7, 8]).map {
                Fixtures.session($0, day: $1)
            })
        let report = RecommendationEvaluation.run(histories: [tired, long, safe], catalog: Fixtures.catalog)
        #expect(report.cases == 3)
        #expect(report.safeCases == 1)
        #expect(report.unsafeCasesByConstraint == ["recovery": 1, "repeat": 1, "length": 1])
        #expect(report.unsafeBreakdown() == "length 1, recovery 1, repeat 1")
        let table = report.table()
        let lines = table.split(separator: "\n").map(String.init)
        let safeHeader = try #require(lines.firstIndex { $0.hasPrefix("of which 1 held-out sessions") })
        let breakdown = try #require(lines.firstIndex { $0.hasPrefix("unsafe held-out sessions by broken constraint") })
        #expect(breakdown == safeHeader + 1 + report.safeRows.count, "\(table)")
        #expect(lines[breakdown].hasSuffix(": length 1, recovery 1, repeat 1"))

        let allSafe = RecommendationEvaluation.run(histories: [safe], catalog: Fixtures.catalog)
        #expect(allSafe.unsafeCasesByConstraint.isEmpty)
        #expect(!allSafe.table().contains("by broken constraint"))
    }

    @Test("metrics on a hand-made history")
    func handMade() throws {
        // Upper/Lower in order for two weeks; the last session (Lower A) is held out.
        let ids: [Int64] = [101, 102, 103, 104, 101, 102]
        let days = [0, 1, 3, 4, 7, 8]
        let sessions = zip(ids, days).map { Fixtures.session($0, day: $1) }
        let history = EvaluationHistory(
            userID: 1, profile: Fixtures.intermediateGym,
            enrollments: [Enrollment(programID: 1, startedAt: Fixtures.day(-1), status: "completed")],
            sessions: sessions)
        let report = RecommendationEvaluation.run(histories: [history], catalog: Fixtures.catalog)
        #expect(report.cases == 1)
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.name, $0) })
        #expect(rows["daily suggestion (model)"]?.hitAt1 == 1)
        #expect(rows["daily suggestion (model)"]?.ndcgAt10 == 1)
        #expect(rows["repeat last"]?.hitAt1 == 0)
        // Repeat last ranks 101, 104, 103, 102: the held-out Lower A is 4th.
        let repeatLast = try #require(rows["repeat last"])
        #expect(repeatLast.hitAt3 == 0)
        #expect(abs(repeatLast.ndcgAt10 - 1 / log2(5.0)) < 1e-12)
        // Repeating Upper A the next day breaks recovery and the no-repeat rule.
        #expect(repeatLast.violationsAt1 == 1)
        #expect(rows["what usually follows"]?.hitAt1 == 1)
    }
}
