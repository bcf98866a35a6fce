import Foundation
import SpotterFacts
import SpotterIDs
import SpotterLLM
import SpotterTestSupport
import Testing

@testable import SpotterJobs

/// The API key in the shapes an adversarial server or model echoes it: encoded, in pieces,
/// scattered; and a "fact" that holds it is never stored.
@Suite("LLM secret scrubbing")
struct LLMSecretScrubberTests {
    let key = LLMFixture.apiKey
    var scrubber: LLMSecretScrubber { LLMSecretScrubber(key: key) }

    /// Every spelling of the key a debug log line must not carry.
    var leaks: [String] {
        let base64 = Data(key.utf8).base64EncodedString()
        let bearer = Data("Authorization: Bearer \(key)".utf8).base64EncodedString()
        let characters = Array(key)
        let fours = stride(from: 0, to: characters.count, by: 4).map {
            String(characters[$0..<min($0 + 4, characters.count)])
        }
        let hex = key.utf8.map { String(format: "%02x", $0) }.joined()
        return [
            key,
            "invalid key: \(base64)",
            "echo \(base64.replacingOccurrences(of: "=", with: ""))",
            "header was \(bearer)",
            "header was \(bearer.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))",
            "pieces: \(fours.joined(separator: " "))",
            "pieces: \(fours.joined(separator: ", "))",
            #"{"p": [\#(fours.map { "\"\($0)\"" }.joined(separator: ", "))]}"#,
            "as hex \(hex)",
            "as HEX \(hex.uppercased())",
            "fragment \(key.dropFirst(3).prefix(10)) and more",
        ]
    }

    @Test("the key is masked in every shape: whole, base64 at any alignment, hex, pieces, scattered")
    func everyShape() {
        let pieces = Array(key).chunked(4)
        for leak in leaks {
            let scrubbed = scrubber.scrub(leak)
            #expect(scrubbed.contains(LLMSecretScrubber.mask), "\(leak) → \(scrubbed)")
            #expect(!scrubbed.contains(key.prefix(8)), "\(scrubbed)")
            // No two consecutive 4-character pieces survive anywhere in the text.
            for (first, second) in zip(pieces, pieces.dropFirst()) {
                #expect(!(scrubbed.contains(first) && scrubbed.contains(second)), "\(leak) → \(scrubbed)")
            }
            #expect(scrubber.reveals(leak))
        }
    }

    @Test("ordinary text, and a different key's text, pass through unchanged")
    func ordinaryText() {
        for text in [
            "model test-model not found", "Rate limit reached for requests; retry after 20 seconds",
            #"{"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}}"#,
            "Left knee hurts when running since March 2026", "sk-other-0000aaaa1111bbbb",
        ] {
            #expect(scrubber.scrub(text) == text)
            #expect(!scrubber.reveals(text))
        }
        #expect(LLMSecretScrubber(key: nil).scrub(key) == key)
    }

    @Test("a model that emits the key as a fact: that fact is dropped, the others stored, nothing logged")
    func keyAsFact() async throws {
        let base64 = Data(key.utf8).base64EncodedString()
        let contents = ["Left knee hurts when running", "Api key is \(key)", "Token \(base64)", "Likes rowing"]
        let server = try ChatCompletionsServer { request in
            let ids = LLMFixture.messageIDs(in: request)
            let facts = zip(ids, contents).map { id, content in
                """
                {"message_id": "\(id)", "subject": "self", "category": "other", "content": "\(content)", \
                "polarity": "positive", "temporal": "current", "confidence": 0.9}
                """
            }
            return .chat(content: "{\"facts\": [\(facts.joined(separator: ", "))]}")
        }
        defer { server.stop() }
        let log = LogCapture()
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: log.logger())

        let (facts, name) = await extractor.extract(LLMFixture.messages(4))

        #expect(name == "llm:test-model")
        #expect(facts.map(\.content) == ["Left knee hurts when running", "Likes rowing"])
        #expect(log.text.contains("dropped facts that hold the LLM API key"))
        #expect(!log.text.contains(key) && !log.text.contains(base64))
    }

    @Test("a server body that echoes the key encoded or in pieces reaches no log line")
    func debugLogs() async throws {
        let leaks = self.leaks
        let server = try ChatCompletionsServer { request in
            .init(status: 500, body: leaks[request.index % leaks.count])
        }
        defer { server.stop() }
        let log = LogCapture()
        let configuration = LLMFixture.configuration(server, maxRetries: 3)
        let extractor = LLMFactExtractor(configuration: configuration, logger: log.logger())
        for _ in 0..<3 { _ = await extractor.extract(LLMFixture.messages(1)) }

        #expect(server.requests.count == 12)
        #expect(log.count > 0)
        let scrubber = self.scrubber
        for line in log.text.split(separator: "\n") {
            #expect(!scrubber.reveals(String(line)), "\(line)")
            #expect(!line.contains(key.prefix(8)))
        }
    }
}

extension Array {
    fileprivate func chunked(_ size: Int) -> [String] where Element == Character {
        stride(from: 0, to: count, by: size).map { String(self[$0..<Swift.min($0 + size, count)]) }
    }
}
