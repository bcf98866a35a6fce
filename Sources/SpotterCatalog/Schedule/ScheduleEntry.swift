public import Foundation
import SpotterStats

/// Where a schedule entry's cron expression is evaluated.
public enum ScheduleZone: Sendable, Hashable {
    /// In one IANA time zone (`time_zone: Europe/Berlin`).
    case fixed(String)
    /// In each time zone in use by the product's users (`per_zone: true`), so that work runs
    /// shortly after local midnight everywhere.
    case perZone
}

/// One entry of `jobs/schedule.yaml`: enqueue a job of `kind` at each slot of `cron`.
public struct ScheduleEntry: Sendable, Hashable {
    /// The entry's unique name; part of each firing's unique key.
    public var name: String
    /// What the entry is for (optional in the file).
    public var description: String
    /// The kind of job enqueued at each slot; always a kind of the same catalog.
    public var kind: String
    /// When it fires, in local wall-clock time.
    public var cron: CronExpression
    /// Which zone(s) the cron expression is evaluated in.
    public var zone: ScheduleZone
    /// The payload of each enqueued job (the slot's zone and date are added, see `payload(for:)`).
    public var payload: [String: CatalogValue]
    /// After downtime, enqueue every missed slot within `maxCatchUp` (true, the default), or only
    /// the most recent one per zone (false).
    public var catchUp: Bool
    /// How far back missed slots are still enqueued. Default 48 hours.
    public var maxCatchUp: Duration

    /// Creates a schedule entry.
    public init(
        name: String, description: String = "", kind: String, cron: CronExpression, zone: ScheduleZone,
        payload: [String: CatalogValue] = [:], catchUp: Bool = true, maxCatchUp: Duration = .seconds(48 * 3_600)
    ) {
        self.name = name
        self.description = description
        self.kind = kind
        self.cron = cron
        self.zone = zone
        self.payload = payload
        self.catchUp = catchUp
        self.maxCatchUp = maxCatchUp
    }

    /// The zones this entry is evaluated in: its fixed zone, or for `per_zone` every valid,
    /// distinct identifier of `zonesInUse` that is valid under ``TimeZoneName`` (invalid ones are
    /// skipped; the caller reports them), sorted by identifier.
    public func zones(inUse zonesInUse: some Sequence<String>) -> [TimeZone] {
        switch zone {
        case .fixed(let identifier):
            return TimeZone(identifier: identifier).map { [$0] } ?? []
        case .perZone:
            let identifiers = Set(zonesInUse).sorted()
            return identifiers.compactMap { TimeZoneName.zone($0) }
        }
    }

    /// The slots to enqueue at `now`, given that slots up to `lastChecked` were already handled
    /// (nil on first start): every slot in `(max(lastChecked, now − maxCatchUp), now]` in each
    /// zone, or with `catchUp` false only the latest of them per zone. Sorted by fire time, then
    /// zone. Enqueue each with `uniqueKey(for:)` so that N schedulers enqueue it once.
    public func dueSlots(lastChecked: Date?, now: Date, zones: [TimeZone]) -> [ScheduleSlot] {
        let windowStart = now.addingTimeInterval(-maxCatchUp.catalogSeconds)
        let after = max(lastChecked ?? windowStart, windowStart)
        guard after < now else { return [] }
        var due: [ScheduleSlot] = []
        for zone in zones {
            let slots = cron.slots(after: after, through: now, in: zone)
            if catchUp {
                due += slots
            } else if let latest = slots.last {
                due.append(latest)
            }
        }
        return due.sorted { ($0.fireAt, $0.zone, $0.localKey) < ($1.fireAt, $1.zone, $1.localKey) }
    }

    /// The unique key of one firing: `schedule:<name>:<local date-time>@<zone>`, for example
    /// `schedule:nightly:2026-03-08T00:15@America/New_York`.
    public func uniqueKey(for slot: ScheduleSlot) -> String {
        "schedule:\(name):\(slot.identity)"
    }

    /// The payload for one firing: the entry's payload plus `time_zone`, `local_date` and
    /// `scheduled_for` (the slot's local date-time), unless the entry's payload sets them itself.
    public func payload(for slot: ScheduleSlot) -> [String: CatalogValue] {
        var merged = payload
        if merged[PayloadField.timeZone] == nil { merged[PayloadField.timeZone] = .string(slot.zone) }
        if merged[PayloadField.localDate] == nil { merged[PayloadField.localDate] = .string(slot.localDate) }
        if merged[PayloadField.scheduledFor] == nil { merged[PayloadField.scheduledFor] = .string(slot.localKey) }
        return merged
    }
}
