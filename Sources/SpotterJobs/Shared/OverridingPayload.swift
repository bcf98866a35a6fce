public import SpotterQueue

/// The fields a kind's payload may add to its selection to override the kind's parameters:
/// every one optional (nil: the parameter of `jobs/kinds.yaml` holds).
public protocol PayloadOverrides: Codable, Sendable, Hashable {
    /// No overrides.
    init()
}

/// A payload that is a ``SelectionPayload`` plus a kind's ``PayloadOverrides``, in one JSON
/// object (`{"user_id": 42, "top_k": 5}`). The overrides read as the payload's own fields
/// (`payload.top_k`).
@dynamicMemberLookup
public struct OverridingPayload<Overrides: PayloadOverrides>: ShardPayload, Hashable {
    /// The people.
    public var selection: SelectionPayload
    /// The overrides.
    public var overrides: Overrides

    /// A shard's payload, without overrides.
    public init(shard: Shard) { self.init(selection: SelectionPayload(shard: shard)) }

    /// Creates a payload.
    public init(selection: SelectionPayload, overrides: Overrides = Overrides()) {
        self.selection = selection
        self.overrides = overrides
    }

    /// Decodes the selection and the overrides from the same object.
    public init(from decoder: any Decoder) throws {
        selection = try SelectionPayload(from: decoder)
        overrides = try Overrides(from: decoder)
    }

    /// Encodes the selection and the overrides into one object.
    public func encode(to encoder: any Encoder) throws {
        try selection.encode(to: encoder)
        try overrides.encode(to: encoder)
    }

    /// An override, by its field.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Overrides, Value>) -> Value {
        get { overrides[keyPath: field] }
        set { overrides[keyPath: field] = newValue }
    }
}
