/// The one map from a body part a person names ("knee", "lower back", "rotator cuff") to the
/// muscle groups whose work loads it, used wherever an injury meets a workout (the daily
/// suggestion, its audit, its reasons). Groups use the library's vocabulary (``Vocabulary``);
/// "full_body" workouts load every strength group, so they load every part; "cardio" (running,
/// jumping) loads the lower body; "mobility" loads nothing; a muscle word Spotter does not know
/// loads every part.
public enum BodyParts {
    /// One body part: the region named in reasons and the groups that load it.
    public struct Part: Sendable, Hashable {
        /// The canonical name ("knee", "shoulder").
        public let name: String
        /// The work it rules out, for reasons: "lower-body", "upper-body", "back".
        public let region: String
        /// Muscle groups whose work loads it.
        public let groups: Set<String>
    }

    private static let lowerBody: Set<String> = ["quads", "hamstrings", "glutes", "calves", "hips", "cardio"]
    private static let back: Set<String> = ["back", "lower_back", "upper_back", "hamstrings", "glutes", "core"]
    private static let shoulder: Set<String> = [
        "shoulders", "chest", "back", "upper_back", "arms", "triceps", "biceps",
    ]
    private static let arm: Set<String> = ["arms", "biceps", "triceps", "forearms", "chest", "back", "shoulders"]

    /// Every part, by canonical name.
    public static let parts: [String: Part] = {
        let table: [(String, String, Set<String>)] = [
            ("knee", "lower-body", lowerBody), ("hip", "lower-body", lowerBody.union(["lower_back"])),
            ("ankle", "lower-body", lowerBody), ("foot", "lower-body", lowerBody),
            ("leg", "lower-body", lowerBody), ("hamstring", "lower-body", lowerBody),
            ("groin", "lower-body", lowerBody), ("back", "back", back), ("neck", "neck and shoulder", shoulder),
            ("shoulder", "upper-body", shoulder), ("elbow", "arm", arm), ("wrist", "wrist-loading", arm),
            ("chest", "chest", ["chest", "shoulders", "triceps", "core"]),
        ]
        var parts: [String: Part] = [:]
        for (name, region, groups) in table { parts[name] = Part(name: name, region: region, groups: groups) }
        return parts
    }()

    /// Words (and the facts pipeline's stems of them) that name each part.
    private static let words: [String: String] = {
        let table: [String: String] = [
            "knee": "knee knees kneecap kneecaps acl mcl meniscus patella patellar",
            "hip": "hip hips pelvis pelvi glute glutes buttock buttocks",
            "ankle": "ankle ankles ankl achilles achill",
            "foot": "foot feet heel heels toe toes plantar shin shins calf calves calv",
            "leg": "leg legs thigh thighs quad quads",
            "hamstring": "hamstring hamstrings hamstr",
            "groin": "groin adductor adductors",
            "back":
                ("back spine spin lumbar disc discs disk disks tailbone coccyx vertebra vertebrae sciatica "
                + "lat lats latissimus traps trapezius rhomboid rhomboids"),
            "neck": "neck whiplash",
            "shoulder": "shoulder shoulders rotator collarbone collarbon delt delts deltoid deltoids",
            "elbow": "elbow elbows arm arms forearm forearms bicep biceps tricep triceps",
            "wrist": "wrist wrists hand hands finger fingers thumb carpal",
            "chest": "chest pec pecs rib ribs sternum",
        ]
        var words: [String: String] = [:]
        for (part, list) in table { for word in list.split(separator: " ") { words[String(word)] = part } }
        return words
    }()

    /// The part a word names ("Knees" → knee), or nil.
    public static func part(named word: some StringProtocol) -> Part? {
        words[word.lowercased()].flatMap { parts[$0] }
    }

    /// Whether a workout with these primary muscle groups loads `part`. Words are read through
    /// ``Vocabulary`` ("legs" loads the knee, "push" the shoulder); "full_body" loads every part,
    /// and so does a word Spotter does not know ("wibble"): until the product maps it, the
    /// workout is kept from every injured person (``unknownMuscles(_:)`` says which words).
    public static func loads(_ muscles: [String], _ part: Part) -> Bool {
        muscles.contains { muscle in
            let name = MuscleGroups.normalized(muscle)
            if name.isEmpty { return false }
            if name == "full_body" { return true }
            guard let groups = Vocabulary.muscleGroups(for: name) else { return true }
            return groups.contains {
                part.groups.contains($0) || part.groups.contains(MuscleGroups.coarseName(of: $0) ?? $0)
            }
        }
    }

    /// The words of `muscles` Spotter does not know, which make a workout load every part.
    public static func unknownMuscles(_ muscles: [String]) -> [String] { Vocabulary.unknownMuscles(muscles) }
}
