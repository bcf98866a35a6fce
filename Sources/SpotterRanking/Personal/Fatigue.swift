import Foundation

/// Recovery per muscle group from the volume actually done, in the spirit of Fitbod's 0–100 %
/// muscle recovery: each session adds its load (working sets × effort, see ``MuscleWork``) to
/// the group's fatigue, which halves every `halfLifeHours`; recovery is
/// `100 × max(0, 1 − fatigue ÷ capacity)`. With the defaults, ten sets at RPE 8 (load 8) leave an
/// intermediate at 20 % right after, 60 % a day later and 80 % after two days; a beginner's
/// fatigue fades more slowly, an advanced lifter's faster.
public struct Fatigue: Sendable, Hashable {
    /// Load that leaves a group at 0 %. Default 10.
    public var capacity: Double = 10
    /// Hours for fatigue to halve, per training age. Defaults 30 / 24 / 18.
    public var halfLifeHours: [Level: Double] = [.beginner: 30, .intermediate: 24, .advanced: 18]
    /// Load credited per primary muscle group to a session with no sets recorded (a library
    /// workout), scaled by its intensity ÷ 3. Default 6.
    public var loadWithoutSets: Double = 6

    /// Creates the default model.
    public init() {}

    /// The fatigue `hours` after it was `fatigue`.
    public func decayed(_ fatigue: Double, hours: Double, level: Level) -> Double {
        decayed(fatigue, hours: hours, halfLife: halfLife(level))
    }

    /// The hours for a level's fatigue to halve (24 for a level ``halfLifeHours`` leaves out).
    func halfLife(_ level: Level) -> Double { halfLifeHours[level] ?? 24 }

    /// ``decayed(_:hours:level:)`` with the level's ``halfLife(_:)`` looked up once by the caller.
    func decayed(_ fatigue: Double, hours: Double, halfLife: Double) -> Double {
        guard fatigue > 0, hours > 0 else { return fatigue }
        return fatigue * exp2(-hours / halfLife)
    }

    /// Recovery in percent (0…100) for a fatigue.
    public func recoveryPercent(_ fatigue: Double) -> Double {
        100 * max(0, 1 - fatigue / capacity)
    }
}
