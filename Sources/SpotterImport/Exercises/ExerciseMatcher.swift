/// What the importer knows about one exercise name: the library exercise it is, if any, and
/// its muscle groups.
public struct ExerciseMatch: Sendable, Hashable {
    /// The library exercise, nil when the name matched none.
    public var exerciseID: Int64?
    /// Primary muscle groups: the library's, else inferred from the name; empty = unknown.
    public var muscles: [String]
    /// How the match was made.
    public var how: How

    /// How an exercise name was matched.
    public enum How: String, Sendable, Hashable {
        /// Same words as a library name (any order, case, punctuation).
        case name
        /// Through ``ExerciseSynonyms``.
        case synonym
        /// Same words as a library name once the trailing "(…)" is dropped ("Lat Pulldown (Cable)").
        case baseName
        /// Not in the library; muscles from ``MuscleInference`` (maybe none).
        case inferred
    }
}

/// Matches exercise names against a library: by the same words, then the synonym table, then
/// the name without its trailing "(equipment)"; anything else keeps its name with muscles
/// inferred from it (``MuscleInference``) or none.
public struct ExerciseMatcher: Sendable {
    private let byKey: [String: LibraryExercise]

    /// A matcher over `library` (the first exercise wins when two names have the same words).
    public init(library: [LibraryExercise]) {
        var table: [String: LibraryExercise] = [:]
        for exercise in library.sorted(by: { $0.id < $1.id }) {
            let key = ExerciseName(exercise.name).key
            if table[key] == nil { table[key] = exercise }
        }
        byKey = table
    }

    /// The match for `name`.
    public func match(_ name: String) -> ExerciseMatch {
        let parsed = ExerciseName(name)
        if let exercise = byKey[parsed.key] { return found(exercise, .name) }
        if let target = ExerciseSynonyms.byKey[parsed.key], let exercise = byKey[ExerciseName(target).key] {
            return found(exercise, .synonym)
        }
        if !parsed.baseWords.isEmpty, parsed.baseWords != parsed.words {
            if let exercise = byKey[parsed.baseKey] { return found(exercise, .baseName) }
            if let target = ExerciseSynonyms.byKey[parsed.baseKey], let exercise = byKey[ExerciseName(target).key] {
                return found(exercise, .synonym)
            }
        }
        return ExerciseMatch(exerciseID: nil, muscles: MuscleInference.muscles(for: parsed), how: .inferred)
    }

    private func found(_ exercise: LibraryExercise, _ how: ExerciseMatch.How) -> ExerciseMatch {
        let muscles =
            exercise.muscles.isEmpty ? MuscleInference.muscles(for: ExerciseName(exercise.name)) : exercise.muscles
        return ExerciseMatch(exerciseID: exercise.id, muscles: muscles, how: how)
    }
}
