public import SpotterIDs

/// A program of the library (`programs`) with its ordered workouts.
///
/// The workouts are either the whole schedule (`daysPerWeek × weeks` of them) or a shorter cycle
/// (a weekly template, an A/B alternation) that repeats until `daysPerWeek × weeks` sessions
/// are done.
public struct LibraryProgram: Sendable, Hashable {
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
    /// Equipment the program declares; the library adds its workouts' equipment to it.
    public var equipment: Set<String>
    /// Workouts in order (the library sorts them by position, then id).
    public var workouts: [LibraryWorkout]

    /// Creates a program.
    public init(
        id: ProgramID, title: String, goal: String, level: Level, category: String, daysPerWeek: Int,
        weeks: Int, equipment: Set<String>, workouts: [LibraryWorkout]
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
