import Foundation
import SpotterCalendar
import SpotterJobs

/// `run nightly`'s `--date` and `--as-of`, checked against each other and the clock, per zone of
/// the batch (a zone name no calendar knows is passed over: its users get a recorded error).
///
/// - `--as-of` may not be later than now (a few minutes of clock skew allowed).
/// - `--date` may not be later than the zone's current date.
/// - Both given: the instant must fall within that local date in the zone.
/// - `--date` before the zone's current date, alone: refused, with an `--as-of` that fits (the
///   last second of that date there): results for an earlier date computed as of now would
///   count later workouts and messages.
enum NightlyDates {
    /// Clock skew tolerated for `--as-of`.
    static let skew: TimeInterval = 300

    /// Throws a `CommandFailure` (exit 2) naming the first inconsistency.
    static func check(
        zones: [(zone: String, localDate: String)], date: String?, asOf: Date?, now: Date = Date()
    ) throws {
        let text = TimestampFormat.compact
        if let asOf, asOf > now.addingTimeInterval(skew) {
            throw CommandFailure(
                message: "--as-of \(text(asOf)) is in the future (now is "
                    + "\(text(now))): give an instant up to now", exitCode: 2)
        }
        guard let date else { return }
        let hint = zones.count > 1 ? " (with several zones in use, pick one with --zone)" : ""
        for entry in zones {
            guard let zone = TimeZone(identifier: entry.zone) else { continue }
            let today = NightlyPlan.localDate(of: now, zone: entry.zone)
            if date > today {
                throw CommandFailure(
                    message: "--date \(date) is in the future in \(entry.zone) (today there is \(today))\(hint)",
                    exitCode: 2)
            }
            let end = endOfDay(date, in: zone).map(text) ?? date
            if let asOf {
                let day = NightlyPlan.localDate(of: asOf, zone: entry.zone)
                if day != date {
                    throw CommandFailure(
                        message: "--as-of \(text(asOf)) is on \(day) in \(entry.zone), not on "
                            + "--date \(date): give an instant within that date there (e.g. --as-of \(end)), or "
                            + "leave out --date\(hint)", exitCode: 2)
                }
            } else if date < today {
                throw CommandFailure(
                    message: "--date \(date) is before today in \(entry.zone) (\(today)): a backfill needs "
                        + "--as-of, an instant within that date there (e.g. --as-of \(end), its last second)\(hint)",
                    exitCode: 2)
            }
        }
    }

    /// The last second of local date `date` (YYYY-MM-DD) in `zone`.
    static func endOfDay(_ date: String, in zone: TimeZone) -> Date? {
        let parts = date.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let start = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2])),
            let next = calendar.date(byAdding: .day, value: 1, to: start)
        else { return nil }
        return next.addingTimeInterval(-1)
    }
}
