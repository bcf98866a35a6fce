import Foundation
import SpotterCalendar
import SpotterIDs
import SpotterStats

/// What the daily ranking derives from one member's context before scoring: limits from the
/// profile, recovery per muscle group, last time per workout, plans and energy. Built once per
/// member in O(sessions + workouts).
struct MemberState: Sendable {
    struct Session: Sendable {
        let time: Double
        /// Local day number.
        let day: Int
        let workoutIndex: Int?
        let workoutID: WorkoutID?
    }

    let member: MemberContext
    /// What the log shows when the profile is missing or silent (``LogInference``).
    let inferred: InferredTraining?
    /// The profile the hard filters read: the stated one filled from `inferred`.
    let profile: MemberProfile?
    let isColdStart: Bool
    /// Whether library workouts carry the cold-start score handicap (lighter and shorter first):
    /// on a cold start, and for anyone without a stated profile even when their log fills one
    /// in, so that their own sessions (the best evidence there is) are not outscored by catalog
    /// workouts merely because the catalog's gates opened.
    let coldStartScoring: Bool
    let levelCap: Level
    let equipment: TagMask
    /// Hard maximum length, if any.
    let maxMinutes: Int?
    let preferredMinutes: Int?
    /// Hard maximum intensity (cold start), if any.
    let maxIntensity: Int?
    /// The local day number of the date the suggestion is for.
    let today: Int
    /// Per interned muscle, the local day it was last trained, or nil.
    let muscleLastDay: [Int?]
    /// Per library workout, the local day it was last done, or nil.
    let workoutLastDay: [Int?]
    let lowEnergy: Bool
    let sessions: [Session]
    /// Unfinished plans: active enrollments first (latest first), then the continuation.
    let plans: [ProgramPlan]
    /// Library programs of the member's active enrollments (finished or not).
    let enrolledPrograms: Set<Int>
    /// Active enrollments whose schedule is complete.
    let finishedPrograms: [Int]
    /// Active enrollments in programs the library does not hold.
    let unknownEnrolledPrograms: [ProgramID]
    /// The person's training age (``TrainingAge``), from the whole history.
    let level: Level
    /// Coarse groups whose rest the hard rule does not enforce: the person is not a beginner and
    /// their own history trains them again within `recoveryHours` often enough.
    let shortRestGroups: UInt16
    /// Whether the no-repeat rule is lifted: not a beginner, and the history repeats sessions.
    let repeatsAllowed: Bool
    /// Body parts to keep unloaded today (from current health facts).
    let injuries: [Injury]
    /// Per library workout, the first injury it loads, or nil.
    let workoutInjury: [Int?]
    /// What the whole history teaches.
    let personal: PersonalState
    /// The person's usual session length in minutes (their mean), when they have a history.
    var usualMinutes: Int? {
        personal.sessionCount > 0 ? max(10, Int((personal.minutesSum / Double(personal.sessionCount)).rounded())) : nil
    }

    /// Hours of rest of a muscle group on the suggestion's date (24 per local day), or nil if
    /// never trained.
    func restedHours(muscle: Int) -> Int? {
        muscleLastDay[muscle].map { 24 * (today - $0) }
    }

    /// Local days since the workout was last done, or nil if never.
    func daysSinceDone(workout: Int) -> Int? {
        workoutLastDay[workout].map { today - $0 }
    }

    /// Whether the hard rest rule applies to interned muscle `muscle`.
    func restEnforced(muscle: Int, library: TrainingLibrary) -> Bool {
        guard let coarse = MuscleGroups.coarseIndex(of: library.muscleNames[muscle]) else { return true }
        return shortRestGroups & (1 << UInt16(coarse)) == 0
    }

