public import Foundation
import SpotterCalendar

/// Evaluating a cron expression in local wall-clock time of a zone.
///
/// A slot is a local wall-clock minute that matches the expression, and each slot fires exactly
/// once:
/// - On a spring-forward night, a local time that does not exist (02:30 in New York on
///   2026-03-08) fires once, at the first valid instant after the gap (03:00 EDT). Several
///   skipped slots (an every-15-minutes job) all fire at that instant, each with its own key.
/// - On a fall-back night, a local time that happens twice (01:30) fires once, at its first
///   occurrence; the repeated hour brings no second firing.
/// - A whole skipped day (Pacific/Kiritimati on 1994-12-31) follows the same gap rule.
///
/// So a daily job fires exactly once per local day, whatever the zone does.
extension CronExpression {
    /// The first fire time strictly after `after`, or nil when none exists within 12 years.
    public func next(after: Date, in zone: TimeZone) -> Date? {
        nextSlot(after: after, in: zone)?.fireAt
    }

    /// The first slot whose fire time is strictly after `after`.
    public func nextSlot(after: Date, in zone: TimeZone) -> ScheduleSlot? {
        let horizon = after.addingTimeInterval(12 * 366 * 86_400)
        var result: ScheduleSlot?
        enumerate(after: after, through: horizon, in: zone) { slot in
            result = slot
            return false
        }
        return result
    }

    /// Every slot with `after < fireAt ≤ through`, in order.
    public func slots(after: Date, through: Date, in zone: TimeZone) -> [ScheduleSlot] {
        var result: [ScheduleSlot] = []
        enumerate(after: after, through: through, in: zone) { slot in
            result.append(slot)
            return true
        }
        return result
    }

    /// Calls `body` with each slot in `(after, through]` until it returns false.
    ///
    /// Local wall times are walked forward from the wall time of `after`; fire times never go
    /// backwards as wall times advance (a gap maps forward to its end, an overlap to its first
    /// pass), so the walk stops at the first slot past `through`.
    private func enumerate(after: Date, through: Date, in zone: TimeZone, _ body: (ScheduleSlot) -> Bool) {
        guard through > after else { return }
        let afterSecond = Int64(after.timeIntervalSince1970.rounded(.down))
        let throughSecond = Int64(through.timeIntervalSince1970.rounded(.down))
        // The wall clock can be at most a day and a half ahead of any instant's wall value in the
        // zones that exist; walking past that can only find slots that fire after `through`.
        let wallLimit = WallClock.wall(of: throughSecond, in: zone) + 2 * 86_400
        var wall = CivilDays.floorDivide(WallClock.wall(of: afterSecond, in: zone), 60) * 60
        while let match = nextWall(onOrAfter: wall, notAfter: wallLimit) {
            let fire = WallClock.instant(forWall: match, in: zone)
            let fireAt = Date(timeIntervalSince1970: TimeInterval(fire))
            if fireAt > through { return }
            if fireAt > after {
                let (date, dateTime) = WallClock.texts(ofWall: match)
                let slot = ScheduleSlot(fireAt: fireAt, localKey: dateTime, zone: zone.identifier, localDate: date)
                guard body(slot) else { return }
            }
            wall = match + 60
        }
    }

    /// The first matching wall minute at or after `wall` (minute-aligned), up to `limit`.
    private func nextWall(onOrAfter wall: Int64, notAfter limit: Int64) -> Int64? {
        var day = CivilDays.floorDivide(wall, 86_400)
        var minuteOfDay = Int((wall - day * 86_400) / 60)
        while day * 86_400 <= limit {
            let (_, month, dayOfMonth) = CivilDays.civil(Int(day))
            if matches(month: Int(month), day: Int(dayOfMonth), weekday: CivilDays.weekday(Int(day)) - 1),
                let minute = firstMinute(from: minuteOfDay)
            {
                let candidate = day * 86_400 + Int64(minute) * 60
                return candidate <= limit ? candidate : nil
            }
            day += 1
            minuteOfDay = 0
        }
        return nil
    }
}
