public import Logging
public import SpotterFacts
public import SpotterLLM

/// Extracts facts through an OpenAI-compatible chat-completions API, and falls back to the
/// offline rules for any chunk the model cannot do.
///
/// A batch is cut into chunks of ``LLMConfiguration/batchSize`` messages; up to
/// ``LLMConfiguration/maxConcurrency`` chunks are in flight at once. Each chunk is one request
/// (retried on 429, 5xx and connection failures, never after a timeout), and its reply is parsed strictly: one wrong value and
/// the chunk's messages go through the rules instead. The returned `extractor` says which:
/// `llm:<model>` when every chunk came from the model, `rules (llm fallback: <reason>)` when
/// none did, `llm:<model>+rules` when some did.
///
/// The API key is sent only in the `Authorization` header: it never appears in a log line, the
/// `extractor` text or an error.
public struct LLMFactExtractor: FactExtracting {
    /// Where and how to call the model.
    public let configuration: LLMConfiguration
    /// What runs when the model cannot.
    public let fallback: RuleExtractor
    private let client: LLMChatClient

    /// Creates an extractor with its own HTTP session. `logger` gets retries at debug and
    /// fallbacks at info, with chunk ids in metadata; never message text or the key.
    public init(configuration: LLMConfiguration, fallback: RuleExtractor = RuleExtractor(), logger: Logger) {
        self.configuration = configuration
        self.fallback = fallback
        var logger = logger
        logger[metadataKey: "llm.model"] = "\(configuration.model)"
        self.client = LLMChatClient(configuration: configuration, logger: logger)
    }

    /// `llm:<model>`: the `extractor` of facts that all came from the model.
    public var name: String { "llm:\(configuration.model)" }

    /// Extracts facts from `batch` in message order; never fails (the rules stand in).
    public func extract(_ batch: [Utterance]) async -> (facts: [ExtractedFact], extractor: String) {
        let chunks = stride(from: 0, to: batch.count, by: configuration.batchSize).map {
            Array(batch[$0..<min($0 + configuration.batchSize, batch.count)])
        }
        let outcomes = await run(chunks)
        var facts: [ExtractedFact] = []
        var failures: [String] = []
        for (chunk, outcome) in zip(chunks, outcomes) {
            switch outcome {
            case .success(let found):
                facts += found
            case .failure(let failure):
                failures.append(failure.reason)
                facts += chunk.flatMap(fallback.extract)
            }
        }
        return (withoutSecrets(facts), extractorName(chunks: chunks.count, failures: failures))
    }

    /// `facts` without any that hold the API key in a shape the scrubber knows (a model can be
    /// made to emit it as a "fact"); the drop is logged with its count, never the text.
    private func withoutSecrets(_ facts: [ExtractedFact]) -> [ExtractedFact] {
        let kept = facts.filter { fact in
            ![fact.content, fact.subject, fact.slot].contains(where: client.scrubber.reveals)
        }
        if kept.count < facts.count {
            client.logger.warning(
                "dropped facts that hold the LLM API key", metadata: ["llm.dropped": "\(facts.count - kept.count)"])
        }
        return kept
    }

    /// Runs the chunks with at most `maxConcurrency` in flight; results in chunk order.
    private func run(_ chunks: [[Utterance]]) async -> [Result<[ExtractedFact], LLMChunkFailure>] {
        var results = [Result<[ExtractedFact], LLMChunkFailure>?](repeating: nil, count: chunks.count)
        await withTaskGroup(of: (Int, Result<[ExtractedFact], LLMChunkFailure>).self) { group in
            var next = 0
            func startNext() {
                let index = next
                next += 1
                group.addTask { (index, await client.facts(in: chunks[index], chunkIndex: index)) }
            }
            while next < min(configuration.maxConcurrency, chunks.count) { startNext() }
            while let (index, result) = await group.next() {
                results[index] = result
                if case .failure(let failure) = result {
                    client.logger.info(
                        "LLM extraction fell back to the rules",
                        metadata: [
                            "llm.chunk": "\(index)", "llm.messages": "\(chunks[index].count)",
                            "llm.reason": "\(failure.reason)",
                        ])
                }
                if next < chunks.count { startNext() }
            }
        }
        return results.map { $0 ?? .failure(LLMChunkFailure(reason: "not run")) }
    }

    private func extractorName(chunks: Int, failures: [String]) -> String {
        if failures.isEmpty { return name }
        if failures.count < chunks { return name + "+rules" }
        let first = failures[0]
        let reason = first.count > 160 ? String(first.prefix(160)) + "…" : first
        let more = failures.count > 1 && failures.contains(where: { $0 != first }) ? "; and others" : ""
        return client.scrubber.scrub("rules (llm fallback: \(reason)\(more))")
    }
}
