import Foundation
import SpotterIDs
import SpotterStats
import Testing

/// The `checkin_trends` rules: windows of local dates, averages, trends, the low-energy run.
@Suite("Check-in trends")
struct CheckInTrendsCalculatorTests {
    static let policy = CheckInPolicy(
        lowEnergyAtMost: 2, lowEnergyFlagDays: 3, trendMinimumCheckIns: 3, trendDelta: 0.5)

    /// A check-in at `text` with the three values.
    static func checkIn(_ text: String, _ energy: Int, _ mood: Int = 3, _ clarity: Int = 3) throws -> CheckIn {
        CheckIn(energy: energy, mood: mood, clarity: clarity, recordedAt: try instant(text))
    }

    /// One check-in a day at 08:00 UTC for `values.count` days ending on `last` (oldest first).
    static func daily(_ values: [Int], endingOn last: String, mood: Int = 3) throws -> [CheckIn] {
        let end = try day(last)
        return try values.enumerated().map { index, energy in
            let date = end.adding(days: index - values.count + 1)
            return try checkIn("\(date)T08:00:00Z", energy, mood)
        }
    }

    static func compute(_ checkIns: [CheckIn], now: String = "2026-11-21T12:00:00Z", zone: String = "UTC")
        throws -> CheckInTrends
    {
        CheckInTrendsCalculator.compute(
            checkIns: checkIns, clock: try clock(zone), now: try instant(now), policy: policy)
    }

    @Test("no check-ins: zero counts, no averages, no trend, no run")
    func empty() throws {
        let trends = try Self.compute([])
        #expect(trends.localDate == (try day("2026-11-21")))
        #expect(trends.checkIns7 == 0 && trends.checkIns28 == 0)
        #expect(trends.energy.average7 == nil && trends.energy.average28 == nil && trends.energy.trend == nil)
        #expect(trends.lowEnergyDays == 0 && !trends.lowEnergy && trends.lastCheckInAt == nil)
    }

    @Test("averages cover the last 7 and 28 local dates, each check-in counted, rounded to two decimals")
    func averages() throws {
        var checkIns = try Self.daily([5, 5, 5], endingOn: "2026-11-01")  // 20–22 days back
        checkIns += try [Self.checkIn("2026-11-21T07:00:00Z", 4, 2, 1), Self.checkIn("2026-11-21T09:00:00Z", 3, 3, 2)]
        checkIns += try [Self.checkIn("2026-11-15T09:00:00Z", 2, 4, 5)]  // 6 days back: inside 7
        checkIns += try [Self.checkIn("2026-10-24T09:00:00Z", 1, 1, 1)]  // 28 days back: outside 28
        let trends = try Self.compute(checkIns)
        #expect(trends.checkIns7 == 3)
        #expect(trends.checkIns28 == 6)
        #expect(trends.energy.average7 == 3)
        #expect(trends.mood.average7 == 3)
        #expect(trends.clarity.average7 == 2.67)
        #expect(trends.energy.average28 == 4)  // (5·3 + 4 + 3 + 2) / 6
        #expect(trends.lastCheckInAt == (try instant("2026-11-21T09:00:00Z")))
    }

    @Test("trends: 7 days against the 21 before, with a minimum on both sides and a dead band")
    func trends() throws {
        let rising = try Self.daily(
            [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4],
            endingOn: "2026-11-21")
        #expect(try Self.compute(rising).energy.trend == .rising)
        let falling = try Self.daily([4, 4, 4, 2, 2, 2, 2, 2, 2, 2], endingOn: "2026-11-21")
        #expect(try Self.compute(falling).energy.trend == .falling)
        let steady = try Self.daily([3, 3, 3, 3, 3, 3, 3, 4, 3, 3], endingOn: "2026-11-21")
        #expect(try Self.compute(steady).energy.trend == .steady)
        #expect(try Self.compute(steady).mood.trend == .steady)
        // Two check-ins before the last 7 days: too few for a trend.
        let few = try Self.daily([1, 1, 5, 5, 5, 5, 5, 5, 5], endingOn: "2026-11-21")
        #expect(try Self.compute(few).energy.trend == nil)
        #expect(try Self.compute(few).energy.average7 == 5)
    }

