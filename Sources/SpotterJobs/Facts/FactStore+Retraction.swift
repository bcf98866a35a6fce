import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs

extension FactStore {
    /// What one retraction pass did.
    struct RetractionCounts: Hashable {
        /// Facts deleted because no remaining message supports them.
        var deleted = 0
        /// Facts that lost some sources and kept others.
        var detached = 0
        /// Closed facts reopened because what had superseded them was deleted.
        var reopened = 0
    }

    /// `NOT EXISTS` a live message for source alias `s`: the message was hard-deleted (or its
    /// conversation or user was) or soft-deleted.
    /// The message is looked up in its own id type (its index serves it).
    static let sourceIsGone: SQLQuery =
        "NOT EXISTS (SELECT 1 FROM spotter.messages m WHERE m.id = s.message_id AND m.deleted_at IS NULL)"

    /// The facts citing a retraction candidate (`fact_retractions r`, see
    /// `sql/postgres/009_fact_retractions.sql`) whose message is gone, as `f` and `s`: a deleted
    /// message's candidate leads to its sources by `fact_sources_message`, so a run looks only at
    /// what was deleted, never at every source of its users. On PostgreSQL each candidate's
    /// sources are fetched by that index (a LATERAL probe the planner cannot flatten): joined
    /// plainly, with the ids in their key types, a 100k-user night hashed `fact_sources` per
    /// shard when its statistics were stale (978k buffer reads for 95 empty answers).
    static let citedGoneCandidates: SQLQuery = """
        FROM spotter.fact_retractions r
        \(probeJoin: "spotter.fact_sources", as: "s", columns: "s.fact_id, s.message_id", on: "s.message_id = r.message_id")
        JOIN spotter.facts f ON f.id = s.fact_id
        """

    /// The users in `scope` with at least one fact citing a deleted message (one query over the
    /// retraction candidates of the scope's owners).
    static func usersWithRetractions(scope: FactsScope, in session: DatabaseSession) throws -> [UserID] {
        try session.query(
            """
            SELECT DISTINCT f.user_id
            \(fragment: citedGoneCandidates)
            WHERE \(fragment: scope.factOwnerPredicate(column: "r.user_id")) AND \(fragment: sourceIsGone)
            ORDER BY f.user_id
            """
        ).map { try $0.id("user_id") }
    }

    /// Records as retraction candidates the sources of the scope's facts whose message is gone,
    /// as the triggers on Spotter's own `messages` table do at deletion time (009): for a
    /// product whose `spotter.messages` is a view, where no trigger can see deletions.
    static func recordGoneSources(scope: FactsScope, in session: DatabaseSession) throws {
        try session.execute(
            """
            INSERT INTO spotter.fact_retractions (message_id, user_id)
            SELECT DISTINCT s.message_id, f.user_id
            FROM spotter.fact_sources s JOIN spotter.facts f ON f.id = s.fact_id
            WHERE \(fragment: scope.factOwnerPredicate(column: "f.user_id")) AND \(fragment: sourceIsGone)
            ON CONFLICT (message_id) DO NOTHING
            """ as SQLQuery)
    }

