import Foundation
import SpotterIDs
import SpotterRanking
import SpotterStats
import Testing

/// One test per hard constraint: two workouts that differ only in what the constraint checks,
/// the lower id (which wins ties) breaking it.
@Suite("Hard constraints")
struct HardConstraintTests {
    @Test("equipment: a workout needing equipment the member lacks is never suggested")
    func equipment() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Barbell Press", ["chest"], equipment: ["barbell"]),
                Fixtures.workout(2, 9, 2, "Push-ups", ["chest"], equipment: ["none"]),
            ]))
        var profile = MemberProfile(level: .intermediate, equipment: ["dumbbell"], sessionMinutes: 60)
        let member = Fixtures.member(profile: profile, sessions: Fixtures.warmHistory)
        #expect(recommender.dailySuggestion(for: member).workoutID == 2)
        #expect(recommender.rankWorkouts(for: member).map(\.workoutID) == [2])

        profile.equipment.insert("barbell")
        let equipped = Fixtures.member(profile: profile, sessions: Fixtures.warmHistory)
        #expect(recommender.dailySuggestion(for: equipped).workoutID == 1)
    }

    @Test("level: a program above the member's level is never suggested")
    func level() {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(1, "Advanced", level: .advanced, [Fixtures.workout(11, 1, 1, "Hard", ["back"])]),
                Fixtures.program(2, "Basic", level: .beginner, [Fixtures.workout(21, 2, 1, "Easy", ["back"])]),
            ], knownEquipment: Fixtures.equipment)
        let recommender = Fixtures.recommender(library)
        let intermediate = MemberProfile(level: .intermediate, equipment: Fixtures.gym)
        #expect(
            recommender.dailySuggestion(for: Fixtures.member(profile: intermediate, sessions: Fixtures.warmHistory))
                .workoutID == 21)
        let advanced = MemberProfile(level: .advanced, equipment: Fixtures.gym)
        #expect(
            recommender.dailySuggestion(for: Fixtures.member(profile: advanced, sessions: Fixtures.warmHistory))
                .workoutID == 11)
    }

    @Test("recovery: no primary muscle group trained within 48 h (counted in local days)")
    func recovery() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Chest Day", ["chest"]),
                Fixtures.workout(2, 9, 2, "Leg Day", ["quads"]),
                Fixtures.workout(3, 9, 3, "Bench Day", ["chest", "arms"]),
            ]))
        let yesterday = Fixtures.member(sessions: [Fixtures.session(3, day: -1, hour: 6)])
        let outcome = recommender.dailySuggestion(for: yesterday)
        #expect(outcome.workoutID == 2)
        #expect(!recommender.rankWorkouts(for: yesterday).map(\.workoutID).contains(1))

        // Late on D−2 is 48 h at the same time of day on D: allowed.
        let twoDaysAgo = Fixtures.member(sessions: [Fixtures.session(3, day: -2, hour: 23)])
        #expect(recommender.rankWorkouts(for: twoDaysAgo).map(\.workoutID).contains(1))
    }

    @Test("recovery days are the member's local days")
    func recoveryInLocalDays() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Chest Day", ["chest"]), Fixtures.workout(2, 9, 2, "Leg Day", ["quads"]),
            ]))
        // 23:30 in New York on D−2 is 04:30 UTC on D−1.
        let lateSession = PastSession(workoutID: 1, startedAt: Fixtures.day(-1, 4, minute: 30), durationMinutes: 40)
        var member = Fixtures.member(sessions: [lateSession])
        member.timeZone = TimeZone(identifier: "America/New_York")
        member.now = Fixtures.day(0, 5)  // 00:00 in New York
        #expect(recommender.rankWorkouts(for: member).map(\.workoutID).contains(1) == false)  // no-repeat still holds
        #expect(recommender.rankWorkouts(for: member).map(\.workoutID).contains(2))
        let chest = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(3, 9, 1, "Other Chest Day", ["chest"]),
                Fixtures.workout(1, 9, 2, "Chest Day", ["chest"]),
            ]))
        #expect(chest.rankWorkouts(for: member).map(\.workoutID) == [3])
        member.timeZone = TimeZone(secondsFromGMT: 0)
        #expect(chest.rankWorkouts(for: member).isEmpty)
    }

    @Test("recovery: biceps, triceps, upper and lower back, hips and forearms are known; full body tires them")
    func fineMuscleGroups() {
        let library = Fixtures.library([
            Fixtures.workout(1, 9, 1, "Full Body", ["full_body"]),
            Fixtures.workout(2, 9, 2, "Curls", ["biceps", "forearms"]),
            Fixtures.workout(3, 9, 3, "Rows", ["upper_back", "lower_back"]),
            Fixtures.workout(4, 9, 4, "Dips", ["triceps"]),
            Fixtures.workout(5, 9, 5, "Hip Hinge", ["hips"]),
        ])
        #expect(library.problems.isEmpty, "\(library.problems)")
        let recommender = Fixtures.recommender(library)
        // Full body yesterday: every strength group is tired, hips (not a strength group) are not.
        // (The audit counts rest as a hard constraint for beginners; a trained member is held to
        // it by the ranking too until their own history shows short rests.)
        let beginner = MemberProfile(level: .beginner, equipment: Fixtures.gym)
        let afterFullBody = Fixtures.member(profile: beginner, sessions: [Fixtures.session(1, day: -1)])
        #expect(recommender.rankWorkouts(for: afterFullBody).map(\.workoutID) == [5])
        for id: WorkoutID in [2, 3, 4] {
            let broken = HardConstraintAudit.violations(workoutID: id, member: afterFullBody, library: library)
            #expect(broken == ["recovery"], "workout \(id): \(broken)")
        }
        // Push (triceps) yesterday does not tire the pull muscles (biceps, upper back); full body it does.
        let afterDips = Fixtures.member(profile: beginner, sessions: [Fixtures.session(4, day: -1)])
        #expect(recommender.rankWorkouts(for: afterDips).map(\.workoutID).sorted() == [2, 3, 5])
    }

    @Test("no repeat: a workout done in the last 3 days is not suggested again")
    func noRepeat() {
        // Mobility needs no recovery, so only the no-repeat rule can exclude it.
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Hips", ["mobility"], minutes: 15, intensity: 1),
                Fixtures.workout(2, 9, 2, "Spine", ["mobility"], minutes: 15, intensity: 1),
            ]))
        let recent = Fixtures.member(sessions: [Fixtures.session(1, day: -2)])
        #expect(recommender.rankWorkouts(for: recent).map(\.workoutID) == [2])
        let older = Fixtures.member(sessions: [Fixtures.session(1, day: -3)])
        #expect(recommender.rankWorkouts(for: older).map(\.workoutID).sorted() == [1, 2])
    }

    @Test("session length: no workout longer than the preference plus 10 minutes")
    func sessionLength() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Long", ["back"], minutes: 41),
                Fixtures.workout(2, 9, 2, "Fits", ["back"], minutes: 40),
            ]))
        let member = Fixtures.member(
            profile: MemberProfile(level: .beginner, equipment: [], sessionMinutes: 30), sessions: Fixtures.warmHistory)
        let outcome = recommender.dailySuggestion(for: member)
        #expect(outcome.workoutID == 2)
        #expect(outcome.suggestion?.reasons.contains("fits 30 minutes") == true)
        #expect(recommender.rankWorkouts(for: member).map(\.workoutID) == [2])
    }

    @Test("low energy in the last 24 h prefers shorter, lighter work")
    func lowEnergy() {
        let recommender = Fixtures.recommender(
            Fixtures.library([
                Fixtures.workout(1, 9, 1, "Hard Session", ["back"], minutes: 45, intensity: 4),
                Fixtures.workout(2, 9, 2, "Easy Flow", ["core"], minutes: 20, intensity: 2),
            ]))
        let profile = MemberProfile(level: .beginner, equipment: [], sessionMinutes: 45)
        func member(_ checkIn: CheckIn?) -> MemberContext {
            Fixtures.member(profile: profile, sessions: Fixtures.warmHistory, checkIn: checkIn)
        }
        #expect(recommender.dailySuggestion(for: member(nil)).workoutID == 1)

        let tired = CheckIn(energy: 2, mood: 3, clarity: 3, recordedAt: Fixtures.day(-1, 20))
        let outcome = recommender.dailySuggestion(for: member(tired))
        #expect(outcome.workoutID == 2)
        #expect(outcome.suggestion?.reasons.contains("low energy today: lighter session") == true)

        let stale = CheckIn(energy: 1, mood: 3, clarity: 3, recordedAt: Fixtures.day(-2, 20))
        #expect(recommender.dailySuggestion(for: member(stale)).workoutID == 1)
        let fine = CheckIn(energy: 3, mood: 3, clarity: 3, recordedAt: Fixtures.day(-1, 20))
        #expect(recommender.dailySuggestion(for: member(fine)).workoutID == 1)
    }
}

