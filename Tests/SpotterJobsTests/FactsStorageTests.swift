import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// Storage semantics of extract_facts on both backends: merge, supersede, deletion.
@Suite("extract_facts storage")
struct FactsStorageTests {
    @Test("a re-mention merges: one fact, mention count, last mention and every source")
    func remention() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "My left knee hurts when I run.", minute: 0)
            try await world.say(1002, in: 10, from: 2, "Sorry to hear. Ice it tonight.", minute: 1)
            try await world.say(1003, in: 10, from: 1, "my left knee hurts", minute: 10)
            try await world.runAna()
            var facts = try await world.facts(of: 1)
            #expect(facts.count == 1, "\(world.backend): \(facts)")
            var knee = try #require(facts.first)
            #expect(knee.content == "Left knee hurts when running")
            #expect(knee.mentionCount == 2 && knee.sources == [1001, 1003], "\(world.backend)")
            #expect(knee.firstMentionedAt == FactsWorld.at(0) && knee.lastMentionedAt == FactsWorld.at(10))
            // A later run: the stored fact gains the new source.
            try await world.say(1004, in: 11, from: 1, "My left knee hurts when running.", minute: 60)
            let report = try await world.runAna()
            #expect(report.rementioned == 1 && report.inserted == 0, "\(world.backend): \(report)")
            facts = try await world.facts(of: 1)
            knee = try #require(facts.first)
            #expect(facts.count == 1 && knee.mentionCount == 3 && knee.sources == [1001, 1003, 1004])
            #expect(knee.lastMentionedAt == FactsWorld.at(60) && knee.firstMentionedAt == FactsWorld.at(0))
        }
    }

    @Test("a contradiction supersedes: knee hurts → knee is fine now closes the old fact, deletes nothing")
    func supersede() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "My knee hurts.", minute: 0)
            try await world.runAna()
            try await world.say(1002, in: 10, from: 1, "My knee is fine now.", minute: 30)
            let report = try await world.runAna()
            #expect(report.superseded == 1 && report.inserted == 1, "\(world.backend): \(report)")
            let facts = try await world.facts(of: 1)
            #expect(facts.count == 2, "\(world.backend): \(facts)")
            let old = try #require(facts.first { $0.sources == [1001] })
            let new = try #require(facts.first { $0.sources == [1002] })
            #expect(!old.isOpen && old.validTo == FactsWorld.at(30) && old.supersededBy == new.id)
            #expect(new.isOpen && new.supersededBy == nil)
            // In one batch the same: history closed, the newer statement open.
            try await world.say(3001, in: 30, from: 3, "My knee hurts.", minute: 0)
            try await world.say(3002, in: 30, from: 3, "My knee is fine now.", minute: 5)
            try await world.run(.conversation(30))
            let ben = try await world.facts(of: 3)
            #expect(ben.count == 2 && ben.filter(\.isOpen).map(\.sources) == [[3002]], "\(world.backend): \(ben)")
            let closed = try #require(ben.first { !$0.isOpen })
            #expect(closed.validTo == FactsWorld.at(5) && closed.supersededBy == ben.first(where: \.isOpen)?.id)
        }
    }

    @Test("only the owner's messages feed facts: the trainer's and the assistant's never do")
    func ownerOnly() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 2, "I love yoga. My knee hurts. I'm vegetarian.", minute: 0)
            try await world.say(1101, in: 11, from: 0, "I love running and I have two kids.", minute: 1)
            try await world.say(1002, in: 10, from: 1, "Thanks coach!", minute: 2)
            let report = try await world.runAna()
            #expect(
                report.messages == 3 && report.utterances == 1 && report.inserted == 0, "\(world.backend): \(report)")
            #expect(try await world.facts(of: 1).isEmpty)
            #expect(try await world.facts(of: 2).isEmpty)
        }
    }

    @Test("deleting a message removes what only it supported, detaches it elsewhere, reopens what it superseded")
    func messageDeletion() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(1002, in: 10, from: 1, "I really love yoga.", minute: 10)
            try await world.say(1003, in: 10, from: 1, "I hate burpees.", minute: 20)
            try await world.say(1004, in: 10, from: 1, "My knee hurts.", minute: 30)
            try await world.say(1005, in: 10, from: 1, "My knee is fine now.", minute: 40)
            try await world.runAna()
            #expect(try await world.facts(of: 1).count == 4, "\(world.backend)")
            // Soft-delete the burpees message and the "fine now"; hard-delete one yoga mention.
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id IN (1003, 1005)", [.timestamp(FactsWorld.at(50))])
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1002")
            // Readers stop seeing unsupported facts at once, before any job runs.
            let visible = try await world.connection.query(
                "SELECT content FROM spotter.current_facts WHERE user_id = '1' ORDER BY content"
            ).map { try $0.string("content") }
            #expect(visible.count == 1 && visible.first?.lowercased().contains("yoga") == true, "\(visible)")
            let report = try await world.runAna()
            #expect(report.deleted == 2 && report.detached == 1 && report.reopened == 1, "\(world.backend): \(report)")
            let facts = try await world.facts(of: 1)
            #expect(facts.count == 2, "\(world.backend): \(facts)")
            let yoga = try #require(facts.first { $0.content.lowercased().contains("yoga") })
            #expect(yoga.sources == [1001] && yoga.mentionCount == 1 && yoga.lastMentionedAt == FactsWorld.at(0))
            let knee = try #require(facts.first { $0.sources == [1004] })
            #expect(knee.isOpen && knee.supersededBy == nil, "the knee-hurts fact is open again")
            // Nothing more to do on a rerun.
            let again = try await world.runAna()
            #expect(again.deleted == 0 && again.detached == 0 && again.reopened == 0 && again.messages == 0)
        }
    }

    @Test("deleting a user: hidden at once, their facts and sources gone after prune_results")
    func userDeletion() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(3001, in: 30, from: 3, "I hate burpees.", minute: 0)
            try await world.say(3002, in: 30, from: 3, "My wife is vegan.", minute: 1)
            let shard = FactsScope.owners(UserSelection(timeZone: "UTC", idRange: IDRange(from: 1, to: 3)))
            try await world.run(shard)
            #expect(try await world.facts(of: 3).count == 2, "\(world.backend)")
            try await world.connection.execute("DELETE FROM spotter.users WHERE id = 3")
            let hidden = try await world.connection.query(
                "SELECT count(*) AS n FROM spotter.current_facts WHERE user_id = '3'")
            #expect(try hidden.first?.int("n") == 0, "readers no longer see them")
            // A zone shard no longer selects the user and leaves the rows to prune_results.
            let report = try await world.run(shard)
            #expect(report.messages == 0 && report.users == 0, "\(world.backend): \(report)")
            let pruned = try await world.connection.withTransaction(immediate: true) { session in
                try PruneResultsHandler.prune(asOf: FactsWorld.at(60), keepDays: 14, in: session)
            }
            #expect(pruned["facts"] == 2, "\(world.backend): \(pruned)")
            #expect(pruned["fact_watermarks"] == 1, "the user's conversation went with them")
            #expect(try await world.facts(of: 3).isEmpty)
            #expect(try await world.facts(of: 1).count == 1, "other users keep theirs")
            let sources = try await world.connection.query(
                "SELECT count(*) AS n FROM spotter.fact_sources WHERE message_id IN ('3001', '3002')")
            #expect(try sources.first?.int("n") == 0)
        }
    }

    @Test("explicit owners that were deleted lose their facts and sources in the job itself")
    func explicitDeletedOwner() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(3001, in: 30, from: 3, "I hate burpees.", minute: 0)
            try await world.run(.owners(UserSelection(ids: [3])))
            #expect(try await world.facts(of: 3).count == 1, "\(world.backend)")
            try await world.connection.execute("DELETE FROM spotter.users WHERE id = 3")
            await #expect(throws: JobError.self) { try await world.run(.owners(UserSelection(ids: [3]))) }
            #expect(try await world.facts(of: 3).isEmpty, "\(world.backend)")
            let sources = try await world.connection.query("SELECT count(*) AS n FROM spotter.fact_sources")
            #expect(try sources.first?.int("n") == 0, "\(world.backend)")
        }
    }

    @Test("PostgreSQL fact ids come in blocks of 1,024: one nextval per round, no id handed out twice")
    func idBlocks() async throws {
        let world = try await FactsWorld.make(try await TestDatabase.make(.postgres))
        defer { Task { await world.close() } }
        try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
        try await world.say(1002, in: 10, from: 1, "I hate burpees.", minute: 1)
        try await world.say(1003, in: 10, from: 1, "My wife is vegan.", minute: 2)
        try await world.runAna()
        let first = try await world.facts(of: 1).map(\.id).sorted()
        #expect(first.count == 3 && first == [first[0], first[0] + 1, first[0] + 2], "\(first)")
        // A default insert takes the next block's first id; the next round starts a block after it.
        let taken = try await world.connection.query(
            """
            INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal, confidence, slot,
                first_mentioned_at, last_mentioned_at, valid_from)
            VALUES (3, 'self', 'other', 'x', 'positive', 'current', 1, 'self|other|x', now(), now(), now())
            RETURNING id
            """)[0].int64("id")
        #expect(taken == first[0] + 1024)
        try await world.say(1004, in: 11, from: 1, "I hate running.", minute: 3)
        try await world.runAna()
        let second = try await world.facts(of: 1).map(\.id).sorted()
        #expect(second.count == 4 && second.last == first[0] + 2048, "\(second)")
    }
}
