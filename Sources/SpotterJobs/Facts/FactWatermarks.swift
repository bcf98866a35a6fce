import Foundation
import SpotterDB

/// `fact_watermarks`: the last message id of each conversation already processed.
enum FactWatermarks {
    /// Moves each conversation's watermark up to `lastMessageID` (never down, so an older
    /// overlapping job that commits late cannot rewind a newer one), in bulk.
    static func advance(_ conversations: [PendingMessages.Conversation], in session: DatabaseSession) throws {
        let now = Date()
        let greatest = session.backend == .postgres ? "GREATEST" : "max"
        try FactsSQL.forEachValuesChunk(
            conversations.map { [.int($0.id), .int($0.lastMessageID), .timestamp(now)] }, in: session
        ) { values in
            """
            INSERT INTO spotter.fact_watermarks AS w (conversation_id, last_message_id, processed_at)
            SELECT v.column1, v.column2, v.column3 FROM (\(values)) AS v WHERE true
            ON CONFLICT (conversation_id) DO UPDATE
            SET last_message_id = \(greatest)(w.last_message_id, excluded.last_message_id),
                processed_at = excluded.processed_at
            """
        }
    }
}
