import Foundation
import Logging
public import SpotterCatalog
import SpotterDB
public import SpotterIDs
public import SpotterQueue

/// `extract_facts`: durable facts about people from their own messages, incremental per
/// conversation (see ``FactsPipeline`` for the steps and ``FactsScope`` for the payloads).
///
/// Only a conversation's owner's messages feed facts (`messages.sender_id =
/// conversations.user_id`): never the trainer's or the assistant's. Soft-deleted and deleted
/// messages never support a fact. Rerunning after success finds nothing past the watermarks
/// and changes nothing.
public struct ExtractFactsHandler: ShardedJobKind {
    /// `extract_facts`.
    public static let name = "extract_facts"
    /// The conversations of the zone's active users (a shard is cut by owner id).
    public static let subjects = KindSubjects.conversationOwners
    /// Facts and their sources, per-conversation watermarks, and the deletions recorded for
    /// retraction; pruned in this order.
    public static let resultTables = [
        // Not readable: the reader sees facts only through views that hide the ones whose
        // source messages are all deleted (a deletion is retracted at the next run).
        ResultTable("facts", pruning: .people(["user_id"]), readable: false),
        // Explicit, not left to a foreign key: sources of any fact that is gone.
        ResultTable(
            "fact_sources",
            pruning: .statement(
                "DELETE FROM spotter.fact_sources AS s WHERE NOT EXISTS (SELECT 1 FROM spotter.facts f WHERE f.id = s.fact_id)"
            ), readable: false),
        ResultTable(
            "fact_watermarks",
            pruning: .statement(
                """
                DELETE FROM spotter.fact_watermarks AS w
                WHERE NOT EXISTS (SELECT 1 FROM spotter.conversations c WHERE c.id = w.conversation_id)
                """), readable: false),
        // Candidates recorded over a day before as_of that no gone source cites: the retraction
        // ran, nothing ever cited the message, or the message came back. A day is far longer
        // than any round that read the message before its deletion may take to commit.
        ResultTable(
            "fact_retractions",
            pruning: .query { asOf in
                """
                DELETE FROM spotter.fact_retractions AS r
                WHERE r.recorded_at < \(timestamp: asOf.addingTimeInterval(-86_400)) AND NOT EXISTS (
                    SELECT 1 FROM spotter.fact_sources s WHERE s.message_id = r.message_id AND \(fragment: FactStore.sourceIsGone))
                """
            }, readable: false),
    ]
    /// The facts that still hold, and every fact (with its sources) whose sources are not all deleted.
    public static let views = ["current_facts", "visible_facts", "visible_fact_sources"]

    /// One conversation (`conversation_id`, what the PostgreSQL trigger enqueues) or the
    /// conversations of the people a ``SelectionPayload`` names.
    public struct Payload: ShardPayload {
        /// Whose conversations.
        public var selection: SelectionPayload
        /// One conversation.
        public var conversation_id: ConversationID?

        enum CodingKeys: String, CodingKey { case conversation_id }

        /// A shard's payload.
        public init(shard: Shard) { selection = SelectionPayload(shard: shard) }

        /// Creates a payload.
        public init(selection: SelectionPayload = SelectionPayload(), conversation_id: ConversationID? = nil) {
            self.selection = selection
            self.conversation_id = conversation_id
        }

        /// Decodes the selection and the conversation from the same object.
        public init(from decoder: any Decoder) throws {
            selection = try SelectionPayload(from: decoder)
            conversation_id = try decoder.container(keyedBy: CodingKeys.self)
                .decodeIfPresent(ConversationID.self, forKey: .conversation_id)
        }

        /// Encodes the selection and the conversation into one object.
        public func encode(to encoder: any Encoder) throws {
            try selection.encode(to: encoder)
            var keys = encoder.container(keyedBy: CodingKeys.self)
            try keys.encodeIfPresent(conversation_id, forKey: .conversation_id)
        }
    }

    /// `extractor` and `trigger_every_messages` of `jobs/kinds.yaml`.
    public struct Parameters: KindParameters {
        /// `rules` (offline) or `llm`; `SPOTTER_FACTS_EXTRACTOR` overrides it.
        public var extractor: String
        /// The optional PostgreSQL trigger enqueues a conversation every this many new messages.
        public var trigger_every_messages: Int

        /// The extractor must be one Spotter has; the threshold a count.
        public func problem() -> String? {
            guard ["rules", "llm"].contains(extractor) else {
                return "\"\(extractor)\" is not a fact extractor; use rules or llm"
            }
            return trigger_every_messages >= 1 ? nil : "trigger_every_messages must be at least 1"
        }
    }

    /// The extractor every job of this handler uses.
    public var extractor: any FactExtracting
    /// Messages per round (one transaction each).
    public var roundSize: Int

    /// Creates the handler; the default extractor is the offline rules.
    public init(extractor: any FactExtracting, roundSize: Int = 20_000) {
        self.extractor = extractor
        self.roundSize = roundSize
    }

    /// The handler with the offline rules.
    public init() {
        self.init(extractor: RulesFactExtractor())
    }

    /// Decodes the scope and runs the pipeline.
    public func run(_ context: JobContext) async throws -> JobResult {
        let scope = try FactsScope(context.decodePayload(Payload.self))
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
