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

    @Test("a body part is the slot topic, the side an attribute; a recovery is a negative current fact")
    func bodyParts() throws {
        #expect(try identity("my left knee hurts when I jump") == "self|health|knee:left positive current")
        #expect(try identity("My knee is fine now") == "self|health|knee negative current")
        // A statement without a speaker ("knee is fine now": the rules find no fact in it today)
        // gets the same identity from any extractor that emits it.
        let bare = ExtractedFact(
            FactStatement(
                userID: "u1", subject: "self", category: .health, content: "Knee is fine now", polarity: .positive,
                temporal: .current, confidence: 0.7, slot: "self|health|knee-fine"),
            sourceID: "m1", mentionedAt: Date(timeIntervalSince1970: 0))
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
}
