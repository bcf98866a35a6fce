/// The one synonym table: names apps write (Strong, Hevy, and common spellings) → the library
/// name they stand for (the seed catalog's names, `Sources/SpotterSeed/Catalog`). Word order,
/// case, punctuation and simple plurals do not matter (``ExerciseName/key``), so only names
/// whose words differ from the library's need a line here: "Bench Press (Barbell)" finds
/// "Barbell Bench Press" without one. A synonym whose library name is not in the database's
/// library is ignored.
public enum ExerciseSynonyms {
    /// (name as apps write it, library name).
    public static let pairs: [(written: String, library: String)] = [
        // Squats and lunges
        ("Squat (Barbell)", "Barbell Back Squat"), ("Back Squat", "Barbell Back Squat"),

        ("Goblet Squat", "Dumbbell Goblet Squat"),
        ("Squat (Bodyweight)", "Air Squat"),
        ("Lunge (Dumbbell)", "Dumbbell Walking Lunge"),
        ("Lunge", "Walking Lunge"),
        ("Step Up", "Box Step-Up"),
        ("Leg Press (Machine)", "Leg Press"), ("Hack Squat (Machine)", "Hack Squat"),
        // Hinges
        ("Deadlift (Barbell)", "Conventional Deadlift"), ("Deadlift", "Conventional Deadlift"),
        ("RDL", "Barbell Romanian Deadlift"),
        ("Stiff Leg Deadlift", "Barbell Romanian Deadlift"),

        ("Back Extension", "45-Degree Back Extension"), ("Hyperextension", "45-Degree Back Extension"),
        ("Back Extension (Weighted Hyperextension)", "45-Degree Back Extension"),
        // Chest
        ("Bench Press", "Barbell Bench Press"), ("Flat Bench Press", "Barbell Bench Press"),
        ("Incline Bench Press (Dumbbell)", "Incline Dumbbell Press"),
        ("Chest Fly", "Dumbbell Chest Fly"),
        ("Chest Fly (Machine)", "Pec Deck Fly"), ("Pec Deck", "Pec Deck Fly"), ("Butterfly", "Pec Deck Fly"),
        ("Cable Crossover", "Cable Fly"), ("Cable Fly Crossovers", "Cable Fly"),
        ("Pushup", "Push-Up"),
        ("Bench Press - Close Grip (Barbell)", "Close-Grip Bench Press"),
        // Shoulders
        ("Overhead Press (Barbell)", "Standing Overhead Press"), ("Overhead Press", "Standing Overhead Press"),
        ("Military Press", "Standing Overhead Press"), ("Strict Press", "Standing Overhead Press"),
        ("Overhead Press (Dumbbell)", "Standing Dumbbell Press"),
        ("Seated Overhead Press (Dumbbell)", "Seated Dumbbell Shoulder Press"),
        ("Shoulder Press (Dumbbell)", "Seated Dumbbell Shoulder Press"),
        ("Seated Shoulder Press (Machine)", "Machine Shoulder Press"),
        ("Arnold Press (Dumbbell)", "Arnold Press"),
        ("Side Lateral Raise", "Dumbbell Lateral Raise"),
        ("Reverse Fly (Machine)", "Reverse Pec Deck"), ("Rear Delt Reverse Fly (Machine)", "Reverse Pec Deck"),
        ("Reverse Fly (Dumbbell)", "Bent-Over Rear Delt Fly"), ("Rear Delt Fly", "Bent-Over Rear Delt Fly"),
        ("Face Pull", "Cable Face Pull"),
        // Back
        ("Barbell Row", "Bent-Over Barbell Row"),

        ("Bent Over One Arm Row (Dumbbell)", "One-Arm Dumbbell Row"),
        ("Dumbbell Row", "One-Arm Dumbbell Row"), ("Single Arm Dumbbell Row", "One-Arm Dumbbell Row"),
        ("Chest Supported Incline Row (Dumbbell)", "Chest-Supported Dumbbell Row"),
        ("Cable Row", "Seated Cable Row"),
        ("Seated Row (Machine)", "Chest-Supported Machine Row"), ("Lat Pulldown (Cable)", "Lat Pulldown"),
        ("Lat Pulldown (Machine)", "Lat Pulldown"), ("Pullup", "Pull-Up"),
        ("Chinup", "Chin-Up"), ("Pull Up (Assisted)", "Machine-Assisted Pull-Up"),

        ("Straight Arm Pulldown (Cable)", "Straight-Arm Pulldown"),
        // Arms
        ("Bicep Curl (Barbell)", "Barbell Curl"),
        ("EZ Bar Biceps Curl", "Barbell Curl"),
        ("Dumbbell Curl", "Dumbbell Biceps Curl"), ("Bicep Curl (Cable)", "Cable Curl"),
        ("Hammer Curl (Dumbbell)", "Hammer Curl"), ("Concentration Curl (Dumbbell)", "Concentration Curl"),
        ("Triceps Pushdown (Cable - Straight Bar)", "Triceps Pushdown"),
        ("Triceps Pushdown (Cable)", "Triceps Pushdown"),
        ("Triceps Pressdown", "Triceps Pushdown"),
        ("Skullcrusher (Barbell)", "Lying Triceps Extension"), ("Skull Crusher", "Lying Triceps Extension"),
        ("Triceps Extension (Dumbbell)", "Overhead Dumbbell Triceps Extension"),
        // Legs, machines
        ("Leg Extension (Machine)", "Leg Extension"), ("Seated Leg Curl (Machine)", "Seated Leg Curl"),
        ("Lying Leg Curl (Machine)", "Lying Leg Curl"), ("Leg Curl", "Seated Leg Curl"),

        ("Calf Raise (Machine)", "Standing Calf Raise Machine"), ("Seated Calf Raise (Machine)", "Seated Calf Raise"),
        ("Standing Calf Raise (Dumbbell)", "Dumbbell Calf Raise"), ("Calf Raise", "Bodyweight Calf Raise"),
        ("Glute Bridge (Bodyweight)", "Glute Bridge"),
        // Core
        ("Cable Crunch", "Kneeling Cable Crunch"),
        ("Plank (Bodyweight)", "Plank"),
        // Conditioning
        ("Running", "Easy Run"), ("Running (Treadmill)", "Treadmill Run"), ("Treadmill", "Treadmill Run"),
        ("Rowing (Machine)", "Steady Rowing"), ("Cycling", "Steady Cycling"),
        ("Cycling (Indoor)", "Steady Cycling"), ("Walking", "Brisk Walk"),
    ]
    /// ``pairs`` by the written name's ``ExerciseName/key``.
    static let byKey: [String: String] = {
        var table: [String: String] = [:]
        for pair in pairs { table[ExerciseName(pair.written).key] = pair.library }
        return table
    }()
}
