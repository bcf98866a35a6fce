import Foundation
public import Logging
public import SpotterDB
package import SpotterFacts
import SpotterIDs
import SpotterQueue

/// The work of one `extract_facts` job, usable without a queue (tests, benchmarks).
///
/// In rounds of at most `roundSize` messages: load every message past its conversation's
/// watermark in one query; extract each owner's live messages (in sent order) outside any
/// transaction; then, in ONE transaction per round, lock the owners (PostgreSQL), reload their
/// open facts plus closed facts citing the round's messages, plan with ``FactMerger``, write
/// the plan in bulk and advance the watermarks. A crash mid-round commits nothing of it; a
/// rerun redoes it. A message already supporting a fact is never planned again, so two
/// overlapping jobs yield the facts one would. After the rounds, one more transaction retracts
/// sources whose message was deleted (hard or soft). Explicit owners that no longer exist lose
/// their facts before the job fails permanently naming them; a zone shard selects only existing
/// users and leaves deleted ones to `prune_results`.
public struct FactsPipeline: Sendable {
    /// The extractor (default: the offline rules).
    public var extractor: any FactExtracting
    /// Messages read per round (bounds memory whatever the backlog). Default 20,000.
    public var roundSize: Int
    /// Owners extracted concurrently within a round (matters for a network extractor). Default 4.
    public var extractionWidth: Int

    /// Creates a pipeline.
    public init(extractor: any FactExtracting = RulesFactExtractor(), roundSize: Int = 20_000, extractionWidth: Int = 4)
    {
        self.extractor = extractor
        self.roundSize = max(1, roundSize)
        self.extractionWidth = max(1, extractionWidth)
    }

    /// Runs the pipeline over `scope`. Unknown explicit users or conversation are permanent
    /// failures (an unknown user's leftover facts are deleted first).
    public func run(_ scope: FactsScope, on connection: DatabaseConnection, logger: Logger) async throws
        -> FactsRunReport
    {
        try await checkExists(scope, on: connection)
        let scope = try await connection.withSession { try scope.resolvingOwners(in: $0) }
        var report = FactsRunReport()
        if case .owners(let selection) = scope, selection.ids?.isEmpty == true { return report }
        while true {
            let limit = roundSize
            let pending = try await connection.withSession { session in
                try PendingMessages.load(scope: scope, limit: limit, in: session)
            }
            if pending.conversations.isEmpty { break }
            let extracted = await extract(pending)
            let counts = try await connection.withTransaction(immediate: true) { session in
                try Self.merge(pending, extracted: extracted, in: session)
            }
            report.rounds += 1
            report.conversations += pending.conversations.count
            report.messages += pending.rowsRead
            report.utterances += pending.utterances.values.reduce(0) { $0 + $1.count }
            report.users += pending.utterances.count
            report.inserted += counts.inserted
            report.rementioned += counts.rementioned
            report.superseded += counts.superseded
            report.sources += counts.sources
            logger.debug(
                "facts round written",
                metadata: ["messages": "\(pending.rowsRead)", "inserted": "\(counts.inserted)"])
            if !pending.mayHaveMore { break }
        }
        let retracted = try await retract(scope, on: connection)
        report.deleted = retracted.deleted
        report.detached = retracted.detached
        report.reopened = retracted.reopened
        return report
    }

    /// Extracts each owner's utterances, at most `extractionWidth` owners at a time.
    private func extract(_ pending: PendingMessages) async -> [UserID: (facts: [ExtractedFact], extractor: String)] {
        let extractor = self.extractor
        var results: [UserID: (facts: [ExtractedFact], extractor: String)] = [:]
        await withTaskGroup(of: (UserID, [ExtractedFact], String).self) { group in
            var owners = pending.owners.makeIterator()
            func addNext() -> Bool {
                guard let owner = owners.next(), let batch = pending.utterances[owner] else { return false }
                group.addTask {
                    let result = await extractor.extract(batch)
                    return (owner, Self.sanitize(result.facts, batch: batch), result.extractor)
                }
                return true
            }
            for _ in 0..<extractionWidth where !addNext() { break }
            while let (owner, facts, name) = await group.next() {
                results[owner] = (facts, name)
                _ = addNext()
            }
        }
        return results
    }

    /// One round's write: lock, reload, plan, write, advance watermarks (caller's transaction).
    static func merge(
        _ pending: PendingMessages, extracted: [UserID: (facts: [ExtractedFact], extractor: String)],
        in session: DatabaseSession
    ) throws -> FactStore.MergeCounts {
        let owners = pending.owners
        var counts = FactStore.MergeCounts()
        if !owners.isEmpty {
            try FactsSQL.lockUsers(owners, in: session)
            var mentionTimes: [String: Date] = [:]
            var messageIDs: [MessageID] = []
            for utterances in pending.utterances.values {
                for utterance in utterances {
                    mentionTimes[utterance.messageID] = utterance.sentAt
                    messageIDs.append(try MessageID(utterance.messageID))
                }
            }
            let current = try FactStore.load(users: owners, filter: .openOrCiting(messageIDs), in: session)
            let currentByUser = Dictionary(grouping: current, by: \.userID)
            var changes: [FactChange] = []
            var extractorByUser: [String: String] = [:]
            for owner in owners {
                guard let result = extracted[owner], !result.facts.isEmpty else { continue }
                let user = owner.text
                extractorByUser[user] = result.extractor
                changes += FactMerger.plan(current: currentByUser[user] ?? [], extracted: result.facts)
            }
            counts = try FactStore.write(
                changes, current: current, mentionTimes: mentionTimes, extractorByUser: extractorByUser, in: session)
        }
        try ResultWriter.recordOutcomes(
            kind: ExtractFactsHandler.name, subjects: pending.unusable.map(\.subjectID), outcomes: pending.unusable,
            jobID: nil,
            in: session)
        try FactWatermarks.advance(pending.conversations, in: session)
        return counts
    }

