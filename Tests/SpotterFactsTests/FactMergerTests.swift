import Foundation
import SpotterFacts
import Testing

@Suite("Fact merger: re-mentions, contradictions, idempotence")
struct FactMergerTests {
    /// Plans and applies a batch against stored facts; returns the new stored facts.
    private func merge(_ extracted: [ExtractedFact], into stored: [StoredFact], nextID: inout Int64) -> [StoredFact] {
        FactMerger.apply(FactMerger.plan(current: stored, extracted: extracted), to: stored, nextID: &nextID)
    }

    @Test("re-mentions across batches increase the count and keep every source")
    func remention() throws {
        var nextID: Int64 = 1
        var stored = merge(conversation(["My left knee hurts when I run."]), into: [], nextID: &nextID)
        let later = facts("my left knee hurts", id: "m9", at: 600)
        let changes = FactMerger.plan(current: stored, extracted: later)
        #expect(
            changes == [.remention(factID: 1, sourceID: "m9", at: Date(timeIntervalSince1970: 600), confidence: 0.85)])
        stored = FactMerger.apply(changes, to: stored, nextID: &nextID)
        let knee = try #require(stored.first)
        #expect(stored.count == 1)
        #expect(knee.mentionCount == 2)
        #expect(knee.sourceIDs == ["m0", "m9"])
        #expect(knee.firstMentionedAt == Date(timeIntervalSince1970: 0))
        #expect(knee.lastMentionedAt == Date(timeIntervalSince1970: 600))
        #expect(knee.content == "Left knee hurts when running")
    }

    @Test("re-mentions inside one batch fold into a single insert")
    func rementionInBatch() throws {
        let extracted = conversation(["I used to smoke.", "I no longer smoke.", "I quit smoking years ago."])
        let changes = FactMerger.plan(current: [], extracted: extracted)
        #expect(changes.count == 1)
        guard case .insert(let fact) = try #require(changes.first) else {
            Issue.record("expected an insert")
            return
        }
        #expect(fact.mentionCount == 3)
        #expect(fact.sourceIDs == ["m0", "m1", "m2"])
        #expect(fact.validTo == nil)
    }

    @Test("a contradiction supersedes: the old fact closes, the new one opens, nothing is deleted")
    func supersede() throws {
        var nextID: Int64 = 1
        var stored = merge(conversation(["My knee hurts."]), into: [], nextID: &nextID)
        let fine = facts("My knee is fine now.", id: "m5", at: 300)
        let changes = FactMerger.plan(current: stored, extracted: fine)
        guard case .supersede(let oldID, let at, let new) = try #require(changes.first) else {
            Issue.record("expected a supersede, got \(changes)")
            return
        }
        #expect(oldID == 1 && at == Date(timeIntervalSince1970: 300))
        #expect(new.content == "Knee is fine now")
        stored = FactMerger.apply(changes, to: stored, nextID: &nextID)
        #expect(stored.count == 2)
        let old = try #require(stored.first { $0.id == 1 })
        let current = try #require(stored.first { $0.id == 2 })
        #expect(old.validTo == Date(timeIntervalSince1970: 300) && old.supersededBy == 2)
        #expect(current.isOpen && current.slot == old.slot)

        let later = facts("My knee doesn't hurt anymore.", id: "m6", at: 400)
        stored = merge(later, into: stored, nextID: &nextID)
        #expect(stored.filter(\.isOpen).map(\.content) == ["Knee doesn't hurt anymore"])
    }

    @Test("a diet change in the same slot supersedes; the wife's diet is a separate slot")
    func dietChange() {
        var nextID: Int64 = 1
        var stored = merge(conversation(["I'm vegetarian.", "My wife is vegan."]), into: [], nextID: &nextID)
        stored = merge(facts("I eat meat again.", id: "m7", at: 900), into: stored, nextID: &nextID)
        let open = stored.filter(\.isOpen)
        #expect(Set(open.map(\.content)) == ["Eats meat again", "Wife is vegan"])
        #expect(stored.count == 3)
    }

    @Test("a contradiction inside one batch closes the first fact at the second's time")
    func contradictionInBatch() {
        let changes = FactMerger.plan(
            current: [], extracted: conversation(["I love running.", "Honestly I hate running now."]))
        let inserts: [NewFact] = changes.compactMap { if case .insert(let fact) = $0 { fact } else { nil } }
        #expect(inserts.count == 2)
        #expect(inserts.first?.validTo == Date(timeIntervalSince1970: 60))
        #expect(inserts.last?.validTo == nil && inserts.last?.polarity == .negative)
    }

    @Test("planning the same batch twice against the first result changes nothing")
    func idempotent() {
        var nextID: Int64 = 1
        let batch = conversation([
            "My knee hurts.", "I'm vegetarian.", "My knee is fine now.", "I eat meat again.", "i'm vegetarian",
            "I love yoga.",
        ])
        let stored = merge(batch, into: [], nextID: &nextID)
        #expect(stored.count == 6 && stored.filter(\.isOpen).count == 3)
        #expect(FactMerger.plan(current: stored, extracted: batch).isEmpty)
        // The contract: open facts plus the closed facts that cite a message of the batch.
        let batchSources = Set(batch.map(\.sourceID))
        let loaded = stored.filter { $0.isOpen || !batchSources.isDisjoint(with: $0.sourceIDs) }
        #expect(FactMerger.plan(current: loaded, extracted: batch).isEmpty)
        // A later batch that repeats an old message is a no-op for that message only.
        let next = batch.suffix(1) + facts("I hate yoga now.", id: "m99", at: 9999)
        #expect(FactMerger.plan(current: loaded, extracted: Array(next)).count == 1)
    }

    @Test("an older contradicting statement is kept as history, not as the current fact")
    func olderStatement() {
        var nextID: Int64 = 1
        let stored = merge(facts("My knee is fine now.", id: "new", at: 1000), into: [], nextID: &nextID)
        let changes = FactMerger.plan(current: stored, extracted: facts("My knee hurts.", id: "old", at: 10))
        guard case .insert(let history) = changes.first, changes.count == 1 else {
            Issue.record("expected one insert, got \(changes)")
            return
        }
        #expect(history.validTo != nil)
    }
}

