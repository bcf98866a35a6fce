import Foundation
import Logging
import SpotterDB
import SpotterFacts
import SpotterLLM
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why a chunk could not be done by the model; becomes the `(llm fallback: …)` note. Its text
/// has passed through the scrubber and never holds the API key.
struct LLMChunkFailure: Error, Equatable, CustomStringConvertible {
    /// "HTTP 500 after 3 retries", "timed out after 30 seconds", "invalid reply: …".
    var reason: String
    var description: String { reason }
}

/// Sends one chunk to `{baseURL}/chat/completions` and reads the facts in the reply, retrying
/// on HTTP 429 (honouring `Retry-After`), 5xx, 408 and connection failures, with exponential
/// backoff and jitter, up to `maxRetries` times. Any other status and any reply that fails
/// strict parsing ends at once.
///
/// A request that times out is not retried. The server may well still be working on it (a
/// local CPU server does not notice a closed connection until its reply is done), and a copy
/// sent now would queue behind it and time out in turn, while the abandoned requests pile up:
/// the chunk goes to the rules instead.
///
/// The reply format asked for is a JSON Schema (`json_schema`), which servers that support it
/// enforce token by token; a server that refuses it with HTTP 400 or 422 is asked again at
/// once with `json_object`, and from then on every request of this client uses that.
struct LLMChatClient: Sendable {
    let configuration: LLMConfiguration
    let scrubber: LLMSecretScrubber
    let logger: Logger
    private let transport: LLMTransport
    /// Set once the server refused a schema: later requests ask for a JSON object.
    private let schemaRefused = SchemaRefusal()

    init(configuration: LLMConfiguration, logger: Logger) {
        self.configuration = configuration
        self.scrubber = LLMSecretScrubber(key: configuration.bearerKey)
        self.logger = logger
        self.transport = LLMTransport(timeout: configuration.timeout)
    }

    /// The facts the model finds in `chunk`, or why it could not be asked.
    func facts(in chunk: [Utterance], chunkIndex: Int) async -> Result<[ExtractedFact], LLMChunkFailure> {
        var format: LLMPrompt.ReplyFormat = schemaRefused.value ? .object : .schema
        var request = makeRequest(chunk, format: format)
        var logger = self.logger
        logger[metadataKey: "llm.chunk"] = "\(chunkIndex)"
        logger[metadataKey: "llm.messages"] = "\(chunk.count)"
        var retries = 0
        while true {
            let attempt = await transport.send(request, timeout: configuration.timeout)
            if format == .schema, case .response(let status, _, let body) = attempt, status == 400 || status == 422 {
                logger.debug(
                    "LLM server refused a json_schema reply format; asking for json_object",
                    metadata: ["llm.status": "\(status)", "llm.body": "\(excerpt(body))"])
                schemaRefused.set()
                format = .object
                request = makeRequest(chunk, format: format)
                continue
            }
            let verdict = judge(attempt, chunk: chunk)
            switch verdict {
            case .success(let facts):
                return .success(facts)
            case .final(let reason):
                return .failure(failure(reason, retries: retries))
            case .retry(let reason, let retryAfter):
                guard retries < configuration.maxRetries, !Task.isCancelled else {
                    return .failure(failure(reason, retries: retries))
                }
                retries += 1
                let delay = retryAfter.map { min($0, configuration.backoffCap) } ?? backoff(retry: retries)
                logger.debug(
                    "LLM request failed, retrying",
                    metadata: ["llm.reason": "\(reason)", "llm.retry": "\(retries)", "llm.delay": "\(delay)"])
                do {
                    try await Task.sleep(for: delay)
                } catch {
                    return .failure(failure("cancelled", retries: retries))
                }
            }
        }
    }

    private enum Verdict {
        case success([ExtractedFact])
        case retry(String, retryAfter: Duration?)
        case final(String)
    }

