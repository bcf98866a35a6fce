import Foundation
import SpotterDB
import SpotterFacts
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// Retraction candidates (`fact_retractions`, migration 009) on both backends: the triggers on
/// `messages` record every deletion, a run retracts through them and drops what it retracted,
/// a deletion racing a round is still retracted, and `prune_results` forgets stale candidates.
@Suite("extract_facts retraction candidates")
struct FactsRetractionTests {
    /// The candidates, by message id.
    private static func candidates(_ world: FactsWorld) async throws -> [Int64: Int64] {
        var result: [Int64: Int64] = [:]
        for row in try await world.connection.query("SELECT message_id, user_id FROM spotter.fact_retractions") {
            result[try row.int64("message_id")] = try row.int64("user_id")
        }
        return result
    }

    @Test("hard and soft deletions are recorded with their sender; a run retracts them and drops the candidates")
    func recordedAndDrained() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(1002, in: 10, from: 1, "I hate burpees.", minute: 1)
            try await world.say(1003, in: 10, from: 2, "Noted, no burpees.", minute: 2)
            try await world.say(3001, in: 30, from: 3, "My wife is vegan.", minute: 0)
            try await world.run(.owners(UserSelection(timeZone: "UTC", idRange: IDRange(from: 1, to: 3))))
            #expect(try await Self.candidates(world).isEmpty, "\(world.backend): inserts record nothing")
            // An edit that deletes nothing records nothing either.
            try await world.connection.execute("UPDATE spotter.messages SET body = 'I love yoga!' WHERE id = 1001")
            #expect(try await Self.candidates(world).isEmpty, "\(world.backend)")
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id = 1002", [.timestamp(FactsWorld.at(5))])
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id IN (1003, 3001)")
            #expect(
                try await Self.candidates(world) == [1002: 1, 1003: 2, 3001: 3],
                "\(world.backend): every deletion, cited or not, under its sender")
            // Ana's run retracts the burpees fact and drops only that candidate.
            let report = try await world.runAna()
            #expect(report.deleted == 1, "\(world.backend): \(report)")
            #expect(try await world.facts(of: 1).map(\.sources) == [[1001]], "\(world.backend)")
            #expect(try await Self.candidates(world) == [1003: 2, 3001: 3], "\(world.backend)")
            // Ben's shard retracts his.
            let ben = try await world.run(.owners(UserSelection(ids: [3])))
            let benFacts = try await world.facts(of: 3)
            #expect(ben.deleted == 1 && benFacts.isEmpty, "\(world.backend): \(ben)")
            #expect(try await Self.candidates(world) == [1003: 2], "\(world.backend): the trainer's stays for prune")
        }
    }

    @Test("a message deleted while its round is being extracted is retracted once the round commits")
    func deletionDuringRound() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(1002, in: 10, from: 1, "I hate burpees.", minute: 1)
            // The round has read both messages; 1002 is deleted before its facts are written.
            let extractor = DeletingExtractor(database: world.database, messageID: 1002)
            let report = try await world.run(
                .owners(UserSelection(ids: [1])), pipeline: FactsPipeline(extractor: extractor))
            #expect(report.inserted == 2, "\(world.backend): the round wrote what it read: \(report)")
            #expect(report.deleted == 1, "\(world.backend): and the closing pass retracted the deleted one")
            let facts = try await world.facts(of: 1)
            #expect(facts.count == 1 && facts.first?.sources == [1001], "\(world.backend): \(facts)")
            #expect(try await Self.candidates(world).isEmpty, "\(world.backend)")
        }
    }

    @Test("prune_results forgets candidates a day old that nothing gone is cited by, and keeps pending ones")
    func pruned() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(1002, in: 10, from: 2, "Great.", minute: 1)
            try await world.say(1003, in: 10, from: 1, "I hate burpees.", minute: 2)
            try await world.runAna()
            // Cited and gone: a retraction still to run (Ana's shard has not run since).
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1001")
            // Never cited: the trainer's message.
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 1002")
            // Recorded, then the message came back: cited but live.
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id = 1003", [.timestamp(FactsWorld.at(3))])
            try await world.connection.execute("UPDATE spotter.messages SET deleted_at = NULL WHERE id = 1003")
            #expect(Set(try await Self.candidates(world).keys) == [1001, 1002, 1003], "\(world.backend)")
            let recorded = Date()
            let early = try await world.connection.withTransaction(immediate: true) { session in
                try PruneResultsHandler.prune(asOf: recorded.addingTimeInterval(3_600), keepDays: 14, in: session)
            }
            #expect(early["fact_retractions"] == 0, "\(world.backend): nothing is a day old yet")
            let pruned = try await world.connection.withTransaction(immediate: true) { session in
                try PruneResultsHandler.prune(asOf: recorded.addingTimeInterval(2 * 86_400), keepDays: 14, in: session)
            }
            #expect(pruned["fact_retractions"] == 2, "\(world.backend): \(pruned)")
            #expect(Array(try await Self.candidates(world).keys) == [1001], "\(world.backend): the pending one stays")
            let report = try await world.runAna()
            let left = try await Self.candidates(world)
            #expect(report.deleted == 1 && left.isEmpty, "\(world.backend): \(report)")
        }
    }
}

/// The offline rules, after deleting one message on a connection of its own: a deletion that
/// commits between a round's read and its write.
private struct DeletingExtractor: FactExtracting {
    let database: TestDatabase
    let messageID: MessageID

    func extract(_ batch: [Utterance]) async -> (facts: [ExtractedFact], extractor: String) {
        if let connection = try? await database.connect() {
            _ = try? await connection.execute("DELETE FROM spotter.messages WHERE id = $1", [SQLValue(messageID)])
            await connection.close()
        }
        return await RulesFactExtractor().extract(batch)
    }
}
