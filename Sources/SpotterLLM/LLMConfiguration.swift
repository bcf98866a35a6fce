public import Foundation

/// How to reach an OpenAI-compatible chat-completions API for fact extraction, and how hard to
/// push it. Built once at the edge (``fromEnvironment(_:)`` or `jobs/` parameters) and passed
/// to ``LLMFactExtractor``.
///
/// The API key never appears in ``description`` (nor in any log line or error of the
/// extractor): print a configuration freely.
public struct LLMConfiguration: Sendable, CustomStringConvertible {
    /// The API root, e.g. `http://127.0.0.1:8080/v1`; requests go to `{baseURL}/chat/completions`.
    public var baseURL: URL
    /// The model name sent with every request; also names the extractor (`llm:<model>`).
    public var model: String
    /// Sent as `Authorization: Bearer <key>` when set and not empty. Local servers need none.
    /// Default nil.
    public var apiKey: String?
    /// Messages per request. Default 20.
    public var batchSize: Int
    /// Requests in flight at once for one extraction. Default 2.
    public var maxConcurrency: Int
    /// Time allowed for one request, from sending it to the last byte of the reply. Default 30 s.
    /// A request that runs out of time is not retried: the server may still be working on it,
    /// and a second copy would only queue behind the first (its chunk goes to the rules).
    public var timeout: Duration
    /// The most tokens the model may write in one reply, sent as `max_tokens`: a model caught
    /// in a repetition loop stops there instead of at the server's own cap. Default 1,024
    /// (about 40 facts).
    public var maxTokens: Int
    /// Retries after the first attempt, on HTTP 429, 5xx and connection failures (never after
    /// a timeout). Default 3.
    public var maxRetries: Int
    /// The first retry waits about this long; each further one twice as long, with jitter.
    /// Default 500 ms.
    public var backoffBase: Duration
    /// The longest wait between two attempts, whether from the backoff or a `Retry-After`
    /// header. Default 20 s.
    public var backoffCap: Duration
    /// A message longer than this many characters is cut before it is sent. Default 4,000
    /// (the rules read 4 KiB).
    public var maxMessageCharacters: Int

    /// Creates a configuration; every value is clamped to a sane range (at least one message
    /// per request and one request in flight, no negative durations or retries).
    public init(
        baseURL: URL, model: String, apiKey: String? = nil, batchSize: Int = 20, maxConcurrency: Int = 2,
        timeout: Duration = .seconds(30), maxTokens: Int = 1024, maxRetries: Int = 3,
        backoffBase: Duration = .milliseconds(500), backoffCap: Duration = .seconds(20),
        maxMessageCharacters: Int = 4000
    ) {
        self.baseURL = baseURL
        self.model = model
        self.apiKey = apiKey
        self.batchSize = max(1, batchSize)
        self.maxConcurrency = max(1, maxConcurrency)
        self.timeout = max(.milliseconds(1), timeout)
        self.maxTokens = max(1, maxTokens)
        self.maxRetries = max(0, maxRetries)
        self.backoffBase = max(.zero, backoffBase)
        self.backoffCap = max(.zero, backoffCap)
        self.maxMessageCharacters = max(1, maxMessageCharacters)
    }

    /// `{baseURL}/chat/completions`.
    public var endpoint: URL {
        baseURL.appendingPathComponent("chat").appendingPathComponent("completions")
    }

    /// The key when one is set and not blank.
    package var bearerKey: String? {
        guard let apiKey, !apiKey.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return apiKey
    }

    /// The settings, with the key shown only as set or not and any user or password in the
    /// base URL removed.
    public var description: String {
        "LLMConfiguration(baseURL: \(Self.redacted(baseURL)), model: \(model), apiKey: "
            + (bearerKey == nil ? "none" : "<redacted>")
            + ", batchSize: \(batchSize), maxConcurrency: \(maxConcurrency), timeout: \(timeout), "
            + "maxTokens: \(maxTokens), maxRetries: \(maxRetries), backoffBase: \(backoffBase), backoffCap: \(backoffCap))"
    }

