import Foundation
import SpotterCatalog
import SpotterDB
public import SpotterIDs
import SpotterQueue

/// What one `extract_facts` job covers, decoded from its payload. One of:
/// - `{"conversation_id": 7}` (or a UUID or text id as a string) — one conversation (what the PostgreSQL trigger enqueues);
/// - `{"user_id": 42}` or `{"user_ids": [1, 2]}` — every conversation those users own;
/// - `{"time_zone": "Europe/Berlin", "from_user_id": 1, "to_user_id": 500}` — a nightly shard:
///   the conversations owned by the zone's active users in that id range.
/// Other keys (`as_of`, `local_date`) are accepted and ignored: facts have no "today".
public enum FactsScope: Sendable, Hashable {
    /// One conversation.
    case conversation(ConversationID)
    /// The conversations of the users a ``UserSelection`` selects (owners).
    case owners(UserSelection)

    /// The scope a payload names; a payload that selects nothing is a permanent failure naming
    /// the problem.
    public init(_ payload: ExtractFactsHandler.Payload) throws {
        if let id = payload.conversation_id {
            self = .conversation(id)
        } else if let selection = try UserSelection.selecting(payload.selection) {
            self = .owners(selection)
        } else {
            throw JobError.permanent("payload selects nobody: give conversation_id, \(PayloadField.selectionHint)")
        }
    }

    /// A predicate over `spotter.conversations c JOIN spotter.users u ON u.id = c.user_id`
    /// selecting the scope's conversations. Owners (resolved first, ``resolvingOwners(in:)``) are
    /// matched on `c.user_id`, so the conversations come from their index whatever the planner
    /// thinks of the join.
    func conversationPredicate() -> SQLQuery {
        switch self {
        case .conversation(let id): "c.id = \(id: id)"
        case .owners(let selection): "c.user_id \(oneOf: selection.resolvedIDs)"
        }
    }

    /// The same scope with a zone shard's owners resolved to explicit ids (the shard's active
    /// users, one indexed query), so that every later statement probes indexes by id. A
    /// conversation or explicit owners are returned as they are.
    func resolvingOwners(in session: DatabaseSession) throws -> FactsScope {
        guard case .owners(let selection) = self, selection.ids == nil else { return self }
        let ids = try session.query(
            "SELECT u.id FROM spotter.users u WHERE \(fragment: selection.predicate(alias: "u")) ORDER BY u.id"
        ).map { try $0.id("id", as: UserID.self) }
        return .owners(UserSelection(ids: ids, asOf: selection.asOf))
    }

    /// A predicate selecting rows whose `column` (default `f.user_id`, over `spotter.facts f`) is
    /// one of the scope's (resolved) owners.
    func factOwnerPredicate(column: String = "f.user_id") -> SQLQuery {
        switch self {
        case .conversation(let id):
            "\(unescaped: column) IN (SELECT c.user_id FROM spotter.conversations c WHERE c.id = \(id: id))"
        case .owners(let selection):
            "\(unescaped: column) \(oneOf: selection.resolvedIDs)"
        }
    }

    /// A predicate over `spotter.facts f` selecting facts whose user no longer exists among the
    /// scope's explicit owners; nil for a conversation or a zone shard (the `prune_results`
    /// kind forgets deleted users across every result table once a day).
    func orphanPredicate() -> SQLQuery? {
        guard case .owners(let selection) = self, let ids = selection.ids else { return nil }
        return "f.user_id \(oneOf: ids) AND NOT EXISTS (SELECT 1 FROM spotter.users u WHERE u.id = f.user_id)"
    }
}

extension UserSelection {
    /// The ids of a selection that ``FactsScope/resolvingOwners(in:)`` has resolved; calling it on
    /// a zone shard that was not resolved is a programming error.
    fileprivate var resolvedIDs: [UserID] {
        guard let ids else {
            preconditionFailure("resolve a zone shard's owners (resolvingOwners) before building SQL")
        }
        return ids
    }
}