/// Combinations where nothing fits: no row, a recorded reason naming what blocked what.
@Suite("Nothing fits")
struct NothingFitsTests {
    @Test("equipment and level together exclude everything")
    func equipmentAndLevel() throws {
        let library = TrainingLibrary(
            programs: [
                Fixtures.program(
                    1, "Barbell Basics", [Fixtures.workout(11, 1, 1, "Squat", ["quads"], equipment: ["barbell"])]),
                Fixtures.program(2, "Elite", level: .advanced, [Fixtures.workout(21, 2, 1, "Burpees", ["full_body"])]),
            ], knownEquipment: Fixtures.equipment)
        let member = Fixtures.member(
            profile: MemberProfile(level: .beginner, equipment: []), sessions: Fixtures.warmHistory)
        let reason = try #require(Fixtures.recommender(library).dailySuggestion(for: member).nothingFitsReason)
        #expect(reason.contains("of 2 workouts"))
        #expect(reason.contains("1 need equipment you don't have"))
        #expect(reason.contains("1 are above your level"))
        #expect(reason.contains("no equipment listed: bodyweight only"))
    }

    @Test("recovery and no-repeat together exclude everything")
    func recoveryAndRepeat() throws {
        let recommender = Fixtures.recommender(
            TrainingLibrary(programs: [Fixtures.fullBody], knownEquipment: Fixtures.equipment))
        let member = Fixtures.member(
            enrollments: [Enrollment(programID: 2, startedAt: Fixtures.day(-5), status: "active")],
            sessions: [Fixtures.session(201, day: -2), Fixtures.session(202, day: -1)])
        let outcome = recommender.dailySuggestion(for: member)
        let reason = try #require(outcome.nothingFitsReason)
        #expect(reason.contains("2 train muscles worked in the last 48 h"))
        #expect(reason.contains("2 repeat a workout from the last 3 days"))
        #expect(recommender.rankWorkouts(for: member).isEmpty)
    }

