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
