import Foundation
import SpotterDB

/// `fact_watermarks`: the (sent_at, id) of the last message of each conversation already processed.
enum FactWatermarks {
    /// Moves each conversation's watermark up to its last message's (sent_at, id) (never down, so
    /// an older overlapping job that commits late cannot rewind a newer one), in bulk.
    static func advance(_ conversations: [PendingMessages.Conversation], in session: DatabaseSession) throws {
        let now = Date()
        let forward: SQLQuery =
            "(excluded.last_sent_at, excluded.last_message_id) > (w.last_sent_at, w.last_message_id)"
        // A VALUES list's binds are text on PostgreSQL: into the keys' own types (migration 028).
        try session.executeInValuesChunks(
            conversations.map { [SQLValue($0.id), SQLValue($0.lastMessageID), .timestamp(now), $0.lastSentAt] }
        ) { values in
            """
            INSERT INTO spotter.fact_watermarks AS w (conversation_id, last_message_id, processed_at, last_sent_at)
            SELECT \(column: "v.column1", as: .conversation), \(column: "v.column2", as: .message), v.column3,
                   \(timestampColumn: "v.column4")
            FROM (\(fragment: values)) AS v WHERE true
            ON CONFLICT (conversation_id) DO UPDATE
            SET last_message_id = CASE WHEN \(fragment: forward) THEN excluded.last_message_id ELSE w.last_message_id END,
                last_sent_at = CASE WHEN \(fragment: forward) THEN excluded.last_sent_at ELSE w.last_sent_at END,
                processed_at = excluded.processed_at
            """
        }
    }
}
