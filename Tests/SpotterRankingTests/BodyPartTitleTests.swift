import Foundation
import SpotterIDs
import SpotterRanking
import Testing

/// Issue 32: a lifter who names sessions by the body parts they train, spelled many ways over
/// the years ("Chest & Triceps", "chest/tris", "CHEST + TRI"), has one kind per split day.
@Suite("Titles named by body parts")
struct BodyPartTitleTests {
    static let push = UnnamedSessionsTests.push
    static let pull = UnnamedSessionsTests.pull
    static let legs = UnnamedSessionsTests.legs
    static let shoulders = [
        MuscleWork(group: "shoulders", sets: 8, load: 6), MuscleWork(group: "core", sets: 5, load: 3),
    ]

    /// A deterministic stream of numbers in 0..<1 (SplitMix64).
    struct Stream {
        var state: UInt64
        mutating func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
        }
    }

    static func history(_ sessions: [PastSession], userID: UserID) -> EvaluationHistory {
        EvaluationHistory(
            userID: userID, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), enrollments: [],
            sessions: sessions)
    }

    /// Eight years of a body-part split in a fixed order (chest and triceps, back and biceps,
    /// legs, shoulders), one to three days apart, each session named by the body parts it trains
    /// in one of several spellings, as a lifter types them over the years.
    static func bodyPartTitles(years: Int, userID: UserID = 22) -> EvaluationHistory {
        let split: [([MuscleWork], [String])] = [
            (push, ["Chest & Triceps", "chest/tris", "Chest and Tri", "CHEST + TRICEPS"]),
            (pull, ["Back/Bis", "Back & Biceps", "back and bis", "BACK BICEPS"]),
            (legs, ["Leg day", "legs & abs", "Legs day", "LEG DAY"]),
            (shoulders, ["Shoulder day", "delts & abs", "shoulders/abs", "SHOULDERS DAY"]),
        ]
        var stream = Stream(state: 11)
        var sessions: [PastSession] = []
        var day = -years * 365
        var next = 0
        while day < 0 {
            let (work, names) = split[next % split.count]
            let name = names[Int(stream.next() * Double(names.count))]
            sessions.append(
                PastSession(
                    workoutID: nil, startedAt: Fixtures.day(day, 18), durationMinutes: 60, title: name, work: work))
            next += 1
            day += 1 + Int(stream.next() * 3)
        }
        return history(sessions, userID: userID)
    }

    static func run(_ history: EvaluationHistory, holdoutDays: Int) -> EvaluationReport {
        RecommendationEvaluation.run(histories: [history], library: Fixtures.library, holdoutDays: holdoutDays)
            .overall
    }

    @Test("sessions named by the body parts, spelled many ways over eight years: the split's muscles come next")
    func bodyPartTitles() throws {
        let history = Self.bodyPartTitles(years: 8)
        #expect(history.sessions.count > 1_000)
        let report = Self.run(history, holdoutDays: 300)
        // The spellings of one split day are one kind of session, so the order is learned.
        #expect(report.model.workoutHit1 >= 0.6, "\(report.table())")  // 0.797; by spelling alone ≤ ~0.25
        let interval = try #require(report.intervals.first { $0.metric == "muscle hit@1" })
        #expect(interval.high >= 0, "\(report.table())")
        #expect(report.constraintViolations == 0)
    }

    @Test("a title made only of body parts counts by the parts it names; any other title stays itself")
    func bodyPartTitleKinds() {
        let titles = ["Chest & Triceps", "chest/tris", "CHEST + TRI", "Legs", "Leg day", "Push 1", "Push 2", "Upper A"]
        let sessions = titles.enumerated().map { i, title in
            PastSession(
                workoutID: nil, startedAt: Fixtures.day(i * 3 - 40, 18), durationMinutes: 60, title: title,
                work: title.lowercased().hasPrefix("leg") ? Self.legs : Self.push)
        }
        let member = MemberContext(
            userID: 25, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), sessions: sessions,
            now: Fixtures.day(0), localDate: Fixtures.isoDate(Fixtures.day(0)), timeZone: TimeZone(secondsFromGMT: 0))
        let recommender = Fixtures.recommender()
        let own = Set(
            recommender.rankCandidates(for: member, personal: recommender.personalState(for: member)).map(\.kind)
                .filter(\.isTitle))
        #expect(
            own == [
                .title("chest + tricep"), .title("legs"), .title("leg"), .title("push 1"), .title("push 2"),
                .title("upper a"),
            ],
            "\(own)")
    }

}
