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
    static func of(_ session: PastSession, library: TrainingLibrary) -> SessionKind? {
        if let id = session.workoutID, library.workoutIndexByID[id] != nil { return .workout(id) }
        guard let title = session.title else { return nil }
        let folded = title.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return folded.isEmpty ? nil : .title(folded)
    }

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
