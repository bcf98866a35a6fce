/// The body-part vocabulary: ONE table, read by the fact identity (which health slot a statement
/// is about) and by anyone mapping a fact's slot to what it affects (the daily suggestion's
/// muscle groups).
///
/// A fact about a body part has the slot `SUBJECT|CATEGORY|PART` or `SUBJECT|CATEGORY|PART:SIDE`
/// (see ``FactIdentity``): `PART` is one of the ``name``s below (lower case, words joined with
/// "-": `knee`, `hip`, `shoulder`, `lower-back`), `SIDE` is `left` or `right` when the person
/// named one. These names are stable: renaming one is a breaking change for every reader.
public struct BodyPart: Sendable, Hashable {
    /// The slot name: `knee`, `lower-back`, `hamstring`.
    public let name: String
    /// Whether the body has a left and a right one (a side is kept only for these).
    public let sided: Bool
    /// The words that name it, singular and plural, lower case; a phrase of two words
    /// ("lower back") is matched before its last word alone.
    public let words: [String]
    /// The ``name`` of the less specific part this one lies within (`lower-back` → `back`,
    /// `calf` → `leg`), nil for none. A recovery of the wider part ("back's good again") closes
    /// a pain of the narrower one ("my lower back hurts"); never the other way round.
    public let within: String?

    /// Creates a vocabulary entry.
    public init(_ name: String, sided: Bool, words: [String], within: String? = nil) {
        self.name = name
        self.sided = sided
        self.words = words
        self.within = within
    }

    /// Every body part a fact can be about, most specific phrases first within an entry.
    public static let all: [BodyPart] = [
        BodyPart("knee", sided: true, words: ["knee", "knees", "kneecap", "kneecaps", "acl", "mcl", "meniscus"]),
        BodyPart("hip", sided: true, words: ["hip", "hips", "hip flexor", "hip flexors"]),
        BodyPart(
            "shoulder", sided: true,
            words: ["shoulder", "shoulders", "rotator cuff", "rotator", "delt", "delts", "deltoid", "deltoids"]),
        BodyPart(
            "lower-back", sided: false, words: ["lower back", "low back", "lumbar", "tailbone", "coccyx"],
            within: "back"),
        BodyPart(
            "upper-back", sided: false,
            words: ["upper back", "lat", "lats", "latissimus", "traps", "trapezius", "rhomboid", "rhomboids"],
            within: "back"),
        BodyPart("back", sided: false, words: ["back", "spine", "disc", "disk"]),
        BodyPart("neck", sided: false, words: ["neck"]),
        BodyPart("ankle", sided: true, words: ["ankle", "ankles", "achilles"]),
        BodyPart("foot", sided: true, words: ["foot", "feet", "toe", "toes", "plantar"]),
        BodyPart("heel", sided: true, words: ["heel", "heels"], within: "foot"),
        BodyPart("wrist", sided: true, words: ["wrist", "wrists"]),
        BodyPart("elbow", sided: true, words: ["elbow", "elbows", "tennis elbow"]),
        BodyPart("hand", sided: true, words: ["hand", "hands", "finger", "fingers", "thumb", "thumbs"]),
        BodyPart("hamstring", sided: true, words: ["hamstring", "hamstrings"], within: "leg"),
        BodyPart(
            "quad", sided: true, words: ["quad", "quads", "quadricep", "quadriceps", "thigh", "thighs"], within: "leg"),
        BodyPart("calf", sided: true, words: ["calf", "calves"], within: "leg"),
        BodyPart("shin", sided: true, words: ["shin", "shins", "shin splints"], within: "leg"),
        BodyPart("groin", sided: false, words: ["groin"]),
        BodyPart("glute", sided: true, words: ["glute", "glutes", "buttock", "buttocks"]),
        BodyPart("chest", sided: false, words: ["chest", "pec", "pecs", "sternum", "rib", "ribs"]),
        BodyPart(
            "arm", sided: true, words: ["arm", "arms", "forearm", "forearms", "bicep", "biceps", "tricep", "triceps"]),
        BodyPart("leg", sided: true, words: ["leg", "legs"]),
        BodyPart("collarbone", sided: true, words: ["collarbone", "collarbones"]),
        BodyPart("jaw", sided: false, words: ["jaw"]),
        BodyPart("head", sided: false, words: ["head"]),
    ]

