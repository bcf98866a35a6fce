/// How well a program's goal serves a member's goal, 0…1.
enum GoalFit {
    /// Goals that serve each other in part.
    private static let related: Set<[String]> = [
        ["hypertrophy", "strength"], ["endurance", "fat_loss"], ["endurance", "general_fitness"],
        ["fat_loss", "general_fitness"], ["general_fitness", "hypertrophy"], ["general_fitness", "mobility"],
        ["general_fitness", "strength"],
    ]

    /// 1 for the same goal, 0.5 for a related one or an unknown member goal, else 0.
    static func score(program: String, member: String?) -> Double {
        guard let member, !member.isEmpty else { return 0.5 }
        if program == member { return 1 }
        return related.contains([program, member].sorted()) ? 0.5 : 0
    }
}
