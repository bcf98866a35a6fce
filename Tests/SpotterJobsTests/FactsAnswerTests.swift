import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import Testing

/// The nightly job reads a yes or a no against the message it answers, as `spotter facts extract`
/// does (issue 12): the conversation's latest earlier live message by another sender, by
/// (sent_at, id), read in the job's one query.
@Suite("Facts: an answer is read against the message it answers", .serialized)
struct FactsAnswerTests {
    @Test("a yes to the trainer's question states the like, across runs and own messages, on both backends")
    func answerToQuestion() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            // Ana answers the trainer's question, after a message of her own in between.
            try await world.say(1001, in: 10, from: 2, "Great session today. Do you like hiking?", minute: 0)
            try await world.say(1002, in: 10, from: 1, "haha", minute: 1)
            try await world.say(1003, in: 10, from: 1, "Yes! Every weekend with my friends", minute: 2)
            // Ben's question was read in an earlier run: the watermark is past it, the answer is not.
            try await world.say(3001, in: 30, from: 2, "Do you play chess?", minute: 0)
            try await world.run(.owners(UserSelection(ids: [1, 3])))
            try await world.say(3002, in: 30, from: 3, "nope, never got into it", minute: 5)
            try await world.run(.owners(UserSelection(ids: [1, 3])))
            let ana = try await world.facts(of: 1)
            #expect(ana.map(\.content) == ["Likes hiking"], "\(world.backend)")
            #expect(ana.first?.sources == [1003], "\(world.backend)")
            let ben = try await world.facts(of: 3).map(\.content)
            #expect(ben.count == 1 && ben.first?.localizedCaseInsensitiveContains("chess") == true, "\(world.backend)")
        }
    }

    @Test("no question before, or a deleted one, and the same answer says nothing, on both backends")
    func noQuestionNoFact() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "Yes! Every weekend with my friends", minute: 0)
            try await world.say(3001, in: 30, from: 2, "Do you like hiking?", minute: 0)
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = sent_at WHERE id = 3001")
            try await world.say(3002, in: 30, from: 3, "Yes! Every weekend with my friends", minute: 1)
            try await world.run(.owners(UserSelection(ids: [1, 3])))
            #expect(try await world.facts(of: 1).isEmpty, "\(world.backend)")
            #expect(try await world.facts(of: 3).isEmpty, "\(world.backend)")
        }
    }
}
