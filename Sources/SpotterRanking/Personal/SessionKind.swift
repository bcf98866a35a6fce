public import SpotterIDs

/// What a session was, as the personal model counts it: a library workout, or the person's own
/// session name (case and spacing folded: "Push " and "push" are one kind).
public enum SessionKind: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// A library workout (`program_workouts.id`).
    case workout(WorkoutID)
    /// The person's own name for a session.
    case title(String)

    /// The kind of a session: its library workout when the library holds it, else its title,
    /// else nil (an unnamed free-form session still counts for recovery and the muscle split).
    static func of(_ session: PastSession, library: TrainingLibrary) -> SessionKind? {
        if let id = session.workoutID, library.workoutIndexByID[id] != nil { return .workout(id) }
        guard let title = session.title else { return nil }
        let folded = title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.isEmpty ? nil : .title(folded)
    }

    /// "workout 101" or the folded title.
    public var description: String {
        switch self {
        case .workout(let id): "workout \(id)"
        case .title(let title): title
        }
    }

    /// Library workouts first (by id), then titles.
    public static func < (lhs: SessionKind, rhs: SessionKind) -> Bool {
        switch (lhs, rhs) {
        case (.workout(let a), .workout(let b)): a < b
        case (.workout, .title): true
        case (.title, .workout): false
        case (.title(let a), .title(let b)): a < b
        }
    }
}
