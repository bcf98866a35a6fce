package import Foundation
import SpotterCalendar
import SpotterStats

/// The offline evaluation of the daily suggestion (`spotter eval recommendations`).
///
/// For each person, the last `holdoutDays` local days with a session are held out. The days are
/// replayed in order, incrementally: one ``PersonalState`` per person takes each day's sessions
/// after that day is scored, so a held-out day sees exactly the sessions before it, as the
/// nightly run would have at local midnight (with the most recent enrollment started by then
/// taken as the active one, the check-ins and health facts current then, and the sessions of
/// the nightly run's window). The model ranks its candidates (``Recommender/rankCandidates(for:personal:)``);
/// the baselines rank the person's own kinds (``EvaluationBaselines``) or, needing no names,
/// their own day patterns of muscle groups (``MuscleBaselines``). A day is a hit at the workout
/// level when a top pick is a kind (library workout or title) done that day, at the muscle level
/// when a top pick's coarse muscle groups have Jaccard ≥ 0.5 with the primary groups trained
/// that day. Every model top pick is audited (``HardConstraintAudit``).
public enum RecommendationEvaluation {
    /// One held-out day's outcome for each ranker: (workout hit@1, @3, muscle hit@1, @3).
    struct Case {
        var hits: [[Bool]]
        var workout: Bool
        var muscle: Bool
    }

    /// Runs the evaluation; deterministic for the same inputs. `perUser` adds one report per person.
    public static func run(
        histories: [EvaluationHistory], library: TrainingLibrary, holdoutDays: Int = 1,
        configuration: RankingConfiguration = .init(), similar: SimilarUsersIndex = .empty
    ) -> (overall: EvaluationReport, perUser: [EvaluationReport]) {
        let recommender = Recommender(library: library, similar: similar, configuration: configuration)
        var overall = Accumulator()
        var perUser: [EvaluationReport] = []
        for history in histories.sorted(by: { $0.userID < $1.userID }) {
            var user = Accumulator()
            replay(history, recommender: recommender, holdoutDays: holdoutDays, into: &user)
            guard user.cases.count > 0 else { continue }
            overall.merge(user)
            perUser.append(user.report(userID: history.userID, users: 1, holdoutDays: holdoutDays))
        }
        return (overall.report(userID: nil, users: perUser.count, holdoutDays: holdoutDays), perUser)
    }

    /// Replays one person's days.
    static func replay(
        _ history: EvaluationHistory, recommender: Recommender, holdoutDays: Int, into tally: inout Accumulator
    ) {
        let library = recommender.library
        let configuration = recommender.configuration
        let sessions = history.sessions.sorted(by: PersonalState.ordered)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = history.timeZone
        let dayNumbers = sessions.map { CivilDays.localDay(of: $0.startedAt, in: history.timeZone) }
        var dayStarts: [Int] = []
        for i in sessions.indices where i == 0 || dayNumbers[i] != dayNumbers[i - 1] { dayStarts.append(i) }
        let firstHeld = max(0, dayStarts.count - max(0, holdoutDays))
        var personal = PersonalState(
            profileLevel: history.profile?.level, zone: history.timeZone, configuration: configuration)
        var baselines = EvaluationBaselines()
        var muscleBaselines = MuscleBaselines()
        for (d, start) in dayStarts.enumerated() {
            let end = d + 1 < dayStarts.count ? dayStarts[d + 1] : sessions.count
            if d >= firstHeld {
                let day = sessions[start..<end]
                let member = context(history, sessions: sessions, before: start, calendar: calendar, library: library)
                score(
                    day: Array(day), member: member, personal: personal, baselines: baselines,
                    muscleBaselines: muscleBaselines, recommender: recommender, into: &tally)
            }
            muscleBaselines.append(
                day: dayNumbers[start],
                groups: groups(of: sessions[start..<end], library: library, configuration: configuration))
            for session in sessions[start..<end] {
                personal.append(session, library: library)
                let work = SessionWork(session, library: library, fatigue: configuration.fatigue)
                let kind = SessionKind.of(session, library: library)
                let libraryGroups = session.workoutID.flatMap { library.workout(id: $0) }.map {
                    MuscleGroups.coarseMask(of: $0.primaryMuscles)
                }
                baselines.append(
                    kind: kind, work: work,
                    libraryGroups: kind.flatMap { if case .workout = $0 { libraryGroups } else { nil } },
                    time: session.startedAt.timeIntervalSince1970)
            }
        }
    }

    /// The primary coarse groups of a day's sessions together (what the muscle level scores).
    static func groups(
        of day: ArraySlice<PastSession>, library: TrainingLibrary, configuration: RankingConfiguration
    ) -> UInt16 {
        var volume = [Double](repeating: 0, count: PersonalState.groupCount)
        for session in day {
            let work = SessionWork(session, library: library, fatigue: configuration.fatigue)
            for g in volume.indices { volume[g] += work.volume[g] }
        }
        return SessionWork.primary(volume)
    }