    private func judge(_ outcome: LLMTransport.Outcome, chunk: [Utterance]) -> Verdict {
        switch outcome {
        case .cancelled:
            return .final("cancelled")
        case .timedOut:
            // Never retried: see the type's documentation.
            return .final("timeout (\(String(format: "%g", configuration.timeout.seconds)) s)")
        case .failed(let reason):
            return .retry(reason, retryAfter: nil)
        case .response(let status, let headers, let body):
            switch status {
            case 200..<300:
                do {
                    return .success(try LLMReplyParser.facts(responseBody: body, chunk: chunk))
                } catch {
                    logger.debug(
                        "LLM reply rejected",
                        metadata: ["llm.reason": "\(scrubber.scrub(error.reason))", "llm.body": "\(excerpt(body))"])
                    return .final(error.description)
                }
            case 429, 408, 500..<600:
                logger.debug("LLM server error", metadata: ["llm.status": "\(status)", "llm.body": "\(excerpt(body))"])
                return .retry(httpReason(status, body), retryAfter: retryAfter(headers))
            default:
                logger.debug(
                    "LLM request refused", metadata: ["llm.status": "\(status)", "llm.body": "\(excerpt(body))"])
                return .final(httpReason(status, body))
            }
        }
    }

    private func makeRequest(_ chunk: [Utterance], format: LLMPrompt.ReplyFormat) -> URLRequest {
        var request = URLRequest(url: configuration.endpoint)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let key = configuration.bearerKey {
            request.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
        request.httpBody = LLMPrompt.body(
            model: configuration.model, chunk: chunk, maxCharacters: configuration.maxMessageCharacters,
            maxTokens: configuration.maxTokens, format: format)
        return request
    }

    private func failure(_ reason: String, retries: Int) -> LLMChunkFailure {
        let suffix = retries == 0 ? "" : " after \(retries) \(retries == 1 ? "retry" : "retries")"
        return LLMChunkFailure(reason: scrubber.scrub(reason + suffix))
    }

    /// The `n`th retry's wait: `backoffBase × 2^(n-1)`, capped, then a random half to whole of it.
    func backoff(retry: Int) -> Duration {
        let base = configuration.backoffBase
        let exponential = base * (1 << min(max(retry - 1, 0), 20))
        let capped = min(exponential, configuration.backoffCap)
        return capped * Double.random(in: 0.5...1.0)
    }

    /// `Retry-After` in seconds (or OpenAI's `retry-after-ms`), when present and sane.
    private func retryAfter(_ headers: [String: String]) -> Duration? {
        if let text = headers["retry-after-ms"], let ms = Double(text.trimmingCharacters(in: .whitespaces)),
            ms.isFinite, ms >= 0
        {
            return .milliseconds(Int64(min(ms, 3_600_000)))
        }
        if let text = headers["retry-after"], let seconds = Double(text.trimmingCharacters(in: .whitespaces)),
            seconds.isFinite, seconds >= 0
        {
            return .milliseconds(Int64(min(seconds, 3600) * 1000))
        }
        return nil
    }

    /// "HTTP 401" plus the error's code or type from an OpenAI-style error body when it is a
    /// plain identifier ("HTTP 429 (rate_limit_exceeded)"); never free text from the server.
    private func httpReason(_ status: Int, _ body: Data) -> String {
        guard case .object(let root)? = LLMJSONValue.parse(body), case .object(let error)? = root["error"] else {
            return "HTTP \(status)"
        }
        for key in ["code", "type"] {
            guard case .string(let value)? = error[key], (1...64).contains(value.count),
                value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) })
            else { continue }
            return "HTTP \(status) (\(scrubber.scrub(value)))"
        }
        return "HTTP \(status)"
    }

    /// The start of a body for debug logs, scrubbed.
    private func excerpt(_ body: Data) -> String {
        // Scrub well past the excerpt's end, so a key that straddles the cut is still whole.
        let text = scrubber.scrub(String(decoding: body.prefix(8192), as: UTF8.self))
        return text.count > 500 ? String(text.prefix(500)) + "…" : text
    }
}

/// Whether the server refused a `json_schema` reply format, shared by a client's requests.
private final class SchemaRefusal: Sendable {
    private let refused = Atomic<Bool>(false)

    var value: Bool { refused.load(ordering: .relaxed) }

    func set() { refused.store(true, ordering: .relaxed) }
}
