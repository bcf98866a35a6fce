public import Foundation
import SpotterCalendar

/// Computes ``CheckInTrends`` from a person's check-ins: the `checkin_trends` rules.
///
/// - A check-in counts for the local calendar date (the person's zone) on which it was recorded.
///   Windows are local dates, counted with calendar arithmetic: the last 7 days are today and the
///   6 dates before it, the last 28 today and the 27 before it.
/// - Averages are means over the check-ins in the window (two check-ins on one day count twice),
///   rounded to two decimals; nil when the window has none.
/// - The trend of a measure compares the mean of the last 7 days with the mean of the 21 dates
///   before them (days 8–28 back): `rising` or `falling` when they differ by at least
///   `trendDelta`, `steady` otherwise; nil unless both sides have `trendMinimumCheckIns`.
/// - Low energy: a day is low when its check-ins' mean energy is at most `lowEnergyAtMost`.
///   `lowEnergyDays` is the run of consecutive low days ending today, or yesterday when today
///   has no check-in yet (so this morning's missing check-in does not end the run); a day
///   without check-ins, or a day that is not low, ends it.
/// - Check-ins recorded after `now`, at an instant outside years 1 … 9999, or with a value
///   outside 1–5, are ignored (counted in `ignoredCheckIns`).
public enum CheckInTrendsCalculator {
    /// The valid range of each measure.
    public static let scale = 1...5

    /// The trends of one person at the instant `now`, in `clock`'s zone. O(n) in the check-ins.
    public static func compute(
        checkIns: [CheckIn], clock: UserClock, now: Date, policy: CheckInPolicy
    ) -> CheckInTrends {
        let today = clock.localDate(of: now).daysSince1970
        var recent = Window(), previous = Window(), month = Window()
        var perDay: [Int: (sum: Int, count: Int)] = [:]
        var ignored = 0
        var last: Date?
        for checkIn in checkIns {
            guard checkIn.recordedAt <= now, scale.contains(checkIn.energy), scale.contains(checkIn.mood),
                scale.contains(checkIn.clarity), let day = clock.dayNumber(of: checkIn.recordedAt)
            else {
                ignored += 1
                continue
            }
            if last.map({ checkIn.recordedAt > $0 }) ?? true { last = checkIn.recordedAt }
            let age = today - day
            guard (0..<28).contains(age) else { continue }
            month.add(checkIn)
            if age < 7 { recent.add(checkIn) } else { previous.add(checkIn) }
            perDay[age, default: (0, 0)].sum += checkIn.energy
            perDay[age, default: (0, 0)].count += 1
        }

        func measure(_ value: KeyPath<Window, Int>) -> CheckInTrends.Measure {
            let average7 = recent.mean(value), average28 = month.mean(value)
            var trend: CheckInTrends.Trend?
            if recent.count >= policy.trendMinimumCheckIns, previous.count >= policy.trendMinimumCheckIns,
                let now = average7, let before = previous.mean(value)
            {
                let delta = now - before
                trend = delta >= policy.trendDelta ? .rising : delta <= -policy.trendDelta ? .falling : .steady
            }
            return .init(average7: average7.map(rounded), average28: average28.map(rounded), trend: trend)
        }

        var lowDays = 0
        var age = perDay[0] == nil ? 1 : 0
        while let day = perDay[age], Double(day.sum) / Double(day.count) <= policy.lowEnergyAtMost {
            lowDays += 1
            age += 1
        }
        return CheckInTrends(
            localDate: LocalDate(daysSince1970: today), checkIns7: recent.count, checkIns28: month.count,
            energy: measure(\.energy), mood: measure(\.mood), clarity: measure(\.clarity), lowEnergyDays: lowDays,
            lowEnergy: lowDays >= policy.lowEnergyFlagDays, lastCheckInAt: last, ignoredCheckIns: ignored)
    }

    private static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// Sums over the check-ins of one window.
    private struct Window {
        var count = 0, energy = 0, mood = 0, clarity = 0

        mutating func add(_ checkIn: CheckIn) {
            count += 1
            energy += checkIn.energy
            mood += checkIn.mood
            clarity += checkIn.clarity
        }

        func mean(_ value: KeyPath<Window, Int>) -> Double? {
            count == 0 ? nil : Double(self[keyPath: value]) / Double(count)
        }
    }
}
