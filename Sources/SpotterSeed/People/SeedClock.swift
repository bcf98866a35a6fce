import Foundation

/// Local calendar arithmetic for one time zone around the dataset's "today", precomputed once
/// per generator so generation makes no time-zone calls per row.
///
/// Days are counted back from the zone's local today (`daysAgo` 0 = today). A local wall time
/// on a day is placed with the UTC offset in force at local noon of that day; DST switches happen
/// at night (00:00–04:00 local) in every seeded zone and sessions are placed from 05:00 to 23:30,
/// so the noon offset is the right one for every generated time.
struct SeedClock: Sendable {
    /// UTC seconds of local noon, indexed by days ago.
    private let noonUTC: [Int64]
    /// Local day number (days since 1970-01-01 in this zone) of today.
    let today: Int64
    /// Minutes since local midnight at `now`.
    let minuteOfDayNow: Int
    /// The dataset's now, whole UTC seconds.
    let now: Int64

    /// Builds the table for `timeZone` (UTC if nil) covering `days` days back from `now`.
    init(timeZone: TimeZone?, now nowDate: Date, days: Int) {
        let zone = timeZone ?? TimeZone(secondsFromGMT: 0)!
        let nowSeconds = Int64(nowDate.timeIntervalSince1970.rounded(.down))
        let offsetNow = Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(nowSeconds))))
        let localNow = nowSeconds + offsetNow
        let today = Self.floorDiv(localNow, 86_400)
        var table: [Int64] = []
        table.reserveCapacity(days + 1)
        var offset = offsetNow
        for daysAgo in 0...days {
            let noonWall = (today - Int64(daysAgo)) * 86_400 + 43_200
            let guess = Date(timeIntervalSince1970: TimeInterval(noonWall - offset))
            offset = Int64(zone.secondsFromGMT(for: guess))
            table.append(noonWall - offset)
        }
        self.noonUTC = table
        self.today = today
        self.minuteOfDayNow = Int((localNow - today * 86_400) / 60)
        self.now = nowSeconds
    }

    /// Number of days the table covers (the largest valid `daysAgo`).
    var maxDaysAgo: Int { noonUTC.count - 1 }

    /// UTC seconds of local wall time `minute` (minutes after midnight) on the day `daysAgo`.
    func instant(daysAgo: Int, minute: Int) -> Int64 {
        noonUTC[min(max(daysAgo, 0), maxDaysAgo)] + Int64(minute * 60 - 43_200)
    }

    /// Weekday of the day `daysAgo`: 0 = Sunday … 6 = Saturday.
    func weekday(daysAgo: Int) -> Int {
        Int(Self.floorMod(today - Int64(daysAgo) + 4, 7))
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
        a - floorDiv(a, b) * b
    }
}
