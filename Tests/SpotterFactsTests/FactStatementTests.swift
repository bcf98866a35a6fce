import Foundation
import SpotterFacts
import Testing

/// The three fact records share one statement: its fields read through each record, and an
/// extracted fact keeps the flat wire shape it had before the statement was a type.
@Suite("Fact statement: one value in every fact record")
struct FactStatementTests {
    private let statement = FactStatement(
        userID: "u1", subject: "self", category: .health, content: "Left knee hurts when running",
        polarity: .positive, temporal: .current, confidence: 0.9, slot: "self|health|knee:left")

    @Test("an extracted fact encodes flat, with the same keys as before, and decodes back")
    func wireShape() throws {
        let fact = ExtractedFact(statement, sourceID: "m1", mentionedAt: Date(timeIntervalSince1970: 60))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(fact), as: UTF8.self)
        #expect(
            json == #"{"category":"health","confidence":0.9,"content":"Left knee hurts when running","#
                + #""mentionedAt":-978307140,"polarity":"positive","slot":"self|health|knee:left","#
                + #""sourceID":"m1","subject":"self","temporal":"current","userID":"u1"}"#)
        #expect(try JSONDecoder().decode(ExtractedFact.self, from: Data(json.utf8)) == fact)
    }

    @Test("each record reads and writes its statement's fields as its own")
    func memberLookup() {
        let start = Date(timeIntervalSince1970: 0)
        var extracted = ExtractedFact(statement, sourceID: "m1", mentionedAt: start)
        extracted.confidence = 0.5
        #expect(extracted.statement.confidence == 0.5 && extracted.content == statement.content)
        var stored = StoredFact(id: 7, NewFact(extracted))
        stored.slot = "self|health|knee"
        stored.mentionCount += 1
        #expect(stored.fact.statement.slot == "self|health|knee" && stored.fact.mentionCount == 2)
        #expect(stored.userID == "u1" && stored.sourceIDs == ["m1"] && stored.isOpen)
    }
}
