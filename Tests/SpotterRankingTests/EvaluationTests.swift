import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Offline evaluation")
struct EvaluationTests {
    @Test("on the synthetic population the daily suggestion beats every baseline, with no violation")
    func beatsBaselines() {
        let histories = SyntheticDataset.histories(users: 400)
        for holdoutDays in [1, 3] {
            let report = RecommendationEvaluation.run(
                histories: histories, library: Fixtures.library, holdoutDays: holdoutDays
            ).overall
            print(report.table())
            #expect(report.users == 400)
            #expect(report.days == 400 * holdoutDays)
            #expect(report.constraintViolations == 0)
            #expect(report.beginnerDays > 0 && report.beginnerViolations == 0)
            #expect(report.beatsEveryBaseline, "\(report.table())")
            #expect(
                report.rows.map(\.name) == [
                    "daily suggestion (model)", "most popular", "repeat last", "what usually follows",
                    "least recently trained", "groups rested longest", "same weekday last week",
                    "groups that usually follow",
                ])
            #expect(
                report.intervals.map(\.metric) == ["workout hit@1", "workout hit@3", "muscle hit@1", "muscle hit@3"])
            for interval in report.intervals {
                #expect(interval.low <= interval.difference && interval.difference <= interval.high)
            }
        }
    }

    @Test("the evaluation is deterministic")
    func deterministic() {
        let histories = SyntheticDataset.histories(users: 60, seed: 9)
        let first = RecommendationEvaluation.run(histories: histories, library: Fixtures.library, holdoutDays: 2)
        let second = RecommendationEvaluation.run(
            histories: histories.reversed(), library: Fixtures.library, holdoutDays: 2)
        #expect(first.overall == second.overall)
        #expect(first.perUser == second.perUser)
        #expect(first.overall.table() == second.overall.table())
    }

    /// A lifter's own titled sessions with sets: Push, Pull, Legs in rotation, with the odd
    /// repeat and rest day, 40 days.
    static func titledHistory(userID: UserID = 7, days: Int = 40) -> EvaluationHistory {
        let kinds: [(String, [MuscleWork])] = [
            (
                "Push",
                [MuscleWork(group: "chest", sets: 8, load: 6.4), MuscleWork(group: "triceps", sets: 4, load: 3.2)]
            ),
            ("Pull", [MuscleWork(group: "back", sets: 8, load: 6.4), MuscleWork(group: "biceps", sets: 4, load: 3.2)]),
            (
                "Legs",
                [MuscleWork(group: "quads", sets: 8, load: 7), MuscleWork(group: "hamstrings", sets: 4, load: 3)]
            ),
        ]
        var sessions: [PastSession] = []
        var next = 0
        for day in 0..<days where day % 7 != 6 {
            let (title, work) = kinds[next % 3]
            if day % 11 != 5 { next += 1 }  // now and then the same session again
            sessions.append(
                PastSession(
                    workoutID: nil, startedAt: Fixtures.day(day - days, 18), durationMinutes: 60, title: title,
                    work: work))
        }
        return EvaluationHistory(
            userID: userID, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), enrollments: [],
            sessions: sessions)
    }

    @Test("incremental replay equals from-scratch replay on a small history")
    func incrementalEqualsScratch() throws {
        let history = Self.titledHistory()
        let recommender = Fixtures.recommender()
        let sessions = history.sessions.sorted(by: PersonalState.ordered)
        var incremental = PersonalState(profileLevel: .advanced, zone: TimeZone(secondsFromGMT: 0)!)
        var compared = 0
        var hits = 0
        for (i, session) in sessions.enumerated() {
            let now = Calendar(identifier: .gregorian).startOfDay(for: session.startedAt)
            let member = MemberContext(
                userID: 7, profile: history.profile, sessions: Array(sessions[..<i]), now: now,
                localDate: Fixtures.isoDate(now), timeZone: TimeZone(secondsFromGMT: 0))
            let scratch = recommender.personalState(for: member)
            #expect(scratch.sessionCount == incremental.sessionCount)
            #expect(scratch.weights == incremental.weights)
            let fromScratch = recommender.rankCandidates(for: member, personal: scratch)
            let replayed = recommender.rankCandidates(for: member, personal: incremental)
            #expect(fromScratch == replayed, "day \(i)")
            if i >= sessions.count - 10 {
                compared += 1
                if fromScratch.first?.kind == .title(session.title!.lowercased()) { hits += 1 }
            }
            incremental.append(session, library: Fixtures.library)
        }
        // The evaluation's incremental replay of the last 10 days scores the same hits.
        let report = RecommendationEvaluation.run(histories: [history], library: Fixtures.library, holdoutDays: 10)
        #expect(compared == 10 && report.overall.days == 10)
        #expect(report.overall.model.workoutHit1 == Double(hits) / 10)
    }

    @Test("a rotation of own sessions: the model learns it, at least as well as what usually follows")
    func rotation() throws {
        let report = RecommendationEvaluation.run(
            histories: [Self.titledHistory(days: 120)], library: Fixtures.library, holdoutDays: 40
        ).overall
        print(report.table())
        #expect(report.workoutCases == 40 && report.muscleCases == 40)
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.name, $0) })
        let follows = try #require(rows["what usually follows"])
        #expect(report.model.workoutHit1 >= follows.workoutHit1)
        #expect(report.model.workoutHit1 >= 0.9)
        #expect(report.model.muscleHit1 >= 0.8)
        #expect(report.constraintViolations == 0)
    }

    @Test("the paired bootstrap interval is deterministic and holds the mean")
    func bootstrap() {
        let report = RecommendationEvaluation.run(
            histories: SyntheticDataset.histories(users: 80, seed: 3), library: Fixtures.library, holdoutDays: 2
        ).overall
        let again = RecommendationEvaluation.run(
            histories: SyntheticDataset.histories(users: 80, seed: 3), library: Fixtures.library, holdoutDays: 2
        ).overall
        #expect(report.intervals == again.intervals)
        for interval in report.intervals {
            #expect(interval.low <= interval.difference && interval.difference <= interval.high)
            #expect(interval.high - interval.low > 0)
        }
    }

    @Test("a baseline is beaten when the model is strictly above it, or both hit every day")
    func beating() throws {
        var report = RecommendationEvaluation.run(
            histories: [Self.titledHistory(days: 60)], library: Fixtures.library, holdoutDays: 5
        ).overall
        var baseline = report.rows[1]
        (baseline.workoutHit1, baseline.workoutHit3, baseline.muscleHit1, baseline.muscleHit3) = (1, 1, 1, 1)
        (report.rows[0].workoutHit1, report.rows[0].workoutHit3) = (1, 1)
        (report.rows[0].muscleHit1, report.rows[0].muscleHit3) = (0.8, 1)
        #expect(report.lost(to: baseline) == ["muscle hit@1"])
        baseline.muscleHit1 = 0.8
        #expect(report.lost(to: baseline) == ["muscle hit@1"], "a tie below 1 is not a win")
        baseline.muscleHit1 = 0.6
        #expect(report.lost(to: baseline).isEmpty)
    }
}
