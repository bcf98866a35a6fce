import Foundation
import SpotterFacts
import Testing

/// The identity rules (which thing a statement is about) and the merge decisions across
/// phrasings, on plain values.
@Suite("Fact identity: one current truth per thing")
struct FactIdentityTests {
    /// The canonical slot, polarity and temporal status of a message's only fact.
    private func identity(_ text: String) throws -> String {
        let extracted = try #require(fact(text), "one fact from '\(text)'")
        let canonical = FactIdentity.canonical(extracted).fact
        return "\(canonical.slot) \(canonical.polarity.rawValue) \(canonical.temporal.rawValue)"
    }

    /// Plans and applies `lines` (one message a minute) from nothing; the open facts.
    private func merged(_ lines: [String]) -> [StoredFact] {
        var nextID: Int64 = 1
        let stored = FactMerger.apply(
            FactMerger.plan(current: [], extracted: conversation(lines)), to: [], nextID: &nextID)
        return stored.filter(\.isOpen)
    }

    @Test("a body part is the slot topic, the side an attribute; a recovery is a negative current fact")
    func bodyParts() throws {
        #expect(try identity("my left knee hurts when I jump") == "self|health|knee:left positive current")
        #expect(try identity("My knee is fine now") == "self|health|knee negative current")
        // A statement without a speaker ("knee is fine now": the rules find no fact in it today)
        // gets the same identity from any extractor that emits it.
        let bare = ExtractedFact(
            userID: "u1", subject: "self", category: .health, content: "Knee is fine now", polarity: .positive,
            temporal: .current, confidence: 0.7, slot: "self|health|knee-fine", sourceID: "m1",
            mentionedAt: Date(timeIntervalSince1970: 0))
        let canonical = FactIdentity.canonical(bare).fact
        #expect(canonical.slot == "self|health|knee" && canonical.polarity == .negative)
        #expect(try identity("the pain in my ankle is gone") == "self|health|ankle negative current")
        #expect(try identity("No more pain in my knee!") == "self|health|knee negative current")
        #expect(try identity("my lower back has been sore since Monday") == "self|health|lower-back positive current")
        #expect(try identity("My knee doesn't hurt anymore.") == "self|health|knee negative current")
    }

    @Test("the slot format parses back: part, side, family; sides overlap only with no side or the same side")
    func slotFormat() throws {
        let left = FactIdentity(slot: "self|health|knee:left")
        #expect(left.topic == "knee" && left.side == "left" && left.family == "self|health|knee")
        #expect(left.slot == "self|health|knee:left")
        #expect(left.overlaps(FactIdentity(slot: "self|health|knee")))
        #expect(!left.overlaps(FactIdentity(slot: "self|health|knee:right")))
        #expect(!left.overlaps(FactIdentity(slot: "self|health|hip:left")))
        let parsed = try #require(BodyPart.parse(slot: "self|health|lower-back"))
        #expect(parsed.part.name == "lower-back" && parsed.side == nil)
        #expect(BodyPart.parse(slot: "self|habit|smoking") == nil)
        // One table: every name is unique and every word names one part.
        #expect(Set(BodyPart.all.map(\.name)).count == BodyPart.all.count)
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

    @Test("a changed value supersedes; compatible facts stay side by side")
    func valuesAndCompatible() {
        #expect(merged(["I want to do 7 pull-ups", "I want to do 10 pull-ups"]).map(\.content) == ["Wants to do 10 pull-ups"])
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
}
