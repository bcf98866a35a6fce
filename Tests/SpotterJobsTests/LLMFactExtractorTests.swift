import Foundation
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterLLM
import SpotterTestSupport
import Testing

/// The LLM extractor against a loopback chat-completions server that each test starts itself.
@Suite("LLM fact extractor")
struct LLMFactExtractorTests {
    private let rules = RuleExtractor()

    @Test("a good reply becomes facts from the model, sent as the protocol says")
    func goodReply() async throws {
        let server = try ChatCompletionsServer(respond: LLMFixture.goodReply)
        defer { server.stop() }
        let log = LogCapture()
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: log.logger())
        let batch = LLMFixture.messages(2)

        let (facts, name) = await extractor.extract(batch)

        #expect(name == "llm:test-model")
        #expect(facts.count == 2)
        let first = try #require(facts.first)
        #expect(first.userID == "42")
        #expect(first.sourceID == "m1")
        #expect(first.mentionedAt == batch[0].sentAt)
        #expect(first.subject == "self")
        #expect(first.category == .health)
        #expect(first.content == "Left knee hurts when running")
        #expect(first.confidence == 0.9)
        #expect(first.slot == "self|health|left-knee-hurt")
        #expect(facts.map(\.sourceID) == ["m1", "m2"])

        let request = try #require(server.requests.first)
        #expect(server.requests.count == 1)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/chat/completions")
        #expect(request.headers["authorization"] == "Bearer \(LLMFixture.apiKey)")
        #expect(request.headers["content-type"] == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect(body["model"] as? String == "test-model")
        #expect((body["temperature"] as? NSNumber)?.doubleValue == 0)
        #expect((body["max_tokens"] as? NSNumber)?.intValue == 1024)
        let format = try #require(body["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let schema = try #require((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])
        #expect(schema["required"] as? [String] == ["facts"])
        let messages = try #require(body["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user"])
        let system = try #require(messages[0]["content"] as? String)
        for word in ["message_id", "confidence", "relationship", "intended", "\"facts\""] {
            #expect(system.contains(word), "system prompt names \(word)")
        }
        #expect(LLMFixture.messageIDs(in: request) == ["m1", "m2"])
        #expect(!log.text.contains(LLMFixture.apiKey))
    }

    @Test("no Authorization header without a key; an empty batch sends nothing")
    func noKey() async throws {
        let server = try ChatCompletionsServer(respond: LLMFixture.goodReply)
        defer { server.stop() }
        var configuration = LLMFixture.configuration(server)
        configuration.apiKey = nil
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())

        let empty = await extractor.extract([])
        #expect(empty.facts.isEmpty && empty.extractor == "llm:test-model")
        #expect(server.requests.isEmpty)

        let (facts, name) = await extractor.extract(LLMFixture.messages(1))
        #expect(name == "llm:test-model" && facts.count == 1)
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test("malformed JSON falls back to the rules at once, without retrying")
    func malformedJSON() async throws {
        let server = try ChatCompletionsServer(script: [.chat(content: "{\"facts\": [{\"message_id\": \"m1\",")])
        defer { server.stop() }
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: LogCapture().logger())
        let batch = LLMFixture.messages(3)

        let (facts, name) = await extractor.extract(batch)

        #expect(name == "rules (llm fallback: invalid reply: the message content is not valid JSON)")
        #expect(facts == batch.flatMap(rules.extract))
        #expect(!facts.isEmpty)
        #expect(server.requests.count == 1)
    }

    @Test(
        "a reply that breaks the schema falls back to the rules",
        arguments: [
            ("unknown category", #"{"facts": [\#(fact(category: "\"fitness\""))]}"#),
            ("confidence 2.0", #"{"facts": [\#(fact(confidence: "2.0"))]}"#),
            ("unknown message_id", #"{"facts": [\#(fact(messageID: "\"m99\""))]}"#),
            ("confidence as text", #"{"facts": [\#(fact(confidence: "\"0.9\""))]}"#),
            ("a body that is not JSON", "not json at all"),
        ])
    func wrongSchema(_ label: String, content: String) async throws {
        let server = try ChatCompletionsServer(script: [.chat(content: content)])
        defer { server.stop() }
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: LogCapture().logger())
        let batch = LLMFixture.messages(2)

        let (facts, name) = await extractor.extract(batch)

        #expect(name.hasPrefix("rules (llm fallback: invalid reply: "), "\(label): \(name)")
        #expect(facts == batch.flatMap(rules.extract))
        #expect(server.requests.count == 1)
    }

    @Test("429 with Retry-After, then 200: the retry waits as told and succeeds")
    func rateLimitedThenOK() async throws {
        let server = try ChatCompletionsServer { request in
            request.index == 0
                ? .init(
                    status: 429, headers: ["Retry-After": "1"], body: #"{"error": {"code": "rate_limit_exceeded"}}"#)
                : LLMFixture.goodReply(request)
        }
        defer { server.stop() }
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: LogCapture().logger())

        let (facts, name) = await extractor.extract(LLMFixture.messages(2))

        #expect(name == "llm:test-model")
        #expect(facts.count == 2)
        let requests = server.requests
        try #require(requests.count == 2)
        let gap = requests[1].receivedAt - requests[0].receivedAt
        #expect(gap >= .milliseconds(950), "waited \(gap), Retry-After said 1 s (backoff alone is ~10 ms)")
        #expect(gap < .seconds(5))
    }

    @Test("HTTP 500 on every attempt: maxRetries + 1 requests, then the rules")
    func serverErrors() async throws {
        let server = try ChatCompletionsServer(script: [.init(status: 500, body: "upstream exploded")])
        defer { server.stop() }
        let configuration = LLMFixture.configuration(server, maxRetries: 2)
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())
        let batch = LLMFixture.messages(2)

        let (facts, name) = await extractor.extract(batch)

        #expect(name == "rules (llm fallback: HTTP 500 after 2 retries)")
        #expect(server.requests.count == 3)
        #expect(facts == batch.flatMap(rules.extract))
    }

    @Test("a 4xx other than 429 is not retried")
    func clientErrorNotRetried() async throws {
        let server = try ChatCompletionsServer(
            script: [.init(status: 404, body: #"{"error": {"message": "no such model", "code": "model_not_found"}}"#)])
        defer { server.stop() }
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: LogCapture().logger())

        let (_, name) = await extractor.extract(LLMFixture.messages(1))

        #expect(name == "rules (llm fallback: HTTP 404 (model_not_found))")
        #expect(server.requests.count == 1)
    }

    @Test("a reply slower than the timeout is abandoned and not retried: the rules stand in")
    func slowReply() async throws {
        let server = try ChatCompletionsServer { request in
            .chat(content: LLMFixture.goodContent(for: LLMFixture.messageIDs(in: request)), delay: .seconds(3))
        }
        defer { server.stop() }
        let configuration = LLMFixture.configuration(server, timeout: .milliseconds(300), maxRetries: 1)
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())
        let batch = LLMFixture.messages(2)

        let started = ContinuousClock.now
        let (facts, name) = await extractor.extract(batch)
        let elapsed = ContinuousClock.now - started

        #expect(name == "rules (llm fallback: timeout (0.3 s))")
        #expect(facts == batch.flatMap(rules.extract))
        // The server is still working on the first request: a second copy would queue behind it.
        try await Task.sleep(for: .milliseconds(300))
        #expect(server.requests.count == 1)
        #expect(elapsed < .milliseconds(2500), "took \(elapsed): the timeout must not wait for the server")
    }

    @Test("max_tokens follows the configuration")
    func maxTokensSent() async throws {
        let server = try ChatCompletionsServer(respond: LLMFixture.goodReply)
        defer { server.stop() }
        var configuration = LLMFixture.configuration(server)
        configuration.maxTokens = 200
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())

        _ = await extractor.extract(LLMFixture.messages(1))

        let request = try #require(server.requests.first)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
        #expect((body["max_tokens"] as? NSNumber)?.intValue == 200)
    }

    @Test("a server that refuses json_schema is asked again with json_object at once, and keeps it")
    func schemaRefused() async throws {
        let server = try ChatCompletionsServer { request in
            let body = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]
            let type = (body?["response_format"] as? [String: Any])?["type"] as? String
            guard type == "json_object" else {
                return .init(
                    status: 400,
                    body:
                        #"{"error": {"message": "response_format type json_schema is not supported", "type": "invalid_request_error"}}"#
                )
            }
            return LLMFixture.goodReply(request)
        }
        defer { server.stop() }
        let configuration = LLMFixture.configuration(server, batchSize: 1, maxConcurrency: 1, maxRetries: 0)
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())

        let (facts, name) = await extractor.extract(LLMFixture.messages(2))

        #expect(name == "llm:test-model")
        #expect(facts.map(\.sourceID) == ["m1", "m2"])
        let types = server.requests.map { request in
            ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]).flatMap {
                ($0["response_format"] as? [String: Any])?["type"] as? String
            }
        }
        #expect(types == ["json_schema", "json_object", "json_object"])
    }

    @Test("the server going away: connection failures are retried, then the rules")
    func serverDown() async throws {
        let server = try ChatCompletionsServer(respond: LLMFixture.goodReply)
        server.stop()
        try await Task.sleep(for: .milliseconds(50))
        let extractor = LLMFactExtractor(
            configuration: LLMFixture.configuration(server, maxRetries: 1), logger: LogCapture().logger())

        let (facts, name) = await extractor.extract(LLMFixture.messages(1))

        #expect(name == "rules (llm fallback: cannot connect to the server after 1 retry)")
        #expect(facts == LLMFixture.messages(1).flatMap(rules.extract))
    }

    @Test("45 messages with batchSize 20: three requests of 20, 20 and 5, at most two at once")
    func batching() async throws {
        let server = try ChatCompletionsServer { request in
            .chat(content: LLMFixture.goodContent(for: LLMFixture.messageIDs(in: request)), delay: .milliseconds(300))
        }
        defer { server.stop() }
        let extractor = LLMFactExtractor(configuration: LLMFixture.configuration(server), logger: LogCapture().logger())
        let batch = LLMFixture.messages(45)

        let (facts, name) = await extractor.extract(batch)

        #expect(name == "llm:test-model")
        let sizes = server.requests.map { LLMFixture.messageIDs(in: $0).count }
        #expect(sizes.sorted() == [5, 20, 20])
        #expect(Set(server.requests.flatMap(LLMFixture.messageIDs)) == Set(batch.map(\.messageID)))
        #expect(server.maxConcurrentRequests == 2)
        #expect(facts.map(\.sourceID) == batch.map(\.messageID), "facts come back in message order")
    }

    @Test("maxConcurrency 1 sends one request at a time")
    func oneAtATime() async throws {
        let server = try ChatCompletionsServer { request in
            .chat(content: LLMFixture.goodContent(for: LLMFixture.messageIDs(in: request)), delay: .milliseconds(100))
        }
        defer { server.stop() }
        let configuration = LLMFixture.configuration(server, batchSize: 2, maxConcurrency: 1)
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())

        let (facts, _) = await extractor.extract(LLMFixture.messages(6))

        #expect(server.requests.count == 3)
        #expect(server.maxConcurrentRequests == 1)
        #expect(facts.count == 6)
    }

    @Test("some chunks from the model, one from the rules: llm:<model>+rules")
    func mixed() async throws {
        let server = try ChatCompletionsServer { request in
            LLMFixture.messageIDs(in: request).contains("m3")
                ? .init(status: 503, body: "busy") : LLMFixture.goodReply(request)
        }
        defer { server.stop() }
        let configuration = LLMFixture.configuration(server, batchSize: 2, maxConcurrency: 1, maxRetries: 0)
        let extractor = LLMFactExtractor(configuration: configuration, logger: LogCapture().logger())
        let batch = LLMFixture.messages(5)

        let (facts, name) = await extractor.extract(batch)

        #expect(name == "llm:test-model+rules")
        let fromRules = Set(batch[2...3].flatMap(rules.extract))
        #expect(facts.filter { ["m3", "m4"].contains($0.sourceID) }.allSatisfy(fromRules.contains))
        #expect(
            facts.filter { ["m1", "m2", "m5"].contains($0.sourceID) }.map(\.slot).allSatisfy {
                $0 == "self|health|left-knee-hurt"
            })
    }

    @Test("the API key never appears in the extractor text, the description or the logs")
    func keyNeverLeaks() async throws {
        let key = LLMFixture.apiKey
        let echo =
            #"{"error": {"message": "Incorrect API key provided: \#(key); prefix \#(key.prefix(12))…", "code": "\#(key)"}}"#
        let server = try ChatCompletionsServer { request in
            switch request.index {
            case 0: .init(status: 500, body: "bad key \(key)")
            default: .init(status: 401, body: echo)
            }
        }
        defer { server.stop() }
        let log = LogCapture()
        let configuration = LLMFixture.configuration(server)
        let extractor = LLMFactExtractor(configuration: configuration, logger: log.logger())

        let (_, name) = await extractor.extract(LLMFixture.messages(1))

        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.headers["authorization"] == "Bearer \(key)" })
        #expect(name.hasPrefix("rules (llm fallback: HTTP 401"))
        #expect(log.count > 0, "the retry and the fallback were logged")
        #expect(log.text.contains("bad key <redacted>"), "server bodies are logged at debug, scrubbed")
        for text in [name, configuration.description, String(describing: configuration), log.text] {
            #expect(!text.contains(key))
            #expect(!text.contains(key.prefix(12)), "no long piece of the key either: \(text)")
        }
    }
}

/// One fact object with one field replaced.
private func fact(
    messageID: String = "\"m1\"", category: String = "\"health\"", confidence: String = "0.8"
) -> String {
    #"{"message_id": \#(messageID), "subject": "self", "category": \#(category), "content": "Left knee hurts", "polarity": "positive", "temporal": "current", "confidence": \#(confidence)}"#
}