    /// Words for the body the extractor recognises in health statements that name no slot part
    /// of their own ("my stomach hurts", "a torn ligament"): the statement's slot is then its
    /// condition or symptom.
    public static let unslotted: [String] = [
        "vertebra", "ligament", "ligaments", "cartilage", "stomach", "belly", "gut", "tendon", "tendons", "joint",
        "joints", "muscle", "muscles", "eye", "eyes", "ears", "heart", "lungs", "lung", "skin", "teeth", "tooth",
        "pelvis", "bone", "bones",
    ]

    /// The words the rules extractor flags as body parts, space-separated: every word of
    /// ``all`` and ``unslotted``, less the modifiers of two-word phrases ("lower" back, "tennis"
    /// elbow) and the symptom in "shin splints".
    static let lexiconWords: String = {
        let notParts: Set<Substring> = ["lower", "low", "upper", "tennis", "splints"]
        var seen: Set<Substring> = []
        var words: [Substring] = []
        for phrase in all.flatMap(\.words) + unslotted {
            for word in phrase.split(separator: " ") where !notParts.contains(word) && seen.insert(word).inserted {
                words.append(word)
            }
        }
        return words.joined(separator: " ")
    }()

    /// The names of the parts that lie within the part named `name` (`back` → `lower-back`,
    /// `upper-back`), directly or not; empty for a part nothing lies within.
    public static func narrower(than name: String) -> [String] {
        narrowerNames[name] ?? []
    }

    private static let narrowerNames: [String: [String]] = {
        var table: [String: [String]] = [:]
        for part in all {
            var wider = part.within
            var seen: Set<String> = [part.name]
            while let name = wider, seen.insert(name).inserted {
                table[name, default: []].append(part.name)
                wider = byName[name]?.within
            }
        }
        return table
    }()

    /// The entry a slot topic (`knee`, `knee:left`) names, if any.
    public static func named(_ name: String) -> BodyPart? { byName[name] }

    /// The body part and side a slot names: `"self|health|knee:left"` → (knee, "left");
    /// nil when the slot is not about a body part.
    public static func parse(slot: String) -> (part: BodyPart, side: String?)? {
        guard let topic = slot.split(separator: "|", omittingEmptySubsequences: false).last else { return nil }
        let pieces = topic.split(separator: ":", maxSplits: 1)
        guard let first = pieces.first, let part = byName[String(first)] else { return nil }
        return (part, pieces.count > 1 ? String(pieces[1]) : nil)
    }

    private static let byName: [String: BodyPart] = Dictionary(
        all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// One- and two-word phrases to entries; two-word phrases are looked up first.
    static let byPhrase: [String: BodyPart] = {
        var table: [String: BodyPart] = [:]
        for part in all { for word in part.words where table[word] == nil { table[word] = part } }
        return table
    }()

    /// The first words of two-word phrases ("lower", "rotator").
    private static let phraseFirstWords: Set<String> = Set(
        byPhrase.keys.filter { $0.contains(" ") }.compactMap { $0.split(separator: " ").first.map(String.init) })

    /// The first body part named in `words` (lower-cased words of a statement) with the side
    /// written just before it ("left knee", "my right hip"); a side is kept only for a sided part.
    static func find(in words: [String]) -> (part: BodyPart, side: String?)? {
        var index = 0
        while index < words.count {
            var found: BodyPart? = nil
            var start = index
            if index + 1 < words.count, phraseFirstWords.contains(words[index]),
                let pair = byPhrase[words[index] + " " + words[index + 1]]
            {
                found = pair
                index += 1
            } else if let single = byPhrase[words[index]] {
                found = single
            }
            if let found {
                var side: String? = nil
                while start > 0 && side == nil {
                    start -= 1
                    let before = words[start]
                    if before == "left" || before == "right" {
                        side = before
                    } else if !sideGap.contains(before) {
                        break
                    }
                }
                return (found, found.sided ? side : nil)
            }
            index += 1
        }
        return nil
    }

    /// Words that may stand between a side and its part ("left lower leg", "right big toe").
    private static let sideGap: Set<String> = ["lower", "upper", "outer", "inner", "big", "little", "front"]
}
