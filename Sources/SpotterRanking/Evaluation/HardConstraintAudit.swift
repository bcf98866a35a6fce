import Foundation

/// An independent check of the hard constraints, written apart from the ranking's fast path
/// (plain string sets over the raw context, no interned indexes), so the evaluation can count
/// violations of whatever any ranker proposes.
public enum HardConstraintAudit {
    /// Catalog problems that make a workout unusable.
    private static let excluding: Set<CatalogProblem.Code> = [.unknownEquipment, .invalidLength, .noPrimaryMuscles]

    /// The hard constraints `workoutID` breaks for `member` on `member.localDate`: "catalog",
    /// "equipment", "level", "recovery", "repeat", "length", "intensity". Empty when it is safe.
    /// Rest is counted with `Calendar` in the member's zone (24 h per local day).
    public static func violations(
        workoutID: Int64, member: MemberContext, catalog: Catalog, configuration: RankingConfiguration = .init()
    ) -> [String] {
        guard let workout = catalog.workout(id: workoutID), let program = catalog.program(id: workout.programID) else {
            return ["unknown workout"]
        }
        var broken: [String] = []
        if catalog.problems.contains(where: { $0.workoutID == workoutID && excluding.contains($0.code) }) {
            broken.append("catalog")
        }
        let history = member.sessions.filter { $0.startedAt <= member.now }
        let coldStart = member.profile == nil || history.isEmpty

        let have = Set((member.profile?.equipment ?? []).map(MuscleGroups.normalized))
        let need = Set(workout.equipment.map(MuscleGroups.normalized)).subtracting(["none", ""])
        if !need.isSubset(of: have) { broken.append("equipment") }

        let level = coldStart ? Level.beginner : (member.profile?.level ?? .beginner)
        if program.level > level { broken.append("level") }

        let exempt = Set(configuration.recoveryExemptMuscles.map(MuscleGroups.normalized))
        let exemptCategories = Set(configuration.recoveryExemptCategories.map(MuscleGroups.normalized))
        func restless(_ program: CatalogProgram?) -> Bool {
            program.map { exemptCategories.contains(MuscleGroups.normalized($0.category)) } ?? false
        }
        let muscles = restless(program) ? [] : expanded(workout.primaryMuscles).subtracting(exempt)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = member.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let today = day(of: member.localDate, calendar: calendar) ?? calendar.startOfDay(for: member.now)
        var tired = false
        var repeated = false
        for session in history {
            guard let id = session.workoutID, let done = catalog.workout(id: id) else { continue }
            let days =
                calendar.dateComponents([.day], from: calendar.startOfDay(for: session.startedAt), to: today).day ?? 0
            if days * 24 < configuration.recoveryHours && !restless(catalog.program(id: done.programID))
                && !expanded(done.primaryMuscles).isDisjoint(with: muscles)
            {
                tired = true
            }
            if id == workoutID && days < configuration.noRepeatDays { repeated = true }
        }
        if tired { broken.append("recovery") }
        if repeated { broken.append("repeat") }

        let preferred = member.profile?.sessionMinutes.flatMap { $0 > 0 ? $0 : nil }
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
            if muscle == "full_body" { result.formUnion(MuscleGroups.fullBody) } else { result.insert(muscle) }
        }
        return result
    }
}
