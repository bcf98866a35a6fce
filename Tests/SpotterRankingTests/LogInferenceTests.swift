import Foundation
import SpotterRanking
import Testing

@Suite("Level and equipment inferred from a log")
struct LogInferenceTests {
    static func bench(_ kg: Double) -> LoggedLift {
        LoggedLift(exercise: "Bench Press (Barbell)", equipment: ["barbell", "bench"], estimatedMaxKg: kg)
    }
    static func deadlift(_ kg: Double) -> LoggedLift {
        LoggedLift(exercise: "Deadlift (Barbell)", equipment: ["barbell"], estimatedMaxKg: kg)
    }
    static func squat(_ kg: Double) -> LoggedLift {
        LoggedLift(exercise: "Squat (Barbell)", equipment: ["barbell", "rack"], estimatedMaxKg: kg)
    }

    /// A free-form session `offset` days from day 0 with `lifts`.
    static func lifted(day offset: Int, _ lifts: [LoggedLift] = []) -> PastSession {
        PastSession(
            workoutID: nil, startedAt: Fixtures.day(offset, 18), durationMinutes: 60, title: "Lift", lifts: lifts)
    }

    /// `days` sessions spread over the last four weeks (the latest yesterday), each lifting `lifts`.
    static func recentLog(days: Int, _ lifts: [LoggedLift] = []) -> [PastSession] {
        (0..<days).map { lifted(day: -1 - $0 * 27 / max(1, days - 1), lifts) }
    }

    /// A member without a profile, on day 0, whose first session ever was `firstDay` days from day 0.
    static func member(
        profile: MemberProfile? = nil, sessions: [PastSession], firstDay: Int? = nil
    ) -> MemberContext {
        var member = Fixtures.member(profile: profile, sessions: sessions)
        member.firstSessionAt = firstDay.map { Fixtures.day($0, 18) }
        return member
    }

    @Test("main lifts are recognised by name; variants and other equipment are not")
    func mainLiftNames() {
        typealias Lift = LogInference.MainLift
        #expect(Lift.of("Bench Press (Barbell)") == .benchPress)
        #expect(Lift.of("Squat (Barbell)") == .squat)
        #expect(Lift.of("Barbell Back Squat") == .squat)
        #expect(Lift.of("Deadlift (Barbell)") == .deadlift)
        #expect(Lift.of("Sumo Deadlift (Barbell)") == .deadlift)
        #expect(Lift.of("Overhead Press (Barbell)") == .overheadPress)
        #expect(Lift.of("Romanian Deadlift (Barbell)") == nil)
        #expect(Lift.of("Bench Press (Dumbbell)") == nil)
        #expect(Lift.of("Incline Bench Press (Barbell)") == nil)
        #expect(Lift.of("Hack Squat") == nil)
        #expect(Lift.of("Leg Press (Machine)") == nil)
        #expect(Lift.of("Shoulder Press (Dumbbell)") == nil)
    }

    @Test("two years of logs at 3.5 sessions a week: advanced, said so")
    func historyAdvanced() throws {
        let inferred = try #require(Self.member(sessions: Self.recentLog(days: 14), firstDay: -800).inferredTraining)
        #expect(inferred.level == .advanced)
        #expect(inferred.reasons == ["level inferred from 2 years of logs, 3.5 sessions a week: advanced"])
    }

    @Test("eight months at 2 a week: intermediate; at 1 a week: nothing")
    func historyIntermediate() throws {
        let steady = try #require(Self.member(sessions: Self.recentLog(days: 8), firstDay: -250).inferredTraining)
        #expect(steady.level == .intermediate)
        #expect(steady.reasons == ["level inferred from 8 months of logs, 2.0 sessions a week: intermediate"])
        #expect(Self.member(sessions: Self.recentLog(days: 4), firstDay: -250).inferredTraining == nil)
    }

