/// Reads and validates `jobs/kinds.yaml`: the `worker:` settings, the `defaults:` every kind
/// inherits, and the `kinds:` themselves.
enum KindsFile {
    static let topKeys = ["version", "worker", "defaults", "kinds"]
    static let kindKeys = [
        "description", "queue", "max_attempts", "timeout", "priority", "shard_size", "retention", "backoff",
        "parameters", "fan_out", "test", "enqueuer_fields", "after", "after_wait",
    ]
    static let defaultKeys = ["queue", "max_attempts", "timeout", "priority", "retention", "backoff"]
    static let workerKeys = [
        "lease", "heartbeat", "poll_interval", "claim_batch", "prune_interval", "prune_batch", "shutdown_grace",
        "reconnect_window",
    ]
    static let retentionKeys = ["succeeded", "dead", "cancelled"]
    static let backoffKeys = ["base", "max", "jitter"]
    /// Priorities fit a PostgreSQL `smallint` so that any column type can hold them.
    static let priorityRange = -1000...1000

    /// Decodes the whole file; each kind with a schema in `parameters` has its `parameters:`
    /// decoded with it (wrong types, missing and unknown keys are errors at their line).
    static func decode(_ text: String, file: String, parameters schemas: [String: ParameterSchema] = [:])
        throws(CatalogError) -> (
            kinds: [String: KindSpec], worker: WorkerSettings
        )
    {
        let root = try YAMLDocument.root(of: text, file: file, expecting: "a mapping with a \"kinds\" key")
        let top = try root.mapping(allowedKeys: topKeys, expecting: "a mapping with a \"kinds\" key")
        if let version = top.optional("version") {
            guard try version.int() == 1 else { throw version.failure("only version 1 is supported") }
        }
        let worker = try top.optional("worker").map(decodeWorker) ?? .standard
        var template = KindSpec(name: "", description: "")
        if let defaults = top.optional("defaults") {
            template = try decodeSettings(defaults, onto: template, allowedKeys: defaultKeys)
        }
        let kindsNode = try top.required("kinds", "the job kinds, one mapping per kind")
        let kindsMapping = try kindsNode.mapping(expecting: "a mapping of kind names to their settings")
        var kinds: [String: KindSpec] = [:]
        var fanOutNodes: [(kind: String, node: CatalogNode)] = []
        var afterNodes: [(kind: String, node: CatalogNode)] = []
        for entry in kindsMapping.entries {
            let node = kindsMapping.child(entry)
            try checkName(entry.name, node: node, what: "kind names")
            var spec = template
            spec.name = entry.name
            spec = try decodeSettings(node, onto: spec, allowedKeys: kindKeys)
            let settings = try node.mapping(allowedKeys: kindKeys)
            if let fanOut = settings.optional("fan_out") {
                fanOutNodes.append((entry.name, fanOut))
            }
            if let after = settings.optional("after") {
                afterNodes.append((entry.name, after))
            } else if let wait = settings.optional("after_wait") {
                throw wait.failure("after_wait without after: name the kinds this kind waits for in after")
            }
            if let schema = schemas[entry.name], let problem = schema.check(spec.parameters) {
                throw place(problem, parameters: settings.optional("parameters"), kind: node)
            }
            kinds[entry.name] = spec
        }
        if kinds.isEmpty { throw kindsNode.failure("no kinds are declared") }
        for (kind, node) in fanOutNodes {
            let fanOut = try decodeFanOut(node, of: kind, known: kinds)
            kinds[kind]?.fanOut = fanOut
        }
        for (kind, node) in afterNodes {
            let after = try decodeAfter(node, of: kind, known: kinds)
            kinds[kind]?.after = after
        }
        try checkAfterCycles(kinds, nodes: Dictionary(afterNodes.map { ($0.kind, $0.node) }) { first, _ in first })
        return (kinds, worker)
    }

