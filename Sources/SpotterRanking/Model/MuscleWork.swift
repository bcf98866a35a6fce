/// The work one session did for one muscle group: its working sets (warm-ups excluded) and
/// their effort. Read from `session_sets`: a set counts fully for the first muscle group its
/// exercise lists and half for each other one; a set's effort is its RPE ÷ 10 clamped to
/// 0.5…1, or 0.8 without an RPE.
public struct MuscleWork: Sendable, Hashable {
    /// The muscle group as the exercise lists it ("chest", "triceps", "lats").
    public var group: String
    /// Working sets (fractional: a secondary group counts half a set).
    public var sets: Double
    /// Sum over those sets of their effort (0.5…1 each, also halved for a secondary group):
    /// the fatigue the session adds to the group.
    public var load: Double

    /// Creates the work of a session for a group.
    public init(group: String, sets: Double, load: Double) {
        self.group = group
        self.sets = sets
        self.load = load
    }
}
