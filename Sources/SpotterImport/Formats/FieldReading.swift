/// Reading the numeric fields every format shares, with the `line N:` message when they are bad.
struct FieldReading {
    var line: Int
    /// The first problem met, if any.
    var problem: String?

    /// The largest magnitude of any numeric field.
    static let largest: Double = 1_000_000

    /// A non-negative decimal (weight, distance), nil when empty; 0 is nil when `zeroIsNone`;
    /// a value beyond ±``largest`` (or not finite) is a problem.
    mutating func decimal(_ text: String?, _ what: String, zeroIsNone: Bool = true, allowNegative: Bool = false)
        -> Double?
    {
        guard let text else { return nil }
        switch NumberText.read(text) {
        case .empty: return nil
        case .invalid:
            fail("\(what) '\(text)' is not a number")
            return nil
        case .value(let value):
            // 1e308 is a number, but no weight, distance or count: stored, it became Infinity.
            guard value.isFinite, abs(value) <= Self.largest else {
                fail("\(what) '\(text)' is out of range (at most \(Int(Self.largest)))")
                return nil
            }
            if value < 0 && !allowNegative {
                fail("\(what) '\(text)' is negative")
                return nil
            }
            return zeroIsNone && value == 0 ? nil : value
        }
    }

    /// A whole non-negative count (reps, seconds), nil when empty or 0.
    mutating func count(_ text: String?, _ what: String) -> Int? {
        guard let value = decimal(text, what) else { return nil }
        guard value <= 1_000_000 else {
            fail("\(what) '\(text ?? "")' is out of range")
            return nil
        }
        return Int(value.rounded())
    }

    /// An RPE: empty or 0 is none; otherwise 1–10.
    mutating func rpe(_ text: String?) -> Double? {
        guard let value = decimal(text, "RPE") else { return nil }
        guard (1...10).contains(value) else {
            fail("RPE '\(text ?? "")' is not between 1 and 10")
            return nil
        }
        return value
    }

    mutating func fail(_ message: String) {
        if problem == nil { problem = message }
    }
}
