import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs

extension FactStore {
    /// What writing one merge plan did.
    struct MergeCounts: Hashable {
        /// Facts inserted (open, or closed as history).
        var inserted = 0
        /// Stored facts that gained a source.
        var rementioned = 0
        /// Stored facts a contradiction closed.
        var superseded = 0
        /// `fact_sources` rows written.
        var sources = 0
    }

    /// Writes `changes` (from ``FactMerger/plan(current:extracted:)`` over `current`) in bulk:
    /// closes superseded facts, COPYs the new facts with reserved ids, updates re-mentioned
    /// facts, and COPYs their sources. The caller holds the users' locks and the transaction.
    ///
    /// A fact's mention count is the number of distinct messages that state it, so a message
    /// that states the same fact twice counts once. A closed new fact points at its successor
    /// (`superseded_by`): the new fact of its slot that starts where it ends, else whatever is
    /// open in the slot after the plan, so a later deletion of that successor can reopen it.
    static func write(
        _ changes: [FactChange], current: [StoredFact], mentionTimes: [String: Date],
        extractorByUser: [String: String], in session: DatabaseSession
    ) throws -> MergeCounts {
        guard !changes.isEmpty else { return MergeCounts() }
        let now = Date()
        var counts = MergeCounts()
        let fresh: [NewFact] = changes.compactMap { change in
            switch change {
            case .insert(let fact), .supersede(_, _, let fact): fact
            case .remention, .refine, .alsoClose: nil
            }
        }
        let ids = try reserveIDs(fresh.count, in: session)
        var newFacts: [(id: Int64, fact: NewFact)] = []
        var closes: [[SQLValue]] = []
        var rementioned: [Int64: StoredFact] = [:]
        var rementionOrder: [Int64] = []
        var sourceRows: [[SQLValue]] = []
        let byID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var closedStored: Set<Int64> = []
        var refines: [[SQLValue]] = []
        var lastSuccessor: Int64? = nil
        for change in changes {
            switch change {
            case .insert(let fact):
                newFacts.append((ids[newFacts.count], fact))
            case .supersede(let oldID, let at, let fact):
                let id = ids[newFacts.count]
                newFacts.append((id, fact))
                closes.append([.int(oldID), .timestamp(at), .int(id), .timestamp(now)])
                closedStored.insert(oldID)
                lastSuccessor = id
            case .alsoClose(let oldID, let at):
                guard let successor = lastSuccessor else { continue }
                closes.append([.int(oldID), .timestamp(at), .int(successor), .timestamp(now)])
                closedStored.insert(oldID)
            case .refine(let factID, let content, let slot):
                refines.append([.int(factID), .text(content), .text(slot), .timestamp(now)])
            case .remention(let factID, let sourceID, let at, let confidence):
                guard var fact = rementioned[factID] ?? byID[factID] else { continue }
                if rementioned[factID] == nil { rementionOrder.append(factID) }
                if !fact.sourceIDs.contains(sourceID) {
                    let message = try MessageID(sourceID)
                    fact.sourceIDs.append(sourceID)
                    fact.mentionCount += 1
                    sourceRows.append([.int(factID), SQLValue(message), .timestamp(mentionTimes[sourceID] ?? at)])
                }
                fact.firstMentionedAt = min(fact.firstMentionedAt, at)
                fact.lastMentionedAt = max(fact.lastMentionedAt, at)
                fact.confidence = max(fact.confidence, confidence)
                rementioned[factID] = fact
            }
        }
        let successors = successors(
            of: newFacts, openStored: current.filter { $0.isOpen && !closedStored.contains($0.id) })
        var factRows: [[SQLValue]] = []
        for (id, fact) in newFacts {
            var seen: Set<String> = []
            let sources = fact.sourceIDs.filter { seen.insert($0).inserted }
            for source in sources {
                sourceRows.append([
                    .int(id), SQLValue(try MessageID(source)),
                    .timestamp(mentionTimes[source] ?? fact.firstMentionedAt),
                ])
            }
            factRows.append([
                .int(id), SQLValue(try UserID(fact.userID)), .text(fact.subject), .text(fact.category.rawValue),
                .text(fact.content), .text(fact.polarity.rawValue), .text(fact.temporal.rawValue),
                .double(fact.confidence), .text(fact.slot), .timestamp(fact.firstMentionedAt),
                .timestamp(fact.lastMentionedAt), .int(Int64(sources.count)), .timestamp(fact.validFrom),
                fact.validTo.map(SQLValue.timestamp) ?? .null, successors[id].map(SQLValue.int) ?? .null,
                .text(extractorByUser[fact.userID] ?? "rules"), .timestamp(now),
            ])
        }
        // Close first: the new open fact of a slot must not meet the old one in facts_open_slot.
        counts.superseded = try session.executeInValuesChunks(closes) { values in
            """
            UPDATE spotter.facts AS f
            SET valid_to = v.column2, superseded_by = v.column3, computed_at = v.column4
            FROM (\(fragment: values)) AS v
            WHERE f.id = v.column1 AND f.valid_to IS NULL
            """
        }
        // A refined slot gains a side; nothing else is open in it (the planner merged into it).
        _ = try session.executeInValuesChunks(refines) { values in
            """
            UPDATE spotter.facts AS f
            SET content = v.column2, slot = v.column3, computed_at = v.column4
            FROM (\(fragment: values)) AS v
            WHERE f.id = v.column1 AND f.valid_to IS NULL
            """
        }
        counts.inserted = try session.copy(
            into: "spotter.facts",
            columns: [
                "id", "user_id", "subject", "category", "content", "polarity", "temporal", "confidence", "slot",
                "first_mentioned_at", "last_mentioned_at", "mention_count", "valid_from", "valid_to", "superseded_by",
                "extractor", "computed_at",
            ], rows: factRows)
        let updates: [[SQLValue]] = rementionOrder.compactMap { id in
            guard let fact = rementioned[id] else { return nil }
            return [
                .int(id), .int(Int64(fact.mentionCount)), .timestamp(fact.firstMentionedAt),
                .timestamp(fact.lastMentionedAt), .double(fact.confidence), .timestamp(now),
            ]
        }
        counts.rementioned = try session.executeInValuesChunks(updates) { values in
            """
            UPDATE spotter.facts AS f
            SET mention_count = v.column2, first_mentioned_at = v.column3, last_mentioned_at = v.column4,
                confidence = v.column5, computed_at = v.column6
            FROM (\(fragment: values)) AS v
            WHERE f.id = v.column1
            """
        }
        counts.sources = try session.copy(
            into: "spotter.fact_sources", columns: ["fact_id", "message_id", "mentioned_at"], rows: sourceRows)
        return counts
    }

