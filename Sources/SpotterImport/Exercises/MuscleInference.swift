/// Primary muscle groups guessed from an exercise's name when the library does not know it, in
/// the library's vocabulary (quads, glutes, hamstrings, calves, chest, back, upper_back,
/// lower_back, shoulders, biceps, triceps, forearms, core, hips, cardio, mobility). The first rule
/// whose phrase occurs in the name (as whole words, plurals made singular) wins, so specific
/// phrases ("leg curl", "wrist curl") come before general ones ("curl"), and "walking lunge" is
/// legs before "walking" is cardio. No rule: unknown (empty).
public enum MuscleInference {
    /// (phrases, muscles), most specific first.
    public static let rules: [(phrases: [String], muscles: [String])] = [
        (["warm up", "warmup", "cool down"], []),
        (["stretch", "mobility", "yoga", "foam roll", "cars"], ["mobility"]),
        (["leg curl", "hamstring curl", "nordic", "glute ham raise", "ghr"], ["hamstrings"]),
        (["leg extension"], ["quads"]),
        (["calf", "calve"], ["calves"]),
        (["wrist curl", "wrist roller", "forearm", "farmer", "hand grip", "gripper", "dead hang"], ["forearms"]),
        (["abduction", "abductor"], ["glutes", "hips"]),
        (["adduction", "adductor", "copenhagen"], ["hips"]),
        (["hip thrust", "glute bridge", "glute kickback", "glute", "pull through"], ["glutes", "hamstrings"]),
        (["romanian", "rdl", "stiff leg", "good morning", "single leg deadlift"], ["hamstrings", "glutes"]),
        (["back extension", "hyperextension", "superman", "reverse hyper"], ["lower_back", "glutes"]),
        (["deadlift", "rack pull"], ["hamstrings", "glutes", "lower_back"]),
        (["clean", "snatch", "thruster", "man maker"], ["glutes", "hamstrings", "shoulders"]),
        (
            [
                "leg press", "hack squat", "squat", "lunge", "step up", "split squat", "pistol", "sissy", "box jump",
                "jump squat", "wall sit",
            ], ["quads", "glutes"]
        ),
        (
            [
                "rowing", "rower", "erg", "run", "running", "jog", "treadmill", "bike", "cycling", "elliptical",
                "stair", "walk", "walking", "swim", "swimming", "jump rope", "skipping", "cardio", "ski erg", "hiit",
                "burpee", "sprint",
            ], ["cardio"]
        ),
        (
            [
                "skullcrusher", "skull crusher", "tricep", "triceps", "pushdown", "pressdown", "jm press", "kickback",
                "close grip bench", "dip machine", "french press",
            ], ["triceps"]
        ),
        (["dip", "dips"], ["triceps", "chest"]),
        (["rear delt", "reverse fly", "reverse flye", "face pull", "pull apart"], ["shoulders", "upper_back"]),
        (["chest fly", "chest flye", "fly", "flye", "pec deck", "crossover"], ["chest"]),
        (["bench press", "chest press", "pec", "push up", "pushup", "floor press", "svend"], ["chest", "triceps"]),
        (["curl"], ["biceps"]),
        (["lateral raise", "side raise", "front raise", "y raise", "upright row"], ["shoulders"]),
        (
            [
                "overhead press", "shoulder press", "military press", "arnold", "landmine press", "push press",
                "handstand",
            ],
            ["shoulders", "triceps"]
        ),
        (["shrug"], ["upper_back"]),
        (["pullover"], ["back", "chest"]),
        (
            ["row", "pulldown", "pull down", "pull up", "pullup", "chin up", "chinup", "lat", "muscle up"],
            ["back", "biceps"]
        ),
        (
            [
                "crunch", "plank", "sit up", "situp", "leg raise", "knee raise", "ab", "abs", "dragon flag",
                "side bend",
                "russian twist", "hollow", "ab wheel", "rollout", "woodchop", "pallof", "v up", "toes to bar",
                "dead bug",
                "mountain climber", "oblique", "core",
            ], ["core"]
        ),
        (["press"], ["chest", "shoulders", "triceps"]),
    ]

    /// The rules with their phrases as ``ExerciseName`` phrases (" leg curl ").
    private static let compiled: [(phrases: [String], muscles: [String])] = rules.map { rule in
        (rule.phrases.map { ExerciseName($0).phrase }, rule.muscles)
    }

    /// The muscles `name` suggests, or empty when no rule applies (unknown).
    public static func muscles(for name: ExerciseName) -> [String] {
        let phrase = name.phrase
        for rule in compiled where rule.phrases.contains(where: { phrase.contains($0) }) {
            return rule.muscles
        }
        return []
    }
}
