import Foundation
import SpotterFacts
import SpotterIDs
import SpotterTestSupport
import Testing

/// `spotter eval facts --msc DIR --persona-chat FILE` on tiny corpora the test writes in those
/// formats (never the shared data): the figures follow the scorer's metric.
@Suite("eval facts on real-data formats")
struct EvalRealDataCommandTests {
    static let mscEpisode = """
        {"dialog": [{"id": "bot_0", "text": "Hi! What do you do for fun?"}, \
        {"id": "bot_1", "text": "I love rowing, and I have two dogs.", "persona_text": "I like rowing. I have two dogs."}, \
        {"id": "bot_0", "text": "I think you should try it!"}, \
        {"id": "bot_1", "text": "My wife is a nurse.", "persona_text": "My wife is a nurse."}, \
        {"id": "bot_0", "text": "I work nights at the hospital.", "persona_text": "I work at a hospital."}]}
        """

    @Test("--msc and --persona-chat print fact and detection figures, per phenomenon and category")
    func realData() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("msc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try (Self.mscEpisode + "\n").write(
            to: directory.appendingPathComponent("session_1.jsonl"), atomically: true, encoding: .utf8)
        let csv = directory.appendingPathComponent("chat.csv")
        try """
        user 1 personas,user 2 personas,Best Generated Conversation
        "I love to swim.
        I have a cat.","I am a teacher.","User 1: Hi!
        User 2: Hello, I am a teacher at a high school.
        User 1: Nice! I love to swim every morning.
        User 2: Do you have pets?
        User 1: Yes, I have a cat."

        """.write(to: csv, atomically: true, encoding: .utf8)

        let output = try await SpotterCommand.run([
            "eval", "facts", "--msc", directory.path, "--sessions", "1", "--persona-chat", csv.path,
        ])
        #expect(output.status == 0, "\(output)")
        let text = output.stdout
        #expect(text.contains("Multi-Session Chat") && text.contains("Synthetic-Persona-Chat"), "\(text)")
        for row in ["all turns", "negation", "used to", "third person", "question", "multi-clause", "relationship"] {
            #expect(text.contains("\n" + row), "\(row)")
        }
        // Four written-down facts in three turns; the extractor finds the rowing, dogs, wife and
        // job facts and stays silent on the greeting and the advice.
        #expect(text.contains("fact_f1=1.000 precision=1.000 recall=1.000 detect_p=1.000 detect_r=1.000"), "\(text)")

