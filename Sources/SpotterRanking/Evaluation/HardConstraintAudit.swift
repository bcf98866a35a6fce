import Foundation
import SpotterCalendar
public import SpotterIDs

/// An independent check of the hard constraints, written apart from the ranking's fast path
/// (plain string sets over the raw context, no interned indexes, `Calendar` days), so the
/// evaluation can count violations of whatever any ranker proposes.
///
/// The hard constraints: for a library workout, no library problem, the member's equipment
/// and level, the session length (cold start: beginner, bodyweight, ≤ `coldStartMaxMinutes`,
/// intensity ≤ `coldStartMaxIntensity`); for anyone, no body part named by a current health
/// fact loaded ("injury": a muscle word outside ``Vocabulary`` loads every part); for a beginner by training age, no primary muscle group trained within
/// `recoveryHours` ("recovery") and no session repeated within `noRepeatDays` ("repeat").
public enum HardConstraintAudit {
    /// Library problems that make a workout unusable.
    private static let excluding: Set<LibraryProblem.Code> = [.unknownEquipment, .invalidLength, .noPrimaryMuscles]

    /// The hard constraints library workout `workoutID` breaks, with the training age computed
    /// from `member.sessions` (for a one-off check on a whole history).
    public static func violations(
        workoutID: WorkoutID, member: MemberContext, library: TrainingLibrary,
        configuration: RankingConfiguration = .init()
    ) -> [String] {
        let zone = member.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let days = member.sessions.filter { $0.startedAt <= member.now }.map {
            CivilDays.localDay(of: $0.startedAt, in: zone)
        }
        let level = TrainingAge.level(
            profile: member.profile?.level, sessions: days.count, spanDays: (days.max() ?? 0) - (days.min() ?? 0))
        return violations(
            pick: .workout(workoutID), muscleGroups: [], member: member, level: level, library: library,
            configuration: configuration)
    }

    /// The hard constraints a pick breaks for `member` on `member.localDate`, with the
    /// person's training age `level` (from their whole history). `pick` is a library workout, or
    /// one of the person's own sessions with its coarse `muscleGroups`. Empty when it is safe.
    public static func violations(
        pick: SessionKind, muscleGroups: [String], member: MemberContext, level: Level, library: TrainingLibrary,
        configuration: RankingConfiguration = .init()
    ) -> [String] {
        var broken: [String] = []
        let history = member.sessions.filter { $0.startedAt <= member.now }
        var muscles: Set<String>
        switch pick {
        case .workout(let workoutID):
            guard let workout = library.workout(id: workoutID), let program = library.program(id: workout.programID)
            else { return ["unknown workout"] }
            broken += libraryViolations(
                workout, program, member: member, history: history, library: library, configuration: configuration)
            let exempt = configuration.recoveryExemptCategories.map(MuscleGroups.normalized)
            muscles = exempt.contains(MuscleGroups.normalized(program.category)) ? [] : expanded(workout.primaryMuscles)
            if !Injuries.current(member.healthFacts, asOf: member.now).filter({
                BodyParts.loads(workout.primaryMuscles, $0.part)
            })
            .isEmpty {
                broken.append("injury")
            }
        case .title, .muscleGroups:
            muscles = Set(muscleGroups)
            let injuries = Injuries.current(member.healthFacts, asOf: member.now)
            if !injuries.isEmpty
                && (muscleGroups.isEmpty || injuries.contains { BodyParts.loads(muscleGroups, $0.part) })
            {
                broken.append("injury")
            }
        }
        guard level == .beginner else { return broken }
        muscles.subtract(configuration.recoveryExemptMuscles.map(MuscleGroups.normalized))
        muscles.subtract(["cardio"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = member.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let today = day(of: member.localDate, calendar: calendar) ?? calendar.startOfDay(for: member.now)
        let coarsePick = isCoarse(pick)
        var tired = false
        var repeated = false
        for session in history where member.now.timeIntervalSince(session.startedAt) < 8 * 86_400 {
            let days =
                calendar.dateComponents([.day], from: calendar.startOfDay(for: session.startedAt), to: today).day ?? 0
            var trained = Set<String>()
            for work in session.work where work.sets > 0 {
                let name = MuscleGroups.normalized(work.group)
                let known = library.muscleIndex[name] != nil ? name : (MuscleGroups.coarseName(of: name) ?? name)
                trained.formUnion(expanded([coarsePick ? name : known]))
            }
            var sameKind = false
            if let id = session.workoutID, let done = library.workout(id: id) {
                let category = library.program(id: done.programID).map { MuscleGroups.normalized($0.category) }
                if !configuration.recoveryExemptCategories.map(MuscleGroups.normalized).contains(category ?? "") {
                    trained.formUnion(expanded(done.primaryMuscles))
                }
                sameKind = pick == .workout(id)
            } else if case .title(let title) = pick, let own = session.title {
                sameKind = own.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") == title
            }
            if coarsePick { trained = Set(trained.compactMap { MuscleGroups.coarseName(of: $0) }) }
            if days * 24 < configuration.recoveryHours && !trained.isDisjoint(with: muscles) { tired = true }
            if sameKind && days < configuration.noRepeatDays { repeated = true }
        }
        if tired { broken.append("recovery") }
        if repeated { broken.append("repeat") }
        return broken
    }

    private static func isCoarse(_ pick: SessionKind) -> Bool { pick.isOwn }

    private static func libraryViolations(
        _ workout: LibraryWorkout, _ program: LibraryProgram, member: MemberContext, history: [PastSession],
        library: TrainingLibrary, configuration: RankingConfiguration
    ) -> [String] {
        var broken: [String] = []
        if library.problems.contains(where: { $0.workoutID == workout.id && excluding.contains($0.code) }) {
            broken.append("catalog")
        }
        let profile = member.rankingProfile(member.inferredTraining)
        let coldStart = profile == nil || history.isEmpty
        let have = Set((profile?.equipment ?? []).map(Vocabulary.equipmentTag))
        let need = Set(workout.equipment.map(Vocabulary.equipmentTag)).subtracting([""])
        if !need.isSubset(of: have) { broken.append("equipment") }
        let level = coldStart ? Level.beginner : (profile?.level ?? .beginner)
        if program.level > level { broken.append("level") }
        let preferred = profile?.sessionMinutes.flatMap { $0 > 0 ? $0 : nil }
        let limit =
            preferred.map { $0 + configuration.sessionLengthSlackMinutes }
            ?? (coldStart ? configuration.coldStartMaxMinutes : nil)
        let enrolled = member.enrollments.contains { $0.status == "active" && $0.programID == workout.programID }
        if let limit, workout.estimatedMinutes > limit, preferred == nil || !enrolled { broken.append("length") }
        if coldStart && min(5, max(1, workout.intensity)) > configuration.coldStartMaxIntensity {
            broken.append("intensity")
        }
        return broken
    }

    private static func day(of text: String, calendar: Calendar) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        let components = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    private static func expanded(_ muscles: [String]) -> Set<String> {
        var result = Set<String>()
        for muscle in muscles.map(MuscleGroups.normalized) where !muscle.isEmpty {
            result.formUnion(Vocabulary.muscleGroups(for: muscle) ?? [muscle])
        }
        return result
    }
}
