import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs

/// One round of unprocessed messages: every message past its conversation's watermark in the
/// scope, up to a row limit, loaded in one query.
///
/// Watermarks are the (sent_at, id) of the last message processed (`fact_watermarks.last_sent_at`,
/// `last_message_id`; migration 021): a conversation's messages are processed in (sent_at, id)
/// order, whatever the ids look like, so a message inserted later with a sent_at earlier than
/// the watermark is never read. Every message past the watermark advances it — the trainer's, the assistant's
/// and deleted ones too — but only the owner's live messages become utterances. Each carries the
/// message it answers (``Utterance/answering``): the conversation's latest earlier live message by
/// another sender, by (sent_at, id), read in the same query (a correlated lookup in
/// `messages_conversation_sent`), wherever the watermark stands.
struct PendingMessages {
    /// A conversation with messages in this round, and the watermark they advance it to.
    struct Conversation: Hashable {
        var id: ConversationID
        var ownerID: UserID
        var lastMessageID: MessageID
        /// The last message's `sent_at` as the database gave it (bound back unparsed).
        var lastSentAt: SQLValue
    }

    /// Conversations in this round.
    var conversations: [Conversation]
    /// The owners' live messages, per owner, ordered by (sent_at, id).
    var utterances: [UserID: [Utterance]]
    /// Rows read (all messages past the watermarks, up to the limit).
    var rowsRead: Int
    /// True when the limit cut the round short: another round may find more.
    var mayHaveMore: Bool
    /// Owners with a message whose `sent_at` cannot be used (see ``UnusableInputs``): that
    /// message is passed over (the watermark still moves past it), the owner's others are read.
    var unusable: [SubjectOutcome] = []

    /// Owners with utterances, ascending.
    var owners: [UserID] { utterances.keys.sorted() }

    /// Owner message bodies are cut to this many characters before extraction; the rule
    /// extractor reads at most 4 KiB anyway, and the cut bounds a round's memory.
    static let maxBodyCharacters = 16_384

    /// The message an owner's message answers keeps only its last this-many characters: only its
    /// last sentence is read (``RuleExtractor/extract(_:replyingTo:)``), and a question is short.
    static let maxAnsweredCharacters = 2_048

