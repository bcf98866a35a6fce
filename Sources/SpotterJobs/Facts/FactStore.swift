import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs

/// Reads and writes `facts` and `fact_sources` set-based, inside the caller's transaction.
///
/// Ids: user and message ids are integers in the database and strings in `SpotterFacts`
/// (`Utterance.messageID`, `StoredFact.sourceIDs`); this type converts at the edge.
enum FactStore {
    /// Which of the users' facts to load.
    enum Filter {
        /// Open facts, plus closed facts citing one of these messages (what the merge planner
        /// needs to recognise messages it already planned).
        case openOrCiting([MessageID])
        /// Every fact, open or closed (what retraction needs for the slots it touches).
        case all
    }

    /// The facts of `users` matching `filter`, each with its sources in mention order.
    static func load(users: [UserID], filter: Filter, in session: DatabaseSession) throws -> [StoredFact] {
        guard !users.isEmpty else { return [] }
        var condition: SQLQuery = ""
        if case .openOrCiting(let messages) = filter {
            condition = """
                AND (f.valid_to IS NULL OR EXISTS (
                    SELECT 1 FROM spotter.fact_sources c WHERE c.fact_id = f.id AND c.message_id \(oneOf: messages)))
                """
        }
        var facts: [StoredFact] = []
        try session.forEachRow(
            """
            SELECT f.id, f.user_id, f.subject, f.category, f.content, f.polarity, f.temporal, f.confidence, f.slot,
                   f.first_mentioned_at, f.last_mentioned_at, f.mention_count, f.valid_from, f.valid_to,
                   f.superseded_by, s.message_id
            FROM spotter.facts f
            \(fragment: FactsSQL.sourcesOfEachFact)
            WHERE f.user_id \(oneOf: users) \(fragment: condition)
            ORDER BY f.id, s.mentioned_at, s.message_id
            """ as SQLQuery
        ) { row in
            let id = try row.int64("id")
            let source = try row.optionalID("message_id", as: MessageID.self)?.text
            if let last = facts.last, last.id == id {
                if let source { facts[facts.count - 1].sourceIDs.append(source) }
                return
            }
            facts.append(try storedFact(row, sources: source.map { [$0] } ?? []))
        }
        return facts
    }

    /// Decodes one `facts` row.
    static func storedFact(_ row: Row, sources: [String]) throws -> StoredFact {
        func decode<T: RawRepresentable<String>>(_ type: T.Type, _ column: String) throws -> T {
            let text = try row.string(column)
            guard let value = T(rawValue: text) else {
                throw DatabaseError(.decoding, "facts.\(column) holds an unknown value '\(text.prefix(40))'")
            }
            return value
        }
        let statement = FactStatement(
            userID: try row.id("user_id", as: UserID.self).text, subject: try row.string("subject"),
            category: try decode(FactCategory.self, "category"), content: try row.string("content"),
            polarity: try decode(FactPolarity.self, "polarity"), temporal: try decode(FactTemporal.self, "temporal"),
            confidence: try row.double("confidence"), slot: try row.string("slot"))
        return StoredFact(
            id: try row.int64("id"),
            NewFact(
                statement, firstMentionedAt: try row.date("first_mentioned_at"),
                lastMentionedAt: try row.date("last_mentioned_at"), mentionCount: try row.int("mention_count"),
                sourceIDs: sources, validFrom: try row.date("valid_from"), validTo: try row.optionalDate("valid_to")),
            supersededBy: try row.optionalInt64("superseded_by"))
    }

    /// `count` new fact ids, reserved for this transaction (see `DatabaseSession.reserveIDs`;
    /// the sequence steps by blocks of 1,024 since migration 008).
    static func reserveIDs(_ count: Int, in session: DatabaseSession) throws -> [Int64] {
        try session.reserveIDs(count, of: "spotter.facts")
    }
}
