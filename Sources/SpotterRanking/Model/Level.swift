/// A training level, for programs and for members. Ordered: beginner < intermediate < advanced.
public enum Level: String, Sendable, Codable, Comparable, CaseIterable {
    /// New to structured training.
    case beginner
    /// Trains regularly, knows the main lifts.
    case intermediate
    /// Years of structured training.
    case advanced

    var rank: Int {
        switch self {
        case .beginner: 0
        case .intermediate: 1
        case .advanced: 2
        }
    }

    /// Orders levels from beginner to advanced.
    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
}
