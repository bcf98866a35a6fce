public import SpotterIDs

/// A program of the catalog (`programs`) with its ordered workouts.
///
/// The workouts are either the whole schedule (`daysPerWeek × weeks` of them) or a shorter cycle
/// (a weekly template, an A/B alternation) that repeats until `daysPerWeek × weeks` sessions
/// are done.
public struct CatalogProgram: Sendable, Hashable {
    /// The program's id.
    public var id: ProgramID
    /// Display title, e.g. "Upper/Lower".
    public var title: String
    /// "strength", "hypertrophy", "fat_loss", "endurance", "mobility", "general_fitness".
    public var goal: String
    /// The level the program is written for.
    public var level: Level
    /// "full_body", "upper_lower", "push_pull_legs", "home", "bodyweight", "running", "mobility".
    public var category: String
    /// Planned sessions per week.
    public var daysPerWeek: Int
    /// Planned length in weeks.
    public var weeks: Int
    /// Equipment the program declares; the catalog adds its workouts' equipment to it.
    public var equipment: Set<String>
    /// Workouts in order (the catalog sorts them by position, then id).
    public var workouts: [CatalogWorkout]

    /// Creates a program.
    public init(
        id: ProgramID, title: String, goal: String, level: Level, category: String, daysPerWeek: Int,
        weeks: Int, equipment: Set<String>, workouts: [CatalogWorkout]
    ) {
        self.id = id
        self.title = title
        self.goal = goal
        self.level = level
        self.category = category
        self.daysPerWeek = daysPerWeek
        self.weeks = weeks
        self.equipment = equipment
        self.workouts = workouts
    }
}
