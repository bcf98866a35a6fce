import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// Issue 14 item 1: messages are ordered within a conversation by (sent_at, id), not by ids that
/// grow (a product's ids may be random, or given out in another order than the messages were sent).
@Suite("extract_facts reads messages in (sent_at, id) order")
struct MessageOrderTests {
    @Test("a message with a lower id sent after the watermark is read; the watermark is the last (sent_at, id)")
    func lowerIDLaterMessage() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(900, in: 10, from: 1, "I love yoga.", minute: 0)
            try await world.say(500, in: 10, from: 1, "I hate burpees.", minute: 5)
            let first = try await world.runAna()
            #expect(first.messages == 2 && first.inserted == 2, "\(world.backend): \(first)")
            let mark = try await world.connection.query(
                "SELECT last_message_id FROM spotter.fact_watermarks WHERE conversation_id = '10'")
            #expect(try mark.first?.int64("last_message_id") == 500, "the last sent, not the highest id")

            // Sent later, with an id below both: ids that grow would never read it.
            try await world.say(100, in: 10, from: 1, "I'm training for a marathon.", minute: 10)
            let second = try await world.runAna()
            #expect(second.messages == 1 && second.inserted == 1, "\(world.backend): \(second)")
            let contents = try await world.facts(of: 1).map(\.content)
            #expect(contents.contains { $0.lowercased().contains("marathon") }, "\(world.backend): \(contents)")
            let third = try await world.runAna()
            #expect(third.messages == 0, "a rerun reads nothing new: \(third)")

            // Two messages sent at the same instant are ordered by id.
            try await world.say(70, in: 10, from: 1, "I work as a nurse.", minute: 20)
            try await world.say(60, in: 10, from: 1, "I have two kids.", minute: 20)
            let fourth = try await world.runAna()
            #expect(fourth.messages == 2, "\(world.backend): \(fourth)")
            let tie = try await world.connection.query(
                "SELECT last_message_id FROM spotter.fact_watermarks WHERE conversation_id = '10'")
            #expect(try tie.first?.int64("last_message_id") == 70, "(sent_at, id): the greater id of the tie")
        }
    }
}
