import Foundation
import SpotterFacts
import SpotterIDs
import SpotterLLM
import Testing

@testable import SpotterJobs

/// Strict parsing of the model's reply, without a server.
@Suite("LLM reply parser")
struct LLMReplyParserTests {
    private let chunk = [
        Utterance(messageID: "m1", userID: "42", text: "My wife is vegan.", sentAt: Date(timeIntervalSince1970: 100)),
        Utterance(messageID: "m2", userID: "42", text: "I hate burpees.", sentAt: Date(timeIntervalSince1970: 200)),
    ]

    private func fact(_ overrides: [String: String] = [:], removing: String? = nil) -> String {
        var fields = [
            "message_id": "\"m1\"", "subject": "\"self\"", "category": "\"preference\"",
            "content": "\"Hates burpees\"", "polarity": "\"negative\"", "temporal": "\"current\"", "confidence": "0.9",
        ]
        fields.merge(overrides) { $1 }
        if let removing { fields[removing] = nil }
        return "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ")
            + "}"
    }

    private func parse(_ facts: [String]) throws(LLMReplyError) -> [ExtractedFact] {
        try LLMReplyParser.facts(content: "{\"facts\": [\(facts.joined(separator: ","))]}", chunk: chunk)
    }

    private func rejection(_ facts: [String]) -> String? {
        do {
            _ = try parse(facts)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("a valid fact keeps its values and takes user, time and source from its message")
    func validFact() throws {
        let facts = try parse([fact(["message_id": "\"m2\""])])
        let fact = try #require(facts.first)
        #expect(facts.count == 1)
        #expect(fact.userID == "42" && fact.sourceID == "m2" && fact.mentionedAt == chunk[1].sentAt)
        #expect(fact.category == .preference && fact.polarity == .negative && fact.temporal == .current)
        #expect(fact.content == "Hates burpees" && fact.confidence == 0.9)
        #expect(fact.slot == "self|preference|burpee")
    }

    @Test("an empty list is a valid reply with no facts")
    func noFacts() throws {
        #expect(try LLMReplyParser.facts(content: #"{"facts": []}"#, chunk: chunk).isEmpty)
    }

    @Test(
        "every schema violation is rejected with a precise reason",
        arguments: [
            (["category": "\"fitness\""], nil, "unknown category \"fitness\""),
            (["polarity": "\"neutral\""], nil, "unknown polarity"),
            (["temporal": "\"future\""], nil, "unknown temporal status"),
            (["confidence": "2.0"], nil, "outside 0…1"),
            (["confidence": "-0.1"], nil, "outside 0…1"),
            (["confidence": "true"], nil, "\"confidence\" is a boolean"),
            (["confidence": "\"0.9\""], nil, "\"confidence\" is a string"),
            (["message_id": "\"m9\""], nil, "not in this chunk"),
            (["message_id": "1"], nil, "\"message_id\" is a number"),
            (["content": "\"  \""], nil, "empty content"),
            (["content": "\"\(String(repeating: "a", count: 301))\""], nil, "more than 300"),
            (["subject": "\"user 17\""], nil, "not in this chunk"),
            (["subject": "\"the assistant\""], nil, "not \"self\" or a relation"),
            (["user_id": "\"77\""], nil, "who wrote no message in this chunk"),
            (["mood": "\"happy\""], nil, "unexpected key \"mood\""),
            ([:], "temporal", "has no \"temporal\""),
        ] as [([String: String], String?, String)])
    func rejected(_ overrides: [String: String], removing: String?, expected: String) {
        let reason = rejection([fact(), fact(overrides, removing: removing)])
        #expect(reason?.contains(expected) == true, "got \(reason ?? "no rejection")")
        #expect(reason?.hasPrefix("fact 2") == true, "names the offending fact: \(reason ?? "")")
    }

    @Test(
        "replies that are not one JSON object with only \"facts\" are rejected",
        arguments: [
            "```json\n{\"facts\": []}\n```", "[]", "{\"facts\": {}}", "{\"facts\": [], \"notes\": \"x\"}",
            "{\"facts\": [1]}", "",
        ])
    func rejectedShape(_ content: String) {
        #expect(throws: LLMReplyError.self) { try LLMReplyParser.facts(content: content, chunk: chunk) }
    }

    @Test("the envelope must carry choices[0].message.content as a string")
    func envelope() throws {
        let good = #"{"choices": [{"message": {"role": "assistant", "content": "{\"facts\": []}"}}], "usage": {}}"#
        #expect(try LLMReplyParser.content(responseBody: Data(good.utf8)) == #"{"facts": []}"#)
        for bad in [
            "<html>", #"{"choices": []}"#, #"{"choices": [{"message": {"content": null}}]}"#,
            #"{"error": {"message": "x"}}"#,
        ] {
            #expect(throws: LLMReplyError.self, "\(bad)") { try LLMReplyParser.content(responseBody: Data(bad.utf8)) }
        }
    }

    @Test("a fact about someone the speaker names is a relationship fact in that person's slot")
    func relation() throws {
        let facts = try parse([
            fact(["subject": "\"Wife\"", "category": "\"preference\"", "content": "\"Wife is vegan\""])
        ])
        let fact = try #require(facts.first)
        #expect(fact.subject == "wife")
        #expect(fact.category == .relationship)
        #expect(fact.slot == "wife|relationship|vegan")
    }

    @Test("facts come back in message order, one per message and slot, with tidy content")
    func orderAndDuplicates() throws {
        let facts = try parse([
            fact(["message_id": "\"m2\"", "content": "\"Hates  burpees\\n\""]),
            fact(["message_id": "\"m1\"", "content": "\"Hates burpees\""]),
            fact(["message_id": "\"m2\"", "content": "\"Really hates burpees\""]),
        ])
        #expect(facts.map(\.sourceID) == ["m1", "m2"])
        #expect(facts.map(\.content) == ["Hates burpees", "Hates burpees"])
    }

    @Test("whole-number confidences and a matching user_id are accepted")
    func lenientWhereSafe() throws {
        let facts = try parse([fact(["confidence": "1", "user_id": "\"42\""])])
        #expect(facts.first?.confidence == 1)
    }

    @Test("statements of one thing share a slot whatever their polarity or tense words")
    func slots() {
        #expect(LLMSlotKey.topic("Left knee hurts when running") == "left-knee-hurt")
        #expect(LLMSlotKey.topic("Left knee no longer hurts") == "left-knee-hurt")
        #expect(LLMSlotKey.topic("Likes running") == LLMSlotKey.topic("Hates running"))
        #expect(LLMSlotKey.topic("Used to smoke") == LLMSlotKey.topic("Smokes"))
        #expect(LLMSlotKey.topic("Wants to run a marathon") != LLMSlotKey.topic("Wants to lose weight"))
        #expect(LLMSlotKey.topic("Is 34") == "is-34", "a statement with no content word keeps its words")
    }

    @Test("the scrubber removes the key and any token holding a long piece of it")
    func scrubber() {
        let scrubber = LLMSecretScrubber(key: "sk-abcdefghijklmnop")
        #expect(scrubber.scrub("key sk-abcdefghijklmnop here") == "key <redacted> here")
        #expect(scrubber.scrub("partial: sk-abcdefgh…") == "partial: <redacted>")
        #expect(scrubber.scrub("short sk-ab… is fine") == "short sk-ab… is fine")
        #expect(LLMSecretScrubber(key: nil).scrub("anything") == "anything")
    }
}
