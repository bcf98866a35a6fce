import Foundation
import Logging
import SpotterDB
public import SpotterQueue

/// `extract_facts`: durable facts about people from their own messages, incremental per
/// conversation (see ``FactsPipeline`` for the steps and ``FactsScope`` for the payloads).
///
/// Only a conversation's owner's messages feed facts (`messages.sender_id =
/// conversations.user_id`): never the trainer's or the assistant's. Soft-deleted and deleted
/// messages never support a fact. Rerunning after success finds nothing past the watermarks
/// and changes nothing.
public struct ExtractFactsHandler: JobHandler {
    /// The extractor every job of this handler uses.
    public var extractor: any FactExtracting
    /// Messages per round (one transaction each).
    public var roundSize: Int

    /// Creates the handler; the default extractor is the offline rules.
    public init(extractor: any FactExtracting = RulesFactExtractor(), roundSize: Int = 20_000) {
        self.extractor = extractor
        self.roundSize = roundSize
    }

    /// `extract_facts`.
    public var kind: String { "extract_facts" }

    /// Decodes the scope and runs the pipeline.
    public func run(_ context: JobContext) async throws -> JobResult {
        let scope = try FactsScope.decode(context)
        let pipeline = FactsPipeline(extractor: extractor, roundSize: roundSize)
        let report = try await pipeline.run(scope, on: context.database, logger: context.logger)
        context.logger.info(
            "facts extracted",
            metadata: [
                "messages": "\(report.messages)", "users": "\(report.users)", "inserted": "\(report.inserted)",
                "retracted": "\(report.deleted)",
            ])
        return JobResult(counts: report.counts)
    }
}
