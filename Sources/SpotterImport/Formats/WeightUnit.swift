/// The unit loads are written in; stored loads are kilograms.
public enum WeightUnit: String, Sendable, Hashable, CaseIterable {
    /// Kilograms.
    case kg
    /// Pounds.
    case lbs

    /// Kilograms per unit.
    public var kilograms: Double { self == .kg ? 1 : 0.453_592_37 }

    /// The unit a header's suffix names: "Weight (kg)", "weight_lbs", "Gewicht (lb)".
    static func named(in header: String) -> WeightUnit? {
        let folded = TextFolding.fold(header)
        if folded.hasSuffix("(kg)") || folded.hasSuffix("_kg") || folded.hasSuffix(" kg") { return .kg }
        for suffix in ["(lbs)", "(lb)", "_lbs", "_lb", " lbs", " lb"] where folded.hasSuffix(suffix) { return .lbs }
        return nil
    }

    /// Whether loads written without a unit look like pounds converted from round kilogram
    /// loads (Strong writes 20 kg as 44.09245243697551 when the app is set to pounds): at least
    /// 10 non-zero loads and 80 % of them with a fraction that no plate gives, but a multiple of
    /// 0.25 kg once divided by 2.20462.
    static func looksLikeConvertedPounds(_ loads: [Double]) -> Bool {
        let nonZero = loads.filter { $0 > 0 }
        guard nonZero.count >= 10 else { return false }
        func isQuarter(_ value: Double) -> Bool { abs(value * 4 - (value * 4).rounded()) < 0.001 }
        let converted = nonZero.filter { !isQuarter($0) && isQuarter($0 * WeightUnit.lbs.kilograms) }
        return Double(converted.count) >= 0.8 * Double(nonZero.count)
    }
}