    @Test("loads: a 180 kg deadlift in two sessions makes an intermediate after three weeks")
    func loadsIntermediate() throws {
        let sessions = [Self.lifted(day: -20, [Self.deadlift(180)]), Self.lifted(day: -6, [Self.deadlift(185)])]
        let inferred = try #require(Self.member(sessions: sessions).inferredTraining)
        #expect(inferred.level == .intermediate)
        #expect(
            inferred.reasons.first
                == "level inferred from 2 weeks of logs, 0.5 sessions a week, deadlift 180 kg: intermediate")
    }

    @Test("loads: two lifts at the advanced marks make an advanced lifter")
    func loadsAdvanced() throws {
        let lifts = [Self.squat(180), Self.deadlift(210), Self.bench(100)]
        let inferred = try #require(Self.member(sessions: Self.recentLog(days: 3, lifts)).inferredTraining)
        #expect(inferred.level == .advanced)
    }

    @Test("one heavy session (a typo) promotes nobody")
    func oneOutlier() {
        let sessions = [Self.lifted(day: -9, [Self.deadlift(250)]), Self.lifted(day: -2, [Self.deadlift(100)])]
        #expect(Self.member(sessions: sessions).inferredTraining?.level == nil)
    }

    @Test("a log that stopped more than four weeks ago infers nothing")
    func staleLog() {
        let sessions = (0..<40).map { Self.lifted(day: -40 - $0, [Self.deadlift(220), Self.squat(190)]) }
        #expect(Self.member(sessions: sessions, firstDay: -900).inferredTraining == nil)
    }

    @Test("equipment: tags of lifts logged in two recent sessions or more")
    func equipment() throws {
        let kettlebell = LoggedLift(exercise: "Kettlebell Swing", equipment: ["kettlebell"], estimatedMaxKg: 24)
        let sessions = [
            Self.lifted(day: -3, [Self.bench(60)]), Self.lifted(day: -5, [Self.bench(60), kettlebell]),
            Self.lifted(day: -40, [kettlebell]),
        ]
        let inferred = try #require(Self.member(sessions: sessions).inferredTraining)
        #expect(inferred.level == nil)
        #expect(inferred.equipment == ["barbell", "bench"])
        #expect(inferred.reasons == ["equipment seen in your log: barbell, bench"])
    }

    @Test("a barbell and a machine mean a gym: cables and a pull-up bar are assumed, and said so")
    func gym() throws {
        let press = LoggedLift(exercise: "Chest Press (Machine)", equipment: ["machine"], estimatedMaxKg: 80)
        let sessions = [Self.lifted(day: -3, [Self.bench(60), press]), Self.lifted(day: -5, [Self.bench(60), press])]
        let inferred = try #require(Self.member(sessions: sessions).inferredTraining)
        #expect(inferred.equipment == LogInference.gymEquipment)
        #expect(
            inferred.reasons == [
                "equipment seen in your log: barbell, bench, machine",
                "barbell and machines mean a gym: cable, dumbbell, pullup bar, rack assumed",
            ])
    }

    @Test("a stated level and equipment always win")
    func statedWins() throws {
        let sessions = Self.recentLog(days: 14, [Self.squat(200), Self.deadlift(240)])
        let stated = MemberProfile(level: .beginner, equipment: ["dumbbell"])
        #expect(Self.member(profile: stated, sessions: sessions, firstDay: -800).inferredTraining == nil)
        let silent = MemberProfile(goal: "strength", level: .beginner)
        let inferred = try #require(Self.member(profile: silent, sessions: sessions, firstDay: -800).inferredTraining)
        #expect(inferred.level == nil)
        #expect(inferred.equipment == ["barbell", "rack"])
        let member = Self.member(profile: silent, sessions: sessions, firstDay: -800)
        #expect(member.rankingProfile(inferred)?.level == .beginner)
        #expect(member.rankingProfile(inferred)?.goal == "strength")
    }

    @Test("the log is read (its lifts fetched) exactly for the members whose profile leaves something to infer")
    func logReadWhenSomethingIsInferred() {
        let sessions = Self.recentLog(days: 14, [Self.squat(200), Self.deadlift(240)])
        let profiles: [MemberProfile?] = [
            nil, MemberProfile(), MemberProfile(level: .beginner), MemberProfile(equipment: ["barbell"]),
            MemberProfile(level: .advanced, equipment: ["none", ""]),
            MemberProfile(level: .beginner, equipment: ["none"]),
            MemberProfile(level: .beginner, equipment: ["dumbbell"]),
            MemberProfile(level: .advanced, equipment: ["none", "rack"]),
        ]
        for profile in profiles {
            let inferred = Self.member(profile: profile, sessions: sessions, firstDay: -800).inferredTraining
            // Whenever something is inferred from these lifts, the log was to be read.
            #expect(LogInference.reads(profile) == (inferred != nil), "\(String(describing: profile))")
        }
        #expect(profiles.map(LogInference.reads) == [true, true, true, true, true, true, false, false])
    }

    @Test("a lifter without a profile gets barbell programs above beginner, with the reason")
    func recommendations() throws {
        let lifts = [Self.bench(110), Self.deadlift(160), LoggedLift(exercise: "Curl", equipment: ["dumbbell"])]
        let member = Self.member(sessions: Self.recentLog(days: 14, lifts), firstDay: -800)
        let reason = "level inferred from 2 years of logs, 3.5 sessions a week: advanced"
        let recommender = Fixtures.recommender()
        let programs = recommender.recommendations(for: member)
        let upperLower = try #require(programs.first { $0.programID == Fixtures.upperLower.id })
        #expect(upperLower.reasons.contains(reason))
        #expect(upperLower.reasons.contains("equipment seen in your log: barbell, bench, dumbbell"))
        #expect(!programs.contains { $0.reasons.contains("beginner-friendly, no equipment") })

        let suggestion = try #require(recommender.dailySuggestion(for: member).suggestion)
        #expect(suggestion.reasons.contains(reason))
        #expect(!suggestion.reasons.contains("beginner-safe start"))
        for ranked in recommender.rankWorkouts(for: member) {
            #expect(
                HardConstraintAudit.violations(workoutID: ranked.workoutID, member: member, library: Fixtures.library)
                    .isEmpty)
        }
        #expect(recommender.rankWorkouts(for: member).contains { $0.programID == Fixtures.upperLower.id })

        // When the person's own session wins, the reasons say what was inferred too.
        let own = (0..<14).map { index in
            PastSession(
                workoutID: nil, startedAt: Fixtures.day(-2 - 2 * index, 18), durationMinutes: 60,
                title: index % 2 == 0 ? "Heavy A" : "Heavy B",
                work: [MuscleWork(group: "core", sets: 3, load: 2.4)], lifts: lifts)
        }
        let ownMember = Self.member(sessions: own, firstDay: -800)
        let ownPick = try #require(recommender.dailySuggestion(for: ownMember).suggestion)
        #expect(ownPick.ownTitle == "Heavy B", "\(ownPick)")
        #expect(ownPick.reasons.contains(reason), "\(ownPick.reasons)")

        // The same log with a stated beginner level keeps the beginner cap.
        var stated = member
        stated.profile = MemberProfile(level: .beginner)
        #expect(!recommender.recommendations(for: stated).contains { $0.programID == Fixtures.upperLower.id })
    }
}