    /// Loads up to `limit` messages past the watermarks of the scope's conversations, ordered by
    /// (owner, conversation, sent_at, id), so a round cut short leaves each conversation with a
    /// prefix. The watermark bound is a row range (`(m.sent_at, m.id) > (…)`), so it is an index
    /// condition on `messages_conversation_sent (conversation_id, sent_at, id)`: a run reads only
    /// the new messages. The
    /// watermark itself is a correlated lookup in its primary key: joined, PostgreSQL hashes the
    /// whole `fact_watermarks` table once per shard.
    static func load(scope: FactsScope, limit: Int, in session: DatabaseSession) throws -> PendingMessages {
        let ownLive = "m.sender_id = p.owner_id AND m.deleted_at IS NULL"
        let smallest = try InputKey.message.smallestID(in: session)
        let bound: SQLQuery = """
            (m.sent_at, m.id) > (coalesce(p.watermark_at, \(fragment: .earliestInstant)), coalesce(p.watermark_id, \(fragment: smallest)))
            """
        // Each conversation's messages past its watermark are fetched by the index on PostgreSQL
        // (a probe join): joined plainly, a shard was planned as a hash join over all of
        // `messages`, so a night with no new message read the whole table once per shard (6.3 M
        // rows at 10k users, 33 times the table).
        let messages = "m.id, m.conversation_id, m.sender_id, m.body, m.sent_at, m.deleted_at"
        let pastWatermark: SQLQuery =
            "\(probeJoin: "spotter.messages", as: "m", columns: messages, on: "m.conversation_id = p.conversation_id AND \(fragment: bound)")"
        // The owner's zone by the users' key per conversation on PostgreSQL: joined plainly, every
        // facts shard read the whole users index (a merge join), 19.5 M users rows a night at 100k.
        let owner: SQLQuery = "\(probeJoin: "spotter.users", as: "u", columns: "u.time_zone", on: "u.id = c.user_id")"
        let sql: SQLQuery = """
            WITH pending AS (
                SELECT c.id AS conversation_id, c.user_id AS owner_id, u.time_zone,
                       (SELECT w.last_message_id FROM spotter.fact_watermarks w WHERE w.conversation_id = c.id)
                           AS watermark_id,
                       (SELECT w.last_sent_at FROM spotter.fact_watermarks w WHERE w.conversation_id = c.id)
                           AS watermark_at
                FROM spotter.conversations c
                \(fragment: owner)
                WHERE \(fragment: scope.conversationPredicate())
            )
            SELECT p.conversation_id, p.owner_id, m.id AS message_id,
                   CASE WHEN \(unescaped: ownLive) THEN m.sent_at END AS sent_at,
                   CASE WHEN \(unescaped: ownLive) THEN substr(m.body, 1, \(unescaped: "\(maxBodyCharacters)")) END AS body,
                   CASE WHEN \(unescaped: ownLive) THEN p.time_zone END AS time_zone,
                   CASE WHEN \(unescaped: ownLive) THEN (
                       SELECT CASE WHEN length(a.body) > \(unescaped: "\(maxAnsweredCharacters)")
                           THEN substr(a.body, length(a.body) - \(unescaped: "\(maxAnsweredCharacters - 1)")) ELSE a.body END
                       FROM spotter.messages a
                       WHERE a.conversation_id = m.conversation_id AND a.sender_id <> m.sender_id
                           AND a.deleted_at IS NULL AND (a.sent_at, a.id) < (m.sent_at, m.id)
                       ORDER BY a.sent_at DESC, a.id DESC LIMIT 1
                   ) END AS answered_body,
                   \(instantText: "m.sent_at") AS position_at
            FROM pending p
            \(fragment: pastWatermark)
            ORDER BY p.owner_id, p.conversation_id, m.sent_at, m.id
            LIMIT \(bind: limit)
            """
        var lastByConversation: [ConversationID: Conversation] = [:]
        var order: [ConversationID] = []
        var utterances: [UserID: [(position: Int, utterance: Utterance)]] = [:]
        var rows = 0
        var unusable = UnusableInputs()
        // One zone per owner, parsed once: relative dates ("last month") resolve in it.
        var zones: [UserID: TimeZone] = [:]
        let utc = Utterance.utc
        // Other senders' and deleted messages come with no body and no sent_at (the server
        // formats no timestamp, the worker parses none).
        try session.forEachRow(sql) { row in
            rows += 1
            let conversationID = try row.id("conversation_id", as: ConversationID.self)
            let ownerID = try row.id("owner_id", as: UserID.self)
            let messageID = try row.id("message_id", as: MessageID.self)
            if lastByConversation[conversationID] == nil { order.append(conversationID) }
            lastByConversation[conversationID] = Conversation(
                id: conversationID, ownerID: ownerID, lastMessageID: messageID, lastSentAt: row["position_at"])
            if let body = try row.optionalString("body"),
                let sentAt = unusable.read(
                    row, "sent_at", subject: ownerID, source: "messages.sent_at", UnusableInputs.instant)
            {
                let zone: TimeZone
                if let known = zones[ownerID] {
                    zone = known
                } else {
                    zone = try row.optionalString("time_zone").flatMap(TimeZone.init(identifier:)) ?? utc
                    zones[ownerID] = zone
                }
                utterances[ownerID, default: []].append(
                    (
                        rows,
                        Utterance(
                            messageID: messageID.text, userID: ownerID.text, text: body, sentAt: sentAt,
                            timeZone: zone, answering: try row.optionalString("answered_body"))
                    ))
            }
        }
        // By sent_at; ties keep the database's (sent_at, id) order, in the id column's own type.
        let ordered = utterances.mapValues { list in
            list.sorted { a, b in
                a.utterance.sentAt != b.utterance.sentAt
                    ? a.utterance.sentAt < b.utterance.sentAt : a.position < b.position
            }.map(\.utterance)
        }
        return PendingMessages(
            conversations: order.compactMap { lastByConversation[$0] }, utterances: ordered, rowsRead: rows,
            mayHaveMore: rows >= limit, unusable: unusable.sorted)
    }
}
