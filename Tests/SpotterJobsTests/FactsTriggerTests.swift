import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// The optional PostgreSQL trigger of sql/postgres/005_facts_trigger.sql.
@Suite("extract_facts trigger (PostgreSQL)")
struct FactsTriggerTests {
    @Test("enabled, it enqueues once per 5 new owner messages; bursts enqueue once; disabled, never")
    func everyFiveMessages() async throws {
        let world = try await FactsWorld.make(try await TestDatabase.make(.postgres))
        defer { Task { await world.close() } }
        func jobs() async throws -> [String] {
            try await world.connection.query(
                "SELECT unique_key FROM spotter.jobs WHERE kind = 'extract_facts' ORDER BY id"
            ).map { try $0.string("unique_key") }
        }
        // Messages count past the watermark in (sent_at, id) order (021): the burst is sent
        // between the fifth message and the next ones.
        // Off by default: the seeder's COPY and app inserts enqueue nothing.
        for n in 0..<6 { try await world.say(MessageID(1001 + Int64(n)), in: 10, from: 1, "hello \(n)", minute: n) }
        #expect(try await jobs().isEmpty)
        try await world.run(.conversation(10))

        try await world.connection.execute("SELECT spotter.enable_facts_trigger(5)")
        for n in 0..<4 { try await world.say(MessageID(1101 + Int64(n)), in: 10, from: 1, "more \(n)", minute: 10 + n) }
        for n in 0..<3 {
            try await world.say(MessageID(1105 + Int64(n)), in: 10, from: 2, "coach \(n)", minute: 20 + n)
        }
        #expect(try await jobs().isEmpty, "4 owner messages past the watermark; the trainer's do not count")
        try await world.say(1108, in: 10, from: 1, "the fifth", minute: 30)
        #expect(try await jobs() == ["extract_facts:conversation:10"])
        // A burst of 12 in one statement while that job is live: still one job.
        try await world.connection.execute(
            """
            INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
            SELECT 1200 + g, 10, 1, 'burst', $1 FROM generate_series(1, 12) AS g
            """, [.timestamp(FactsWorld.at(35))])
        #expect(try await jobs().count == 1)
        // The job runs (watermark moves) and finishes; the next 5 enqueue a new one.
        try await world.run(.conversation(10))
        try await world.connection.execute("UPDATE spotter.jobs SET state = 'succeeded', finished_at = now()")
        for n in 0..<5 {
            try await world.say(MessageID(1301 + Int64(n)), in: 10, from: 1, "again \(n)", minute: 40 + n)
        }
        #expect(try await jobs().count == 2)
        let payload = try await world.connection.query("SELECT payload FROM spotter.jobs ORDER BY id DESC LIMIT 1")
        #expect(try payload.first?.json("payload").contains("\"conversation_id\": 10") == true)
        // Off again: nothing more.
        try await world.connection.execute("SELECT spotter.disable_facts_trigger()")
        try await world.connection.execute("UPDATE spotter.jobs SET state = 'succeeded', finished_at = now()")
        for n in 0..<10 {
            try await world.say(MessageID(1401 + Int64(n)), in: 10, from: 1, "quiet \(n)", minute: 50 + n)
        }
        #expect(try await jobs().count == 2)
        let invalid = await #expect(throws: DatabaseError.self) {
            try await world.connection.execute("SELECT spotter.enable_facts_trigger(0)")
        }
        #expect(invalid?.message.contains("at least 1") == true)
    }
}
