public import SpotterReasons

/// What a member told the app about themselves (`profiles`). A missing profile is a cold start.
public struct MemberProfile: Sendable, Hashable {
    /// Training goal, same vocabulary as ``LibraryProgram/goal``.
    public var goal: String?
    /// Self-declared level; nil is treated as beginner.
    public var level: Level?
    /// Equipment tags available; empty means bodyweight only.
    public var equipment: Set<String>
    /// Days a week the member wants to train; nil or 0 means unknown.
    public var daysPerWeek: Int?
    /// Preferred session length in minutes; nil or ≤ 0 means no preference.
    public var sessionMinutes: Int?

    /// Creates a profile.
    public init(
        goal: String? = nil, level: Level? = nil, equipment: Set<String> = [], daysPerWeek: Int? = nil,
        sessionMinutes: Int? = nil
    ) {
        self.goal = goal
        self.level = level
        self.equipment = equipment
        self.daysPerWeek = daysPerWeek
        self.sessionMinutes = sessionMinutes
    }

    /// Problems in the profile and how the ranking treats them, as short sentences
    /// ("no equipment listed: bodyweight only"). Empty when the profile is clean.
    public var problems: [String] { problemCodes.map(\.text) }

    /// The problems as reason codes (`no_equipment_bodyweight_only`, `days_per_week_ignored`, …).
    public var problemCodes: [Reason] {
        var notes: [Reason] = []
        if equipment.subtracting(["none", ""]).isEmpty { notes.append(Reason(.noEquipmentBodyweightOnly)) }
        if let days = daysPerWeek, days <= 0 { notes.append(Reason(.daysPerWeekIgnored, ["days": .count(days)])) }
        if let minutes = sessionMinutes, minutes <= 0 {
            notes.append(Reason(.sessionLengthIgnored, ["minutes": .count(minutes)]))
        }
        return notes
    }

    /// The usable session length preference, if any.
    var preferredMinutes: Int? { sessionMinutes.flatMap { $0 > 0 ? $0 : nil } }
    /// The usable days-per-week preference, if any.
    var preferredDays: Int? { daysPerWeek.flatMap { $0 > 0 ? $0 : nil } }
}
