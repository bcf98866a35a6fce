/// The handlers a worker can run, by kind.
public struct HandlerRegistry: Sendable {
    private var handlers: [String: any JobHandler] = [:]

    /// An empty registry.
    public init() {}

    /// A registry holding the given handlers.
    public init(_ handlers: [any JobHandler]) {
        for handler in handlers { register(handler) }
    }

    /// Adds (or replaces) the handler for its kind.
    public mutating func register(_ handler: any JobHandler) {
        handlers[handler.kind] = handler
    }

    /// The handler for a kind, if any.
    public func handler(for kind: String) -> (any JobHandler)? { handlers[kind] }

    /// The field names each registered kind's payload reads (kinds declared as ``JobKind``
    /// whose fields could be derived), for `spotter.job_kinds.payload_fields`.
    public var payloadFields: [String: [String]] {
        handlers.compactMapValues { ($0 as? any JobKind)?.declaration.payload.fields }
    }

    /// The kinds registered, sorted.
    public var kinds: [String] { handlers.keys.sorted() }
}
