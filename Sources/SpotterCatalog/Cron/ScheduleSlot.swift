public import Foundation

/// One firing of a cron expression in one time zone, identified by its local wall-clock time.
public struct ScheduleSlot: Sendable, Hashable {
    /// The instant the slot fires: the local time's instant, its first occurrence when the clock
    /// falls back, or the first instant after the gap when the clock springs forward past it.
    public var fireAt: Date
    /// The local wall-clock date-time the slot stands for, `yyyy-MM-ddTHH:mm` ("2026-03-08T02:30").
    public var localKey: String
    /// The IANA identifier of the zone.
    public var zone: String
    /// The local calendar date, `yyyy-MM-dd` ("2026-03-08").
    public var localDate: String

    /// Creates a slot.
    public init(fireAt: Date, localKey: String, zone: String, localDate: String) {
        self.fireAt = fireAt
        self.localKey = localKey
        self.zone = zone
        self.localDate = localDate
    }

    /// The stable identity of the slot, `2026-03-08T02:30@America/New_York`: the same on every
    /// worker and every run, so it can serve as a unique key. A zone name that is long or holds
    /// a separator appears as its digest (``KeyPart``), so the identity stays short.
    public var identity: String { "\(localKey)@\(KeyPart.bounded(zone))" }
}