    /// Keeps what an extractor may be trusted with: facts about the batch's user, from one of
    /// its messages, with a slot and content, confidence clamped to 0…1, text bounded, and the
    /// mention time taken from the message itself.
    package static func sanitize(_ facts: [ExtractedFact], batch: [Utterance]) -> [ExtractedFact] {
        guard let user = batch.first?.userID else { return [] }
        let sentAt = Dictionary(batch.map { ($0.messageID, $0.sentAt) }, uniquingKeysWith: { first, _ in first })
        return facts.compactMap { fact in
            guard fact.userID == user, let at = sentAt[fact.sourceID], fact.confidence.isFinite else { return nil }
            var fact = fact
            fact.content = bounded(trimmed(fact.content), 500)
            fact.subject = bounded(fact.subject, 100)
            fact.slot = bounded(fact.slot, 300)
            guard !fact.content.isEmpty, !fact.slot.isEmpty, !fact.subject.isEmpty else { return nil }
            fact.confidence = min(1, max(0, fact.confidence))
            fact.mentionedAt = at
            return fact
        }
    }

    /// `text` without leading and trailing whitespace; untouched (no copy) when it has none,
    /// which is what the rules always produce.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return text }
        let edges = CharacterSet.whitespacesAndNewlines
        guard edges.contains(first) || edges.contains(last) else { return text }
        return text.trimmingCharacters(in: edges)
    }

    /// The first `limit` characters of `text`; no grapheme walk when its UTF-8 length already
    /// fits (a character is at least one byte).
    private static func bounded(_ text: String, _ limit: Int) -> String {
        text.utf8.count <= limit ? text : String(text.prefix(limit))
    }

    /// The closing transaction: retractions for the scope's users.
    private func retract(_ scope: FactsScope, on connection: DatabaseConnection) async throws
        -> FactStore.RetractionCounts
    {
        let users = try await connection.withSession { session in
            // A product's spotter.messages (a view) has no trigger recording deletions: look for
            // the scope's gone sources directly (one lookup per source of the scope's facts).
            if try Migrator.isProductRelation("messages", in: session) {
                try FactStore.recordGoneSources(scope: scope, in: session)
            }
            return try FactStore.usersWithRetractions(scope: scope, in: session)
        }
        return try await connection.withTransaction(immediate: true) { session in
            try FactsSQL.lockUsers(users, in: session)
            return try FactStore.retract(users: users, in: session)
        }
    }

    /// Permanent failures for a conversation or explicit users that do not exist.
    private func checkExists(_ scope: FactsScope, on connection: DatabaseConnection) async throws {
        switch scope {
        case .conversation(let id):
            let found: [Row]
            do {
                found = try await connection.query(
                    "SELECT 1 AS found FROM spotter.conversations WHERE id = \(id: id)")
            } catch let error as DatabaseError where error.sqlState == "22P02" {
                // The id cannot be read in the conversations' id type (text for a bigint key).
                throw JobError.permanent("unknown conversation \(id): not an id of spotter.conversations' type")
            }
            if found.isEmpty { throw JobError.permanent("unknown conversation \(id)") }
        case .owners(let selection):
            guard let ids = selection.ids else { return }
            let found = try await connection.withSession { session in
                try Set(
                    session.query("SELECT id FROM spotter.users WHERE id \(oneOf: ids)" as SQLQuery).map {
                        try $0.id("id", as: UserID.self)
                    })
            }
            guard found.count < Set(ids).count else { return }
            _ = try await connection.withTransaction(immediate: true) {
                try FactStore.deleteOrphans(scope: scope, in: $0)
            }
            try selection.requireFound(found)
        }
    }
}

/// What one run of ``FactsPipeline`` did.
public struct FactsRunReport: Sendable, Hashable {
    /// Rounds written (each one transaction).
    public var rounds = 0
    /// Conversations whose watermark moved.
    public var conversations = 0
    /// Messages read past the watermarks (all senders).
    public var messages = 0
    /// Of those, the owners' live messages that were extracted.
    public var utterances = 0
    /// Owners with messages extracted.
    public var users = 0
    /// Facts inserted.
    public var inserted = 0
    /// Stored facts re-mentioned.
    public var rementioned = 0
    /// Stored facts closed by a contradiction.
    public var superseded = 0
    /// Sources written.
    public var sources = 0
    /// Facts deleted because no remaining message supports them.
    public var deleted = 0
    /// Facts that lost some deleted sources and kept others.
    public var detached = 0
    /// Closed facts reopened after their successor was deleted.
    public var reopened = 0

    /// Creates an empty report.
    public init() {}

    /// The counters for `jobs.result`.
    public var counts: [String: Int] {
        [
            "rounds": rounds, "conversations": conversations, "messages": messages, "utterances": utterances,
            "users": users, "rows_written": inserted, "facts_inserted": inserted, "rementioned": rementioned,
            "superseded": superseded, "sources_written": sources, "retracted": deleted, "detached": detached,
            "reopened": reopened,
        ]
    }
}
