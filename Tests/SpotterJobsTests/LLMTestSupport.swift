import Foundation
import Logging
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterLLM
import SpotterTestSupport
import Synchronization

/// Every line a logger wrote, level, message and metadata, for asserting what logs contain.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    /// A logger at trace level that writes here.
    func logger() -> Logger {
        var logger = Logger(label: "spotter.test.llm") { _ in CapturingLogHandler(capture: self) }
        logger.logLevel = .trace
        return logger
    }

    /// Everything logged so far, one string per line.
    var text: String { lines.withLock { $0.joined(separator: "\n") } }

    /// How many lines were logged.
    var count: Int { lines.withLock { $0.count } }

    fileprivate func append(_ line: String) { lines.withLock { $0.append(line) } }
}

private struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider? = nil
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let all = metadata.merging(event.metadata ?? [:]) { $1 }
        let rendered = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        capture.append("\(event.level) \(event.message) \(rendered)")
    }
}

/// Messages and replies shared by the LLM tests.
enum LLMFixture {
    static let model = "test-model"
    static let apiKey = "sk-test-9f8e7d6c5b4a39281706"
    static let start = Date(timeIntervalSince1970: 1_750_000_000)

    /// `count` messages of user 42 with ids "m1"… and a minute apart; each says the knee hurts.
    static func messages(_ count: Int, user: String = "42") -> [Utterance] {
        (0..<count).map { index in
            Utterance(
                messageID: "m\(index + 1)", userID: user, text: "My left knee hurts when I run.",
                sentAt: start.addingTimeInterval(Double(index) * 60))
        }
    }

    /// A configuration for `server` with fast backoff and the test key.
    static func configuration(
        _ server: ChatCompletionsServer, batchSize: Int = 20, maxConcurrency: Int = 2, timeout: Duration = .seconds(10),
        maxRetries: Int = 3
    ) -> LLMConfiguration {
        LLMConfiguration(
            baseURL: server.baseURL, model: model, apiKey: apiKey, batchSize: batchSize, maxConcurrency: maxConcurrency,
            timeout: timeout, maxRetries: maxRetries, backoffBase: .milliseconds(10), backoffCap: .seconds(5))
    }

    /// The message ids a chat-completions request carried in its user message.
    static func messageIDs(in request: ChatCompletionsServer.Request) -> [String] {
        guard let content = request.userContent, let start = content.firstIndex(of: "{"),
            let root = try? JSONSerialization.jsonObject(with: Data(content[start...].utf8)) as? [String: Any],
            let messages = root["messages"] as? [[String: Any]]
        else { return [] }
        return messages.compactMap { $0["id"] as? String }
    }

    /// A well-formed `content` with one knee fact per message id.
    static func goodContent(for ids: [String]) -> String {
        let facts = ids.map { id in
            """
            {"message_id": "\(id)", "subject": "self", "category": "health", \
            "content": "Left knee hurts when running", "polarity": "positive", "temporal": "current", \
            "confidence": 0.9}
            """
        }
        return "{\"facts\": [\(facts.joined(separator: ", "))]}"
    }

    /// A server reply with one good fact per message of the request.
    static func goodReply(_ request: ChatCompletionsServer.Request) -> ChatCompletionsServer.Response {
        .chat(content: goodContent(for: messageIDs(in: request)))
    }
}
