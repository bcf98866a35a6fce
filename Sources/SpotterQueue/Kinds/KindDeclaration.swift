public import SpotterCatalog
public import SpotterIDs

/// What a kind declares about itself (see ``JobKind``), as a value registries can hold.
public struct KindDeclaration: Sendable {
    /// The kind's name.
    public var name: String
    /// Its `parameters:` schema.
    public var parameters: ParameterSchema
    /// What its payload accepts (its `Payload` type's fields); ``PayloadShape/anyObject`` when
    /// built by hand.
    public var payload: PayloadShape
    /// The result tables it writes.
    public var resultTables: [ResultTable]
    /// The read views it adds.
    public var views: [String]
    /// How the nightly batch splits it into shards; nil for kinds that are not fanned out.
    public var shards: ShardPlan?

    /// Creates a declaration.
    public init(
        name: String, parameters: ParameterSchema = .none, payload: PayloadShape = .anyObject,
        resultTables: [ResultTable] = [], views: [String] = [], shards: ShardPlan? = nil
    ) {
        self.name = name
        self.parameters = parameters
        self.payload = payload
        self.resultTables = resultTables
        self.views = views
        self.shards = shards
    }
}

/// Whom a sharded kind computes for.
public enum KindSubjects: String, Sendable, Hashable {
    /// Every active user of the zone.
    case users
    /// The zone's active trainers.
    case trainers
    /// The conversations the zone's active users own (shards cut by owner id, like `users`).
    case conversationOwners

    /// True when `result_errors.subject_id` of the kind names a person (a user or a trainer).
    public var recordsPeople: Bool { self != .conversationOwners }

    /// The people a shard's id range is cut from: trainers, or every active user.
    public var population: String { self == .trainers ? "trainers" : "users" }
}

/// How a sharded kind's payload is built for one shard.
public struct ShardPlan: Sendable {
    /// Who a shard covers.
    public var subjects: KindSubjects
    /// The JSON payload of one shard.
    public var payload: @Sendable (Shard) throws -> String
    /// The read a shard shares with the shards of other kinds over the same people (nil: none):
    /// the nightly fan-out gives the shards of one range and read one claim group, so one worker
    /// runs them side by side and reads once (``EnqueueRequest/claimGroup``).
    public var sharedRead: String?

    /// Creates a plan.
    public init(
        subjects: KindSubjects, sharedRead: String? = nil, payload: @escaping @Sendable (Shard) throws -> String
    ) {
        self.subjects = subjects
        self.sharedRead = sharedRead
        self.payload = payload
    }
}

/// One nightly shard: a zone's active people in an inclusive id range, computed as of one instant.
public struct Shard: Sendable, Hashable {
    /// The IANA zone.
    public var timeZone: String
    /// The zone's local date the batch is for, `YYYY-MM-DD`.
    public var localDate: String
    /// The first and last id of the range.
    public var fromID: UserID, toID: UserID
    /// The instant, ISO 8601.
    public var asOf: String

    /// Creates a shard.
    public init(timeZone: String, localDate: String, fromID: UserID, toID: UserID, asOf: String) {
        self.timeZone = timeZone
        self.localDate = localDate
        self.fromID = fromID
        self.toID = toID
        self.asOf = asOf
    }
}

extension Shard {
    /// The unique key of shard `index` of `kind`: `<kind>:<night>:<index>` (``night(zone:localDate:)``),
    /// so a repeated or concurrent nightly enqueues nothing twice.
    public static func uniqueKey(kind: String, zone: String, localDate: String, index: Int) -> String {
        "\(kind):\(night(zone: zone, localDate: localDate)):\(index)"
    }

    /// A zone's night as the keys spell it: `<zone>:<local date>`, a long or unusual zone name as
    /// its digest (``KeyPart``), so that no user's zone can make a key too long.
    public static func night(zone: String, localDate: String) -> String {
        "\(KeyPart.bounded(zone)):\(localDate)"
    }

    /// The night (`<zone>:<local date>`) of a shard key of `kind`; nil for a key of another form
    /// (an on-demand job's, or none).
    public static func night(ofKey key: String?, kind: String) -> Substring? {
        guard let key, key.hasPrefix(kind + ":"), let last = key.lastIndex(of: ":") else { return nil }
        let start = key.index(key.startIndex, offsetBy: kind.count + 1)
        guard start < last else { return nil }
        let night = key[start..<last]
        let index = key[key.index(after: last)...]
        guard night.contains(":"), !index.isEmpty, index.allSatisfy(\.isASCII), index.allSatisfy(\.isNumber) else {
            return nil
        }
        return night
    }
}