    @Test("a session length shorter than every workout")
    func tooShort() throws {
        let member = Fixtures.member(
            profile: MemberProfile(level: .advanced, equipment: Fixtures.gym, sessionMinutes: 4),
            sessions: Fixtures.warmHistory)
        let reason = try #require(Fixtures.recommender().dailySuggestion(for: member).nothingFitsReason)
        #expect(reason.contains("run longer than 14 minutes"))
    }

    @Test("cold start with only hard or equipped workouts")
    func coldStartNothingSafe() throws {
        let library = TrainingLibrary(
            programs: [Fixtures.upperLower, Fixtures.ppl], knownEquipment: Fixtures.equipment)
        let reason = try #require(
            Fixtures.recommender(library).dailySuggestion(for: Fixtures.member(profile: nil)).nothingFitsReason)
        #expect(reason.contains("above your level (beginner on a first day)"))
        #expect(reason.contains("no profile yet"))
    }

    @Test("an empty catalog")
    func emptyLibrary() throws {
        let recommender = Fixtures.recommender(TrainingLibrary(programs: [], knownEquipment: []))
        let reason = try #require(recommender.dailySuggestion(for: Fixtures.member()).nothingFitsReason)
        #expect(reason.contains("the catalog has no workouts"))
        #expect(recommender.recommendations(for: Fixtures.member()).isEmpty)
    }
}
