import Foundation
import SpotterFacts
import Testing

/// The merge decisions across phrasings through ``FactMerger`` alone (plan and apply), so they
/// also run against a merger without canonical identities: each fails there.
@Suite("Fact merger: one current truth across phrasings")
struct FactMergerPhrasingTests {
    /// Plans and applies `lines` (one message a minute) from nothing; the open facts.
    private func merged(_ lines: [String]) -> [StoredFact] {
        var nextID: Int64 = 1
        let stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: conversation(lines)), to: [], nextID: &nextID)
        return stored.filter(\.isOpen)
    }

    @Test("pain then 'fine now' supersedes whatever words, with or without a side")
    func supersedeAcrossWords() {
        for (pain, fine) in [
            ("my left knee hurts when I jump", "my knee is fine now"),
            ("I have pain in my right shoulder when I swim", "no more pain in my shoulder!"),
            ("my knee hurts", "my left knee is fine now"),
            ("I tweaked my left ankle yesterday", "the pain in my ankle is gone"),
        ] {
            let open = merged([pain, fine])
            #expect(open.count == 1, "\(pain) / \(fine): \(open.map(\.content))")
            #expect(open.first?.polarity == .negative, "\(fine)")
        }
        // Left and right are two things.
        #expect(merged(["my left knee hurts", "my right knee hurts"]).count == 2)
        #expect(merged(["my left knee hurts", "my right knee is fine now"]).count == 2)
    }

    @Test("a recovery of a wider part closes the pain of a part within it, never the other way round")
    func widerRecovery() throws {
        for (pain, fine) in [
            ("my lower back hurts when I deadlift", "back's good again"),
            ("my upper back is so stiff and sore", "my back is fine now"),
            ("I pulled my left hamstring on Sunday", "my leg feels good now"),
            ("my left calf is killing me", "left leg is ok now"),
        ] {
            let open = merged([pain, fine])
            #expect(open.count == 1, "\(pain) / \(fine): \(open.map(\.content))")
            #expect(open.first?.polarity == .negative, "\(fine): \(open.map(\.content))")
        }
        // A narrower recovery leaves the wider pain open; another side is another thing.
        #expect(merged(["my back hurts", "my lower back is fine now"]).filter { $0.polarity == .positive }.count == 1)
        #expect(
            merged(["my right calf hurts", "my left leg is fine now"]).filter { $0.polarity == .positive }.count == 1)
        // Stored before, closed by a later batch: the recovery supersedes the stored pain.
        var nextID: Int64 = 1
        var stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: facts("my lower back hurts", id: "m0", at: 0)), to: [],
            nextID: &nextID)
        let fine = facts("back's good again, finally", id: "m1", at: 60)
        stored = FactMerger.apply(FactMerger.plan(current: stored, extracted: fine), to: stored, nextID: &nextID)
        #expect(stored.filter(\.isOpen).map(\.sourceIDs) == [["m1"]], "\(stored)")
        #expect(stored.first { $0.sourceIDs == ["m0"] }?.supersededBy != nil)
    }

    @Test("every recovery wording is stored the same way: negative and current")
    func recoveryPolarity() throws {
        for line in [
            "my knee is fine now", "back's good again", "my back is good again", "my shoulder feels good now",
            "no more pain in my ankle", "my wrist doesn't hurt anymore",
        ] {
            var nextID: Int64 = 1
            let stored = FactMerger.apply(
                FactMerger.plan(current: [], extracted: facts(line)), to: [], nextID: &nextID)
            let health = try #require(stored.first { $0.category == .health }, "\(line)")
            #expect(health.polarity == .negative && health.temporal == .current, "\(line): \(health)")
        }
        // Not well yet is not a recovery.
        var nextID: Int64 = 1
        let stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: facts("my back is not good at all")), to: [], nextID: &nextID)
        #expect(!stored.contains { $0.category == .health && $0.polarity == .negative }, "\(stored)")
    }

    @Test("re-mentions in other words merge and keep the more specific content")
    func mergeAcrossWords() {
        for (first, second, kept) in [
            ("I'm allergic to peanuts", "I have a peanut allergy", "peanut"),
            ("my dad had knee surgery", "my father had knee surgery", "surgery"),
            ("my goal is 7 strict pull-ups by May", "I want to do 7 pull-ups", "by May"),
            ("my left knee hurts when I run", "my knee still hurts", "Left"),
        ] {
            let open = merged([first, second])
            #expect(open.count == 1, "\(first) / \(second): \(open.map(\.content))")
            #expect(open.first?.mentionCount == 2)
            #expect(open.first?.content.contains(kept) == true, "\(open.map(\.content))")
        }
    }

    @Test("a goal re-mentioned with another aim verb merges into one, keeping the more specific content")
    func goalRemention() {
        let camino = merged([
            "I want to walk the Danube trail from Passau next summer",
            "I'm planning to hike the Danube trail next summer",
        ])
        #expect(camino.count == 1, "\(camino.map(\.content))")
        #expect(camino.first?.mentionCount == 2)
        #expect(camino.first?.content.contains("Passau") == true, "\(camino.map(\.content))")
        #expect(merged(["I'm hoping to learn Italian", "I'm going to learn Italian this year"]).count == 1)
        // Goals about other things stay apart, and so do two numbers for one thing.
        #expect(merged(["I want to run a marathon", "I want to learn the guitar"]).count == 2)
        #expect(merged(["I want to lose 5 kg", "I want to lose 10 kg"]).count == 1)
    }

    @Test("a changed value supersedes; compatible facts stay side by side")
    func valuesAndCompatible() {
        #expect(
            merged(["I want to do 7 pull-ups", "I want to do 10 pull-ups"]).map(\.content) == [
                "Wants to do 10 pull-ups"
            ])
        #expect(merged(["I smoke a few cigarettes a day", "I quit smoking last week!"]).count == 1)
        let smoking = merged(["I smoke a few cigarettes a day", "I still smoke, trying to cut down"])
        #expect(smoking.filter { $0.content.lowercased().contains("smok") }.count == 1, "\(smoking.map(\.content))")
        #expect(merged(["I'm vegetarian", "I eat meat again"]).map(\.content) == ["Eats meat again"])
        let compatible = merged(["I work from home so I'm flexible", "my schedule is pretty flexible"])
        #expect(compatible.contains { $0.content.lowercased().contains("from home") }, "\(compatible.map(\.content))")
        #expect(compatible.contains { $0.content.lowercased().contains("schedule") }, "\(compatible.map(\.content))")
    }

    @Test("deleting the recovery reopens the pain it closed, across a side")
    func retractionAcrossSides() throws {
        var nextID: Int64 = 1
        let pain = facts("my left knee hurts when I jump", id: "m0", at: 0)
        var stored = FactMerger.apply(FactMerger.plan(current: [], extracted: pain), to: [], nextID: &nextID)
        let fine = facts("my knee is fine now", id: "m1", at: 60)
        stored = FactMerger.apply(FactMerger.plan(current: stored, extracted: fine), to: stored, nextID: &nextID)
        #expect(stored.filter(\.isOpen).map(\.sourceIDs) == [["m1"]])
        let plan = FactMerger.planRetraction(facts: stored, deletedSourceIDs: ["m1"])
        let after = FactMerger.apply(plan, to: stored)
        #expect(after.count == 1 && after.first?.isOpen == true && after.first?.sourceIDs == ["m0"], "\(after)")
    }

    @Test("a fact stored under a slot from before canonical slots (knee-left) meets later statements")
    func slotFromBefore() {
        let start = Date(timeIntervalSince1970: 0)
        let old = StoredFact(
            id: 1,
            NewFact(
                FactStatement(
                    userID: "u1", subject: "self", category: .health, content: "Left knee hurts when running",
                    polarity: .positive, temporal: .current, confidence: 0.9, slot: "self|health|knee-left"),
                firstMentionedAt: start, lastMentionedAt: start, mentionCount: 1, sourceIDs: ["m0"], validFrom: start))
        var nextID: Int64 = 2
        let fine = facts("My knee is fine now.", id: "m5", at: 300)
        let after = FactMerger.apply(FactMerger.plan(current: [old], extracted: fine), to: [old], nextID: &nextID)
        #expect(after.filter(\.isOpen).map(\.sourceIDs) == [["m5"]], "\(after)")
        #expect(after.first { $0.id == 1 }?.supersededBy == 2)
        // A re-mention merges into it and gives it the canonical slot.
        let again = facts("my left knee still hurts", id: "m6", at: 300)
        let merged = FactMerger.apply(FactMerger.plan(current: [old], extracted: again), to: [old], nextID: &nextID)
        #expect(merged.count == 1 && merged.first?.slot == "self|health|knee:left", "\(merged)")
        #expect(merged.first?.mentionCount == 2)
    }
}
