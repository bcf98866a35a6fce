public import Foundation

/// How to read an export, built once from the command line.
public struct ImportOptions: Sendable {
    /// The zone the export's wall-clock times are read in. Default: UTC.
    public var zone: TimeZone
    /// The unit of loads written without one. Default: nil — from the header ("Weight (lbs)",
    /// `weight_lbs`), else pounds when the loads look converted from round kilograms, else kg.
    public var weightUnit: WeightUnit?

    /// Options with every field given.
    public init(zone: TimeZone = TimeZone(identifier: "UTC")!, weightUnit: WeightUnit? = nil) {
        self.zone = zone
        self.weightUnit = weightUnit
    }
}
