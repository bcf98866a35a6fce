public import Foundation

/// How to read an export, built once from the command line.
public struct ImportOptions: Sendable {
    /// The zone the export's wall-clock times are read in. Default: UTC.
    public var zone: TimeZone
    /// The unit of loads written without one. Default: nil — kg, except that Strong loads that
    /// look like round kilograms written in pounds are read as pounds. A unit the header names
    /// ("Weight (lbs)", `weight_kg`) always wins.
    public var weightUnit: WeightUnit?

    /// Options with every field given.
    public init(zone: TimeZone = TimeZone(identifier: "UTC")!, weightUnit: WeightUnit? = nil) {
        self.zone = zone
        self.weightUnit = weightUnit
    }
}