    @Test("low energy: the run of low days ends today, or yesterday before today's check-in")
    func lowEnergyRun() throws {
        let run = try Self.daily([4, 1, 2, 2], endingOn: "2026-11-21")
        #expect(try Self.compute(run).lowEnergyDays == 3)
        #expect(try Self.compute(run).lowEnergy)
        // No check-in yet today: yesterday's run still counts.
        let yesterday = try Self.daily([4, 2, 2], endingOn: "2026-11-20")
        #expect(try Self.compute(yesterday).lowEnergyDays == 2)
        #expect(try !Self.compute(yesterday).lowEnergy)
        // A good day today ends it; a day without check-ins breaks it.
        #expect(try Self.compute(Self.daily([1, 1, 1, 4], endingOn: "2026-11-21")).lowEnergyDays == 0)
        let gap = try Self.daily([1, 1], endingOn: "2026-11-18") + Self.daily([2, 2], endingOn: "2026-11-21")
        #expect(try Self.compute(gap).lowEnergyDays == 2)
        // A day counts by its mean: 1 and 4 average 2.5, not low.
        let mixed = try [Self.checkIn("2026-11-21T07:00:00Z", 1), Self.checkIn("2026-11-21T20:00:00Z", 4)]
        #expect(try Self.compute(mixed, now: "2026-11-21T23:00:00Z").lowEnergyDays == 0)
    }

    @Test("days are local dates in the person's zone, across a DST change")
    func localDates() throws {
        // 2026-11-01 is the fall-back day in New York (25 hours). 23:30 local on Oct 31 is
        // 03:30Z on Nov 1: still Oct 31 there, 21 days before Nov 21.
        let checkIns = try [Self.checkIn("2026-11-01T03:30:00Z", 1), Self.checkIn("2026-11-15T04:30:00Z", 1)]
        let trends = try Self.compute(checkIns, now: "2026-11-21T17:00:00Z", zone: "America/New_York")
        #expect(trends.localDate == (try day("2026-11-21")))
        #expect(trends.checkIns7 == 0, "Nov 14 23:30 local is 7 days back")
        #expect(trends.checkIns28 == 2)
        // Late evening in Tokyo is already tomorrow: a check-in at 15:30Z on Nov 20 is Nov 21 there.
        let tokyo = try Self.compute(
            [Self.checkIn("2026-11-20T15:30:00Z", 1)], now: "2026-11-21T00:30:00Z", zone: "Asia/Tokyo")
        #expect(tokyo.lowEnergyDays == 1 && tokyo.checkIns7 == 1)
    }

    @Test("check-ins after now or outside 1–5 are ignored and counted")
    func invalid() throws {
        let checkIns = try [
            Self.checkIn("2026-11-21T13:00:00Z", 1), Self.checkIn("2026-11-20T08:00:00Z", 0),
            Self.checkIn("2026-11-20T09:00:00Z", 3, 6), Self.checkIn("2026-11-20T10:00:00Z", 3),
        ]
        let trends = try Self.compute(checkIns)
        #expect(trends.ignoredCheckIns == 3)
        #expect(trends.checkIns7 == 1)
        #expect(trends.lastCheckInAt == (try instant("2026-11-20T10:00:00Z")))
    }

    @Test("a check-in older than 28 days still sets the last check-in time")
    func lastCheckIn() throws {
        let trends = try Self.compute([Self.checkIn("2026-01-05T10:00:00Z", 3)])
        #expect(trends.checkIns28 == 0)
        #expect(trends.lastCheckInAt == (try instant("2026-01-05T10:00:00Z")))
    }
}
