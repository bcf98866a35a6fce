public import Foundation
public import SpotterIDs

/// A replayed state kept between nights (issue 34): the state after a member's window of sessions
/// depends only on those sessions, their logged work, the profile's level, the zone, the parts of
/// the configuration the replay reads and the library's workouts, not on the night's date. So a
/// night stores each member's state (``stored()``) with a fingerprint of those inputs, and the
/// next night, when the fingerprint is unchanged, reads it back (``init(stored:profileLevel:zone:configuration:)``)
/// instead of replaying the window: the same state, value for value (doubles bit for bit).
extension PersonalState {
    /// The version of what ``stored()`` writes and of the replay that computes it: part of every
    /// fingerprint (``replayKey(library:configuration:)``), so a state kept by an older Spotter is
    /// replayed again rather than read. Bump it when the replay's arithmetic or the stored layout
    /// changes; `PersonalStateStoredTests` pins the bytes of a replayed state to make that change
    /// visible.
    public static let replayVersion: UInt64 = 1

    /// What a member's fingerprint starts from in every shard: ``replayVersion``, the configuration
    /// the replay reads (``PersonalWeights``, ``Fatigue``, `recoveryHours`, `noRepeatDays`) and
    /// what it reads of the library (each workout's id, title, coarse groups and intensity, in
    /// order, and the tracked muscle names).
    public static func replayKey(library: TrainingLibrary, configuration: RankingConfiguration) -> StableHash {
        var hash = StableHash()
        hash.combine(replayVersion)
        hash.combine(String(describing: configuration.personal))
        let fatigue = configuration.fatigue
        hash.combine(fatigue.capacity)
        hash.combine(fatigue.loadWithoutSets)
        for level in [Level.beginner, .intermediate, .advanced] { hash.combine(fatigue.halfLife(level)) }
        hash.combine(configuration.recoveryHours)
        hash.combine(configuration.noRepeatDays)
        hash.combine(library.workouts.count)
        for indexed in library.workouts {
            hash.combine(indexed.workout.id.text)
            hash.combine(indexed.workout.title)
            hash.combine(Int(indexed.coarseGroups))
            hash.combine(indexed.intensity)
        }
        hash.combine(library.muscleNames.count)
        for name in library.muscleNames { hash.combine(name) }
        return hash
    }

    /// The state as bytes: every stored property but the configuration, zone and profile level,
    /// which the reader supplies (the fingerprint vouches that they are the same). Deterministic:
    /// the same state gives the same bytes.
    public func stored() -> [UInt8] {
        var out = StoredBytesWriter()
        out.unsigned(Self.replayVersion)
        out.unsigned(UInt64(kinds.count))
        for stats in kinds {
            switch stats.kind {
            case .workout(let id):
                out.unsigned(0)
                out.string(id.text)
            case .title(let title):
                out.unsigned(1)
                out.string(title)
            case .muscleGroups(let mask):
                out.unsigned(2)
                out.unsigned(UInt64(mask))
            }
            out.string(stats.title)
            out.optionalInt(stats.libraryIndex)
            out.int(stats.count)
            out.double(stats.frequency)
            out.int(stats.lastDay)
            out.double(stats.intervalSum)
            out.double(stats.intervalWeight)
            out.doubles(stats.weekday)
            out.doubles(stats.volume)
            out.unsigned(UInt64(stats.groups))
            out.double(stats.minutes)
            out.unsigned(UInt64(stats.latestGroups))
            out.double(stats.agreement)
            out.int(stats.agreementPairs)
        }
        out.double(scale)
        out.double(totalFrequency)
        out.table(transitions)
        out.totals(transitionTotals)
        out.table(transitions2)
        out.totals(transition2Totals)
        for values in [flow, flowFrom, groupBase] { out.doubles(values) }
        out.double(groupSessions)
        for values in [fatigue, fatigueTime] { out.doubles(values) }
        out.optionalInts(groupLastDay)
        out.unsigned(UInt64(groupLastTime.count))
        for time in groupLastTime { out.optionalDouble(time) }
        out.ints(restPairs)
        out.ints(restShort)
        out.doubles(recoverySum)
        out.doubles(recoveryWeight)
        out.int(repeatPairs)
        out.int(repeatShort)
        out.optionalInts(primaryLastDay)
        out.unsigned(UInt64(trainingDays.count))
        for day in trainingDays {
            out.int(day.day)
            out.unsigned(UInt64(day.groups))
        }
        out.doubles(signalRewards)
        out.doubles(dayVolume)
        out.ints(dayPatternKeys.map(Int.init))
        out.doubles(dayPatternCounts)
        out.double(dayPatternTotal)
        out.table(
            Dictionary(
                uniqueKeysWithValues: dayPatternFollows.map { key, row in
                    (Int(key), Dictionary(uniqueKeysWithValues: row.map { (Int($0.key), $0.value) }))
                }))
        out.unsigned(UInt64(lastDayPattern))
        out.int(sessionCount)
        out.optionalInt(firstDay)
        out.optionalInt(lastDay)
        out.optionalDouble(lastTime)
        out.optionalInt(lastKind)
        out.optionalInt(previousKind)
        out.optionalInt(currentDay)
        out.unsigned(UInt64(currentDayGroups))
        out.unsigned(UInt64(previousDayGroups))
        out.double(minutesSum)
        out.doubles(weights)
        out.optionalInts(muscleWorkLastDay)
        return out.bytes
    }