    /// For each closed new fact, the fact that closed it (see ``write(_:current:mentionTimes:extractorByUser:in:)``).
    private static func successors(
        of newFacts: [(id: Int64, fact: NewFact)], openStored: [StoredFact]
    ) -> [Int64: Int64] {
        // By slot family (``FactIdentity/family``): "knee is fine now" (…|knee) closes
        // "left knee hurts" (…|knee:left).
        struct FamilyKey: Hashable {
            var user: String
            var family: String
        }
        func key(_ user: String, _ slot: String) -> FamilyKey {
            FamilyKey(user: user, family: FactIdentity(slot: slot).family)
        }
        var byFamily: [FamilyKey: [(id: Int64, fact: NewFact)]] = [:]
        for entry in newFacts { byFamily[key(entry.fact.userID, entry.fact.slot), default: []].append(entry) }
        var openByFamily: [FamilyKey: [(id: Int64, identity: FactIdentity)]] = [:]
        for fact in openStored {
            openByFamily[key(fact.userID, fact.slot), default: []].append((fact.id, FactIdentity(slot: fact.slot)))
        }
        for (family, entries) in byFamily {
            for entry in entries where entry.fact.validTo == nil {
                openByFamily[family, default: []].append((entry.id, FactIdentity(slot: entry.fact.slot)))
            }
        }
        var result: [Int64: Int64] = [:]
        for (family, entries) in byFamily {
            for entry in entries {
                guard let end = entry.fact.validTo else { continue }
                let identity = FactIdentity(slot: entry.fact.slot)
                let next = entries.first {
                    $0.id != entry.id && $0.fact.validFrom == end && FactIdentity(slot: $0.fact.slot).overlaps(identity)
                }
                let open = (openByFamily[family] ?? []).last { $0.id != entry.id && $0.identity.overlaps(identity) }
                if let successor = next?.id ?? open?.id { result[entry.id] = successor }
            }
        }
        return result
    }
}
