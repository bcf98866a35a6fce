import Foundation
import SpotterReasons

/// The hard constraints a workout can break for a member on a day.
struct Violations: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// A library problem excludes the workout (unknown equipment, no length, no muscle groups).
    static let libraryProblem = Violations(rawValue: 1 << 0)
    /// Needs equipment the member does not have.
    static let equipment = Violations(rawValue: 1 << 1)
    /// The program's level is above the member's (beginner on a cold start).
    static let level = Violations(rawValue: 1 << 2)
    /// A primary muscle group was trained within the recovery window.
    static let recovery = Violations(rawValue: 1 << 3)
    /// The workout was done within the no-repeat window.
    static let repeated = Violations(rawValue: 1 << 4)
    /// Longer than the preferred session length plus slack (cold start: the cold-start maximum).
    static let length = Violations(rawValue: 1 << 5)
    /// Cold start: harder than the cold-start maximum intensity.
    static let intensity = Violations(rawValue: 1 << 6)
    /// Loads a body part a current health fact names (or may: a muscle word outside
    /// ``Vocabulary`` loads every part).
    static let injury = Violations(rawValue: 1 << 7)

    /// Each constraint in a fixed order, for counting and describing.
    static let each: [Violations] = [
        .libraryProblem, .equipment, .level, .recovery, .repeated, .length, .intensity, .injury,
    ]
}

extension Recommender {
    /// The hard constraints workout `index` breaks for `state`. O(muscles + equipment words).
    func violations(of index: Int, state: MemberState) -> Violations {
        // Read in place: it runs for every library workout and member, and a copy of the indexed
        // workout would retain its arrays.
        let programIndex = library.workouts[index].programIndex
        var result: Violations = []
        if library.workouts[index].unusable != nil { result.insert(.libraryProblem) }
        if !library.workouts[index].equipment.isSubset(of: state.equipment) { result.insert(.equipment) }
        if library.indexedPrograms[programIndex].program.level > state.levelCap { result.insert(.level) }
        for muscle in library.workouts[index].muscles where !recoveryExempt[muscle] && !recoveryExemptWorkout[index] {
            if let rested = state.restedHours(muscle: muscle), rested < configuration.recoveryHours,
                state.restEnforced(muscle: muscle, library: library)
            {
                result.insert(.recovery)
                break
            }
        }
        if !state.repeatsAllowed, let days = state.daysSinceDone(workout: index), days < configuration.noRepeatDays {
            result.insert(.repeated)
        }
        if state.workoutInjury[index] != nil { result.insert(.injury) }
        if let limit = state.maxMinutes, library.workouts[index].workout.estimatedMinutes > limit,
            state.preferredMinutes == nil || !state.enrolledPrograms.contains(programIndex)
        {
            result.insert(.length)
        }
        if let limit = state.maxIntensity, library.workouts[index].intensity > limit { result.insert(.intensity) }
        return result
    }

    /// A short reason for one broken constraint of workout `index` ("chest trained 20 h ago").
    func describe(_ violation: Violations, of index: Int, state: MemberState) -> Reason {
        let workout = library.workouts[index]
        switch violation {
        case .libraryProblem:
            return workout.unusable.map { Reason(.workoutUnusable, ["problem": .text($0)]) } ?? Reason(.catalogProblem)
        case .equipment: return Reason(.needsMissingEquipment)
        case .level: return Reason(.aboveLevel)
        case .recovery:
            let tired = workout.muscles.filter {
                !recoveryExempt[$0] && (state.restedHours(muscle: $0) ?? .max) < configuration.recoveryHours
                    && state.restEnforced(muscle: $0, library: library)
            }
            let rested = tired.compactMap { state.restedHours(muscle: $0) }.min() ?? 0
            let muscles = ReasonValue.terms(MuscleGroups.displayTerms(tired.map { library.muscleNames[$0] }))
            switch rested {
            case ..<24: return Reason(.musclesTrainedToday, ["muscles": muscles])
            case 24: return Reason(.musclesTrainedYesterday, ["muscles": muscles])
            default: return Reason(.musclesTrainedHoursAgo, ["muscles": muscles, "hours": .count(rested)])
            }
        case .repeated:
            return Reason(.workoutDoneDaysAgo, ["days": .count(state.daysSinceDone(workout: index) ?? 0)])
        case .length: return Reason(.sessionTooLong, ["minutes": .count(workout.workout.estimatedMinutes)])
        case .intensity: return Reason(.tooHardForFirstSession)
        case .injury:
            guard let injury = state.workoutInjury[index].map({ state.injuries[$0] }) else {
                return Reason(.loadsInjury)
            }
            let part = ReasonValue.bodyPart(part: injury.part.name, side: injury.side)
            let unknown = BodyParts.unknownMuscles(workout.workout.primaryMuscles)
            guard unknown.isEmpty else {
                let words = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
                return Reason(.mayLoadInjuredPart, ["part": part, "muscles": .text(words)])
            }
            return Reason(.loadsInjuredPart, ["part": part])
        default: return Reason(.breaksHardConstraint)
        }
    }

    /// Why nothing fits: counts per broken constraint over every workout.
    func nothingFitsReason(state: MemberState) -> String {
        let total = library.workouts.count
        var notes =
            (state.inferred?.reasons ?? [])
            + (state.member.profile.map { state.profile?.problems ?? $0.problems } ?? ["no profile yet"])
        guard total > 0 else {
            return (["nothing fits today: the catalog has no workouts"] + notes).joined(separator: "; ")
        }
        var counts = Array(repeating: 0, count: Violations.each.count)
        var unknownWords: [String] = []
        var unknownWorkouts = 0
        for index in 0..<total {
            let broken = violations(of: index, state: state)
            for (i, violation) in Violations.each.enumerated() where broken.contains(violation) { counts[i] += 1 }
            if broken.contains(.injury) {
                let unknown = BodyParts.unknownMuscles(library.workouts[index].workout.primaryMuscles)
                if !unknown.isEmpty { unknownWorkouts += 1 }
                for word in unknown where !unknownWords.contains(word) { unknownWords.append(word) }
            }
        }
        let phrases = [
            "have catalog problems", "need equipment you don't have",
            "are above your level\(state.isColdStart ? " (beginner on a first day)" : "")",
            "train muscles worked in the last \(configuration.recoveryHours) h",
            "repeat a workout from the last \(configuration.noRepeatDays) days",
            "run longer than \(state.maxMinutes ?? 0) minutes",
            "are harder than intensity \(state.maxIntensity ?? 0) for a first session",
            "load an injured body part",
        ]
        let parts = zip(counts, phrases).filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        var first = "nothing fits today: of \(total) workouts, " + parts.joined(separator: ", ")
        if unknownWorkouts > 0 {
            // Why a workout with muscles Spotter does not know counts as loading the injury.
            let words = unknownWords.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            first +=
                " (\(unknownWorkouts) of them name muscle groups Spotter does not know, \(words), so may load any part)"
        }
        notes.insert(first, at: 0)
        if !state.injuries.isEmpty {
            let zone = state.member.timeZone ?? TimeZone(secondsFromGMT: 0)!
            notes.insert("rest or gentle mobility today", at: 1)
            notes.insert(contentsOf: state.injuries.map { $0.reason(in: zone).text }, at: 1)
        }
        return notes.joined(separator: "; ")
    }
}