    /// Applies the keys present in `node` onto `spec` (a kind, or the `defaults:` section).
    private static func decodeSettings(_ node: CatalogNode, onto spec: KindSpec, allowedKeys: [String])
        throws(CatalogError) -> KindSpec
    {
        var spec = spec
        let map = try node.mapping(allowedKeys: allowedKeys, expecting: "a mapping of settings")
        if allowedKeys.contains("description") {
            spec.description = try map.required("description", "one sentence on what the kind computes").string()
        }
        if let queue = map.optional("queue") {
            spec.queue = try queue.string()
            try checkName(spec.queue, node: queue, what: "queue names")
        }
        if let attempts = map.optional("max_attempts") { spec.maxAttempts = try attempts.positiveInt() }
        if let timeout = map.optional("timeout") { spec.timeout = try timeout.positiveDuration() }
        if let priority = map.optional("priority") {
            spec.priority = try priority.int()
            guard priorityRange.contains(spec.priority) else {
                throw priority.failure(
                    "\(spec.priority) is out of range \(priorityRange.lowerBound)…\(priorityRange.upperBound)")
            }
        }
        if let shard = map.optional("shard_size") { spec.shardSize = try shard.positiveInt() }
        if let retention = map.optional("retention") {
            let keys = try retention.mapping(
                allowedKeys: retentionKeys, expecting: "a mapping with succeeded, dead, cancelled")
            if let value = keys.optional("succeeded") { spec.retention.succeeded = try value.positiveDuration() }
            if let value = keys.optional("dead") { spec.retention.dead = try value.positiveDuration() }
            if let value = keys.optional("cancelled") { spec.retention.cancelled = try value.positiveDuration() }
        }
        if let backoff = map.optional("backoff") {
            let keys = try backoff.mapping(allowedKeys: backoffKeys, expecting: "a mapping with base, max, jitter")
            if let value = keys.optional("base") { spec.backoff.base = try value.positiveDuration() }
            if let value = keys.optional("max") { spec.backoff.maximum = try value.positiveDuration() }
            if let value = keys.optional("jitter") {
                spec.backoff.jitter = try value.double()
                guard (0...1).contains(spec.backoff.jitter) else {
                    throw value.failure("\(value.quotedText) is out of range 0–1")
                }
            }
            if spec.backoff.maximum < spec.backoff.base {
                let place = keys.optional("max") ?? keys.optional("base") ?? backoff
                throw place.failure(
                    "backoff max (\(formatDuration(spec.backoff.maximum))) is shorter than base (\(formatDuration(spec.backoff.base)))"
                )
            }
        }
        if let parameters = map.optional("parameters") { spec.parameters = try parameters.valueMap() }
        if let test = map.optional("test") { spec.isTestKind = try test.bool() }
        if let wait = map.optional("after_wait") { spec.afterWait = try wait.positiveDuration() }
        if let fields = map.optional("enqueuer_fields") {
            var names: [String] = []
            for element in try fields.sequence(expecting: "a list of payload field names") {
                let name = try element.string()
                try checkName(name, node: element, what: "payload field names")
                guard !names.contains(name) else { throw element.failure("\"\(name)\" is listed twice") }
                guard !PayloadField.reserved.contains(name) else {
                    throw element.failure(
                        "\"\(name)\" is set only by the nightly batch and the schedule, never by the spotter_enqueuer role"
                    )
                }
                names.append(name)
            }
            spec.enqueuerFields = names
        }
        if spec.isTestKind, spec.enqueuerFields != nil, let fields = map.optional("enqueuer_fields") {
            throw fields.failure("a test kind cannot be enqueued by the spotter_enqueuer role")
        }
        return spec
    }

    /// A parameter problem placed at the line of the value at fault, else of `parameters:`, else
    /// of the kind.
    private static func place(_ problem: ParameterProblem, parameters: CatalogNode?, kind: CatalogNode)
        -> CatalogError
    {
        guard var node = parameters else {
            return CatalogError(
                file: kind.file, line: kind.keyLine ?? kind.line, key: CatalogNode.join(kind.path, "parameters"),
                message: problem.message)
        }
        for component in problem.path {
            guard let child = node.child(component) else { break }
            node = child
        }
        return CatalogError(file: node.file, line: node.keyLine ?? node.line, key: node.path, message: problem.message)
    }

    /// Reads the `worker:` section.
    private static func decodeWorker(_ node: CatalogNode) throws(CatalogError) -> WorkerSettings {
        var worker = WorkerSettings.standard
        let map = try node.mapping(allowedKeys: workerKeys, expecting: "a mapping of worker settings")
        if let value = map.optional("lease") { worker.lease = try value.positiveDuration() }
        if let value = map.optional("heartbeat") { worker.heartbeat = try value.positiveDuration() }
        if let value = map.optional("poll_interval") { worker.pollInterval = try value.positiveDuration() }
        if let value = map.optional("claim_batch") { worker.claimBatch = try value.positiveInt() }
        if let value = map.optional("prune_interval") { worker.pruneInterval = try value.positiveDuration() }
        if let value = map.optional("prune_batch") { worker.pruneBatch = try value.positiveInt() }
        if let value = map.optional("shutdown_grace") { worker.shutdownGrace = try value.positiveDuration() }
        if let value = map.optional("reconnect_window") { worker.reconnectWindow = try value.positiveDuration() }
        if worker.heartbeat >= worker.lease {
            let place = map.optional("heartbeat") ?? map.optional("lease") ?? node
            throw place.failure(
                "heartbeat (\(formatDuration(worker.heartbeat))) must be shorter than the lease (\(formatDuration(worker.lease))), or live jobs get rescued"
            )
        }
        return worker
    }