    /// The state ``stored()`` wrote, for a person with this profile level and zone under this
    /// configuration. Throws ``StoredStateError`` for bytes of another ``replayVersion``, cut
    /// short, or with anything left over.
    public init(
        stored bytes: [UInt8], profileLevel: Level?, zone: TimeZone, configuration: RankingConfiguration
    ) throws(StoredStateError) {
        self.init(profileLevel: profileLevel, zone: zone, configuration: configuration)
        var input = StoredBytesReader(bytes)
        let version = try input.unsigned()
        guard version == Self.replayVersion else {
            throw StoredStateError("version \(version), expected \(Self.replayVersion)")
        }
        let kindCount = try input.count()
        var kinds: [KindStats] = []
        kinds.reserveCapacity(kindCount)
        for _ in 0..<kindCount {
            let kind: SessionKind
            switch try input.unsigned() {
            case 0:
                guard let id = try? WorkoutID(try input.string()) else {
                    throw StoredStateError("a workout id is unusable")
                }
                kind = .workout(id)
            case 1: kind = .title(try input.string())
            case 2: kind = .muscleGroups(try input.mask())
            case let tag: throw StoredStateError("unknown session kind \(tag)")
            }
            var stats = KindStats(kind: kind, title: try input.string(), libraryIndex: try input.optionalInt())
            stats.count = try input.int()
            stats.frequency = try input.double()
            stats.lastDay = try input.int()
            stats.intervalSum = try input.double()
            stats.intervalWeight = try input.double()
            stats.weekday = try input.doubles()
            stats.volume = try input.doubles()
            stats.groups = try input.mask()
            stats.minutes = try input.double()
            stats.latestGroups = try input.mask()
            stats.agreement = try input.double()
            stats.agreementPairs = try input.int()
            kinds.append(stats)
        }
        self.kinds = kinds
        kindIndex = Dictionary(kinds.enumerated().map { ($0.element.kind, $0.offset) }) { first, _ in first }
        scale = try input.double()
        totalFrequency = try input.double()
        transitions = try input.table()
        transitionTotals = try input.totals()
        transitions2 = try input.table()
        transition2Totals = try input.totals()
        flow = try input.doubles()
        flowFrom = try input.doubles()
        groupBase = try input.doubles()
        groupSessions = try input.double()
        fatigue = try input.doubles()
        fatigueTime = try input.doubles()
        groupLastDay = try input.optionalInts()
        groupLastTime = []
        for _ in 0..<(try input.count()) { groupLastTime.append(try input.optionalDouble()) }
        restPairs = try input.ints()
        restShort = try input.ints()
        recoverySum = try input.doubles()
        recoveryWeight = try input.doubles()
        repeatPairs = try input.int()
        repeatShort = try input.int()
        primaryLastDay = try input.optionalInts()
        trainingDays = []
        for _ in 0..<(try input.count()) { trainingDays.append((try input.int(), try input.mask())) }
        signalRewards = try input.doubles()
        dayVolume = try input.doubles()
        dayPatternKeys = try input.ints().map { UInt16(truncatingIfNeeded: $0) }
        dayPatternCounts = try input.doubles()
        dayPatternTotal = try input.double()
        dayPatternFollows = [:]
        for (key, row) in try input.table() {
            dayPatternFollows[UInt16(truncatingIfNeeded: key)] = Dictionary(
                uniqueKeysWithValues: row.map { (UInt16(truncatingIfNeeded: $0.key), $0.value) })
        }
        lastDayPattern = try input.mask()
        sessionCount = try input.int()
        firstDay = try input.optionalInt()
        lastDay = try input.optionalInt()
        lastTime = try input.optionalDouble()
        lastKind = try input.optionalInt()
        previousKind = try input.optionalInt()
        currentDay = try input.optionalInt()
        currentDayGroups = try input.mask()
        previousDayGroups = try input.mask()
        minutesSum = try input.double()
        weights = try input.doubles()
        muscleWorkLastDay = try input.optionalInts()
        guard input.isAtEnd else { throw StoredStateError("\(input.remaining) bytes left over") }
    }
}

/// Stored personal-state bytes that cannot be read back (another version, cut short, damaged):
/// the member's window is replayed instead.
public struct StoredStateError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, never the bytes.
    public let description: String

    init(_ description: String) { self.description = "stored personal state: " + description }
}

