import Foundation
import SpotterIDs
import SpotterRanking
import Testing

@Suite("Personal ranking: recovery, training age, own sessions")
struct PersonalRankingTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    static func own(_ title: String, day: Int, hour: Int = 18, _ work: [MuscleWork]) -> PastSession {
        PastSession(workoutID: nil, startedAt: Fixtures.day(day, hour), durationMinutes: 60, title: title, work: work)
    }

    static let push = [MuscleWork(group: "chest", sets: 10, load: 8), MuscleWork(group: "triceps", sets: 4, load: 3)]
    static let pull = [MuscleWork(group: "back", sets: 10, load: 8), MuscleWork(group: "biceps", sets: 4, load: 3)]
    static let legs = [
        MuscleWork(group: "quads", sets: 10, load: 8), MuscleWork(group: "hamstrings", sets: 4, load: 3),
    ]

    @Test("volume-based recovery against hand-computed cases")
    func fatigue() {
        let model = Fatigue()
        // Ten sets at RPE 8 (load 8): 20 % right after; an intermediate halves it in 24 h.
        #expect(abs(model.recoveryPercent(8) - 20) < 1e-9)
        #expect(abs(model.recoveryPercent(model.decayed(8, hours: 24, level: .intermediate)) - 60) < 1e-9)
        #expect(abs(model.recoveryPercent(model.decayed(8, hours: 48, level: .intermediate)) - 80) < 1e-9)
        // A beginner's fatigue fades more slowly, an advanced lifter's faster.
        let beginner = model.recoveryPercent(model.decayed(8, hours: 24, level: .beginner))
        let advanced = model.recoveryPercent(model.decayed(8, hours: 24, level: .advanced))
        #expect(abs(beginner - 100 * (1 - 0.8 * pow(2, -24.0 / 30))) < 1e-9)
        #expect(beginner < 60 && 60 < advanced)
        // More volume, less recovery: twenty hard sets leave nothing.
        #expect(model.recoveryPercent(16) == 0)
    }

    @Test("training age: the profile's level, raised by a long history")
    func trainingAge() {
        #expect(TrainingAge.level(profile: nil, sessions: 0, spanDays: 0) == .beginner)
        #expect(TrainingAge.level(profile: .advanced, sessions: 0, spanDays: 0) == .advanced)
        #expect(TrainingAge.level(profile: .beginner, sessions: 39, spanDays: 400) == .beginner)
        #expect(TrainingAge.level(profile: .beginner, sessions: 40, spanDays: 120) == .intermediate)
        #expect(TrainingAge.level(profile: nil, sessions: 150, spanDays: 365) == .advanced)
    }

    @Test("a beginner is protected: no muscle group trained yesterday, no session repeated")
    func beginnerProtected() {
        // Chest yesterday: a beginner gets neither their own Push nor a chest workout today.
        let sessions = [
            Self.own("Push", day: -3, Self.push), Self.own("Pull", day: -2, Self.pull),
            Self.own("Push", day: -1, Self.push),
        ]
        let member = Fixtures.member(
            profile: MemberProfile(level: .beginner, equipment: Fixtures.gym), sessions: sessions)
        let ranked = Fixtures.recommender().rankCandidates(
            for: member, personal: Fixtures.recommender().personalState(for: member))
        #expect(!ranked.isEmpty)
        for candidate in ranked {
            #expect(!candidate.muscleGroups.contains("chest"), "\(candidate)")
            #expect(candidate.kind != .title("push"))
            let broken = HardConstraintAudit.violations(
                pick: candidate.kind, muscleGroups: candidate.muscleGroups, member: member, level: .beginner,
                library: Fixtures.library)
            #expect(broken.isEmpty, "\(candidate.title): \(broken)")
        }
        #expect(ranked.contains { $0.kind == .title("pull") } == false, "pull was done within 3 days")
    }

    /// An advanced lifter whose own split trains chest on consecutive days (Push, Push again).
    static func splitLifter(days: Int = 60) -> [PastSession] {
        var sessions: [PastSession] = []
        let order: [(String, [MuscleWork])] = [("Push", push), ("Push", push), ("Legs", legs), ("Pull", pull)]
        for day in 0..<days where day % 5 != 4 {
            let (title, work) = order[sessions.count % 4]
            sessions.append(Self.own(title, day: day - days, work))
        }
        return sessions
    }

    @Test("an advanced lifter's own split is not forbidden: chest again the day after chest")
    func advancedSplitAllowed() throws {
        let sessions = Self.splitLifter()
        let lastPush = try #require(sessions.last { $0.title == "Push" })
        // The day after the first Push of a pair.
        let pairStart = try #require(
            sessions.indices.last {
                sessions[$0].title == "Push" && $0 + 1 < sessions.count && sessions[$0 + 1].title == "Push"
            })
        let history = Array(sessions[...pairStart])
        let now = Calendar(identifier: .gregorian).startOfDay(for: sessions[pairStart + 1].startedAt)
        let member = MemberContext(
            userID: 1, profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), sessions: history, now: now,
            localDate: Fixtures.isoDate(now), timeZone: Self.utc)
        let recommender = Fixtures.recommender()
        let suggestion = try #require(recommender.dailySuggestion(for: member).suggestion)
        #expect(suggestion.ownTitle == "Push", "\(suggestion)")
        #expect(suggestion.reasons.contains { $0.hasPrefix("you usually ") }, "\(suggestion.reasons)")
        #expect(suggestion.reasons.contains { $0.hasPrefix("chest rested 24 h, ") && $0.hasSuffix(" % recovered") })
        // The same history for a beginner: chest is off limits.
        var beginner = member
        beginner.profile = MemberProfile(level: .beginner, equipment: Fixtures.gym)
        let safe = try #require(
            Fixtures.recommender().rankCandidates(
                for: beginner, personal: PersonalState(profileLevel: .beginner, zone: Self.utc)
            ).first)
        #expect(!safe.muscleGroups.contains("chest"))
        _ = lastPush
    }

    @Test("people outside any program get their own sessions, anchored to the closest catalog workout")
    func outsideProgram() throws {
        let sessions = Self.splitLifter(days: 30)
        let member = Fixtures.member(
            profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), sessions: sessions)
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        let top = try #require(ranked.first)
        guard case .title = top.kind else {
            Issue.record("expected an own session first: \(ranked.prefix(3))")
            return
        }
        let suggestion = try #require(recommender.dailySuggestion(for: member).suggestion)
        #expect(suggestion.ownTitle == top.title)
        let anchor = try #require(Fixtures.library.workout(id: suggestion.workoutID))
        let anchorGroups = Set(anchor.primaryMuscles.flatMap { $0 == "full_body" ? ["chest", "back"] : [$0] })
        #expect(!anchorGroups.isDisjoint(with: Set(top.muscleGroups)), "\(anchor.title) for \(top.muscleGroups)")
        #expect(suggestion.reasons.contains { $0.hasPrefix("in the catalog: \(anchor.title) of ") })
        #expect(suggestion.reasons.contains { $0.hasPrefix("your own \(top.title), done ") })
    }

    @Test("the person's weights are learned from what they did, and stay finite")
    func learnedWeights() {
        var state = PersonalState(profileLevel: .advanced, zone: Self.utc)
        for session in Self.splitLifter(days: 200) { state.append(session, library: Fixtures.library) }
        #expect(state.weights != RankingConfiguration().personal.prior)
        #expect(state.weights.allSatisfy { $0.isFinite })
        #expect(state.level == .advanced)
    }

    @Test("after a long break the person's routine is still among the candidates")
    func afterABreak() throws {
        // A year ago: Push, Pull, Legs for two months; then nothing until today.
        let sessions = Self.splitLifter(days: 60).map { session -> PastSession in
            var moved = session
            moved.startedAt = session.startedAt.addingTimeInterval(-365 * 86_400)
            return moved
        }
        let member = Fixtures.member(
            profile: MemberProfile(level: .advanced, equipment: Fixtures.gym), sessions: sessions)
        let recommender = Fixtures.recommender()
        let ranked = recommender.rankCandidates(for: member, personal: recommender.personalState(for: member))
        let own = Set(
            ranked.compactMap { candidate -> String? in
                if case .title(let title) = candidate.kind { return title }
                return nil
            })
        #expect(own == ["push", "pull", "legs"], "\(ranked.prefix(5))")
    }
}