    /// Reads a `fan_out:` list: names of other kinds, each once.
    private static func decodeFanOut(_ node: CatalogNode, of kind: String, known: [String: KindSpec])
        throws(CatalogError) -> [String]
    {
        var names: [String] = []
        for element in try node.sequence(expecting: "a list of kind names") {
            let name = try element.string()
            guard known[name] != nil else {
                throw element.failure("unknown kind \"\(name)\"" + suggestionHint(for: name, among: Array(known.keys)))
            }
            guard name != kind else { throw element.failure("a kind cannot fan out to itself") }
            guard !names.contains(name) else { throw element.failure("\"\(name)\" is listed twice") }
            guard known[name]?.shardSize != nil else {
                throw element.failure(
                    "\"\(name)\" has no shard_size; the kinds a job fans out to are split into shard jobs")
            }
            names.append(name)
        }
        return names
    }

    /// Reads an `after:` list: names of other non-test kinds, each once (cycles are checked once
    /// every kind's list is read, ``checkAfterCycles(_:nodes:)``).
    private static func decodeAfter(_ node: CatalogNode, of kind: String, known: [String: KindSpec])
        throws(CatalogError) -> [String]
    {
        if known[kind]?.isTestKind == true { throw node.failure("a test kind cannot run after other kinds") }
        var names: [String] = []
        for element in try node.sequence(expecting: "a list of kind names") {
            let name = try element.string()
            guard let spec = known[name] else {
                throw element.failure("unknown kind \"\(name)\"" + suggestionHint(for: name, among: Array(known.keys)))
            }
            guard name != kind else { throw element.failure("a kind cannot run after itself") }
            guard !names.contains(name) else { throw element.failure("\"\(name)\" is listed twice") }
            guard !spec.isTestKind else {
                throw element.failure(
                    "\"\(name)\" is a test kind: only workers started with --test-kinds claim it, so a job could wait for one nobody runs"
                )
            }
            names.append(name)
        }
        return names
    }

    /// Fails when the `after:` lists form a cycle (`a` after `b` after `a`): its jobs would wait
    /// for each other until the wait limit. The error sits at the `after:` of the first kind (by
    /// name) on the cycle and spells the whole cycle.
    private static func checkAfterCycles(_ kinds: [String: KindSpec], nodes: [String: CatalogNode])
        throws(CatalogError)
    {
        var done: Set<String> = []
        for start in kinds.keys.sorted() where !done.contains(start) {
            // Depth-first, iteratively: the path from `start` and, per kind on it, the next
            // `after` entry to follow.
            var path: [(kind: String, next: Int)] = [(start, 0)]
            while let (kind, next) = path.last {
                let after = kinds[kind]?.after ?? []
                guard next < after.count else {
                    done.insert(kind)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = after[next]
                if let index = path.firstIndex(where: { $0.kind == target }) {
                    let cycle = path[index...].map(\.kind)
                    let first = cycle.min() ?? kind
                    let rotated = Array(cycle.drop { $0 != first } + cycle.prefix { $0 != first })
                    let text = (rotated + [first]).joined(separator: " → ")
                    let place = nodes[first] ?? nodes[kind]
                    throw place?.failure("kinds wait for each other: \(text) (after: forms a cycle)")
                        ?? CatalogError(file: "", message: "kinds wait for each other: \(text)")
                }
                if !done.contains(target) { path.append((target, 0)) }
            }
        }
    }

    /// Kind and queue names are lower_snake_case so they read well in SQL and metrics.
    static func checkName(_ name: String, node: CatalogNode, what: String) throws(CatalogError) {
        let valid =
            name.count <= 63 && name.first.map { $0.isASCII && $0.isLowercase } == true
            && name.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "_" }
        guard valid else {
            throw CatalogError(
                file: node.file, line: node.keyLine ?? node.line, key: node.path,
                message:
                    "\"\(name)\" is not a valid name: \(what) are lower_snake_case (a–z, 0–9, _), starting with a letter"
            )
        }
    }
}
