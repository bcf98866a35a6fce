/// One enrollment as generated (table `enrollments`).
struct SeedEnrollment {
    let id: Int64
    let programID: Int64
    var startedAt: Int64
    var status: String
    var completedAt: Int64?
}

/// One workout session as generated (table `workout_sessions`).
struct SeedSession {
    let id: Int64
    let workoutID: Int64?
    let startedAt: Int64
    let durationMinutes: Int
}

/// A user's enrollments and sessions.
struct SeedActivity {
    var enrollments: [SeedEnrollment] = []
    var sessions: [SeedSession] = []
}

/// Which programs a person can do and which they would pick.
enum SeedProgramChoice {
    /// Programs whose equipment the person owns, at or below their level.
    static func compatible(with person: SeedPerson) -> [SeedProgram] {
        let owned = Set(person.equipment)
        return SeedCatalog.programs.filter { program in
            (SeedPerson.levels.firstIndex(of: program.level) ?? 0) <= person.levelRank
                && program.equipment.allSatisfy(owned.contains)
        }
    }

    /// A program weighted towards the person's goal and level, avoiding the ones in `avoid`.
    static func pick(
        from programs: [SeedProgram], for person: SeedPerson, avoid: Set<Int64>, random: inout SeedRandom
    ) -> SeedProgram? {
        guard !programs.isEmpty else { return nil }
        let weights = programs.map { program -> Double in
            var weight = 1.0
            if program.goal == person.goal { weight *= 5 }
            if program.level == person.level { weight *= 2.5 }
            if program.daysPerWeek == person.daysPerWeek { weight *= 1.5 }
            if person.equipment.isEmpty == program.equipment.isEmpty { weight *= 1.5 }
            if avoid.contains(program.id) { weight *= 0.05 }
            return weight
        }
        return programs[random.weightedIndex(weights)]
    }
}
