extension FactMerger {
    /// The changes after messages are deleted: a fact no remaining message supports is
    /// deleted; one that keeps other sources loses the deleted ones; a closed fact whose
    /// successor is deleted is reopened when no surviving open fact is about the same thing
    /// (its slot, or a slot of the same body part with no side or the same side: see
    /// ``FactIdentity/overlaps(_:)``).
    ///
    /// Deleting a user is the same with all of their messages (or a plain delete by user).
    /// - Parameters:
    ///   - facts: every stored fact, open or closed, that cites a deleted message, plus the
    ///     facts they superseded and the open facts of the same slot families
    ///     (``FactIdentity/family``).
    ///   - deletedSourceIDs: the deleted messages.
    public static func planRetraction(facts: [StoredFact], deletedSourceIDs: Set<String>) -> [FactRetraction] {
        var changes: [FactRetraction] = []
        var deleted: Set<Int64> = []
        var survivingOpen: [String: [FactIdentity]] = [:]  // user + family → open identities
        func keepOpen(_ fact: StoredFact) {
            let identity = FactIdentity(slot: fact.slot)
            survivingOpen[fact.userID + "\u{1F}" + identity.family, default: []].append(identity)
        }
        for fact in facts {
            let removed = fact.sourceIDs.filter { deletedSourceIDs.contains($0) }
            if removed.isEmpty {
                if fact.isOpen { keepOpen(fact) }
                continue
            }
            if removed.count == fact.sourceIDs.count {
                changes.append(.delete(factID: fact.id))
                deleted.insert(fact.id)
            } else {
                let count = max(1, fact.mentionCount - removed.count)
                changes.append(.detachSources(factID: fact.id, removed: removed, mentionCount: count))
                if fact.isOpen { keepOpen(fact) }
            }
        }
        // Reopen the most recent closed survivor of each slot whose successor was deleted.
        var reopenBySlot: [String: StoredFact] = [:]
        for fact in facts where !fact.isOpen && !deleted.contains(fact.id) {
            guard let successor = fact.supersededBy, deleted.contains(successor) else { continue }
            let slot = fact.userID + "\u{1F}" + fact.slot
            let identity = FactIdentity(slot: fact.slot)
            let others = survivingOpen[fact.userID + "\u{1F}" + identity.family] ?? []
            guard !others.contains(where: { $0.overlaps(identity) }) else { continue }
            if let other = reopenBySlot[slot], other.lastMentionedAt >= fact.lastMentionedAt { continue }
            reopenBySlot[slot] = fact
        }
        for fact in reopenBySlot.values.sorted(by: { $0.id < $1.id }) {
            changes.append(.reopen(factID: fact.id))
        }
        return changes
    }
}
