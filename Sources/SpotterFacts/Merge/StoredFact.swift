/// A fact as the storage layer holds it: one row per fact, open while `validTo` is nil.
///
/// Facts are never updated in place by a contradiction: the old row is closed (`validTo` set,
/// `supersededBy` pointing at its successor) and a new row is opened, so history survives.
/// The row is the ``NewFact`` that was inserted, with its id: its fields, and its statement's,
/// read as the stored fact's own (`fact.content`, `fact.mentionCount`).
@dynamicMemberLookup
public struct StoredFact: Sendable, Hashable {
    /// The row's identifier.
    public var id: Int64
    /// What was inserted, as re-mentions, refinements and contradictions have changed it since.
    public var fact: NewFact
    /// The fact that closed it, if that happened in an earlier batch; lets a deletion reopen it.
    public var supersededBy: Int64?

    /// Creates a stored fact.
    public init(id: Int64, _ fact: NewFact, supersededBy: Int64? = nil) {
        self.id = id
        self.fact = fact
        self.supersededBy = supersededBy
    }

    /// A field of the fact, or of its statement.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<NewFact, Value>) -> Value {
        get { fact[keyPath: keyPath] }
        set { fact[keyPath: keyPath] = newValue }
    }

    /// True while no contradiction has closed it.
    public var isOpen: Bool { fact.validTo == nil }
}
