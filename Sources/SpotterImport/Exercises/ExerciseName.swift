/// Exercise names reduced to comparable words: "Bench Press (Barbell)", "barbell bench press"
/// and "Barbell Bench-Press" have the same ``key``.
public struct ExerciseName: Sendable, Hashable {
    /// The words, folded (lower case, no accents), punctuation dropped, simple plurals made
    /// singular ("curls" → "curl", "crunches" → "crunch", "triceps" → "tricep"; "press" kept).
    public let words: [String]
    /// The words without the trailing parenthesised part ("Lat Pulldown (Cable)" → lat pulldown).
    public let baseWords: [String]

    /// Reads a name as written.
    public init(_ name: String) {
        let folded = TextFolding.fold(name)
        var base = folded
        if let open = folded.firstIndex(of: "("), folded.hasSuffix(")") || folded.contains(")") {
            base = String(folded[..<open])
        }
        words = Self.split(folded)
        baseWords = Self.split(base)
    }

    /// The words sorted and joined: word order does not matter ("bench press barbell").
    public var key: String { words.sorted().joined(separator: " ") }
    /// ``key`` of ``baseWords``.
    public var baseKey: String { baseWords.sorted().joined(separator: " ") }
    /// The words in order, space-separated, with a space at each end: for phrase rules.
    public var phrase: String { " " + words.joined(separator: " ") + " " }

    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(singular(current))
                current = ""
            }
        }
        if !current.isEmpty { words.append(singular(current)) }
        return words
    }

    /// "curls" → "curl", "crunches" → "crunch", "raises" → "raise", "biceps" → "bicep"; "press", "abs" kept.
    static func singular(_ word: String) -> String {
        let keep: Set<String> = ["press", "abs", "cross", "plus", "bus"]
        guard word.count > 3, word.hasSuffix("s"), !word.hasSuffix("ss"), !keep.contains(word) else { return word }
        for suffix in ["ches", "shes", "xes", "sses"] where word.hasSuffix(suffix) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }
}
