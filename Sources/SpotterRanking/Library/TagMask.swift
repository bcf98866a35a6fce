/// A set of interned tags as a bit set, for O(words) subset checks in the per-user loop.
struct TagMask: Sendable, Hashable {
    private(set) var words: [UInt64]

    /// An empty mask able to hold `count` tags.
    init(count: Int) {
        words = Array(repeating: 0, count: max(1, (count + 63) / 64))
    }

    mutating func insert(_ index: Int) {
        words[index >> 6] |= 1 << UInt64(index & 63)
    }

    mutating func formUnion(_ other: TagMask) {
        for i in words.indices { words[i] |= other.words[i] }
    }

    func contains(_ index: Int) -> Bool {
        words[index >> 6] & (1 << UInt64(index & 63)) != 0
    }

    /// Whether every tag of `self` is in `other` (both built for the same vocabulary).
    func isSubset(of other: TagMask) -> Bool {
        for i in words.indices where words[i] & ~other.words[i] != 0 { return false }
        return true
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }
}
