public import Foundation

/// One check-in (`check_ins`): how the person felt (energy, mood, clarity, each 1–5) and when
/// they said so. Read by the check-in trends and by the daily suggestion.
public struct CheckIn: Sendable, Hashable {
    /// Energy, 1 (drained) … 5 (full of it).
    public var energy: Int
    /// Mood, 1 … 5.
    public var mood: Int
    /// Clarity, 1 … 5.
    public var clarity: Int
    /// When the check-in was recorded.
    public var recordedAt: Date

    /// Creates a check-in.
    public init(energy: Int, mood: Int, clarity: Int, recordedAt: Date) {
        self.energy = energy
        self.mood = mood
        self.clarity = clarity
        self.recordedAt = recordedAt
    }
}