/// Little-endian varints (integers zigzagged), doubles as their bits (one byte for +0), strings
/// as a length and UTF-8, optionals with a presence byte; dictionaries sorted by key, so equal
/// states give equal bytes.
struct StoredBytesWriter {
    private(set) var bytes: [UInt8] = []

    mutating func unsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func int(_ value: Int) {
        let signed = Int64(value)
        unsigned(UInt64(bitPattern: (signed << 1) ^ (signed >> 63)))
    }

    mutating func double(_ value: Double) {
        let bits = value.bitPattern
        guard bits != 0 else { return bytes.append(0) }
        bytes.append(1)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func string(_ value: String) {
        unsigned(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    mutating func optionalInt(_ value: Int?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        int(value)
    }

    mutating func optionalDouble(_ value: Double?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        double(value)
    }

    mutating func doubles(_ values: [Double]) {
        unsigned(UInt64(values.count))
        for value in values { double(value) }
    }

    mutating func ints(_ values: [Int]) {
        unsigned(UInt64(values.count))
        for value in values { int(value) }
    }

    mutating func optionalInts(_ values: [Int?]) {
        unsigned(UInt64(values.count))
        for value in values { optionalInt(value) }
    }

    mutating func totals(_ values: [Int: Double]) {
        unsigned(UInt64(values.count))
        for key in values.keys.sorted() {
            int(key)
            double(values[key]!)
        }
    }

    mutating func table(_ rows: [Int: [Int: Double]]) {
        unsigned(UInt64(rows.count))
        for key in rows.keys.sorted() {
            int(key)
            totals(rows[key]!)
        }
    }
}

/// Reads what ``StoredBytesWriter`` wrote; every read throws when the bytes end early.
struct StoredBytesReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position == bytes.count }
    var remaining: Int { bytes.count - position }

    private mutating func byte() throws(StoredStateError) -> UInt8 {
        guard position < bytes.count else { throw StoredStateError("cut short at byte \(position)") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func unsigned() throws(StoredStateError) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw StoredStateError("an integer is too long at byte \(position)") }
            value |= UInt64(next & 0x7f) << shift
            if next < 0x80 { return value }
            shift += 7
        }
    }

    /// A count, which cannot exceed the bytes left (each element takes one byte at least).
    mutating func count() throws(StoredStateError) -> Int {
        let value = try unsigned()
        guard value <= UInt64(remaining) else { throw StoredStateError("a count of \(value) is past the end") }
        return Int(value)
    }

    mutating func int() throws(StoredStateError) -> Int {
        let value = try unsigned()
        return Int(Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    mutating func mask() throws(StoredStateError) -> UInt16 {
        let value = try unsigned()
        guard value <= UInt64(UInt16.max) else { throw StoredStateError("a mask of \(value) is too large") }
        return UInt16(value)
    }

    mutating func double() throws(StoredStateError) -> Double {
        switch try byte() {
        case 0: return 0
        case 1:
            guard remaining >= 8 else { throw StoredStateError("cut short at byte \(bytes.count)") }
            var bits: UInt64 = 0
            for offset in 0..<8 { bits |= UInt64(bytes[position + offset]) << UInt64(8 * offset) }
            position += 8
            return Double(bitPattern: bits)
        case let tag: throw StoredStateError("a number has tag \(tag)")
        }
    }

    mutating func string() throws(StoredStateError) -> String {
        let length = try count()
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    private mutating func present() throws(StoredStateError) -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let tag: throw StoredStateError("an optional has tag \(tag)")
        }
    }

    mutating func optionalInt() throws(StoredStateError) -> Int? { try present() ? try int() : nil }
    mutating func optionalDouble() throws(StoredStateError) -> Double? { try present() ? try double() : nil }

    mutating func doubles() throws(StoredStateError) -> [Double] {
        let length = try count()
        var values: [Double] = []
        values.reserveCapacity(length)
        for _ in 0..<length { values.append(try double()) }
        return values
    }

    mutating func ints() throws(StoredStateError) -> [Int] {
        let length = try count()
        var values: [Int] = []
        values.reserveCapacity(length)
        for _ in 0..<length { values.append(try int()) }
        return values
    }

    mutating func optionalInts() throws(StoredStateError) -> [Int?] {
        let length = try count()
        var values: [Int?] = []
        values.reserveCapacity(length)
        for _ in 0..<length { values.append(try optionalInt()) }
        return values
    }

    mutating func totals() throws(StoredStateError) -> [Int: Double] {
        let length = try count()
        var values = [Int: Double](minimumCapacity: length)
        for _ in 0..<length { values[try int()] = try double() }
        return values
    }

    mutating func table() throws(StoredStateError) -> [Int: [Int: Double]] {
        let length = try count()
        var rows = [Int: [Int: Double]](minimumCapacity: length)
        for _ in 0..<length { rows[try int()] = try totals() }
        return rows
    }
}