    /// `recoveryExemptWorkout`: per library workout, whether its program's category needs no
    /// recovery (``Recommender``'s).
    init(
        member: MemberContext, library: TrainingLibrary, configuration: RankingConfiguration, personal: PersonalState,
        recoveryExemptWorkout: [Bool]
    ) {
        self.member = member
        self.personal = personal
        level = personal.level
        shortRestGroups = level == .beginner ? 0 : personal.shortRestGroups
        repeatsAllowed = level != .beginner && personal.repeatsOwnSessions
        let injuries = Injuries.current(member.healthFacts, asOf: member.now)
        self.injuries = injuries
        workoutInjury = library.workouts.map { workout in
            injuries.firstIndex { BodyParts.loads(workout.workout.primaryMuscles, $0.part) }
        }
        let now = member.now.timeIntervalSince1970
        let zone = member.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let sessions = member.sessions
            .filter { $0.startedAt.timeIntervalSince1970 <= now }
            .map {
                Session(
                    time: $0.startedAt.timeIntervalSince1970, day: CivilDays.localDay(of: $0.startedAt, in: zone),
                    workoutIndex: $0.workoutID.flatMap { library.workoutIndexByID[$0] }, workoutID: $0.workoutID)
            }
            .sorted { ($0.time, $0.workoutID ?? .min) < ($1.time, $1.workoutID ?? .min) }
        self.sessions = sessions
        let inferred = member.inferredTraining
        self.inferred = inferred
        let profile = member.rankingProfile(inferred)
        self.profile = profile
        isColdStart = profile == nil || sessions.isEmpty
        coldStartScoring = isColdStart || member.profile == nil
        levelCap = isColdStart ? .beginner : (profile?.level ?? .beginner)
        equipment = library.equipmentMask(profile?.equipment ?? [])
        preferredMinutes = profile?.preferredMinutes
        maxMinutes =
            preferredMinutes.map { $0 + configuration.sessionLengthSlackMinutes }
            ?? (isColdStart ? configuration.coldStartMaxMinutes : nil)
        maxIntensity = isColdStart ? configuration.coldStartMaxIntensity : nil
        today = LocalDate(iso: member.localDate)?.daysSince1970 ?? CivilDays.localDay(of: member.now, in: zone)

        // The days the logged sets worked each muscle: from the sessions' work, and from the
        // personal state, which replayed the same sessions. A state kept from an earlier night
        // (``PersonalState/stored()``) comes without its sessions' work, so it alone knows them.
        var muscles = [Int?](repeating: nil, count: library.muscleNames.count)
        for (muscle, day) in personal.muscleWorkLastDay.enumerated() where muscle < muscles.count {
            muscles[muscle] = day
        }
        var workouts = [Int?](repeating: nil, count: library.workouts.count)
        for session in member.sessions where session.startedAt.timeIntervalSince1970 <= now && !session.work.isEmpty {
            let day = CivilDays.localDay(of: session.startedAt, in: zone)
            for work in session.work where work.sets > 0 {
                for muscle in library.trackedMuscles(for: work.group) {
                    muscles[muscle] = max(muscles[muscle] ?? .min, day)
                }
            }
        }
        for session in sessions {
            guard let index = session.workoutIndex else { continue }
            workouts[index] = max(workouts[index] ?? .min, session.day)
            if recoveryExemptWorkout[index] { continue }
            for muscle in library.workouts[index].muscles {
                muscles[muscle] = max(muscles[muscle] ?? .min, session.day)
            }
        }
        muscleLastDay = muscles
        workoutLastDay = workouts

        if let checkIn = member.latestCheckIn {
            let age = now - checkIn.recordedAt.timeIntervalSince1970
            lowEnergy =
                checkIn.energy <= configuration.lowEnergyThreshold && age >= 0
                && age <= Double(configuration.lowEnergyWindowHours) * 3600
        } else {
            lowEnergy = false
        }

        var plans: [ProgramPlan] = []
        var finished: [Int] = []
        var unknown: [ProgramID] = []
        var seen = Set<Int>()
        var enrolled = Set<Int>()
        let active = member.enrollments.filter(\.isActive)
            .sorted { ($1.startedAt, $0.programID) < ($0.startedAt, $1.programID) }
        for enrollment in active {
            guard let programIndex = library.programIndexByID[enrollment.programID] else {
                if !unknown.contains(enrollment.programID) { unknown.append(enrollment.programID) }
                continue
            }
            enrolled.insert(programIndex)
            guard seen.insert(programIndex).inserted else { continue }
            let plan: ProgramPlan
            if let kept = member.enrollmentProgress?.first(where: { $0.isProgress(of: enrollment) }) {
                plan = ProgramPlan.plan(
                    source: .enrollment, programIndex: programIndex, library: library, last: kept.lastOrderIndex,
                    done: kept.done)
            } else {
                plan = ProgramPlan.progress(
                    source: .enrollment, programIndex: programIndex, library: library, sessions: sessions,
                    since: enrollment.startedAt.timeIntervalSince1970)
            }
            if plan.finished { finished.append(programIndex) } else { plans.append(plan) }
        }
        if let latest = sessions.last(where: { $0.workoutIndex != nil }), let index = latest.workoutIndex {
            let programIndex = library.workouts[index].programIndex
            if !seen.contains(programIndex) {
                let plan = ProgramPlan.progress(
                    source: .continuation, programIndex: programIndex, library: library, sessions: sessions, since: nil)
                if !plan.finished { plans.append(plan) }
            }
        }
        self.plans = plans
        enrolledPrograms = enrolled
        finishedPrograms = finished
        unknownEnrolledPrograms = unknown
    }
}
