/// How well a program's goal serves a member's goal, 0…1.
enum GoalFit {
    /// Goals that serve each other in part (symmetric).
    private static let related: [String: Set<String>] = {
        let pairs = [
            ("hypertrophy", "strength"), ("endurance", "fat_loss"), ("endurance", "general_fitness"),
            ("fat_loss", "general_fitness"), ("general_fitness", "hypertrophy"), ("general_fitness", "mobility"),
            ("general_fitness", "strength"),
        ]
        var table: [String: Set<String>] = [:]
        for (a, b) in pairs {
            table[a, default: []].insert(b)
            table[b, default: []].insert(a)
        }
        return table
    }()

    /// 1 for the same goal, 0.5 for a related one or an unknown member goal, else 0. Goal words
    /// are read through ``Vocabulary/goal(_:)`` ("weight loss" is fat_loss); a word outside it
    /// is compared as written.
    ///
    /// Both goals are read through ``canonical(_:)`` by the caller (a library's programs once, a
    /// member's goal once per member, not once per pair); an empty member goal is nil.
    static func score(canonicalProgram program: String, canonicalMember member: String?) -> Double {
        guard let member else { return 0.5 }
        if program == member { return 1 }
        return related[member]?.contains(program) == true ? 0.5 : 0
    }

    /// A goal word as the scores compare it: its ``Vocabulary/goal(_:)``, else as written.
    static func canonical(_ goal: String) -> String { Vocabulary.goal(goal) ?? goal }

    /// A member's goal as the scores compare it: nil when none is stated.
    static func canonical(member goal: String?) -> String? {
        guard let goal, !goal.isEmpty else { return nil }
        return canonical(goal)
    }
}
