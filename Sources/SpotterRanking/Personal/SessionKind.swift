public import SpotterIDs

/// What a session was, as the personal model counts it: a library workout, the person's own
/// session name (case and spacing folded: "Push " and "push" are one kind), or, for a session
/// without either, the muscle groups it trained (the person's own day pattern).
public enum SessionKind: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A library workout (`program_workouts.id`).
    case workout(WorkoutID)
    /// The person's own name for a session.
    case title(String)
    /// A session without a name, by the coarse muscle groups it trained (bit i =
    /// ``MuscleGroups/coarseNames``[i]); see ``PersonalState`` for how close patterns merge.
    case muscleGroups(UInt16)

    /// The kind of a session: its library workout when the library holds it, else its title,
    /// else nil (an unnamed free-form session still counts for recovery and the muscle split).
    /// A title made only of body parts counts by the parts it names (``bodyPartKey(_:)``), so
    /// "Chest & Triceps", "chest/tris" and "CHEST + TRI" are one kind.
    static func of(_ session: PastSession, library: TrainingLibrary) -> SessionKind? {
        if let id = session.workoutID, library.workoutIndexByID[id] != nil { return .workout(id) }
        guard let title = session.title else { return nil }
        let folded = title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if folded.isEmpty { return nil }
        return .title(bodyPartKey(folded) ?? folded)
    }

    /// For a (lower-cased) title that only names body parts, joined by spaces, "&", "/", "+",
    /// ",", "-", "and", "with" or followed by "day", two words at least: the parts it names, one
    /// spelling each, sorted ("chest + tricep"); nil for any other title (a single word, or one
    /// with a number, "Push 2", names a session of its own). Words: every muscle word ``MuscleGroups`` and ``Vocabulary`` know,
    /// singular or plural, and the lifters' short forms (bis, tris, delts, hams, pecs, quads).
    static func bodyPartKey(_ title: String) -> String? {
        var parts = Set<String>()
        var word = ""
        var words = 0
        func flush() -> Bool {
            defer { word = "" }
            if word.isEmpty { return true }
            words += 1
            if bodyPartFillers.contains(word) { return true }
            var part = word
            if let short = bodyPartShortForms[part] { part = short }
            if part.hasSuffix("s") && !part.hasSuffix("ss"),
                MuscleGroups.coarseMask(of: [part]) != 0 || MuscleGroups.coarseMask(of: [String(part.dropLast())]) != 0
            {
                part.removeLast()  // one spelling: "legs" and "leg day" are one part
            }
            guard MuscleGroups.coarseMask(of: [part]) != 0 || MuscleGroups.coarseMask(of: [part + "s"]) != 0 else {
                return false
            }
            parts.insert(part)
            return true
        }
        for character in title {
            if character.isLetter {
                word.append(character)
            } else if bodyPartSeparators.contains(character) {
                guard flush() else { return nil }
            } else {
                return nil
            }
        }
        // A one-word title ("Legs") stays itself.
        guard flush(), words >= 2, !parts.isEmpty else { return nil }
        return parts.sorted().joined(separator: " + ")
    }

    private static let bodyPartSeparators: Set<Character> = [" ", "&", "/", "+", ",", "-"]
    private static let bodyPartFillers: Set<String> = ["and", "with", "day"]
    private static let bodyPartShortForms = [
        "bis": "bicep", "bi": "bicep", "biceps": "bicep", "tris": "tricep", "tri": "tricep", "triceps": "tricep",
        "delts": "shoulder", "delt": "shoulder", "shoulders": "shoulder", "hams": "hamstring", "ham": "hamstring",
        "pecs": "chest", "pec": "chest", "calves": "calf", "abs": "ab",
    ]

    /// "workout 101", the folded title, or the groups ("chest + arms").
    public var description: String {
        switch self {
        case .workout(let id): "workout \(id)"
        case .title(let title): title
        case .muscleGroups(let mask): MuscleGroups.names(ofMask: mask).joined(separator: " + ")
        }
    }

    /// Whether it is the person's own (a title or a day pattern), not a library workout.
    public var isOwn: Bool {
        if case .workout = self { return false }
        return true
    }

    /// Whether it is the person's own session name.
    public var isTitle: Bool {
        if case .title = self { return true }
        return false
    }

    /// Library workouts first (by id), then titles, then muscle-group patterns.
    public static func < (lhs: SessionKind, rhs: SessionKind) -> Bool {
        switch (lhs, rhs) {
        case (.workout(let a), .workout(let b)): a < b
        case (.title(let a), .title(let b)): a < b
        case (.muscleGroups(let a), .muscleGroups(let b)): a < b
        default: lhs.order < rhs.order
        }
    }

    private var order: Int {
        switch self {
        case .workout: 0
        case .title: 1
        case .muscleGroups: 2
        }
    }
}
