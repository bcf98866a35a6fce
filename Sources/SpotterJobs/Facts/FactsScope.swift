import Foundation
import SpotterDB
public import SpotterQueue

/// What one `extract_facts` job covers, decoded from its payload. One of:
/// - `{"conversation_id": 7}` — one conversation (what the PostgreSQL trigger enqueues);
/// - `{"user_id": 42}` or `{"user_ids": [1, 2]}` — every conversation those users own;
/// - `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 500}` — a nightly shard:
///   the conversations owned by the zone's active users in that id range.
/// Other keys (`as_of`, `local_date`) are accepted and ignored: facts have no "today".
public enum FactsScope: Sendable, Hashable {
    /// One conversation.
    case conversation(Int64)
    /// The conversations of the users a ``UserSelection`` selects (owners).
    case owners(UserSelection)

    private struct Payload: Decodable {
        var conversation_id: Int64?
    }

    /// Decodes the scope from a job's payload; a payload that selects nothing is a permanent
    /// failure naming the problem.
    public static func decode(_ context: JobContext) throws -> FactsScope {
        if let id = try context.decodePayload(Payload.self).conversation_id {
            return .conversation(id)
        }
        do {
            return .owners(try UserSelection.decode(context))
        } catch let error as JobError where error.message.hasPrefix("payload selects nobody") {
            throw JobError.permanent(
                "payload selects nobody: give conversation_id, user_id, user_ids, or time_zone with "
                    + "from_user_id/to_user_id")
        }
    }

    /// A predicate over `spotter.conversations c JOIN spotter.users u ON u.id = c.user_id`
    /// selecting the scope's conversations, with binds numbered from `firstBind`.
    func conversationPredicate(firstBind: Int, backend: DatabaseBackend) -> (sql: String, binds: [SQLValue]) {
        switch self {
        case .conversation(let id):
            return ("c.id = $\(firstBind)", [.int(id)])
        case .owners(let selection):
            return selection.predicate(alias: "u", firstBind: firstBind, backend: backend)
        }
    }

    /// A predicate over `spotter.users u` selecting the owners in scope.
    func ownerPredicate(firstBind: Int, backend: DatabaseBackend) -> (sql: String, binds: [SQLValue]) {
        switch self {
        case .conversation(let id):
            return ("u.id IN (SELECT c.user_id FROM spotter.conversations c WHERE c.id = $\(firstBind))", [.int(id)])
        case .owners(let selection):
            return selection.predicate(alias: "u", firstBind: firstBind, backend: backend)
        }
    }

    /// A predicate over `spotter.facts f` selecting facts whose user no longer exists, within
    /// the ids this scope covers (a shard's id range, or the explicit ids); nil for a conversation.
    func orphanPredicate(firstBind: Int, backend: DatabaseBackend) -> (sql: String, binds: [SQLValue])? {
        guard case .owners(let selection) = self else { return nil }
        let gone = "NOT EXISTS (SELECT 1 FROM spotter.users u WHERE u.id = f.user_id)"
        if let ids = selection.ids {
            let list = FactsSQL.idList("f.user_id", ids, bind: firstBind, backend: backend)
            return ("\(list.sql) AND \(gone)", [list.bind])
        }
        guard let range = selection.idRange else { return nil }
        return (
            "f.user_id BETWEEN $\(firstBind) AND $\(firstBind + 1) AND \(gone)",
            [.int(range.lowerBound), .int(range.upperBound)]
        )
    }
}
