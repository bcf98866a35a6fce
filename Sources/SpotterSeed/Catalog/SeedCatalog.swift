/// The authored catalog: exercises and programs with ordered workouts.
///
/// Equipment is derived, never authored twice: a workout's equipment is the union of its
/// exercises' tags and a program's is the union of its workouts', so the three stay consistent.
public enum SeedCatalog {
    /// Every exercise, ids 1…n in authoring order.
    public static let exercises: [SeedExercise] = exerciseDrafts.enumerated().map { index, draft in
        SeedExercise(
            id: Int64(index + 1),
            slug: draft.slug,
            name: draft.name,
            primaryMuscles: words(draft.muscles),
            equipment: words(draft.equipment).sorted(),
            level: draft.level,
            category: draft.category
        )
    }

    /// Every program, ids 1…n in authoring order; workout ids are `program id * 100 + position`.
    public static let programs: [SeedProgram] = {
        let bySlug = Dictionary(exercises.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        return programDrafts.enumerated().map { index, draft in
            resolve(draft, id: Int64(index + 1), exercises: bySlug)
        }
    }()

    /// Exercises by id.
    static let exercisesByID: [Int64: SeedExercise] = Dictionary(
        exercises.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// Workouts by id.
    static let workoutsByID: [Int64: SeedWorkout] = Dictionary(
        programs.flatMap(\.workouts).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    private static func resolve(_ draft: ProgramDraft, id: Int64, exercises: [String: SeedExercise]) -> SeedProgram {
        let workouts = draft.workouts.enumerated().map { index, workout in
            resolve(workout, programID: id, position: index + 1, exercises: exercises)
        }
        return SeedProgram(
            id: id,
            title: draft.title,
            goal: draft.goal,
            level: draft.level,
            category: draft.category,
            daysPerWeek: draft.days,
            weeks: draft.weeks,
            equipment: Set(workouts.flatMap(\.equipment)).sorted(),
            description: draft.description,
            workouts: workouts
        )
    }

    private static func resolve(
        _ draft: WorkoutDraft, programID: Int64, position: Int, exercises: [String: SeedExercise]
    ) -> SeedWorkout {
        var lines: [SeedWorkoutExercise] = []
        var volume: [String: Int] = [:]
        var firstSeen: [String] = []
        var equipment: Set<String> = []
        for text in draft.lines {
            let line = parseLine(text, exercises: exercises)
            lines.append(line)
            guard let exercise = exercises[line.slug] else { continue }
            equipment.formUnion(exercise.equipment)
            for muscle in exercise.primaryMuscles {
                if volume[muscle] == nil { firstSeen.append(muscle) }
                volume[muscle, default: 0] += line.sets
            }
        }
        let order = Dictionary(firstSeen.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let muscles = firstSeen.sorted { left, right in
            let (l, r) = (volume[left] ?? 0, volume[right] ?? 0)
            return l != r ? l > r : (order[left] ?? 0) < (order[right] ?? 0)
        }
        return SeedWorkout(
            id: programID * 100 + Int64(position),
            programID: programID,
            position: position,
            title: draft.title,
            primaryMuscles: Array(muscles.prefix(4)),
            estimatedMinutes: draft.minutes,
            intensity: draft.intensity,
            equipment: equipment.sorted(),
            exercises: lines
        )
    }

    /// Parses "slug SETSxREPS" ("back_squat 5x5", "run_walk 8x1 min run / 90s walk").
    private static func parseLine(_ text: String, exercises: [String: SeedExercise]) -> SeedWorkoutExercise {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        let slug = parts[0]
        var sets = 1
        var reps = "1"
        if parts.count == 2, let x = parts[1].firstIndex(of: "x") {
            sets = Int(parts[1][..<x]) ?? 1
            reps = String(parts[1][parts[1].index(after: x)...])
        }
        return SeedWorkoutExercise(exerciseID: exercises[slug]?.id ?? 0, slug: slug, sets: sets, reps: reps)
    }

    private static func words(_ text: String) -> [String] {
        text.split(separator: " ").map(String.init)
    }
}
