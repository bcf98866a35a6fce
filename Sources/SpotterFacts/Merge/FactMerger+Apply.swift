extension FactMerger {
    /// Applies changes to an in-memory list of facts: the reference semantics a storage
    /// layer must reproduce. New rows take ids from `nextID` upwards.
    public static func apply(_ changes: [FactChange], to facts: [StoredFact], nextID: inout Int64) -> [StoredFact] {
        var facts = facts
        var lastSuccessor: Int64? = nil
        func insert(_ fact: NewFact) -> Int64 {
            let id = nextID
            nextID += 1
            facts.append(
                StoredFact(id: id, fact))
            return id
        }
        for change in changes {
            switch change {
            case .insert(let fact):
                _ = insert(fact)
            case .remention(let id, let source, let at, let confidence):
                guard let index = facts.firstIndex(where: { $0.id == id }) else { continue }
                if !facts[index].sourceIDs.contains(source) { facts[index].sourceIDs.append(source) }
                facts[index].mentionCount += 1
                facts[index].firstMentionedAt = min(facts[index].firstMentionedAt, at)
                facts[index].lastMentionedAt = max(facts[index].lastMentionedAt, at)
                facts[index].confidence = max(facts[index].confidence, confidence)
            case .supersede(let id, let at, let fact):
                let newID = insert(fact)
                lastSuccessor = newID
                guard let index = facts.firstIndex(where: { $0.id == id }) else { continue }
                facts[index].validTo = at
                facts[index].supersededBy = newID
            case .refine(let id, let content, let slot):
                guard let index = facts.firstIndex(where: { $0.id == id }) else { continue }
                facts[index].content = content
                facts[index].slot = slot
            case .alsoClose(let id, let at):
                guard let index = facts.firstIndex(where: { $0.id == id }), facts[index].isOpen else { continue }
                facts[index].validTo = at
                facts[index].supersededBy = lastSuccessor
            }
        }
        return facts
    }

    /// Applies retractions to an in-memory list of facts (reference semantics).
    public static func apply(_ retractions: [FactRetraction], to facts: [StoredFact]) -> [StoredFact] {
        var facts = facts
        for retraction in retractions {
            switch retraction {
            case .delete(let id):
                facts.removeAll { $0.id == id }
            case .detachSources(let id, let removed, let count):
                guard let index = facts.firstIndex(where: { $0.id == id }) else { continue }
                facts[index].sourceIDs.removeAll { removed.contains($0) }
                facts[index].mentionCount = count
            case .reopen(let id):
                guard let index = facts.firstIndex(where: { $0.id == id }) else { continue }
                facts[index].validTo = nil
                facts[index].supersededBy = nil
            }
        }
        return facts
    }
}
