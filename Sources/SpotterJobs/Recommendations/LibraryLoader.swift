public import SpotterDB
import SpotterIDs
public import SpotterRanking

/// Reads the training library (`programs`, `program_workouts`, `workout_exercises` → `exercises`)
/// into a `SpotterRanking.TrainingLibrary` with four set-based statements, once per shard job.
///
/// - A workout's equipment is the union of its exercises' equipment tags. A workout that lists
///   no exercise takes its program's declared equipment (never "bodyweight" by omission).
/// - The known equipment is Spotter's equipment words (``Vocabulary/equipment``, so a product
///   with no exercise library still gets its equipment programs) plus every exercise's tags,
///   unless the kind declares a vocabulary (`known_equipment` in `jobs/kinds.yaml`): then an
///   exercise tag outside it (a typo such as "dumbell") makes its workouts unusable, which the
///   library records.
/// - A program level outside beginner/intermediate/advanced (possible when `programs` is a view;
///   any case, trimmed) is read as advanced, the most restrictive, and noted.
///
/// Bad rows are never fatal: they end in ``LoadedLibrary/problems`` and the ranking leaves the
/// offending program or workout out of what it cannot safely take part in.
public enum LibraryLoader {
    static let exercisesSQL = "SELECT id, equipment FROM spotter.exercises"
    static let workoutExercisesSQL = "SELECT workout_id, exercise_id FROM spotter.workout_exercises"
    static let programsSQL = """
        SELECT id, title, goal, level, category, days_per_week, weeks, equipment
        FROM spotter.programs ORDER BY id
        """
    static let workoutsSQL = """
        SELECT id, program_id, position, title, primary_muscles, estimated_minutes, intensity
        FROM spotter.program_workouts ORDER BY program_id, position, id
        """
    /// The four statements, in the order ``load(in:knownEquipment:)`` runs them.
    static var statements: [String] { [exercisesSQL, workoutExercisesSQL, programsSQL, workoutsSQL] }

    /// Loads the library. `knownEquipment` overrides the vocabulary (Spotter's equipment words
    /// and the exercises' tags).
    public static func load(in session: DatabaseSession, knownEquipment: Set<String>? = nil) throws -> LoadedLibrary {
        var notes: [String] = []
        var exerciseTags: [Int64: [String]] = [:]
        var vocabulary = Set<String>()
        try session.forEachRow(exercisesSQL) { row in
            let tags = try row.tags("equipment")
            exerciseTags[try row.int64("id")] = tags
            vocabulary.formUnion(tags)
        }

        var workoutTags: [WorkoutID: Set<String>] = [:]
        var missingExercises = 0
        try session.forEachRow(workoutExercisesSQL) { row in
            let workoutID = try row.id("workout_id", as: WorkoutID.self)
            guard let tags = exerciseTags[try row.int64("exercise_id")] else {
                missingExercises += 1
                return
            }
            workoutTags[workoutID, default: []].formUnion(tags)
        }
        if missingExercises > 0 {
            notes.append("\(missingExercises) workout exercises name no known exercise: their equipment is unknown")
        }

        var programs: [LibraryProgram] = []
        var programIndex: [ProgramID: Int] = [:]
        try session.forEachRow(programsSQL) { row in
            let id = try row.id("id", as: ProgramID.self)
            let levelText = try row.string("level")
            let level = Vocabulary.level(levelText) ?? .advanced
            if Vocabulary.level(levelText) == nil {
                notes.append("program \(id) has level \"\(levelText.prefix(40))\": treated as advanced")
            }
            programIndex[id] = programs.count
            programs.append(
                LibraryProgram(
                    id: id, title: try row.string("title"), goal: try row.string("goal"), level: level,
                    category: try row.string("category"), daysPerWeek: try row.int("days_per_week"),
                    weeks: try row.int("weeks"), equipment: Set(try row.tags("equipment")), workouts: []))
        }

        var withoutExercises: [WorkoutID] = []
        var orphans = 0
        try session.forEachRow(workoutsSQL) { row in
            let id = try row.id("id", as: WorkoutID.self)
            let programID = try row.id("program_id", as: ProgramID.self)
            guard let index = programIndex[programID] else {
                orphans += 1
                return
            }
            var equipment = workoutTags[id]
            if equipment == nil {
                withoutExercises.append(id)
                equipment = programs[index].equipment
            }
            programs[index].workouts.append(
                LibraryWorkout(
                    id: id, programID: programID, position: try row.int("position"), title: try row.string("title"),
                    primaryMuscles: try row.tags("primary_muscles"), estimatedMinutes: try row.int("estimated_minutes"),
                    intensity: try row.int("intensity"), equipment: equipment ?? []))
        }
        if !withoutExercises.isEmpty {
            let list = withoutExercises.prefix(10).map(String.init).joined(separator: ", ")
            notes.append(
                "workouts without exercises take their program's equipment: \(list)"
                    + (withoutExercises.count > 10 ? ", …" : ""))
        }
        if orphans > 0 { notes.append("\(orphans) workouts belong to no program: ignored") }

        let library = TrainingLibrary(
            programs: programs, knownEquipment: knownEquipment ?? vocabulary.union(Vocabulary.equipment))
        return LoadedLibrary(library: library, notes: notes)
    }
}

/// The library as one shard job sees it, with what was wrong in the data.
public struct LoadedLibrary: Sendable {
    /// The indexed library.
    public let library: TrainingLibrary
    /// Problems of the rows that the loader itself handled (a workout without exercises, an
    /// unknown level), as sentences; the library's own findings are in `library.problems`.
    public let notes: [String]

    /// Every problem as one line each: the loader's notes, then the library's problems.
    public var problems: [String] { notes + library.problems.map(\.description) }
}
