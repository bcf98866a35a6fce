import Foundation
import SpotterCatalog
import Testing

@Suite("Cron slots across DST and odd zones")
struct CronTimeZoneTests {
    @Test("02:30 daily in New York fires once on spring-forward day, at 03:00 EDT")
    func springForwardNewYork() throws {
        let cron = try CronExpression(parsing: "30 2 * * *")
        let ny = zone("America/New_York")
        let slots = cron.slots(after: utc(2026, 3, 7), through: utc(2026, 3, 10), in: ny)
        #expect(slots.map(\.localDate) == ["2026-03-07", "2026-03-08", "2026-03-09"])
        #expect(slots[1].identity == "2026-03-08T02:30@America/New_York")
        #expect(slots[1].fireAt == utc(2026, 3, 8, 7, 0))  // 03:00 EDT, the first instant after the gap
        #expect(slots[0].fireAt == utc(2026, 3, 7, 7, 30))  // 02:30 EST
        #expect(slots[2].fireAt == utc(2026, 3, 9, 6, 30))  // 02:30 EDT
        #expect(cron.next(after: utc(2026, 3, 8, 6), in: ny) == utc(2026, 3, 8, 7))
    }

    @Test("01:30 daily in New York fires once on fall-back day, at the first 01:30 (EDT)")
    func fallBackNewYork() throws {
        let cron = try CronExpression(parsing: "30 1 * * *")
        let ny = zone("America/New_York")
        let slots = cron.slots(after: utc(2026, 10, 31), through: utc(2026, 11, 3), in: ny)
        #expect(slots.map(\.localKey) == ["2026-10-31T01:30", "2026-11-01T01:30", "2026-11-02T01:30"])
        #expect(slots[1].fireAt == utc(2026, 11, 1, 5, 30))  // 01:30 EDT, not 01:30 EST (06:30Z)
        // Asked from inside the repeated hour, the next firing is the next day's.
        #expect(cron.next(after: utc(2026, 11, 1, 6, 0), in: ny) == utc(2026, 11, 2, 6, 30))
    }

    @Test(
        "02:30 daily fires exactly once per local day on both transition days",
        arguments: ["America/New_York", "Europe/Berlin"])
    func onceAcrossTheYear(identifier: String) throws {
        let cron = try CronExpression(parsing: "30 2 * * *")
        let slots = cron.slots(after: utc(2025, 12, 31, 12), through: utc(2026, 12, 31, 12), in: zone(identifier))
        #expect(slots.count == 365)
        #expect(Set(slots.map(\.localDate)).count == 365)
        #expect(slots.first?.localDate == "2026-01-01")
        #expect(slots.last?.localDate == "2026-12-31")
        #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.fireAt < $1.fireAt })
    }