    /// Retracts, for `users` (whose locks the caller holds), every source whose message is
    /// gone (found through the users' retraction candidates):
    /// ``FactMerger/planRetraction(facts:deletedSourceIDs:)`` over the slot families those
    /// sources touch (a body part with any side), then deletes, detaches (recomputing mention count and first/last mention from
    /// what remains) and reopens set-based, and drops the candidates it retracted.
    static func retract(users: [UserID], in session: DatabaseSession) throws -> RetractionCounts {
        guard !users.isEmpty else { return RetractionCounts() }
        var gone: Set<MessageID> = []
        var touchedSlots: Set<String> = []
        var citing: Set<Int64> = []
        try session.forEachRow(
            """
            SELECT f.id, f.user_id, f.slot, s.message_id
            \(fragment: citedGoneCandidates)
            WHERE r.user_id \(oneOf: users) AND \(fragment: sourceIsGone)
            """ as SQLQuery
        ) { row in
            gone.insert(try row.id("message_id"))
            citing.insert(try row.int64("id"))
            let family = FactIdentity(slot: try row.string("slot")).family
            touchedSlots.insert(try row.id("user_id", as: UserID.self).text + "\u{1F}" + family)
        }
        guard !gone.isEmpty else { return RetractionCounts() }
        try session.execute("DELETE FROM spotter.fact_retractions WHERE message_id \(oneOf: Array(gone))" as SQLQuery)
        let facts = try load(users: users, filter: .all, in: session).filter {
            touchedSlots.contains($0.userID + "\u{1F}" + FactIdentity(slot: $0.slot).family)
                || $0.supersededBy.map(citing.contains) == true
        }
        let plan = FactMerger.planRetraction(facts: facts, deletedSourceIDs: Set(gone.map(\.text)))
        var deleted: [Int64] = []
        var detached: [Int64] = []
        var reopened: [Int64] = []
        for step in plan {
            switch step {
            case .delete(let id): deleted.append(id)
            case .detachSources(let id, _, _): detached.append(id)
            case .reopen(let id): reopened.append(id)
            }
        }
        var counts = RetractionCounts()
        let now = SQLValue.timestamp(Date())
        if !deleted.isEmpty {
            // Sources go with their fact (no foreign key cascades on PostgreSQL: 007).
            try session.execute("DELETE FROM spotter.fact_sources WHERE fact_id \(oneOf: deleted)" as SQLQuery)
            counts.deleted = try session.execute("DELETE FROM spotter.facts WHERE id \(oneOf: deleted)" as SQLQuery)
            // Closed facts that pointed at a deleted successor and are not reopened keep
            // their validity but lose the dangling pointer.
            try session.execute(
                "UPDATE spotter.facts SET superseded_by = NULL WHERE user_id \(oneOf: users) AND superseded_by \(oneOf: deleted)"
                    as SQLQuery)
        }
        if !detached.isEmpty {
            try session.execute(
                """
                DELETE FROM spotter.fact_sources
                WHERE (fact_id, message_id) IN (
                    SELECT s.fact_id, s.message_id FROM spotter.fact_sources s
                    WHERE s.fact_id \(oneOf: detached) AND \(fragment: sourceIsGone))
                """ as SQLQuery)
            counts.detached = try session.execute(
                """
                UPDATE spotter.facts AS f
                SET mention_count = (SELECT count(*) FROM spotter.fact_sources s WHERE s.fact_id = f.id),
                    first_mentioned_at = (SELECT min(s.mentioned_at) FROM spotter.fact_sources s WHERE s.fact_id = f.id),
                    last_mentioned_at = (SELECT max(s.mentioned_at) FROM spotter.fact_sources s WHERE s.fact_id = f.id),
                    computed_at = \(bind: now)
                WHERE f.id \(oneOf: detached)
                """ as SQLQuery)
        }
        if !reopened.isEmpty {
            counts.reopened = try session.execute(
                "UPDATE spotter.facts SET valid_to = NULL, superseded_by = NULL, computed_at = \(bind: now) WHERE id \(oneOf: reopened)"
                    as SQLQuery)
        }
        return counts
    }

    /// Deletes the facts (and their sources) of the scope's explicit owners that no longer exist.
    static func deleteOrphans(scope: FactsScope, in session: DatabaseSession) throws -> Int {
        guard let orphans = scope.orphanPredicate() else { return 0 }
        try session.execute(
            """
            DELETE FROM spotter.fact_sources
            WHERE fact_id IN (SELECT f.id FROM spotter.facts f WHERE \(fragment: orphans))
            """)
        return try session.execute(
            "DELETE FROM spotter.facts WHERE id IN (SELECT f.id FROM spotter.facts f WHERE \(fragment: orphans))")
    }
}
