import Testing

@testable import SpotterImport
@testable import SpotterSeed

@Suite("Exercise matching")
struct ExerciseMatcherTests {
    static let library = [
        LibraryExercise(id: 1, name: "Barbell Bench Press", muscles: ["chest", "triceps", "shoulders"]),
        LibraryExercise(id: 2, name: "Barbell Back Squat", muscles: ["quads", "glutes"]),
        LibraryExercise(id: 3, name: "Lat Pulldown", muscles: ["back", "biceps"]),
        LibraryExercise(id: 4, name: "Chin-Up", muscles: ["back", "biceps"]),
        LibraryExercise(id: 5, name: "Dumbbell Lateral Raise", muscles: ["shoulders"]),
        LibraryExercise(id: 6, name: "Triceps Pushdown", muscles: ["triceps"]),
    ]
    let matcher = ExerciseMatcher(library: library)

    @Test("same words in any order, case or punctuation; simple plurals")
    func sameWords() {
        #expect(matcher.match("Bench Press (Barbell)").exerciseID == 1)
        #expect(matcher.match("barbell bench-press").exerciseID == 1)
        #expect(matcher.match("Chin Up").exerciseID == 4)
        #expect(matcher.match("Lateral Raises (Dumbbell)").exerciseID == 5)
        #expect(matcher.match("Tricep Pushdowns").exerciseID == 6)
        #expect(matcher.match("Bench Press (Barbell)").muscles == ["chest", "triceps", "shoulders"])
    }

    @Test("synonyms and names without their '(equipment)'")
    func synonyms() {
        #expect(
            matcher.match("Squat (Barbell)")
                == ExerciseMatch(exerciseID: 2, muscles: ["quads", "glutes"], how: .synonym))
        #expect(matcher.match("Lat Pulldown (Cable)").exerciseID == 3)
        #expect(matcher.match("Lat Pulldown (Single Arm)").how == .baseName)
        #expect(matcher.match("Triceps Pushdown (Cable - Straight Bar)").exerciseID == 6)
        #expect(matcher.match("Triceps Pressdown").exerciseID == 6)
    }

    @Test("every synonym names an exercise of the seed catalog, and each written name is listed once")
    func synonymTargetsExist() {
        let seeded = ExerciseMatcher(
            library: SeedCatalog.exerciseDrafts.enumerated().map { index, draft in
                LibraryExercise(id: Int64(index + 1), name: draft.name, muscles: [draft.muscles])
            })
        for pair in ExerciseSynonyms.pairs {
            #expect(seeded.match(pair.library).how == .name, "\(pair.library) is not a seed catalog name")
            #expect(seeded.match(pair.written).exerciseID != nil, "\(pair.written)")
            #expect(
                ExerciseName(pair.written).key != ExerciseName(pair.library).key, "\(pair.written) needs no synonym")
        }
        let keys = ExerciseSynonyms.pairs.map { ExerciseName($0.written).key }
        #expect(Set(keys).count == keys.count, "a written name is listed twice")
    }

    @Test(
        "unknown exercises keep their name with muscles inferred from it, or unknown",
        arguments: [
            ("T Bar Row", ["back", "biceps"]), ("Incline Chest Press (Machine)", ["chest", "triceps"]),
            ("Seated Leg Curl (Machine)", ["hamstrings"]), ("Leg Extension (Machine)", ["quads"]),
            ("Hack Squat", ["quads", "glutes"]), ("Walking Lunges", ["quads", "glutes"]),
            ("Preacher Curl (Barbell)", ["biceps"]), ("Seated Palms Up Wrist Curl", ["forearms"]),
            ("Skullcrusher (Barbell)", ["triceps"]), ("Cable Crossover Ladder", ["chest"]),
            ("Lateral Raise (Machine)", ["shoulders"]), ("Shoulder Press (Machine Plates)", ["shoulders", "triceps"]),
            ("Rear Delt Reverse Fly (Cable)", ["shoulders", "upper_back"]), ("Shrug (Cable)", ["upper_back"]),
            ("Seated Cable Row - V Grip (Cable)", ["back", "biceps"]), ("Wide Pull Up", ["back", "biceps"]),
            ("Romanian Deadlift (Dumbbell)", ["hamstrings", "glutes"]),
            ("Sumo Deadlift (Barbell)", ["hamstrings", "glutes", "lower_back"]),
            ("Hip Thrust (Machine)", ["glutes", "hamstrings"]), ("Hip Adduction (Machine)", ["hips"]),
            ("Calf Press (Machine)", ["calves"]), ("Dragon Flag", ["core"]), ("Cable Crunches", ["core"]),
            ("Rowing (Machine)", ["cardio"]), ("Treadmill Run", ["cardio"]), ("Warm Up", []),
            ("Zottman Thing", []),
        ])
    func inferred(name: String, muscles: [String]) {
        let match = matcher.match(name)
        #expect(match.exerciseID == nil)
        #expect(match.how == .inferred)
        #expect(match.muscles == muscles)
    }

    @Test("inferred muscles use only the catalog's vocabulary")
    func vocabulary() {
        let known: Set<String> = [
            "quads", "glutes", "chest", "back", "shoulders", "arms", "core", "hamstrings", "calves", "full_body",
            "cardio", "mobility", "biceps", "triceps", "forearms", "upper_back", "lower_back", "hips",
        ]
        for rule in MuscleInference.rules {
            #expect(Set(rule.muscles).isSubset(of: known), "\(rule)")
        }
    }
}
