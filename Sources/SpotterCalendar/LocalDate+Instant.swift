public import Foundation

extension LocalDate {
    /// The calendar date a wall clock in `zone` shows at `instant`: the zone's UTC offset at that
    /// instant, then whole days (so a 23- or 25-hour DST day is still one date). Instants outside
    /// years 1 … 9999 are clamped to that range; a non-finite instant maps to the earliest date.
    public init(of instant: Date, in zone: TimeZone) {
        self.init(daysSince1970: CivilDays.dayNumber(of: instant, in: zone) ?? CivilDays.minimum)
    }
}
