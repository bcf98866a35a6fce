import SpotterIDs

/// Builds the library indexes and records problems; used once by `TrainingLibrary.init`.
struct LibraryBuilder {
    let known: Set<String>
    let equipmentIndex: [String: Int]
    var programs: [LibraryProgram] = []
    var problems: [LibraryProblem] = []
    var indexedPrograms: [IndexedProgram] = []
    var workouts: [IndexedWorkout] = []
    var workoutIndexByID: [WorkoutID: Int] = [:]
    var programIndexByID: [ProgramID: Int] = [:]
    var muscleNames: [String] = []
    var muscleIndex: [String: Int] = [:]

    init(knownEquipment: Set<String>) {
        known = Set(knownEquipment.map(Vocabulary.equipmentTag)).subtracting([""])
        var index: [String: Int] = [:]
        for (i, tag) in known.sorted().enumerated() { index[tag] = i }
        equipmentIndex = index
        for name in MuscleGroups.known.subtracting(["full_body"]).sorted() { intern(name) }
    }

    @discardableResult
    mutating func intern(_ muscle: String) -> Int {
        if let index = muscleIndex[muscle] { return index }
        muscleNames.append(muscle)
        muscleIndex[muscle] = muscleNames.count - 1
        return muscleNames.count - 1
    }

    mutating func record(
        _ code: LibraryProblem.Code, _ programID: ProgramID, _ workoutID: WorkoutID?, _ message: String
    ) {
        problems.append(LibraryProblem(code: code, programID: programID, workoutID: workoutID, message: message))
    }

    /// Required tags of a set (words read through ``Vocabulary/equipmentTag(_:)``), or the
    /// unknown ones.
    func requirement(_ tags: Set<String>) -> (mask: TagMask, unknown: [String]) {
        var mask = TagMask(count: equipmentIndex.count)
        var unknown: [String] = []
        for tag in Set(tags.map(Vocabulary.equipmentTag)).sorted() where !tag.isEmpty {
            if let index = equipmentIndex[tag] { mask.insert(index) } else { unknown.append(tag) }
        }
        return (mask, unknown)
    }

    mutating func index(_ input: [LibraryProgram]) {
        let sorted = input.enumerated().sorted { ($0.element.id, $0.offset) < ($1.element.id, $1.offset) }
        for (_, original) in sorted {
            if programIndexByID[original.id] != nil {
                record(.duplicateProgram, original.id, nil, "a program with this id came earlier: this one is ignored")
                continue
            }
            indexProgram(original)
        }
    }

    private mutating func indexProgram(_ original: LibraryProgram) {
        var program = original
        let programIndex = programs.count
        program.workouts = original.workouts.enumerated()
            .sorted {
                ($0.element.position, $0.element.id, $0.offset) < ($1.element.position, $1.element.id, $1.offset)
            }
            .map(\.element)
        var unusable: String?
        if program.workouts.isEmpty {
            record(.programWithoutWorkouts, program.id, nil, "no workouts: never recommended")
            unusable = "no workouts"
        }
        if program.daysPerWeek <= 0 || program.weeks <= 0 {
            record(
                .invalidSchedule, program.id, nil,
                "days per week \(program.daysPerWeek), weeks \(program.weeks): workouts done once, in order")
        }
        var (equipment, unknownProgramTags) = requirement(program.equipment)
        if !unknownProgramTags.isEmpty {
            record(
                .unknownEquipment, program.id, nil,
                "unknown equipment \(unknownProgramTags.joined(separator: ", ")): never recommended")
            unusable = unusable ?? "unknown equipment"
        }
        var kept: [LibraryWorkout] = []
        var indices: [Int] = []
        var maxMinutes = 0
        var previousPosition: Int?
        for var workout in program.workouts {
            if workoutIndexByID[workout.id] != nil {
                record(.duplicateWorkout, program.id, workout.id, "a workout with this id came earlier: ignored")
                continue
            }
            if workout.programID != program.id {
                record(
                    .workoutProgramMismatch, program.id, workout.id,
                    "says program \(workout.programID): taken as part of program \(program.id)")
                workout.programID = program.id
            }
            if workout.position == previousPosition {
                record(
                    .duplicatePosition, program.id, workout.id, "position \(workout.position) repeats: ordered by id")
            }
            previousPosition = workout.position
            let indexed = indexWorkout(workout, programIndex: programIndex, orderIndex: kept.count)
            if indexed.unusable != nil { unusable = unusable ?? "workout \(workout.id) unusable" }
            equipment.formUnion(indexed.equipment)
            maxMinutes = max(maxMinutes, workout.estimatedMinutes)
            workoutIndexByID[workout.id] = workouts.count
            indices.append(workouts.count)
            workouts.append(indexed)
            kept.append(workout)
        }
        program.workouts = kept
        if let reason = unusable, !kept.isEmpty, reason.hasPrefix("workout") {
            record(.unusableProgram, program.id, nil, "\(reason): never recommended")
        }
        let planned = program.daysPerWeek > 0 && program.weeks > 0 ? program.daysPerWeek * program.weeks : 0
        programIndexByID[program.id] = programIndex
        programs.append(program)
        indexedPrograms.append(
            IndexedProgram(
                program: program, workoutIndices: indices, scheduleLength: max(kept.count, planned),
                equipment: equipment, maxMinutes: maxMinutes, unusable: unusable,
                goal: GoalFit.canonical(program.goal)))
    }

    private mutating func indexWorkout(_ workout: LibraryWorkout, programIndex: Int, orderIndex: Int) -> IndexedWorkout
    {
        var unusable: String?
        let (equipment, unknown) = requirement(workout.equipment)
        if !unknown.isEmpty {
            record(
                .unknownEquipment, workout.programID, workout.id,
                "unknown equipment \(unknown.joined(separator: ", ")): never suggested")
            unusable = "unknown equipment \(unknown.joined(separator: ", "))"
        }
        if workout.estimatedMinutes <= 0 {
            record(.invalidLength, workout.programID, workout.id, "\(workout.estimatedMinutes) min: never suggested")
            unusable = unusable ?? "no length"
        }
        if !(1...5).contains(workout.intensity) {
            record(
                .intensityOutOfRange, workout.programID, workout.id,
                "intensity \(workout.intensity): clamped to 1–5")
        }
        // Muscle words through the vocabulary: "legs" is quads, hamstrings, glutes and calves.
        var muscles = Set<Int>()
        for raw in workout.primaryMuscles {
            let name = MuscleGroups.normalized(raw)
            if name.isEmpty { continue }
            guard let groups = Vocabulary.muscleGroups(for: name) else {
                record(
                    .unknownMuscle, workout.programID, workout.id,
                    "muscle group \"\(name)\" is not Spotter's: tracked by its name for recovery, and kept from "
                        + "every injured person (it may load any body part) until the view maps it")
                muscles.insert(intern(name))
                continue
            }
            for group in groups { muscles.insert(intern(group)) }
        }
        if muscles.isEmpty {
            record(.noPrimaryMuscles, workout.programID, workout.id, "recovery cannot be checked: never suggested")
            unusable = unusable ?? "no primary muscle groups"
        }
        return IndexedWorkout(
            workout: workout, programIndex: programIndex, orderIndex: orderIndex, muscles: muscles.sorted(),
            coarseGroups: MuscleGroups.coarseMask(of: workout.primaryMuscles), equipment: equipment,
            intensity: min(5, max(1, workout.intensity)), unusable: unusable)
    }
}