    @Test("Berlin: 02:30 on 2026-03-29 fires at 03:00 CEST; 02:30 on 2026-10-25 at its first occurrence")
    func berlinTransitions() throws {
        let cron = try CronExpression(parsing: "30 2 * * *")
        let berlin = zone("Europe/Berlin")
        let spring = try #require(
            cron.slots(after: utc(2026, 3, 28, 12), through: utc(2026, 3, 29, 12), in: berlin).first)
        #expect(spring.localKey == "2026-03-29T02:30")
        #expect(spring.fireAt == utc(2026, 3, 29, 1, 0))
        let autumn = cron.slots(after: utc(2026, 10, 24, 12), through: utc(2026, 10, 25, 12), in: berlin)
        #expect(autumn.map(\.localKey) == ["2026-10-25T02:30"])
        #expect(autumn.first?.fireAt == utc(2026, 10, 25, 0, 30))  // 02:30 CEST
    }

    @Test("every-15-minutes across spring forward: skipped slots fire at the gap's end, each once")
    func quarterHoursAcrossGap() throws {
        let cron = try CronExpression(parsing: "*/15 * * * *")
        let slots = cron.slots(
            after: utc(2026, 3, 8, 6, 30), through: utc(2026, 3, 8, 7, 15), in: zone("America/New_York"))
        #expect(
            slots.map { String($0.localKey.suffix(5)) } == [
                "01:45", "02:00", "02:15", "02:30", "02:45", "03:00", "03:15",
            ])
        #expect(slots.filter { $0.fireAt == utc(2026, 3, 8, 7) }.count == 5)
        #expect(Set(slots.map(\.identity)).count == slots.count)
    }

    @Test("every-15-minutes across fall back: the repeated hour does not fire twice")
    func quarterHoursAcrossOverlap() throws {
        let cron = try CronExpression(parsing: "*/15 * * * *")
        let slots = cron.slots(
            after: utc(2026, 11, 1, 5, 0), through: utc(2026, 11, 1, 7, 0), in: zone("America/New_York"))
        #expect(slots.map { String($0.localKey.suffix(5)) } == ["01:15", "01:30", "01:45", "02:00"])
        #expect(slots.last?.fireAt == utc(2026, 11, 1, 7, 0))
    }

    @Test(
        "00:15 daily fires once per local day across a month",
        arguments: ["America/New_York", "Europe/Berlin", "Asia/Kolkata", "Australia/Lord_Howe"])
    func nightlyAcrossMonth(identifier: String) throws {
        let cron = try CronExpression(parsing: "15 0 * * *")
        let tz = zone(identifier)
        // March 2026 holds the spring-forward day in New York, Berlin and (autumn) Lord Howe's half-hour shift in April.
        let slots = cron.slots(after: utc(2026, 3, 1), through: utc(2026, 5, 1), in: tz)
        let dates = slots.map(\.localDate)
        #expect(Set(dates).count == dates.count)
        #expect(dates.contains("2026-03-15"))
        #expect(slots.allSatisfy { $0.localKey.hasSuffix("T00:15") })
        for slot in slots {
            let offset = TimeInterval(tz.secondsFromGMT(for: slot.fireAt))
            let local = slot.fireAt.addingTimeInterval(offset)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone("UTC")
            let parts = calendar.dateComponents([.hour, .minute], from: local)
            #expect(parts.hour == 0 && parts.minute == 15, "\(slot.identity) fires at \(slot.fireAt)")
        }
    }

    @Test("after a 3-day downtime, the missed nightly slots are 3")
    func downtimeCatchUp() throws {
        let cron = try CronExpression(parsing: "15 0 * * *")
        let missed = cron.slots(after: utc(2026, 6, 10, 12), through: utc(2026, 6, 13, 12), in: zone("Europe/Berlin"))
        #expect(missed.map(\.localDate) == ["2026-06-11", "2026-06-12", "2026-06-13"])
        let entry = ScheduleEntry(name: "nightly", kind: "nightly", cron: cron, zone: .perZone)
        let due = entry.dueSlots(
            lastChecked: utc(2026, 6, 10, 12), now: utc(2026, 6, 13, 12), zones: [zone("Europe/Berlin")])
        #expect(due.count == 2)  // max_catch_up 48h drops the first
        var noCatchUp = entry
        noCatchUp.catchUp = false
        let latest = noCatchUp.dueSlots(
            lastChecked: utc(2026, 6, 10, 12), now: utc(2026, 6, 13, 12), zones: [zone("Europe/Berlin")])
        #expect(latest.map(\.localDate) == ["2026-06-13"])
        var wide = entry
        wide.maxCatchUp = .seconds(7 * 86_400)
        #expect(
            wide.dueSlots(lastChecked: utc(2026, 6, 10, 12), now: utc(2026, 6, 13, 12), zones: [zone("Europe/Berlin")])
                .count == 3)
        #expect(
            entry.dueSlots(lastChecked: utc(2026, 6, 13, 12), now: utc(2026, 6, 13, 12), zones: [zone("Europe/Berlin")])
                .isEmpty)
    }

    @Test("Kiritimati (UTC+14) and Pago Pago (UTC−11) reach local midnight 25 hours apart")
    func extremeOffsets() throws {
        let cron = try CronExpression(parsing: "15 0 * * *")
        // Local date 2026-06-01 starts 25 hours earlier in Kiritimati than in Pago Pago.
        let kiritimati = cron.slots(after: utc(2026, 5, 30), through: utc(2026, 6, 3), in: zone("Pacific/Kiritimati"))
        let pagoPago = cron.slots(after: utc(2026, 5, 30), through: utc(2026, 6, 3), in: zone("Pacific/Pago_Pago"))
        let first = try #require(kiritimati.first { $0.localDate == "2026-06-01" })
        let last = try #require(pagoPago.first { $0.localDate == "2026-06-01" })
        #expect(first.identity == "2026-06-01T00:15@Pacific/Kiritimati")
        #expect(first.fireAt == utc(2026, 5, 31, 10, 15))
        #expect(last.identity == "2026-06-01T00:15@Pacific/Pago_Pago")
        #expect(last.fireAt == utc(2026, 6, 1, 11, 15))
        #expect(last.fireAt.timeIntervalSince(first.fireAt) == 25 * 3_600)
        // At 2026-06-01T11:00Z it is 01:00 on June 2 in Kiritimati and 00:00 on June 1 in Pago Pago.
        #expect(cron.nextSlot(after: utc(2026, 6, 1, 11), in: zone("Pacific/Kiritimati"))?.localDate == "2026-06-03")
        #expect(cron.nextSlot(after: utc(2026, 6, 1, 11), in: zone("Pacific/Pago_Pago"))?.localDate == "2026-06-01")
    }

    @Test("a skipped local day (Kiritimati 1994-12-31, Apia 2011-12-30) fires once at the gap's end")
    func skippedDay() throws {
        let cron = try CronExpression(parsing: "15 0 * * *")
        let kiritimati = cron.slots(after: utc(1994, 12, 30), through: utc(1995, 1, 2), in: zone("Pacific/Kiritimati"))
        #expect(kiritimati.map(\.localDate) == ["1994-12-30", "1994-12-31", "1995-01-01", "1995-01-02"])
        // 1995-01-01T00:00+14, the first instant after the gap.
        #expect(kiritimati[1].fireAt == utc(1994, 12, 31, 10, 0))
        #expect(kiritimati[2].fireAt == utc(1994, 12, 31, 10, 15))
        let apia = cron.slots(after: utc(2011, 12, 29), through: utc(2011, 12, 31, 12), in: zone("Pacific/Apia"))
        #expect(apia.map(\.localDate) == ["2011-12-29", "2011-12-30", "2011-12-31", "2012-01-01"])
        #expect(apia[1].fireAt == utc(2011, 12, 30, 10, 0))
    }

    @Test("slots are empty for an empty or reversed window")
    func emptyWindows() throws {
        let cron = try CronExpression(parsing: "* * * * *")
        #expect(cron.slots(after: utc(2026, 6, 1), through: utc(2026, 6, 1), in: zone("UTC")).isEmpty)
        #expect(cron.slots(after: utc(2026, 6, 2), through: utc(2026, 6, 1), in: zone("UTC")).isEmpty)
        #expect(cron.slots(after: utc(2026, 6, 1), through: utc(2026, 6, 1, 1), in: zone("UTC")).count == 60)
    }
}
