import Foundation

/// The muscle-group vocabulary of the library.
public enum MuscleGroups {
    /// The groups the library tracks by name (``Vocabulary/muscleGroups``) and "full_body". The
    /// finer names exercise libraries commonly use (biceps, triceps, forearms, upper and lower
    /// back, hips) are groups of their own, so a push day (triceps) does not tire the pull day
    /// after it (biceps). Product words such as "legs" or "push" stand for several
    /// (``Vocabulary/muscleSynonyms``).
    public static let known: Set<String> = Set(Vocabulary.muscleGroups + ["full_body"])
    /// What "full_body" stands for when checking recovery: every major strength group, coarse
    /// and fine (a full-body session tires the biceps as much as "arms").
    public static let fullBody: [String] = Vocabulary.fullBodyGroups
    /// Groups shown together as "legs" in reasons.
    static let legs: Set<String> = ["quads", "glutes", "hamstrings", "calves"]

    /// Lower-cased, trimmed form of a tag. Tags are nearly always clean ASCII already: those
    /// return as they are without a trip through Foundation.
    static func normalized(_ tag: String) -> String {
        let bytes = tag.utf8
        if let first = bytes.first, let last = bytes.last, first > 0x20, last > 0x20,
            !bytes.contains(where: { (0x41...0x5A).contains($0) || $0 >= 0x80 })
        {
            return tag
        }
        return tag.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// The muscle terms a reason names for a set of groups (`legs`; `chest`, `shoulders`;
    /// `full_body`; `muscles` for none): the catalog words them in the reader's language.
    static func displayTerms(_ groups: [String]) -> [String] {
        let set = Set(groups)
        if set.isSuperset(of: MuscleGroups.fullBody) { return ["full_body"] }
        if !set.isEmpty && set.isSubset(of: legs) { return ["legs"] }
        var names = groups.filter { !legs.contains($0) }
        if !set.isDisjoint(with: legs) { names.append("legs") }
        return names.isEmpty ? ["muscles"] : names
    }
}
