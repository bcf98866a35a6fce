import Foundation
import SpotterCatalog
import SpotterDB
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// One current truth per thing, through the extract_facts job on both backends: a later
/// statement in other words supersedes (with history) or merges; compatible facts both stay;
/// a deletion removes what only it supported and reopens what it had closed.
@Suite("extract_facts: one current truth per thing")
struct FactsOneTruthTests {
    /// Runs the extract_facts handler for conversation `id`, as a worker would.
    private static func job(_ world: FactsWorld, conversation id: ConversationID) async throws {
        let catalog = try JobCatalog.load(directory: SpotterCommand.repositoryRoot.appendingPathComponent("jobs"))
        let spec = try #require(catalog.spec(for: "extract_facts"))
        let job = Job(id: 1, kind: "extract_facts", payload: #"{"conversation_id": \#(id)}"#)
        let context = JobContext(
            job: job, spec: spec, catalog: catalog, database: world.connection, logger: TestDatabase.logger)
        _ = try await ExtractFactsHandler().run(context)
    }

    /// The current facts of `user` as the read path shows them.
    private static func current(_ world: FactsWorld, _ user: UserID) async throws -> [String] {
        try await world.connection.query(
            "SELECT content FROM spotter.current_facts WHERE user_id = $1 ORDER BY id", [SQLValue(user)]
        ).map { try $0.string("content") }
    }

    /// Slot and polarity of the open facts of `user`, by content.
    private static func open(_ world: FactsWorld, _ user: UserID) async throws -> [String: String] {
        var result: [String: String] = [:]
        for row in try await world.connection.query(
            "SELECT content, slot, polarity, temporal FROM spotter.facts WHERE user_id = $1 AND valid_to IS NULL",
            [SQLValue(user)])
        {
            result[try row.string("content")] =
                "\(try row.string("slot")) \(try row.string("polarity")) \(try row.string("temporal"))"
        }
        return result
    }

    @Test("left knee hurts, then 'my knee is fine now' in a later job: one current fact, the pain kept as history")
    func kneeFineNow() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "my left knee hurts when I jump", minute: 0)
            try await Self.job(world, conversation: 10)
            try await world.say(1002, in: 10, from: 1, "my knee is fine now", minute: 60)
            try await Self.job(world, conversation: 10)
            let facts = try await world.facts(of: 1)
            #expect(facts.count == 2, "\(world.backend): \(facts)")
            let pain = try #require(facts.first { $0.sources == [1001] })
            let fine = try #require(facts.first { $0.sources == [1002] })
            #expect(
                !pain.isOpen && pain.validTo == FactsWorld.at(60) && pain.supersededBy == fine.id, "\(world.backend)")
            #expect(fine.isOpen, "\(world.backend)")
            #expect(try await Self.current(world, 1) == [fine.content], "\(world.backend)")
            // The recovery is a negative health fact about the left knee: nothing reads it as pain.
            #expect(
                try await Self.open(world, 1) == [fine.content: "self|health|knee:left negative current"],
                "\(world.backend)")
            // Deleting the recovery reopens the pain; deleting the pain's message removes it.
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1002")
            try await Self.job(world, conversation: 10)
            #expect(try await Self.current(world, 1) == [pain.content], "\(world.backend)")
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id = 1001", [.timestamp(FactsWorld.at(90))])
            try await Self.job(world, conversation: 10)
            #expect(try await world.facts(of: 1).isEmpty, "\(world.backend)")
        }
    }

    @Test("left and right knees are two things; an unsided recovery closes both; the other side stays")
    func sides() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "my left knee hurts when I run", minute: 0)
            try await world.say(1002, in: 10, from: 1, "my right knee is sore too", minute: 5)
            try await world.say(1003, in: 10, from: 1, "my right shoulder hurts when I press", minute: 6)
            try await Self.job(world, conversation: 10)
            #expect(try await Self.current(world, 1).count == 3, "\(world.backend)")
            try await world.say(1004, in: 10, from: 1, "no more pain in my knee!", minute: 60)
            try await Self.job(world, conversation: 10)
            let current = try await Self.current(world, 1)
            #expect(current.count == 2, "\(world.backend): \(current)")
            #expect(current.contains { $0.lowercased().contains("shoulder") }, "\(world.backend): \(current)")
            let closed = try await world.facts(of: 1).filter { !$0.isOpen }
            let fine = try #require(try await world.facts(of: 1).first { $0.sources == [1004] })
            #expect(
                closed.count == 2 && closed.allSatisfy { $0.supersededBy == fine.id }, "\(world.backend): \(closed)")
        }
    }

    @Test("a re-mention in other words merges: peanut allergy, dad = father, a side or deadline is kept")
    func mergesAcrossPhrasing() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I'm allergic to peanuts", minute: 0)
            try await world.say(1002, in: 10, from: 1, "my goal is 7 strict pull-ups by May", minute: 1)
            try await world.say(1003, in: 10, from: 1, "my knee hurts when I squat", minute: 2)
            try await Self.job(world, conversation: 10)
            try await world.say(1004, in: 10, from: 1, "I have a peanut allergy lol", minute: 60)
            try await world.say(1005, in: 10, from: 1, "I want to do 7 pull-ups", minute: 61)
            try await world.say(1006, in: 10, from: 1, "my left knee still hurts", minute: 62)
            try await Self.job(world, conversation: 10)
            let facts = try await world.facts(of: 1)
            #expect(facts.count == 3 && facts.allSatisfy { $0.isOpen }, "\(world.backend): \(facts)")
            #expect(
                facts.map(\.sources) == [[1001, 1004], [1002, 1005], [1003, 1006]], "\(world.backend): \(facts)")
            #expect(facts.allSatisfy { $0.mentionCount == 2 }, "\(world.backend)")
            let goal = try #require(facts.first { $0.sources.contains(1002) })
            #expect(goal.content.contains("by May") && goal.content.contains("7"), "\(world.backend): \(goal.content)")
            let knee = try #require(facts.first { $0.sources.contains(1003) })
            #expect(knee.content.lowercased().contains("left"), "\(world.backend): \(knee.content)")
            #expect(try await Self.open(world, 1)[knee.content]?.hasPrefix("self|health|knee:left ") == true)
            // Ben says dad and father in one batch: one fact.
            try await world.say(3001, in: 30, from: 3, "my dad had knee surgery", minute: 0)
            try await world.say(3002, in: 30, from: 3, "my father had knee surgery", minute: 5)
            try await Self.job(world, conversation: 30)
            #expect(try await Self.current(world, 3).count == 1, "\(world.backend)")
            // Deleting the message that alone supports the allergy's second mention keeps the fact;
            // deleting both removes it.
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1004")
            try await Self.job(world, conversation: 10)
            let allergy = try #require(try await world.facts(of: 1).first { $0.sources.contains(1001) })
            #expect(allergy.sources == [1001] && allergy.mentionCount == 1, "\(world.backend)")
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1001")
            try await Self.job(world, conversation: 10)
            #expect(try await world.facts(of: 1).count == 2, "\(world.backend)")
        }
    }

    @Test("compatible facts both stay current: works from home, and a flexible schedule")
    func compatible() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I work from home so I'm flexible", minute: 0)
            try await Self.job(world, conversation: 10)
            try await world.say(1002, in: 10, from: 1, "my schedule is pretty flexible", minute: 60)
            try await Self.job(world, conversation: 10)
            let facts = try await world.facts(of: 1)
            #expect(facts.allSatisfy { $0.isOpen }, "\(world.backend): \(facts)")
            let current = try await Self.current(world, 1)
            #expect(current.contains { $0.lowercased().contains("from home") }, "\(world.backend): \(current)")
            #expect(current.contains { $0.lowercased().contains("schedule") }, "\(world.backend): \(current)")
        }
    }

    @Test("smokes then quit, lives in then moved to: the later statement supersedes")
    func updates() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I smoke a few cigarettes a day", minute: 0)
            try await world.say(1002, in: 10, from: 1, "I live in Boston", minute: 1)
            try await Self.job(world, conversation: 10)
            try await world.say(1003, in: 10, from: 1, "I quit smoking last week!", minute: 60)
            try await world.say(1004, in: 10, from: 1, "I moved to Denver", minute: 61)
            try await Self.job(world, conversation: 10)
            let facts = try await world.facts(of: 1)
            #expect(facts.filter(\.isOpen).map(\.sources) == [[1003], [1004]], "\(world.backend): \(facts)")
            #expect(facts.filter { !$0.isOpen }.map(\.sources) == [[1001], [1002]], "\(world.backend): \(facts)")
        }
    }
}
