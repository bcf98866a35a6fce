/// One exercise of one logged session, as ``LogInference`` reads it: its name as logged, the
/// equipment its library exercise needs, and its heaviest working set.
public struct LoggedLift: Sendable, Hashable {
    /// The exercise as the person logged it ("Bench Press (Barbell)").
    public var exercise: String
    /// Equipment tags of the library exercise the importer matched (`exercises.equipment`);
    /// empty when unmatched or bodyweight.
    public var equipment: [String]
    /// The heaviest working set as an estimated one-rep maximum in kg (Epley: weight × (1 + reps
    /// ÷ 30), sets of 1–12 reps with a weight), or nil when no set qualifies.
    public var estimatedMaxKg: Double?

    /// Creates a logged lift.
    public init(exercise: String, equipment: [String] = [], estimatedMaxKg: Double? = nil) {
        self.exercise = exercise
        self.equipment = equipment
        self.estimatedMaxKg = estimatedMaxKg
    }
}
