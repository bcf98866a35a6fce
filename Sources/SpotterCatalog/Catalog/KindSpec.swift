/// One job kind as declared in `jobs/kinds.yaml`: how its jobs are queued, retried, timed out,
/// sharded and kept, plus its kind-specific parameter defaults.
public struct KindSpec: Sendable, Hashable {
    /// The kind's name, as used in `spotter.enqueue('profile_stats', …)`.
    public var name: String
    /// One sentence on what the kind computes.
    public var description: String
    /// The queue its jobs go to. Default `default`.
    public var queue: String
    /// How many attempts a job gets before it goes dead. Default 5.
    public var maxAttempts: Int
    /// How long one attempt may run before it is failed as timed out. Default 5 minutes.
    public var timeout: Duration
    /// Claim order among available jobs: higher is claimed first. Default 0.
    public var priority: Int
    /// How many users (conversations, for `extract_facts`) one shard job covers; nil for kinds
    /// that are not split into shards.
    public var shardSize: Int?
    /// How long finished jobs are kept, per final state.
    public var retention: Retention
    /// How retries are spaced.
    public var backoff: BackoffPolicy
    /// Kind-specific defaults (`threshold_days`, `top_k`, …), merged under each job's payload.
    public var parameters: [String: CatalogValue]
    /// The kinds a fan-out kind (such as `nightly`) enqueues shard jobs of, in order; empty for
    /// ordinary kinds. Every name is a kind of the same catalog.
    public var fanOut: [String]
    /// A test or benchmark kind (`test: true`): only workers that opt in (`spotter work
    /// --test-kinds`) claim its jobs. Default false.
    public var isTestKind: Bool
    /// The payload fields the `spotter_enqueuer` role may set when it enqueues this kind
    /// (`enqueuer_fields: [user_id]`); nil (the default) when that role may not enqueue it at all.
    public var enqueuerFields: [String]?
    /// The kinds whose earlier jobs this kind's jobs run after (`after: [extract_facts]`): a
    /// nightly shard waits for the same night's shards of these kinds, an on-demand job for their
    /// live jobs enqueued no later than it that concern any of its people. Empty by default.
    /// Every name is a non-test kind of the same catalog, and the kinds form no cycle.
    public var after: [String]
    /// How long a job waits for the kinds in ``after`` (from its first wait) before it runs with
    /// what is there, logging a warning (`after_wait`). Default 30 minutes.
    public var afterWait: Duration

    /// Creates a kind spec; the defaults are the catalog's built-in ones.
    public init(
        name: String, description: String, queue: String = "default", maxAttempts: Int = 5,
        timeout: Duration = .seconds(300), priority: Int = 0, shardSize: Int? = nil,
        retention: Retention = .standard, backoff: BackoffPolicy = .standard,
        parameters: [String: CatalogValue] = [:], fanOut: [String] = [], isTestKind: Bool = false,
        enqueuerFields: [String]? = nil, after: [String] = [], afterWait: Duration = .seconds(30 * 60)
    ) {
        self.name = name
        self.description = description
        self.queue = queue
        self.maxAttempts = maxAttempts
        self.timeout = timeout
        self.priority = priority
        self.shardSize = shardSize
        self.retention = retention
        self.backoff = backoff
        self.parameters = parameters
        self.fanOut = fanOut
        self.isTestKind = isTestKind
        self.enqueuerFields = enqueuerFields
        self.after = after
        self.afterWait = afterWait
    }

    /// A job's effective payload: the kind's `parameters` with the job's own payload on top
    /// (a key in `payload` wins).
    public func payload(merging payload: [String: CatalogValue]) -> [String: CatalogValue] {
        parameters.merging(payload) { _, jobValue in jobValue }
    }

    /// The whole-number parameter `key`, or nil when it is absent or not a whole number.
    public func int(_ key: String) -> Int? {
        guard case .int(let value) = parameters[key] else { return nil }
        return value
    }

    /// The list-of-whole-numbers parameter `key`, or nil when it is absent or holds anything else.
    public func ints(_ key: String) -> [Int]? {
        guard case .list(let values) = parameters[key] else { return nil }
        var result: [Int] = []
        for value in values {
            guard case .int(let number) = value else { return nil }
            result.append(number)
        }
        return result
    }

    /// The string parameter `key`, or nil when it is absent or not a string.
    public func string(_ key: String) -> String? {
        guard case .string(let value) = parameters[key] else { return nil }
        return value
    }

    /// The numeric parameter `key` (whole numbers are widened), or nil.
    public func double(_ key: String) -> Double? {
        switch parameters[key] {
        case .double(let value): value
        case .int(let value): Double(value)
        default: nil
        }
    }

    /// The boolean parameter `key`, or nil when it is absent or not a boolean.
    public func bool(_ key: String) -> Bool? {
        guard case .bool(let value) = parameters[key] else { return nil }
        return value
    }

    /// The list-of-strings parameter `key`, or nil when it is absent or holds anything else.
    public func strings(_ key: String) -> [String]? {
        guard case .list(let values) = parameters[key] else { return nil }
        var result: [String] = []
        for value in values {
            guard case .string(let text) = value else { return nil }
            result.append(text)
        }
        return result
    }
}
