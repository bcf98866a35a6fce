import Foundation

/// Decides, without touching storage, how a batch of extracted facts changes what is stored.
///
/// Every extracted fact is first given its canonical identity (``FactIdentity``): the thing it
/// is about whatever words it uses ("dad" = "father", "allergic to peanuts" = "peanut allergy",
/// "left knee" and "knee" for one knee). Then, per user and thing:
/// - A fact from a message that already supports any stored fact is skipped, so re-running a
///   batch plans nothing (idempotent) and overlapping batches never double-count.
/// - Same thing, same polarity and temporal status, no conflicting value (a number, a name, a
///   time of day, a diet), and for a topic the tables do not know a near-identical statement
///   (``ContentSimilarity``): a re-mention (mention count, last mention time, sources, highest
///   confidence), whose content becomes the more specific of the two (a side, a deadline, a
///   number is never lost).
/// - Same thing, anything else: a contradiction or an update ("knee hurts" → "knee is fine
///   now"; "smokes" → "quit smoking"; "7 pull-ups" → "10 pull-ups"): the open facts about it are
///   closed and the new one opened. A statement older than the open fact it contradicts is kept
///   as closed history instead of displacing the newer fact.
/// - A new thing: an insert. Re-mentions and contradictions inside one batch fold into the
///   pending inserts, so a batch never inserts the same fact twice.
public enum FactMerger {
    private enum Step {
        case insert(Int)
        case remention(factID: Int64, sourceID: String, at: Date, confidence: Double)
        case refine(factID: Int64, content: String, slot: String)
        case supersede(oldFactID: Int64, at: Date, pending: Int)
        case alsoClose(factID: Int64, at: Date)
    }

    /// An open fact about some thing: stored (with its id) or pending in this batch.
    private struct Open {
        var identity: FactIdentity
        var stored: StoredFact?
        var pending: Int?
        var polarity: FactPolarity
        var temporal: FactTemporal
        var content: String
        var lastMentionedAt: Date
    }

    /// The changes that merge `extracted` (in message order) into `current`.
    ///
    /// - Parameters:
    ///   - current: the user's stored facts: every open fact, plus any closed fact that cites a
    ///     message of this batch (needed only to recognise a batch that is planned twice).
    ///   - extracted: the facts extracted from the batch, in message order.
    public static func plan(current: [StoredFact], extracted: [ExtractedFact]) -> [FactChange] {
        var knownSources: Set<String> = []
        var open: [String: [Open]] = [:]  // user + family → open facts about it
        for fact in current {
            knownSources.formUnion(fact.sourceIDs.map { fact.userID + "\u{1F}" + $0 })
            guard fact.isOpen else { continue }
            let identity = FactIdentity.stored(fact)
            open[fact.userID + "\u{1F}" + identity.family, default: []].append(
                Open(
                    identity: identity, stored: fact, pending: nil, polarity: fact.polarity, temporal: fact.temporal,
                    content: fact.content, lastMentionedAt: fact.lastMentionedAt))
        }
        var pending: [NewFact] = []
        var steps: [Step] = []
        for raw in extracted {
            if knownSources.contains(raw.userID + "\u{1F}" + raw.sourceID) { continue }
            let (identity, fact) = FactIdentity.canonical(raw)
            let key = fact.userID + "\u{1F}" + identity.family
            let related = (open[key] ?? []).enumerated().filter { $0.element.identity.overlaps(identity) }
            // A recovery of a wider part closes the pains of the parts within it ("back's good
            // again" after "my lower back hurts"); a narrower recovery never closes a wider pain.
            let narrower = narrowerPains(closedBy: fact, identity: identity, in: open)
            guard let primary = related.max(by: { $0.element.lastMentionedAt < $1.element.lastMentionedAt }) else {
                pending.append(NewFact(fact))
                let newIndex = pending.count - 1
                if close(
                    narrower, at: fact.mentionedAt, by: newIndex, superseded: false, pending: &pending, steps: &steps,
                    open: &open)
                {
                    steps.append(.insert(newIndex))
                }
                open[key, default: []].append(opened(newIndex, pending, identity))
                continue
            }
            var entry = primary.element
            if narrower.isEmpty,
                FactAgreement.agrees(
                    (entry.polarity, entry.temporal, entry.content), (fact.polarity, fact.temporal, fact.content),
                    paraphrases: identity.isKnownThing)
            {
                let content = FactAgreement.moreSpecific(entry.content, fact.content)
                let slot = entry.identity.side == nil && identity.side != nil ? identity : entry.identity
                if let index = entry.pending {
                    fold(fact, into: &pending[index])
                    pending[index].content = content
                    pending[index].slot = slot.slot
                } else if let stored = entry.stored {
                    steps.append(
                        .remention(
                            factID: stored.id, sourceID: fact.sourceID, at: fact.mentionedAt,
                            confidence: fact.confidence))
                    if content != stored.content || slot.slot != stored.slot {
                        steps.append(.refine(factID: stored.id, content: content, slot: slot.slot))
                    }
                }
                entry.content = content
                entry.identity = slot
                entry.lastMentionedAt = max(entry.lastMentionedAt, fact.mentionedAt)
                open[key]?[primary.offset] = entry
                continue
            }
            if fact.mentionedAt < entry.lastMentionedAt {
                // An older statement: history, closed where the newer open fact starts.
                var history = NewFact(fact)
                let start = entry.pending.map { pending[$0].validFrom } ?? entry.stored?.validFrom ?? fact.mentionedAt
                history.validTo = max(start, fact.mentionedAt)
                pending.append(history)
                steps.append(.insert(pending.count - 1))
                continue
            }
            var new = NewFact(fact)
            var newIdentity = identity
            if identity.side == nil, related.count == 1, let side = entry.identity.side {
                newIdentity.side = side  // "knee is fine now" after "left knee hurts": the left knee
                new.slot = newIdentity.slot
            }
            pending.append(new)
            let newIndex = pending.count - 1
            var first = true
            for (_, closed) in related {
                if let index = closed.pending {
                    pending[index].validTo = fact.mentionedAt
                } else if let stored = closed.stored {
                    steps.append(
                        first
                            ? .supersede(oldFactID: stored.id, at: fact.mentionedAt, pending: newIndex)
                            : .alsoClose(factID: stored.id, at: fact.mentionedAt))
                    first = false
                }
            }
            // Closing the narrower pains supersedes with the new fact unless a stored fact above did.
            if close(
                narrower, at: fact.mentionedAt, by: newIndex, superseded: !first, pending: &pending, steps: &steps,
                open: &open)
            {
                steps.append(.insert(newIndex))
            }
            let closedOffsets = Set(related.map(\.offset))
            open[key] = (open[key] ?? []).enumerated().filter { !closedOffsets.contains($0.offset) }.map(\.element)
            open[key, default: []].append(opened(newIndex, pending, newIdentity))
        }
        return order(steps, pending)
    }