@Suite("Fact merger: deleting messages")
struct FactRetractionTests {
    @Test("a fact whose only source is deleted goes; one with other sources loses that source")
    func detachAndDelete() throws {
        var nextID: Int64 = 1
        let batch = conversation(["My knee hurts.", "I love yoga.", "my knee hurts again"])
        let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: batch), to: [], nextID: &nextID)
        let retractions = FactMerger.planRetraction(facts: stored, deletedSourceIDs: ["m1", "m2"])
        let after = FactMerger.apply(retractions, to: stored)
        let knee = try #require(after.first)
        #expect(after.count == 1)
        #expect(knee.sourceIDs == ["m0"] && knee.mentionCount == 1)
    }

    @Test("deleting the message that superseded a fact reopens it")
    func reopen() throws {
        var nextID: Int64 = 1
        var stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: conversation(["My knee hurts."])), to: [], nextID: &nextID)
        let fine = facts("My knee is fine now.", id: "m9", at: 500)
        stored = FactMerger.apply(FactMerger.plan(current: stored, extracted: fine), to: stored, nextID: &nextID)
        let retractions = FactMerger.planRetraction(facts: stored, deletedSourceIDs: ["m9"])
        #expect(retractions == [.delete(factID: 2), .reopen(factID: 1)])
        let after = FactMerger.apply(retractions, to: stored)
        let knee = try #require(after.first)
        #expect(after.count == 1 && knee.isOpen && knee.content == "Knee hurts")
    }

    @Test("deleting every message of a user leaves none of their facts")
    func deleteUser() {
        var nextID: Int64 = 1
        let batch = conversation(["My knee hurts.", "My knee is fine now.", "I love yoga.", "My wife is vegan."])
        let stored = FactMerger.apply(FactMerger.plan(current: [], extracted: batch), to: [], nextID: &nextID)
        let all = Set(stored.flatMap(\.sourceIDs))
        #expect(FactMerger.apply(FactMerger.planRetraction(facts: stored, deletedSourceIDs: all), to: stored).isEmpty)
    }
}