        let missing = try await SpotterCommand.run(["eval", "facts", "--msc", "/nonexistent/msc"])
        #expect(missing.status == 2 && missing.stderr.contains("session_1.jsonl"), "\(missing)")
    }

    /// A directory holding `mscEpisode` as session 1; removed by the caller.
    private func mscDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("msc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try (Self.mscEpisode + "\n").write(
            to: directory.appendingPathComponent("session_1.jsonl"), atomically: true, encoding: .utf8)
        return directory
    }

    @Test("--extractor llm scores the model's facts through the same metric (issue 12 item 6)")
    func llmExtractor() async throws {
        let directory = try mscDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The model says the same thing of every message: one fact, merged per speaker, that
        // matches only the dogs; the rules would have scored 1.000.
        let server = try ChatCompletionsServer { request in
            let facts = LLMFixture.messageIDs(in: request).map { id in
                """
                {"message_id": "\(id)", "subject": "self", "category": "personal", "content": "Has two dogs", \
                "polarity": "positive", "temporal": "current", "confidence": 0.9}
                """
            }
            return .chat(content: "{\"facts\": [\(facts.joined(separator: ", "))]}")
        }
        defer { server.stop() }
        let environment = [
            "SPOTTER_LLM_BASE_URL": server.baseURL.absoluteString, "SPOTTER_LLM_MODEL": "test-model",
            "SPOTTER_LLM_MAX_RETRIES": "0",
        ]
        let output = try await SpotterCommand.run(
            ["eval", "facts", "--msc", directory.path, "--sessions", "1", "--extractor", "llm"],
            environment: environment)
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("extractor llm:test-model"), "\(output.stdout)")
        #expect(output.stdout.contains("by the model: 2; fell back to the rules (all or part): 0"), "\(output.stdout)")
        #expect(!output.stdout.contains("fact_f1=1.000"), "\(output.stdout)")
        #expect(server.requests.count == 2)  // one request per speaker

        // A server that fails: every speaker falls back to the rules, whose figures are printed.
        let failing = try ChatCompletionsServer(script: [.init(status: 500, body: "down")])
        defer { failing.stop() }
        var down = environment
        down["SPOTTER_LLM_BASE_URL"] = failing.baseURL.absoluteString
        let fallback = try await SpotterCommand.run(
            ["eval", "facts", "--msc", directory.path, "--sessions", "1", "--extractor", "llm"], environment: down)
        #expect(fallback.status == 0, "\(fallback)")
        #expect(fallback.stdout.contains("by the model: 0; fell back to the rules (all or part): 2"), "\(fallback)")
        #expect(fallback.stdout.contains("fact_f1=1.000 precision=1.000 recall=1.000"), "\(fallback.stdout)")

        // No settings: a clear error naming the variable, not a silent run of the rules.
        let unset = try await SpotterCommand.run(
            ["eval", "facts", "--msc", directory.path, "--extractor", "llm"],
            environment: ["SPOTTER_LLM_BASE_URL": "", "SPOTTER_LLM_MODEL": ""])
        #expect(unset.status == 2 && unset.stderr.contains("SPOTTER_LLM_BASE_URL"), "\(unset)")
        let invalid = try await SpotterCommand.run(
            ["eval", "facts", "--msc", directory.path, "--extractor", "llm"],
            environment: ["SPOTTER_LLM_BASE_URL": "ftp://x/v1", "SPOTTER_LLM_MODEL": "m"])
        #expect(invalid.status == 2 && invalid.stderr.contains("SPOTTER_LLM_BASE_URL"), "\(invalid)")
    }

    @Test("--ceiling: the written-down facts a span of their own turn, as written, matches")
    func ceiling() async throws {
        let directory = try mscDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A second episode whose fact a reader inferred: no span of the turn says it.
        let inferred =
            #"{"dialog": [{"id": "bot_0", "text": "Yuck! Animals for food!", "persona_text": "I do not eat meat."}]}"#
        try (Self.mscEpisode + "\n" + inferred + "\n").write(
            to: directory.appendingPathComponent("session_1.jsonl"), atomically: true, encoding: .utf8)
        let output = try await SpotterCommand.run([
            "eval", "facts", "--msc", directory.path, "--sessions", "1", "--ceiling",
        ])
        #expect(output.status == 0, "\(output)")
        let text = output.stdout
        // Five facts. "I like rowing" is matched by the clause "I love rowing" (token F1 0.5),
        // not by its whole sentence, which also holds the dogs; the meat by nothing.
        #expect(text.contains("written-down facts: 5"), "\(text)")
        #expect(text.contains("a sentence             0.600  (3)"), "\(text)")
        #expect(text.contains("a clause               0.800  (4)"), "\(text)")
        #expect(text.contains("a first-person clause  0.800  (4)"), "\(text)")
        #expect(text.contains("a sentence or clause   0.800  (4)"), "\(text)")
        #expect(text.contains("matching one of their turn's facts: 0.667  (4 of 6)"), "\(text)")

        let alone = try await SpotterCommand.run(["eval", "facts", "--ceiling"])
        #expect(alone.status != 0 && alone.stderr.contains("--ceiling"), "\(alone)")
    }

    @Test("the scorer's normalisation: contractions, stop words, suffixes; one-to-one matching")
    func tokenMatch() {
        #expect(TokenMatch.tokens("I'm working in marketing!") == ["work", "market"])
        #expect(TokenMatch.f1(TokenMatch.tokens("Works in marketing"), TokenMatch.tokens("I work in marketing")) == 1)
        let pairs = TokenMatch.pairs(["Has two dogs", "Has two dogs"], ["I have two dogs."])
        #expect(pairs.count == 1)
        #expect(TokenMatch.pairs(["Loves rowing"], ["My wife is a nurse."]).isEmpty)
    }
}
