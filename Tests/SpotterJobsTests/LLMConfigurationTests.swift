import Foundation
import SpotterIDs
import SpotterJobs
import SpotterLLM
import Testing

/// LLM settings from the environment.
@Suite("LLM configuration")
struct LLMConfigurationTests {
    private let minimal = ["SPOTTER_LLM_BASE_URL": "http://127.0.0.1:8080/v1", "SPOTTER_LLM_MODEL": "qwen2.5"]

    @Test("no base URL, or an empty one: no LLM extractor")
    func unset() throws {
        #expect(try LLMConfiguration.fromEnvironment([:]) == nil)
        #expect(try LLMConfiguration.fromEnvironment(["SPOTTER_LLM_BASE_URL": " ", "SPOTTER_LLM_MODEL": "m"]) == nil)
    }

    @Test("defaults, and every variable read")
    func parsed() throws {
        let defaults = try #require(try LLMConfiguration.fromEnvironment(minimal))
        #expect(defaults.baseURL.absoluteString == "http://127.0.0.1:8080/v1")
        #expect(defaults.endpoint.absoluteString == "http://127.0.0.1:8080/v1/chat/completions")
        #expect(defaults.model == "qwen2.5" && defaults.apiKey == nil)
        #expect(defaults.batchSize == 20 && defaults.maxConcurrency == 2 && defaults.maxRetries == 3)
        #expect(defaults.timeout == .seconds(30))
        #expect(defaults.maxTokens == 1024)

        let full = try #require(
            try LLMConfiguration.fromEnvironment(
                minimal.merging([
                    "SPOTTER_LLM_API_KEY": "sk-secret-value-123", "SPOTTER_LLM_BATCH_SIZE": "5",
                    "SPOTTER_LLM_TIMEOUT_SECONDS": "2.5", "SPOTTER_LLM_MAX_CONCURRENCY": "4",
                    "SPOTTER_LLM_MAX_RETRIES": "0", "SPOTTER_LLM_MAX_TOKENS": "512",
                ]) { $1 }))
        #expect(full.apiKey == "sk-secret-value-123")
        #expect(full.batchSize == 5 && full.maxConcurrency == 4 && full.maxRetries == 0)
        #expect(full.timeout == .milliseconds(2500))
        #expect(full.maxTokens == 512)
    }

    @Test(
        "a variable that is set but invalid is a clear error naming it",
        arguments: [
            ("SPOTTER_LLM_BASE_URL", "127.0.0.1:8080"),
            ("SPOTTER_LLM_BASE_URL", "ftp://example.com/v1"),
            ("SPOTTER_LLM_MODEL", ""),
            ("SPOTTER_LLM_BATCH_SIZE", "0"),
            ("SPOTTER_LLM_BATCH_SIZE", "twenty"),
            ("SPOTTER_LLM_TIMEOUT_SECONDS", "-1"),
            ("SPOTTER_LLM_TIMEOUT_SECONDS", "nan"),
            ("SPOTTER_LLM_MAX_RETRIES", "99"),
            ("SPOTTER_LLM_MAX_TOKENS", "8"),
            ("SPOTTER_LLM_MAX_TOKENS", "lots"),
        ])
    func invalid(_ variable: String, value: String) {
        var env = minimal
        env["SPOTTER_LLM_API_KEY"] = "sk-secret-value-123"
        env[variable] = value
        do {
            _ = try LLMConfiguration.fromEnvironment(env)
            Issue.record("\(variable)=\(value) was accepted")
        } catch {
            #expect(error.variable == variable)
            #expect(error.description.hasPrefix(variable))
            #expect(!error.description.contains("sk-secret-value-123"))
        }
    }

    @Test("the description hides the key and any password in the URL")
    func description() throws {
        var configuration = LLMConfiguration(
            baseURL: try #require(URL(string: "https://bob:hunter2@llm.example/v1")), model: "m",
            apiKey: "sk-secret-value-123")
        #expect(!configuration.description.contains("sk-secret"))
        #expect(!configuration.description.contains("hunter2"))
        #expect(configuration.description.contains("apiKey: <redacted>"))
        #expect(configuration.description.contains("https://llm.example/v1"))
        configuration.apiKey = nil
        #expect(configuration.description.contains("apiKey: none"))
    }

    @Test("out-of-range values are clamped")
    func clamped() throws {
        let configuration = LLMConfiguration(
            baseURL: try #require(URL(string: "http://localhost/v1")), model: "m", batchSize: 0, maxConcurrency: -3,
            maxRetries: -1)
        #expect(configuration.batchSize == 1 && configuration.maxConcurrency == 1 && configuration.maxRetries == 0)
    }
}
