import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// People whose sessions have no names (watches, Fitbod, generic titles), the muscle-level
/// baselines that need no names, and the per-person weighting of the signals (issue 32).
@Suite("Unnamed sessions and per-person signal weights")
struct UnnamedSessionsTests {
    static let push = [
        MuscleWork(group: "chest", sets: 8, load: 6.4), MuscleWork(group: "triceps", sets: 4, load: 3.2),
    ]
    static let pull = [
        MuscleWork(group: "back", sets: 8, load: 6.4), MuscleWork(group: "biceps", sets: 4, load: 3.2),
    ]
    static let legs = [
        MuscleWork(group: "quads", sets: 8, load: 7), MuscleWork(group: "hamstrings", sets: 4, load: 3),
    ]

    /// Push, pull, legs in rotation every other day, with no session names (or `title` on all).
    static func rotation(days: Int, title: String? = nil, userID: UserID = 11) -> EvaluationHistory {
        let cycle = [push, pull, legs]
        var sessions: [PastSession] = []
        var next = 0
        for day in stride(from: 0, to: days, by: 2) {
            sessions.append(
                PastSession(
                    workoutID: nil, startedAt: Fixtures.day(day - days, 18), durationMinutes: 60, title: title,
                    work: cycle[next % 3]))
            next += 1
        }
        return EvaluationHistory(
            userID: userID, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), enrollments: [],
            sessions: sessions)
    }

    @Test("sessions without names: the model predicts the rotation's next muscle groups")
    func untitledRotation() throws {
        let report = RecommendationEvaluation.run(
            histories: [Self.rotation(days: 160)], library: Fixtures.library, holdoutDays: 30
        ).overall
        print(report.table())
        #expect(report.workoutCases == 0 && report.muscleCases == 30)
        #expect(report.model.muscleHit1 >= 0.9, "\(report.table())")
        #expect(report.constraintViolations == 0)
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.name, $0) })
        let follows = try #require(rows["groups that usually follow"])
        #expect(follows.workoutLevel == false)
        #expect(follows.muscleHit1 >= 0.9, "the name-free baseline scores such a log")
        // The interval on muscle hit@1 is against the best name-free baseline.
        let interval = try #require(report.intervals.first { $0.metric == "muscle hit@1" })
        #expect(MuscleBaselinesNames.all.contains(interval.baseline))
    }

    @Test("a generic title on every session predicts as well as no name at all")
    func genericTitle() {
        let untitled = RecommendationEvaluation.run(
            histories: [Self.rotation(days: 160)], library: Fixtures.library, holdoutDays: 30
        ).overall
        let generic = RecommendationEvaluation.run(
            histories: [Self.rotation(days: 160, title: "Afternoon workout")], library: Fixtures.library,
            holdoutDays: 30
        ).overall
        #expect(generic.model.muscleHit1 >= untitled.model.muscleHit1 - 0.05, "\(generic.table())")
    }

    @Test("the day suggestion for an unnamed rotation names the catalog workout covering the groups")
    func suggestionCoversGroups() throws {
        let history = Self.rotation(days: 60)
        // The last session was legs: pull is rested two days, push four.
        let member = MemberContext(
            userID: 11, profile: history.profile, sessions: history.sessions, now: Fixtures.day(0),
            localDate: Fixtures.isoDate(Fixtures.day(0)), timeZone: TimeZone(secondsFromGMT: 0))
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        let top = try #require(ranked.first)
        #expect(top.kind == .muscleGroups(MuscleGroups.coarseMask(of: ["chest", "arms"])), "\(ranked.prefix(3))")
        let suggestion = try #require(recommender.dailySuggestion(for: member).suggestion)
        #expect(suggestion.ownTitle == nil)
        let workout = try #require(Fixtures.library.workout(id: suggestion.workoutID))
        #expect(MuscleGroups.jaccard(MuscleGroups.coarseMask(of: workout.primaryMuscles), top.kind.groupsMask) > 0)
        #expect(suggestion.reasons.contains { $0.hasPrefix("you trained chest + arms on") }, "\(suggestion.reasons)")
    }

    @Test("an injury keeps an unnamed pattern that loads the part off the list")
    func injuredPattern() {
        let history = Self.rotation(days: 60)
        var member = MemberContext(
            userID: 11, profile: history.profile, sessions: history.sessions, now: Fixtures.day(2),
            localDate: Fixtures.isoDate(Fixtures.day(2)), timeZone: TimeZone(secondsFromGMT: 0))
        member.healthFacts = [InjuryTests.fact("knee", "Has knee pain", day: 1)]
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        for candidate in ranked {
            #expect(Set(candidate.muscleGroups).isDisjoint(with: ["quads", "hamstrings", "glutes", "calves"]))
        }
    }

    /// A leg day that varies: quads + glutes + calves on 4 of 10 leg days, core + quads +
    /// hamstrings + glutes on 3, quads + hamstrings on 2, quads + hamstrings + glutes (the variant
    /// every other one overlaps, Jaccard ≥ 0.5) on 1. No variant matches the likeliest one but
    /// itself and the central one.
    static let legVariants: [[String]] = {
        let likeliest = ["quads", "glutes", "calves"]
        let core = ["core", "quads", "hamstrings", "glutes"]
        let short = ["quads", "hamstrings"]
        let central = ["quads", "hamstrings", "glutes"]
        return [likeliest, core, likeliest, short, core, likeliest, central, core, short, likeliest]
    }()

    /// Push, pull, legs every other day, the leg day varying as ``legVariants``; without names,
    /// or with `titled` "Push", "Pull" and one "Legs N" per variant (its first place in the list).
    static func varyingLegDay(days: Int, titled: Bool = false) -> EvaluationHistory {
        var sessions: [PastSession] = []
        var next = 0
        for day in stride(from: 0, to: days, by: 2) {
            let variant = legVariants[(next / 3) % legVariants.count]
            let legs = variant.map { MuscleWork(group: $0, sets: 6, load: 5) }
            let work = [push, pull, legs][next % 3]
            let legsTitle = "Legs \((legVariants.firstIndex(of: variant) ?? 0) + 1)"
            sessions.append(
                PastSession(
                    workoutID: nil, startedAt: Fixtures.day(day - days, 18), durationMinutes: 60,
                    title: titled ? ["Push", "Pull", legsTitle][next % 3] : nil, work: work))
            next += 1
        }
        return EvaluationHistory(
            userID: 12, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), enrollments: [],
            sessions: sessions)
    }

    /// The member two days after the last pull day of `history` (session i is on day 2i − 360):
    /// legs come next.
    static func afterLastPull(_ history: EvaluationHistory) throws -> MemberContext {
        let pull = try #require(history.sessions.lastIndex { $0.work == Self.pull })
        let today = Fixtures.day(2 * pull - 360 + 2)
        return MemberContext(
            userID: 12, profile: history.profile, sessions: Array(history.sessions[...pull]), now: today,
            localDate: Fixtures.isoDate(today), timeZone: TimeZone(secondsFromGMT: 0))
    }

    @Test("sessions without names: a varying leg day gets the variant the others overlap, not the likeliest one")
    func varyingDayTypeGetsItsCentralVariant() throws {
        let history = Self.varyingLegDay(days: 360)
        let member = try Self.afterLastPull(history)
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        let central = MuscleGroups.coarseMask(of: ["quads", "hamstrings", "glutes"])
        #expect(ranked.first?.kind == .muscleGroups(central), "\(ranked.prefix(3))")

        let report = RecommendationEvaluation.run(
            histories: [history], library: Fixtures.library, holdoutDays: 60
        ).overall
        let rows = Dictionary(uniqueKeysWithValues: report.rows.map { ($0.name, $0) })
        let follows = try #require(rows["groups that usually follow"])
        // The likeliest variant matches half the leg days; the central one all of them.
        #expect(report.model.muscleHit1 >= 0.95, "\(report.table())")
        #expect(report.model.muscleHit1 >= follows.muscleHit1 + 0.1, "\(report.table())")
        #expect(report.model.muscleHit3 >= follows.muscleHit3, "\(report.table())")
        #expect(report.constraintViolations == 0)
    }

    @Test("named sessions keep the likeliest session first: the group match is for people without names")
    func namedVaryingDayKeepsItsOrder() throws {
        let history = Self.varyingLegDay(days: 360, titled: true)
        let member = try Self.afterLastPull(history)
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        let likeliest = MuscleGroups.coarseMask(of: Self.legVariants[0])
        let top = try #require(ranked.first)
        #expect(top.kind.isTitle && MuscleGroups.coarseMask(of: top.muscleGroups) == likeliest, "\(ranked.prefix(3))")
    }

    @Test("when another signal has predicted the person better than the model, the combined order stands")
    func groupMatchNeedsTheModelToLead() throws {
        let history = Self.varyingLegDay(days: 360)
        let member = try Self.afterLastPull(history)
        var configuration = RankingConfiguration()
        // The learned model far behind every other signal: its chances are not the ones to trust.
        configuration.personal.modelLead = -50
        let recommender = Fixtures.recommender(configuration: configuration)
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        #expect(ranked.count > 3)
        for (better, worse) in zip(ranked, ranked.dropFirst()) {
            #expect(better.score >= worse.score, "\(ranked.prefix(4))")
        }
    }

    @Test("--by-user: model − each baseline on each metric, with its interval")
    func everyBaseline() {
        let report = RecommendationEvaluation.run(
            histories: [EvaluationTests.titledHistory(days: 80)], library: Fixtures.library, holdoutDays: 20
        ).perUser[0]
        // Four named baselines on the two workout metrics, all seven on the two muscle metrics.
        #expect(report.comparisons.count == 4 * 2 + 7 * 2)
        #expect(Set(report.comparisons.filter { $0.metric == "workout hit@1" }.map(\.baseline)).count == 4)
        for comparison in report.comparisons {
            #expect(comparison.low <= comparison.difference && comparison.difference <= comparison.high)
        }
        let table = report.table(everyBaseline: true)
        #expect(table.contains("model − same weekday last week"), "\(table)")
        #expect(!report.table().contains("model − same weekday last week     "))
    }
}

/// The names of the muscle-level baselines, as the report shows them.
enum MuscleBaselinesNames {
    static let all: Set<String> = ["groups rested longest", "same weekday last week", "groups that usually follow"]
}

extension SessionKind {
    /// The groups of a muscle-group pattern (0 for other kinds).
    var groupsMask: UInt16 {
        if case .muscleGroups(let mask) = self { return mask }
        return 0
    }
}
