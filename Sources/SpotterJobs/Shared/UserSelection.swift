public import Foundation
import SpotterCalendar
import SpotterCatalog
public import SpotterDB
public import SpotterIDs
import SpotterQueue

/// Which users (or trainers) a job computes, decoded from its payload. One of:
/// - `{"user_id": 42}` (or `{"trainer_id": 7}` for trainer kinds) — on demand;
/// - `{"user_ids": [1, 2, 3]}`;
/// - `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 1000}` — a nightly shard:
///   the active users of that zone whose ids fall in the inclusive range.
/// Any of them may carry `"as_of": "2026-11-21T05:00:00Z"` (default: now), for backfills and
/// reproducible runs, and `local_date` (informational; each user's own today is computed from
/// `as_of` in their zone).
public struct UserSelection: Sendable, Hashable {
    /// Explicit ids (one or many).
    public var ids: [UserID]?
    /// A zone shard.
    public var timeZone: String?
    /// Inclusive id range of a shard, in the id column's own order (either end may be open).
    public var idRange: IDRange?
    /// The instant "now" for the computation.
    public var asOf: Date
    /// True when the payload named explicit ids: a missing id is then an error worth reporting.
    public var isExplicit: Bool { ids != nil }
    /// True when `asOf` came from the payload (every nightly shard), false when it is the moment
    /// the job was decoded: only then can two jobs select exactly the same inputs.
    public var asOfIsPinned = false

    /// Creates a selection directly (tests, the nightly fan-out).
    public init(
        ids: [UserID]? = nil, timeZone: String? = nil, idRange: IDRange? = nil, asOf: Date = Date()
    ) {
        self.ids = ids
        self.timeZone = timeZone
        self.idRange = idRange
        self.asOf = asOf
    }

    /// The selection a payload names; a payload that selects nobody, or an unparseable `as_of`,
    /// is a permanent failure naming the problem.
    public init(_ payload: SelectionPayload) throws {
        guard let selection = try Self.selecting(payload) else {
            throw JobError.permanent("payload selects nobody: give \(PayloadField.selectionHint)")
        }
        self = selection
    }

    /// The selection a payload names, or nil when it names nobody (for kinds with other ways to
    /// select, such as a conversation).
    public static func selecting(_ payload: SelectionPayload) throws -> UserSelection? {
        let asOf = try ISO8601Instant.asOf(payload.as_of)
        var selection: UserSelection
        let single = payload.user_id ?? payload.trainer_id
        let many = payload.user_ids ?? payload.trainer_ids
        if let single {
            selection = UserSelection(ids: [single], asOf: asOf)
        } else if let many {
            guard !many.isEmpty, many.count <= 100_000 else {
                throw JobError.permanent("user_ids must hold 1 to 100000 ids")
            }
            selection = UserSelection(ids: many, asOf: asOf)
        } else if let zone = payload.time_zone {
            // The ends compare in the id column's own order, which only the database knows: a
            // range whose from is above its to selects nobody.
            let range = IDRange(from: payload.from_user_id, to: payload.to_user_id)
            selection = UserSelection(
                timeZone: zone, idRange: range.from == nil && range.to == nil ? nil : range, asOf: asOf)
        } else {
            return nil
        }
        selection.asOfIsPinned = payload.as_of != nil
        return selection
    }

    /// A SQL predicate over a users table alias. Shards select active users only; explicit ids
    /// select whoever they name. A zone's id range is spelled on `(time_zone, id)`, the columns of
    /// the users' zone index, so the shard reads its zone's users in the range: as bounds on `id`
    /// alone, PostgreSQL walked the primary key over the range and filtered the zone out of every
    /// user (a zone's shards together read the whole table, for every zone).
    public func predicate(alias: String) -> SQLQuery {
        if let ids { return "\(unescaped: alias).id \(oneOf: ids)" }
        var parts: [SQLQuery] = ["\(unescaped: alias).status = 'active'"]
        if let timeZone { parts.append("\(unescaped: alias).time_zone = \(bind: timeZone)") }
        /// `id <op> bound`, or with a zone `(time_zone, id) <op> (zone, bound)`.
        func bound(_ comparison: String, _ id: UserID) -> SQLQuery {
            guard let timeZone else { return "\(unescaped: alias).id \(unescaped: comparison) \(id: id)" }
            return
                "(\(unescaped: alias).time_zone, \(unescaped: alias).id) \(unescaped: comparison) (\(bind: timeZone), \(id: id))"
        }
        if let from = idRange?.from { parts.append(bound(">=", from)) }
        if let to = idRange?.to { parts.append(bound("<=", to)) }
        return .joined(parts, separator: " AND ")
    }

    /// Throws a permanent "unknown user" error for explicit ids that matched no user.
    public func requireFound(_ found: Set<UserID>, noun: String = "user") throws {
        guard let ids else { return }
        let missing = ids.filter { !found.contains($0) }
        guard missing.isEmpty else {
            let list = missing.prefix(10).map(\.text).joined(separator: ", ")
            throw JobError.permanent(
                "unknown \(noun)\(missing.count == 1 ? "" : "s") \(list)\(missing.count > 10 ? ", …" : "")")
        }
    }
}

/// A shard's inclusive id range, in the id column's own order; a nil end is open.
public struct IDRange: Sendable, Hashable {
    public var from: UserID?
    public var to: UserID?

    public init(from: UserID?, to: UserID?) {
        self.from = from
        self.to = to
    }
}

/// ISO 8601 instants with or without fractional seconds.
public enum ISO8601Instant {
    /// Parses `2026-11-21T05:00:00Z`, `2026-11-21T05:00:00.123+01:00` and similar (the fraction
    /// is optional), with the calendar module's codec.
    public static func parse(_ text: String) -> Date? {
        TimestampFormat.parseInstant(text)
    }

    /// A payload's `as_of`: now when absent, a permanent job failure naming it when unparseable.
    public static func asOf(_ text: String?) throws -> Date {
        guard let text else { return Date() }
        guard let parsed = parse(text) else {
            throw JobError.permanent(
                "as_of '\(text.prefix(40))' is not an ISO 8601 instant (e.g. 2026-11-21T05:00:00Z)")
        }
        return parsed
    }
}
