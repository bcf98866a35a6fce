import Foundation
import SpotterCatalog

/// `noop`: does nothing and succeeds. For tests and queue benchmarks.
public struct NoopHandler: JobHandler {
    /// Creates the handler.
    public init() {}
    /// `noop`.
    public var kind: String { "noop" }
    /// Succeeds at once.
    public func run(_ context: JobContext) async throws -> JobResult { .empty }
}

/// `sleep`: sleeps `{"seconds": S}` (default from `jobs/`, parameter `default_seconds`), then
/// succeeds; with `{"fail": true}` it fails afterwards. Honours cancellation. For tests of
/// timeouts, shutdown and retries.
public struct SleepHandler: JobHandler {
    struct Payload: Decodable {
        var seconds: Double?
        var fail: Bool?
        var permanent: Bool?
    }

    /// Creates the handler.
    public init() {}
    /// `sleep`.
    public var kind: String { "sleep" }

    /// Sleeps, then succeeds or fails as the payload says.
    public func run(_ context: JobContext) async throws -> JobResult {
        let payload = try context.decodePayload(Payload.self)
        let seconds = payload.seconds ?? context.spec.double("default_seconds") ?? 1
        guard seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
            throw JobError.permanent("sleep: seconds must be between 0 and 86400")
        }
        try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
        if payload.fail == true {
            if payload.permanent == true { throw JobError.permanent("sleep: asked to fail permanently") }
            throw JobError.transient("sleep: asked to fail (attempt \(context.job.attempt))")
        }
        return JobResult(counts: ["slept_ms": Int(seconds * 1000)])
    }
}
