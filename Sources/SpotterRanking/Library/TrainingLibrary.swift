public import SpotterIDs

/// The training library with the indexes the ranking needs, built once per shard (or run) and
/// shared across all members. Bad data is never fatal: it is recorded in ``problems`` and the
/// offending program or workout is left out of what it cannot safely take part in.
public struct TrainingLibrary: Sendable {
    /// Programs sorted by id, duplicates removed, each with its workouts in order.
    public let programs: [LibraryProgram]
    /// The equipment tags the library knows (through ``Vocabulary/equipmentTag(_:)``: trimmed,
    /// lower-cased, synonyms as their tag).
    public let knownEquipment: Set<String>
    /// Every problem found while indexing, in program-id order.
    public let problems: [LibraryProblem]

    let indexedPrograms: [IndexedProgram]
    let workouts: [IndexedWorkout]
    let workoutIndexByID: [WorkoutID: Int]
    let programIndexByID: [ProgramID: Int]
    let muscleNames: [String]
    let muscleIndex: [String: Int]
    let equipmentIndex: [String: Int]

    /// Indexes `programs`. Equipment tags outside `knownEquipment` (besides "none" and
    /// "bodyweight", which need nothing) make a workout unusable.
    public init(programs: [LibraryProgram], knownEquipment: Set<String>) {
        var builder = LibraryBuilder(knownEquipment: knownEquipment)
        builder.index(programs)
        self.programs = builder.programs
        self.knownEquipment = builder.known
        self.problems = builder.problems
        self.indexedPrograms = builder.indexedPrograms
        self.workouts = builder.workouts
        self.workoutIndexByID = builder.workoutIndexByID
        self.programIndexByID = builder.programIndexByID
        self.muscleNames = builder.muscleNames
        self.muscleIndex = builder.muscleIndex
        self.equipmentIndex = builder.equipmentIndex
    }

    /// The program with this id.
    public func program(id: ProgramID) -> LibraryProgram? {
        programIndexByID[id].map { programs[$0] }
    }

    /// The workout with this id.
    public func workout(id: WorkoutID) -> LibraryWorkout? {
        workoutIndexByID[id].map { workouts[$0].workout }
    }

    /// All workouts, in program-id then position order.
    public var allWorkouts: [LibraryWorkout] { workouts.map(\.workout) }

    /// Ids of workouts that may be suggested (no library problem excludes them).
    public var usableWorkoutIDs: [WorkoutID] { workouts.filter { $0.unusable == nil }.map(\.workout.id) }

    /// The interned groups a logged muscle word counts for: its own name when the library
    /// tracks it, else its coarse group ("lats" → back), else the groups ``Vocabulary`` says it
    /// stands for ("legs", "full body"); empty when unknown.
    func trackedMuscles(for word: String) -> [Int] {
        let name = MuscleGroups.normalized(word)
        if let index = muscleIndex[name] { return [index] }
        if let coarse = MuscleGroups.coarseName(of: name), let index = muscleIndex[coarse] { return [index] }
        return (Vocabulary.muscleGroups(for: name) ?? []).compactMap { muscleIndex[$0] }
    }

    /// The mask of equipment tags a member has, words read through ``Vocabulary`` ("Dumbbells"
    /// is "dumbbell"); unknown tags are ignored (no workout needs them).
    func equipmentMask(_ tags: Set<String>) -> TagMask {
        var mask = TagMask(count: equipmentIndex.count)
        for tag in tags {
            if let index = equipmentIndex[tag] ?? equipmentIndex[Vocabulary.equipmentTag(tag)] { mask.insert(index) }
        }
        return mask
    }
}

/// A workout with its interned features.
struct IndexedWorkout: Sendable {
    let workout: LibraryWorkout
    let programIndex: Int
    /// 0-based index in the program's order.
    let orderIndex: Int
    /// Interned muscle groups, "full_body" expanded, sorted, unique.
    let muscles: [Int]
    /// The coarse groups of its primary muscles (``MuscleGroups/coarseMask(of:)``), read for
    /// every session and candidate of it, so computed once.
    let coarseGroups: UInt16
    let equipment: TagMask
    /// Intensity clamped to 1…5.
    let intensity: Int
    /// Why it can never be suggested, or nil.
    let unusable: String?
}

/// A program with its ordered workout indexes and schedule.
struct IndexedProgram: Sendable {
    let program: LibraryProgram
    /// Indexes into `TrainingLibrary.workouts`, in order.
    let workoutIndices: [Int]
    /// Sessions to finish: max(workouts, daysPerWeek × weeks); the workouts cycle.
    let scheduleLength: Int
    /// Program equipment ∪ workouts' equipment.
    let equipment: TagMask
    /// The longest workout, minutes.
    let maxMinutes: Int
    /// Why it can never be recommended, or nil.
    let unusable: String?
    /// The program's goal as ``GoalFit`` compares it (``GoalFit/canonical(_:)``).
    let goal: String

    /// Whether the workouts are the whole schedule rather than a repeating cycle.
    var isFullSchedule: Bool { workoutIndices.count >= scheduleLength }
    /// Days per week, at least 1.
    var daysPerWeek: Int { max(1, program.daysPerWeek) }
}