    /// The URL without its user and password, for logs and errors.
    package static func redacted(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "<url>" }
        if components.user != nil || components.password != nil {
            components.user = nil
            components.password = nil
        }
        components.query = nil
        return components.string ?? "<url>"
    }
}

extension LLMConfiguration {
    /// The environment variables read by ``fromEnvironment(_:)``.
    public enum Variable {
        /// The API root, e.g. `http://127.0.0.1:8080/v1`. Unset or empty: no LLM extractor.
        public static let baseURL = "SPOTTER_LLM_BASE_URL"
        /// The model name; required when the base URL is set.
        public static let model = "SPOTTER_LLM_MODEL"
        /// The bearer token; optional (local servers need none).
        public static let apiKey = "SPOTTER_LLM_API_KEY"
        /// Messages per request, 1…200.
        public static let batchSize = "SPOTTER_LLM_BATCH_SIZE"
        /// Seconds per request, more than 0 and at most 600.
        public static let timeoutSeconds = "SPOTTER_LLM_TIMEOUT_SECONDS"
        /// Requests in flight at once, 1…32.
        public static let maxConcurrency = "SPOTTER_LLM_MAX_CONCURRENCY"
        /// Retries per request, 0…10.
        public static let maxRetries = "SPOTTER_LLM_MAX_RETRIES"
        /// The reply's token cap (`max_tokens`), 16…32768.
        public static let maxTokens = "SPOTTER_LLM_MAX_TOKENS"
    }

    /// The configuration the environment describes: nil when `SPOTTER_LLM_BASE_URL` is unset or
    /// empty; an ``LLMConfigurationError`` naming the variable when one is set but invalid.
    public static func fromEnvironment(_ env: [String: String]) throws(LLMConfigurationError) -> LLMConfiguration? {
        func value(_ name: String) -> String? {
            guard let raw = env[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else { return nil }
            return raw
        }
        guard let rawURL = value(Variable.baseURL) else { return nil }
        guard let url = URL(string: rawURL), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else {
            throw LLMConfigurationError(
                variable: Variable.baseURL,
                "must be an http:// or https:// URL with a host, e.g. http://127.0.0.1:8080/v1")
        }
        guard let model = value(Variable.model) else {
            throw LLMConfigurationError(variable: Variable.model, "is required when \(Variable.baseURL) is set")
        }
        var configuration = LLMConfiguration(baseURL: url, model: model, apiKey: value(Variable.apiKey))
        if let text = value(Variable.batchSize) {
            configuration.batchSize = try integer(text, Variable.batchSize, in: 1...200)
        }
        if let text = value(Variable.maxConcurrency) {
            configuration.maxConcurrency = try integer(text, Variable.maxConcurrency, in: 1...32)
        }
        if let text = value(Variable.maxRetries) {
            configuration.maxRetries = try integer(text, Variable.maxRetries, in: 0...10)
        }
        if let text = value(Variable.maxTokens) {
            configuration.maxTokens = try integer(text, Variable.maxTokens, in: 16...32768)
        }
        if let text = value(Variable.timeoutSeconds) {
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
                throw LLMConfigurationError(
                    variable: Variable.timeoutSeconds,
                    "must be a number of seconds above 0 and at most 600, got \"\(text)\"")
            }
            configuration.timeout = .milliseconds(Int64((seconds * 1000).rounded(.up)))
        }
        return configuration
    }

    private static func integer(_ text: String, _ name: String, in range: ClosedRange<Int>)
        throws(LLMConfigurationError)
        -> Int
    {
        guard let number = Int(text), range.contains(number) else {
            throw LLMConfigurationError(
                variable: name,
                "must be a whole number from \(range.lowerBound) to \(range.upperBound), got \"\(text)\"")
        }
        return number
    }
}

/// An LLM setting in the environment that is present but unusable. Its text names the variable
/// and what it expects; it never contains the API key.
public struct LLMConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The environment variable at fault.
    public var variable: String
    /// What is wrong with it.
    public var message: String

    /// Creates the error.
    public init(variable: String, _ message: String) {
        self.variable = variable
        self.message = message
    }

    /// "SPOTTER_LLM_BATCH_SIZE must be a whole number from 1 to 200, got \"0\"".
    public var description: String { "\(variable) \(message)" }
}