    /// The open pains of the parts within the part a recovery names, with the same subject and
    /// a compatible side, stated no later than it: keys into `open` and offsets there.
    private static func narrowerPains(closedBy fact: ExtractedFact, identity: FactIdentity, in open: [String: [Open]])
        -> [(key: String, offset: Int)]
    {
        guard fact.category == .health, fact.polarity == .negative, fact.temporal == .current else { return [] }
        var found: [(key: String, offset: Int)] = []
        for name in BodyPart.narrower(than: identity.topic) {
            var inner = identity
            inner.topic = name
            let key = fact.userID + "\u{1F}" + inner.family
            for (offset, entry) in (open[key] ?? []).enumerated()
            where entry.polarity == .positive && entry.lastMentionedAt <= fact.mentionedAt
                && (identity.side == nil || entry.identity.side == nil || identity.side == entry.identity.side)
            {
                found.append((key, offset))
            }
        }
        return found
    }

    /// Closes `facts` (from ``narrowerPains(closedBy:identity:in:)``) where the pending fact at
    /// `index` starts, and drops them from `open`. Unless an earlier step already `superseded` a
    /// stored fact with it, the first stored one closed here is its `.supersede`. Returns true
    /// when the new fact still needs its own `.insert`.
    private static func close(
        _ facts: [(key: String, offset: Int)], at date: Date, by index: Int, superseded: Bool,
        pending: inout [NewFact], steps: inout [Step], open: inout [String: [Open]]
    ) -> Bool {
        var needsInsert = !superseded
        guard !facts.isEmpty else { return needsInsert }
        for (key, offset) in facts {
            guard let entry = open[key]?[offset] else { continue }
            if let closed = entry.pending {
                pending[closed].validTo = date
            } else if let stored = entry.stored {
                steps.append(
                    needsInsert
                        ? .supersede(oldFactID: stored.id, at: date, pending: index)
                        : .alsoClose(factID: stored.id, at: date))
                needsInsert = false
            }
        }
        let byKey = Dictionary(grouping: facts, by: \.key)
        for (key, closed) in byKey {
            let offsets = Set(closed.map(\.offset))
            open[key] = (open[key] ?? []).enumerated().filter { !offsets.contains($0.offset) }.map(\.element)
        }
        return needsInsert
    }

    private static func opened(_ index: Int, _ pending: [NewFact], _ identity: FactIdentity) -> Open {
        let fact = pending[index]
        return Open(
            identity: identity, stored: nil, pending: index, polarity: fact.polarity, temporal: fact.temporal,
            content: fact.content, lastMentionedAt: fact.lastMentionedAt)
    }

    /// The steps as changes; an `.alsoClose` follows the `.supersede` whose new fact closes it.
    private static func order(_ steps: [Step], _ pending: [NewFact]) -> [FactChange] {
        steps.map { step in
            switch step {
            case .insert(let index): .insert(pending[index])
            case .remention(let id, let source, let at, let confidence):
                .remention(factID: id, sourceID: source, at: at, confidence: confidence)
            case .refine(let id, let content, let slot): .refine(factID: id, content: content, slot: slot)
            case .supersede(let id, let at, let index): .supersede(oldFactID: id, at: at, by: pending[index])
            case .alsoClose(let id, let at): .alsoClose(oldFactID: id, at: at)
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
}
