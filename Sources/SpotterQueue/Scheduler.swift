public import Foundation
import SpotterCatalog
public import SpotterDB
import SpotterStats

/// One schedule firing that this call enqueued.
public struct FiredSlot: Sendable, Hashable {
    /// The schedule entry's name.
    public var entry: String
    /// The slot's identity, `2026-03-08T00:15@Europe/Berlin`.
    public var slot: String
    /// The job enqueued for it.
    public var jobID: Int64
}

/// Some slots of a scheduler tick could not be fired; the others were.
public struct ScheduleTickError: Error, CustomStringConvertible {
    /// One slot (or, with `slot` nil, a whole entry) that failed.
    public struct Failure: Sendable, CustomStringConvertible {
        /// The schedule entry's name.
        public var entry: String
        /// The slot's identity, nil when the entry's slots could not be listed.
        public var slot: String?
        /// What went wrong.
        public var error: any Error

        /// `entry nightly, slot 2026-03-08T00:15@…: <error>`.
        public var description: String { "entry \(entry)\(slot.map { ", slot \($0)" } ?? ""): \(error)" }
    }

    /// The slots fired in the same tick despite the failures.
    public var fired: [FiredSlot]
    /// The slots that failed; they are tried again at the next tick.
    public var failures: [Failure]

    /// How many slots failed, and the first failure.
    public var description: String {
        "\(failures.count) schedule slot(s) failed (\(fired.count) fired): " + (failures.first?.description ?? "")
    }
}

/// Fires the schedule of `jobs/schedule.yaml`. Any number of workers may call `tick` at
/// once: each slot is recorded in `schedule_slots` under its (entry, slot) primary key in the
/// same transaction that enqueues its job, so it enqueues exactly once; after downtime every
/// missed slot since the entry was first seen (bounded by its `max_catch_up`) fires once.
public struct Scheduler: Sendable {
    /// The queue used to enqueue.
    public var queue: JobQueue

    /// Creates a scheduler for the queue's catalog.
    public init(queue: JobQueue) {
        self.queue = queue
    }

    /// Enqueues every due slot not yet fired. `zonesInUse` lists the time zones of active users
    /// (for `per_zone` entries); users of invalid zones get their slot on UTC time.
    ///
    /// One slot (or entry) that cannot be fired never stops the others: each is tried in its own
    /// transaction, and if any failed, the call throws a ``ScheduleTickError`` after every other
    /// slot was fired, carrying both the fired slots and the failures (the failed ones are tried
    /// again at the next tick).
    public func tick(now: Date, zonesInUse: [String], in session: DatabaseSession) throws -> [FiredSlot] {
        var fired: [FiredSlot] = []
        var failures: [ScheduleTickError.Failure] = []
        for entry in queue.catalog.schedule {
            let due: [ScheduleSlot]
            let done: Set<String>
            do {
                (due, done) = try dueSlots(of: entry, now: now, zonesInUse: zonesInUse, in: session)
            } catch {
                failures.append(.init(entry: entry.name, slot: nil, error: error))
                continue
            }
            for slot in due where !done.contains(slot.identity) {
                do {
                    if let jobID = try fire(entry, slot: slot, in: session) {
                        fired.append(FiredSlot(entry: entry.name, slot: slot.identity, jobID: jobID))
                    }
                } catch {
                    failures.append(.init(entry: entry.name, slot: slot.identity, error: error))
                }
            }
        }
        if !failures.isEmpty { throw ScheduleTickError(fired: fired, failures: failures) }
        return fired
    }

    /// An entry's due slots and those of them already fired.
    private func dueSlots(of entry: ScheduleEntry, now: Date, zonesInUse: [String], in session: DatabaseSession)
        throws -> (due: [ScheduleSlot], done: Set<String>)
    {
        let firstSeen = try register(entry, now: now, in: session)
        let zones = entry.zones(inUse: zonesInUse)
        var due = entry.dueSlots(lastChecked: firstSeen, now: now, zones: zones)
        if case .perZone = entry.zone {
            // Users whose zone name is invalid still get their nightly (on UTC time), so their
            // jobs can record the error instead of silently skipping them.
            let utc = TimeZone(identifier: "UTC")!
            for invalid in Set(zonesInUse).sorted() where !TimeZoneName.isValid(invalid) {
                due += entry.dueSlots(lastChecked: firstSeen, now: now, zones: [utc]).map { slot in
                    var slot = slot
                    slot.zone = invalid
                    return slot
                }
            }
            due.sort { ($0.fireAt, $0.zone) < ($1.fireAt, $1.zone) }
        }
        guard let earliest = due.first?.fireAt else { return ([], []) }
        let done = Set(
            try session.query(
                "SELECT slot FROM spotter.schedule_slots WHERE entry = \(bind: entry.name) AND fire_at >= \(timestamp: earliest)"
            ).map { try $0.string("slot") })
        return (due, done)
    }

    /// Records when an entry was first seen (the empty slot), so a new entry does not catch up
    /// on slots from before it existed. Returns that time.
    private func register(_ entry: ScheduleEntry, now: Date, in session: DatabaseSession) throws -> Date {
        try session.execute(
            """
            INSERT INTO spotter.schedule_slots (entry, slot, fire_at) VALUES (\(bind: entry.name), '', \(timestamp: now))
            ON CONFLICT (entry, slot) DO NOTHING
            """)
        let row = try session.query(
            "SELECT fire_at FROM spotter.schedule_slots WHERE entry = \(bind: entry.name) AND slot = ''")
        return try row.first?.date("fire_at") ?? now
    }

    private func fire(_ entry: ScheduleEntry, slot: ScheduleSlot, in session: DatabaseSession) throws -> Int64? {
        try session.withTransaction(immediate: true) {
            let claimed = try session.query(
                """
                INSERT INTO spotter.schedule_slots (entry, slot, fire_at)
                VALUES (\(bind: entry.name), \(bind: slot.identity), \(timestamp: slot.fireAt))
                ON CONFLICT (entry, slot) DO NOTHING
                RETURNING slot
                """)
            guard !claimed.isEmpty else { return nil }
            let request = EnqueueRequest(
                kind: entry.kind, payload: CatalogValue.jsonText(of: entry.payload(for: slot)),
                uniqueKey: entry.uniqueKey(for: slot))
            guard let result = try queue.enqueue([request], in: session).first else { return nil }
            try session.execute(
                """
                UPDATE spotter.schedule_slots SET job_id = \(bind: result.id)
                WHERE entry = \(bind: entry.name) AND slot = \(bind: slot.identity)
                """)
            return result.id
        }
    }

    /// The distinct time zones of active users.
    public static func zonesInUse(in session: DatabaseSession) throws -> [String] {
        try session.query("SELECT DISTINCT time_zone FROM spotter.users WHERE status = 'active' ORDER BY 1")
            .map { try $0.string("time_zone") }
    }
}