    /// Scores one held-out day.
    static func score(
        day: [PastSession], member: MemberContext, personal: PersonalState, baselines: EvaluationBaselines,
        muscleBaselines: MuscleBaselines, recommender: Recommender, into tally: inout Accumulator
    ) {
        let library = recommender.library
        let actualKinds = Set(day.compactMap { SessionKind.of($0, library: library) })
        let actualGroups = groups(of: day[...], library: library, configuration: recommender.configuration)
        let ranked = recommender.rankCandidates(for: member, personal: personal)
        let now = member.now.timeIntervalSince1970
        let level = personal.level
        var lists: [[(kind: SessionKind?, groups: UInt16)]] = [
            ranked.prefix(3).map { ($0.kind, MuscleGroups.coarseMask(of: $0.muscleGroups)) }
        ]
        // The baselines are held to the model's hard constraints: a pick that breaks one (a
        // beginner's muscle group trained within `recoveryHours`, an injured part, …) is passed
        // over for the ranker's next safe one, so the comparison is between suggestions the
        // product could make.
        var unsafe = 0
        func safe(_ ranking: [(kind: SessionKind?, groups: UInt16)]) -> [(kind: SessionKind?, groups: UInt16)] {
            var picks: [(kind: SessionKind?, groups: UInt16)] = []
            for pick in ranking where picks.count < 3 {
                let broken = HardConstraintAudit.violations(
                    pick: pick.kind ?? .muscleGroups(pick.groups),
                    muscleGroups: MuscleGroups.names(ofMask: pick.groups),
                    member: member, level: level, library: library, configuration: recommender.configuration)
                if broken.isEmpty { picks.append(pick) } else if picks.isEmpty { unsafe += 1 }
            }
            return picks
        }
        for list in baselines.rankings(now: now, depth: .max) {
            lists.append(safe(list.map { ($0, baselines.groups(of: $0)) }))
        }
        let today = CivilDays.localDay(of: member.now, in: member.timeZone ?? TimeZone(secondsFromGMT: 0)!)
        for list in muscleBaselines.rankings(day: today, depth: .max) {
            lists.append(safe(list.map { (nil, $0) }))
        }
        tally.unsafeBaselinePicks += unsafe
        var hits: [[Bool]] = []
        for list in lists {
            let kindHit = list.map { $0.kind.map(actualKinds.contains) ?? false }
            let muscleHit = list.map { actualGroups != 0 && MuscleGroups.jaccard($0.groups, actualGroups) >= 0.5 }
            hits.append([
                kindHit.first ?? false, kindHit.contains(true), muscleHit.first ?? false, muscleHit.contains(true),
            ])
        }
        let injured = !Injuries.current(member.healthFacts, asOf: member.now).isEmpty
        var broken: [String] = []
        if let top = ranked.first {
            broken = HardConstraintAudit.violations(
                pick: top.kind, muscleGroups: top.muscleGroups, member: member, level: level, library: library,
                configuration: recommender.configuration)
        } else {
            tally.abstentions += 1
        }
        tally.add(
            Case(hits: hits, workout: !actualKinds.isEmpty, muscle: actualGroups != 0), broken: broken,
            beginner: level == .beginner, injured: injured)
    }

    /// The context of the nightly run for the day starting at session `start`: at local
    /// midnight, with the sessions of the nightly window (``windowDays`` days, plus the latest
    /// session before them) and the active enrollment's progress over every session since it
    /// started (``EnrollmentProgress``, which the nightly keeps with the personal state).
    package static func context(
        _ history: EvaluationHistory, sessions: [PastSession], before start: Int, calendar: Calendar,
        library: TrainingLibrary
    )
        -> MemberContext
    {
        let now = calendar.startOfDay(for: sessions[start].startedAt)
        var enrollments = history.enrollments.filter { $0.startedAt <= now }
            .sorted { ($0.startedAt, $0.programID) < ($1.startedAt, $1.programID) }
        if !enrollments.isEmpty { enrollments[enrollments.count - 1].status = "active" }
        func firstIndex(from time: Date) -> Int {
            var low = 0
            var high = start
            while low < high {
                let mid = (low + high) / 2
                if sessions[mid].startedAt < time { low = mid + 1 } else { high = mid }
            }
            return low
        }
        let windowStart = firstIndex(from: now.addingTimeInterval(-Double(windowDays) * 86_400))
        let window = Array(sessions[max(0, windowStart - 1)..<start])
        let progress = enrollments.last.map { enrollment in
            EnrollmentProgress.counting(
                [enrollment], over: sessions[firstIndex(from: enrollment.startedAt)..<start], through: now,
                library: library)
        }
        let checkIn = history.checkIns.filter { $0.recordedAt <= now }
            .max { ($0.recordedAt, $0.energy) < ($1.recordedAt, $1.energy) }
        let localDate = LocalDate(of: now, in: calendar.timeZone).description
        return MemberContext(
            userID: history.userID, profile: history.profile, enrollments: enrollments, sessions: window,
            latestCheckIn: checkIn, now: now, localDate: localDate, timeZone: history.timeZone,
            healthFacts: history.healthFacts.compactMap { $0.asOf(now) }, firstSessionAt: sessions.first?.startedAt,
            enrollmentProgress: progress)
    }

    /// Days of sessions each held-out day's context holds. 28, the nightly run's window
    /// (`RecommendationInputs.recentDays`); the personal state is appended from the person's whole
    /// history in both (`PersonalStatesTests` checks that the nightly's are this evaluation's).
    public static let windowDays = 28
}
