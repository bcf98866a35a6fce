import Foundation

/// Decides, without touching storage, how a batch of extracted facts changes what is stored.
///
/// Rules, per user and slot:
/// - A fact from a message that already supports any stored fact is skipped, so re-running a
///   batch plans nothing (idempotent) and overlapping batches never double-count.
/// - Same slot, same polarity and temporal status, and near-identical content: a re-mention
///   (mention count, last mention time, sources, highest confidence).
/// - Same slot, anything else: a contradiction or an update ("knee hurts" → "knee is fine
///   now"; "is vegetarian" → "eats meat again"): the open fact is closed and the new one
///   opened. A statement older than the open fact it contradicts is kept as closed history
///   instead of displacing the newer fact.
/// - A new slot: an insert. Re-mentions and contradictions inside one batch fold into the
///   pending inserts, so a batch never inserts the same fact twice.
public enum FactMerger {
    private enum Step {
        case insert(Int)
        case remention(factID: Int64, sourceID: String, at: Date, confidence: Double)
        case supersede(oldFactID: Int64, at: Date, pending: Int)
    }

    private struct SlotKey: Hashable {
        var userID: String
        var slot: String
    }

    /// The changes that merge `extracted` (in message order) into `current`.
    ///
    /// - Parameters:
    ///   - current: the user's stored facts: every open fact, plus any closed fact that cites a
    ///     message of this batch (needed only to recognise a batch that is planned twice).
    ///   - extracted: the facts extracted from the batch, in message order.
    public static func plan(current: [StoredFact], extracted: [ExtractedFact]) -> [FactChange] {
        var knownSources: Set<String> = []
        var open: [SlotKey: StoredFact] = [:]
        for fact in current {
            knownSources.formUnion(fact.sourceIDs.map { fact.userID + "\u{1F}" + $0 })
            guard fact.isOpen else { continue }
            let key = SlotKey(userID: fact.userID, slot: fact.slot)
            if let other = open[key], other.lastMentionedAt > fact.lastMentionedAt { continue }
            open[key] = fact
        }
        var pending: [NewFact] = []
        var openPending: [SlotKey: Int] = [:]
        var steps: [Step] = []
        for fact in extracted {
            if knownSources.contains(fact.userID + "\u{1F}" + fact.sourceID) { continue }
            let key = SlotKey(userID: fact.userID, slot: fact.slot)
            if let index = openPending[key] {
                if agrees(pending[index], fact) {
                    fold(fact, into: &pending[index])
                } else if fact.mentionedAt < pending[index].lastMentionedAt {
                    var history = NewFact(fact)
                    history.validTo = pending[index].validFrom
                    pending.append(history)
                    steps.append(.insert(pending.count - 1))
                } else {
                    pending[index].validTo = fact.mentionedAt
                    pending.append(NewFact(fact))
                    steps.append(.insert(pending.count - 1))
                    openPending[key] = pending.count - 1
                }
                continue
            }
            if let stored = open[key] {
                if agrees(stored, fact) {
                    steps.append(
                        .remention(
                            factID: stored.id, sourceID: fact.sourceID, at: fact.mentionedAt,
                            confidence: fact.confidence))
                } else if fact.mentionedAt < stored.lastMentionedAt {
                    var history = NewFact(fact)
                    history.validTo = max(stored.validFrom, fact.mentionedAt)
                    pending.append(history)
                    steps.append(.insert(pending.count - 1))
                } else {
                    pending.append(NewFact(fact))
                    steps.append(.supersede(oldFactID: stored.id, at: fact.mentionedAt, pending: pending.count - 1))
                    open[key] = nil
                    openPending[key] = pending.count - 1
                }
                continue
            }
            pending.append(NewFact(fact))
            steps.append(.insert(pending.count - 1))
            openPending[key] = pending.count - 1
        }
        return steps.map { step in
            switch step {
            case .insert(let index): .insert(pending[index])
            case .remention(let id, let source, let at, let confidence):
                .remention(factID: id, sourceID: source, at: at, confidence: confidence)
            case .supersede(let id, let at, let index): .supersede(oldFactID: id, at: at, by: pending[index])
            }
        }
    }

    private static func fold(_ fact: ExtractedFact, into pending: inout NewFact) {
        pending.mentionCount += 1
        pending.sourceIDs.append(fact.sourceID)
        pending.firstMentionedAt = min(pending.firstMentionedAt, fact.mentionedAt)
        pending.lastMentionedAt = max(pending.lastMentionedAt, fact.mentionedAt)
        pending.confidence = max(pending.confidence, fact.confidence)
    }

    private static func agrees(_ stored: StoredFact, _ fact: ExtractedFact) -> Bool {
        stored.polarity == fact.polarity && stored.temporal == fact.temporal
            && ContentSimilarity.nearlyIdentical(stored.content, fact.content)
    }

    private static func agrees(_ pending: NewFact, _ fact: ExtractedFact) -> Bool {
        pending.polarity == fact.polarity && pending.temporal == fact.temporal
            && ContentSimilarity.nearlyIdentical(pending.content, fact.content)
    }
}
