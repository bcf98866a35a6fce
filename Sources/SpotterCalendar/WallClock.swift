package import Foundation

/// Local wall-clock arithmetic in whole seconds, done with integer civil-date math so that it is
/// exact and independent of `Calendar.current`. A "wall" value is the local date-time counted as
/// if it were UTC (seconds since 1970-01-01T00:00 local).
package enum WallClock {
    /// The local wall time of an instant in a zone.
    package static func wall(of instant: Int64, in zone: TimeZone) -> Int64 {
        instant + offset(at: instant, in: zone)
    }

    /// The zone's UTC offset, in seconds, at an instant.
    package static func offset(at instant: Int64, in zone: TimeZone) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }

    /// The instant a local wall time stands for in a zone:
    /// - a time that exists once: that instant;
    /// - a time that exists twice (the clock falls back): the FIRST occurrence;
    /// - a time that does not exist (the clock springs forward over it): the first instant after
    ///   the gap, i.e. the transition itself (02:30 on a New York spring-forward night → 03:00 EDT).
    package static func instant(forWall wall: Int64, in zone: TimeZone) -> Int64 {
        let before = offset(at: wall - 86_400, in: zone)
        let after = offset(at: wall + 86_400, in: zone)
        if let resolved = resolve(wall, offsets: before == after ? [before] : [before, after], in: zone) {
            return resolved
        }
        // More than one transition within a day of `wall` (or a jump the two samples above miss):
        // sample every hour of the surrounding two days to learn every offset in play.
        var offsets = Set<Int64>()
        var probe = wall - 2 * 86_400
        while probe <= wall + 2 * 86_400 {
            offsets.insert(offset(at: probe, in: zone))
            probe += 3_600
        }
        if let resolved = resolve(wall, offsets: offsets.sorted(), in: zone) { return resolved }
        return firstInstant(after: wall, within: wall - 2 * 86_400, wall + 2 * 86_400, in: zone)
    }

    /// ``instant(forWall:in:)`` for a wall time given as the date it would be in UTC (as
    /// ``TimestampFormat/parse(_:)`` reads `2026-11-21T06:00` without a zone).
    package static func date(forWall wall: Date, in zone: TimeZone) -> Date {
        let seconds = Int64(wall.timeIntervalSince1970.rounded(.down))
        let fraction = wall.timeIntervalSince1970 - Double(seconds)
        return Date(timeIntervalSince1970: Double(instant(forWall: seconds, in: zone)) + fraction)
    }

    /// The earliest instant among `wall − offset` that really shows `wall`; nil when it falls in a
    /// gap (the spring-forward case), resolved by binary search for the transition.
    private static func resolve(_ wall: Int64, offsets: [Int64], in zone: TimeZone) -> Int64? {
        let valid = offsets.map { wall - $0 }.filter { self.wall(of: $0, in: zone) == wall }
        if let earliest = valid.min() { return earliest }
        guard offsets.count == 2, offsets[0] < offsets[1] else { return nil }
        // Spring forward from offsets[0] to offsets[1]: the transition lies in (low, high].
        return firstInstant(after: wall, within: wall - offsets[1], wall - offsets[0], in: zone)
    }

    /// The first instant in `(low, high]` whose wall time is later than `wall`, found by binary
    /// search (the wall clock only moves forward across a gap).
    private static func firstInstant(after wall: Int64, within low: Int64, _ high: Int64, in zone: TimeZone) -> Int64 {
        var low = low
        var high = high
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if self.wall(of: middle, in: zone) > wall { high = middle } else { low = middle }
        }
        return high
    }

    /// `yyyy-MM-dd` and `yyyy-MM-ddTHH:mm` for a wall value.
    package static func texts(ofWall wall: Int64) -> (date: String, dateTime: String) {
        let days = CivilDays.floorDivide(wall, 86_400)
        let secondOfDay = wall - days * 86_400
        let (year, month, day) = CivilDays.civil(Int(days))
        let date = "\(pad(Int64(year), 4))-\(pad(Int64(month), 2))-\(pad(Int64(day), 2))"
        return (date, "\(date)T\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay % 3_600 / 60, 2))")
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
