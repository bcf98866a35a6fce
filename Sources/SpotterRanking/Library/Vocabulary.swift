/// The words Spotter knows in a product's inputs, in one place: muscle groups (with the product
/// words that stand for several, such as "legs", "full body", "push"), equipment, goals and
/// levels. Every reader uses it: the library (``LibraryBuilder``), the injury filter
/// (``BodyParts/loads(_:_:)``), the personal model's coarse groups, goal fit, and
/// `spotter check-inputs`, which lists every word of the input relations found here under none
/// of these (docs/vocabulary.md).
///
/// A word is compared by its ``key(_:)``: trimmed, lower-cased, spaces and hyphens as "_"
/// ("Full Body" and "full-body" are "full_body").
public enum Vocabulary {
    /// The comparison form of a word: trimmed, lower-cased, runs of spaces and hyphens as "_".
    public static func key(_ word: some StringProtocol) -> String {
        let normalized = MuscleGroups.normalized(String(word))
        guard normalized.utf8.contains(where: { $0 == 0x20 || $0 == 0x2D }) else { return normalized }
        return normalized.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "_" }).joined(separator: "_")
    }

    // MARK: Muscles

    /// The muscle groups Spotter tracks by name (recovery, injuries, reasons).
    public static let muscleGroups: [String] = [
        "quads", "hamstrings", "glutes", "calves", "hips", "chest", "back", "upper_back", "lower_back", "shoulders",
        "arms", "biceps", "triceps", "forearms", "core", "cardio", "mobility",
    ]

    /// Every strength group: what "full body" stands for.
    static let fullBodyGroups = [
        "arms", "back", "biceps", "chest", "core", "glutes", "hamstrings", "lower_back", "quads", "shoulders",
        "triceps", "upper_back",
    ]
    private static let legGroups = ["quads", "hamstrings", "glutes", "calves"]

    /// Product words for muscles and the groups each stands for (besides the groups themselves).
    public static let muscleSynonyms: [String: [String]] = [
        "full_body": fullBodyGroups, "total_body": fullBodyGroups, "whole_body": fullBodyGroups,
        "legs": legGroups, "leg": legGroups, "lower_body": legGroups + ["hips"],
        "upper_body": ["chest", "back", "shoulders", "arms"], "push": ["chest", "shoulders", "triceps"],
        "pull": ["back", "biceps"], "posterior_chain": ["hamstrings", "glutes", "lower_back"],
        "abs": ["core"], "ab": ["core"], "abdominals": ["core"], "obliques": ["core"], "quadriceps": ["quads"],
        "quad": ["quads"], "hamstring": ["hamstrings"], "glute": ["glutes"], "calf": ["calves"],
        "hip": ["hips"], "adductors": ["hips"], "abductors": ["hips"], "pecs": ["chest"], "pectorals": ["chest"],
        "lats": ["back"], "traps": ["upper_back"], "trapezius": ["upper_back"], "middle_back": ["upper_back"],
        "delts": ["shoulders"], "deltoids": ["shoulders"], "shoulder": ["shoulders"], "bicep": ["biceps"],
        "tricep": ["triceps"], "forearm": ["forearms"], "conditioning": ["cardio"], "stretching": ["mobility"],
        "flexibility": ["mobility"],
    ]

    private static let muscleTable: [String: [String]] = {
        var table = muscleSynonyms
        for group in muscleGroups { table[group] = [group] }
        return table
    }()

    /// The groups a muscle word stands for ("legs" → quads, hamstrings, glutes, calves), or nil
    /// when Spotter does not know it. Such a workout loads every body part of an injured person.
    public static func muscleGroups(for word: some StringProtocol) -> [String]? {
        muscleTable[key(word)]
    }

    /// The words of `words` that are neither a group nor a synonym (empty words are ignored).
    public static func unknownMuscles(_ words: [String]) -> [String] {
        words.filter { !key($0).isEmpty && muscleGroups(for: $0) == nil }
    }

    // MARK: Equipment

    /// The equipment tags Spotter knows without an exercise library; an exercise library's tags
    /// (or a kind's `known_equipment`) add to them.
    public static let equipment: [String] = [
        "barbell", "dumbbell", "kettlebell", "bench", "rack", "cable", "machine", "pullup_bar", "bands", "box",
        "mat", "bike", "rower", "treadmill", "elliptical", "jump_rope", "medicine_ball", "stability_ball",
        "foam_roller", "suspension_trainer", "rings", "sled", "sandbag", "ez_bar", "landmine", "dip_station",
        "smith_machine", "weight_vest", "step", "battle_ropes",
    ]

    /// Product words for equipment and the tag each stands for; "bodyweight" and "none" need nothing.
    public static let equipmentSynonyms: [String: String] = [
        "barbells": "barbell", "dumbbells": "dumbbell", "db": "dumbbell", "kettlebells": "kettlebell",
        "kb": "kettlebell", "squat_rack": "rack", "power_rack": "rack", "cables": "cable", "cable_machine": "cable",
        "machines": "machine", "pull_up_bar": "pullup_bar", "chin_up_bar": "pullup_bar", "pullup": "pullup_bar",
        "band": "bands", "resistance_band": "bands", "resistance_bands": "bands", "plyo_box": "box",
        "yoga_mat": "mat", "exercise_bike": "bike", "stationary_bike": "bike", "bicycle": "bike",
        "rowing_machine": "rower", "skipping_rope": "jump_rope", "trx": "suspension_trainer",
        "swiss_ball": "stability_ball", "exercise_ball": "stability_ball",
    ]

    /// Words that need no equipment.
    public static let noEquipment: Set<String> = ["none", "bodyweight", "body_weight", "no_equipment", ""]

    /// The tag an equipment word stands for ("Dumbbells" → "dumbbell"); the word's key when it
    /// is not Spotter's (an exercise library's own tag); "" when it needs nothing.
    public static func equipmentTag(_ word: some StringProtocol) -> String {
        let word = key(word)
        if noEquipment.contains(word) { return "" }
        return equipmentSynonyms[word] ?? word
    }

    /// Whether an equipment word is Spotter's (a tag, a synonym, or one that needs nothing).
    public static func knowsEquipment(_ word: some StringProtocol) -> Bool {
        let word = key(word)
        return noEquipment.contains(word) || equipmentSynonyms[word] != nil || equipmentSet.contains(word)
    }
    private static let equipmentSet = Set(equipment)

    // MARK: Goals and levels

    /// The goals programs and profiles are matched by.
    public static let goals: [String] = [
        "strength", "hypertrophy", "fat_loss", "endurance", "mobility", "general_fitness",
    ]

    /// Product words for goals and the goal each stands for.
    public static let goalSynonyms: [String: String] = [
        "muscle": "hypertrophy", "build_muscle": "hypertrophy", "muscle_gain": "hypertrophy", "size": "hypertrophy",
        "bodybuilding": "hypertrophy", "weight_loss": "fat_loss", "lose_weight": "fat_loss", "fat_burn": "fat_loss",
        "cardio": "endurance", "stamina": "endurance", "flexibility": "mobility", "fitness": "general_fitness",
        "general": "general_fitness", "health": "general_fitness", "power": "strength", "get_stronger": "strength",
    ]
    private static let goalSet = Set(goals)

    /// The goal a word stands for ("Weight loss" → "fat_loss"), or nil when unknown.
    public static func goal(_ word: some StringProtocol) -> String? {
        let word = key(word)
        return goalSet.contains(word) ? word : goalSynonyms[word]
    }

    /// The levels (an enumeration of the input contract: no synonyms).
    public static let levels: [String] = Level.allCases.map(\.rawValue)

    /// The level a word names (trimmed, any case), or nil.
    public static func level(_ word: some StringProtocol) -> Level? { Level(rawValue: key(word)) }
}
