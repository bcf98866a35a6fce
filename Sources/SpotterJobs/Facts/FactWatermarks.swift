import Foundation
import SpotterDB

/// `fact_watermarks`: the (sent_at, id) of the last message of each conversation already processed.
enum FactWatermarks {
    /// Moves each conversation's watermark up to its last message's (sent_at, id) (never down, so
    /// an older overlapping job that commits late cannot rewind a newer one), in bulk.
    static func advance(_ conversations: [PendingMessages.Conversation], in session: DatabaseSession) throws {
        let now = Date()
        let postgres = session.backend == .postgres
        let sentAt = postgres ? "CAST(v.column4 AS timestamptz)" : "v.column4"
        // A VALUES list's binds are text on PostgreSQL: into the keys' own types (migration 028).
        let conversation = postgres ? "CAST(v.column1 AS spotter.conversation_key)" : "v.column1"
        let message = postgres ? "CAST(v.column2 AS spotter.message_key)" : "v.column2"
        let forward =
            "(excluded.last_sent_at, excluded.last_message_id) > (w.last_sent_at, w.last_message_id)"
        try FactsSQL.forEachValuesChunk(
            conversations.map { [SQLValue($0.id), SQLValue($0.lastMessageID), .timestamp(now), $0.lastSentAt] },
            in: session
        ) { values in
            """
            INSERT INTO spotter.fact_watermarks AS w (conversation_id, last_message_id, processed_at, last_sent_at)
            SELECT \(conversation), \(message), v.column3, \(sentAt)
            FROM (\(values)) AS v WHERE true
            ON CONFLICT (conversation_id) DO UPDATE
            SET last_message_id = CASE WHEN \(forward) THEN excluded.last_message_id ELSE w.last_message_id END,
                last_sent_at = CASE WHEN \(forward) THEN excluded.last_sent_at ELSE w.last_sent_at END,
                processed_at = excluded.processed_at
            """
        }
    }
}
