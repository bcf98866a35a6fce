import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// Watermarks, idempotence, overlapping jobs, rounds, payloads.
@Suite("extract_facts incremental and idempotent")
struct FactsIncrementalTests {
    /// A short conversation for user 1 with a merge, a supersede and a few facts.
    static func writeAnaConversation(_ world: FactsWorld) async throws {
        let lines = [
            "My left knee hurts when I run.", "I love yoga.", "My wife is vegan.", "I'm training for a marathon.",
            "my left knee hurts", "I hate burpees.", "I'm vegetarian.", "I eat meat again.", "I work as a nurse.",
            "I have two kids.",
        ]
        for (index, line) in lines.enumerated() {
            try await world.say(MessageID(1001 + Int64(index)), in: 10, from: 1, line, minute: index * 10)
            try await world.say(
                MessageID(5001 + Int64(index)), in: 10, from: 2, "Noted: \(line)", minute: index * 10 + 1)
        }
    }

    @Test("the watermark makes runs incremental; a rerun changes nothing")
    func watermark() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            let first = try await world.runAna()
            #expect(first.messages == 1 && first.inserted == 1, "\(world.backend): \(first)")
            try await world.say(1002, in: 10, from: 2, "Great!", minute: 1)
            try await world.say(1003, in: 10, from: 1, "I hate burpees.", minute: 2)
            let second = try await world.runAna()
            #expect(
                second.messages == 2 && second.utterances == 1 && second.inserted == 1, "\(world.backend): \(second)")
            let before = try await world.snapshot(of: 1)
            let third = try await world.runAna()
            #expect(third.messages == 0 && third.inserted == 0 && third.rounds == 0)
            #expect(try await world.snapshot(of: 1) == before)
            let mark = try await world.connection.query(
                "SELECT last_message_id FROM spotter.fact_watermarks WHERE conversation_id = '10'")
            #expect(try mark.first?.int64("last_message_id") == 1003)
        }
    }

    @Test("the same conversation processed twice (watermark reset) yields the same facts")
    func processedTwice() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await Self.writeAnaConversation(world)
            try await world.run(.conversation(10))
            let once = try await world.snapshot(of: 1)
            #expect(once.count >= 8, "\(world.backend): \(once)")
            try await world.connection.execute("DELETE FROM spotter.fact_watermarks")
            let again = try await world.run(.conversation(10))
            #expect(again.messages == 20 && again.inserted == 0 && again.rementioned == 0 && again.superseded == 0)
            #expect(try await world.snapshot(of: 1) == once, "\(world.backend)")
        }
    }

    @Test("two overlapping jobs at once yield the facts of one")
    func overlappingJobs() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await Self.writeAnaConversation(world)
            let other = try await world.database.connect()
            let slow = FactsPipeline(extractor: SlowRulesExtractor())
            async let a = slow.run(.conversation(10), on: world.connection, logger: TestDatabase.logger)
            async let b = slow.run(.owners(UserSelection(ids: [1])), on: other, logger: TestDatabase.logger)
            let (first, second) = try await (a, b)
            await other.close()
            #expect(first.messages == 20 && second.messages == 20, "both loaded the backlog: \(first) \(second)")
            let overlapped = try await world.snapshot(of: 1)
            // Reference: the same conversation, processed once from scratch.
            try await world.connection.execute("DELETE FROM spotter.facts")
            try await world.connection.execute("DELETE FROM spotter.fact_watermarks")
            try await world.run(.conversation(10))
            #expect(overlapped == (try await world.snapshot(of: 1)), "\(world.backend)")
        }
    }

    @Test("a backlog read in several small rounds yields the facts of one round")
    func rounds() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await Self.writeAnaConversation(world)
            try await world.say(1101, in: 11, from: 1, "I love yoga.", minute: 500)
            let report = try await world.run(.owners(UserSelection(ids: [1])), pipeline: FactsPipeline(roundSize: 3))
            #expect(report.rounds == 7 && report.messages == 21, "\(world.backend): \(report)")
            let small = try await world.snapshot(of: 1)
            try await world.connection.execute("DELETE FROM spotter.facts")
            try await world.connection.execute("DELETE FROM spotter.fact_watermarks")
            try await world.runAna()
            #expect(small == (try await world.snapshot(of: 1)), "\(world.backend)")
        }
    }

    @Test("the handler: payloads that cannot work go dead with a clear message; a shard payload runs")
    func handlerPayloads() async throws {
        let catalog = try JobCatalog.load(directory: SpotterCommand.repositoryRoot.appendingPathComponent("jobs"))
        let spec = try #require(catalog.spec(for: "extract_facts"))
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            try await world.say(1001, in: 10, from: 1, "I love yoga.", minute: 0)
            func run(_ payload: String) async throws -> JobResult {
                let job = Job(id: 1, kind: "extract_facts", payload: payload)
                let context = JobContext(
                    job: job, spec: spec, catalog: catalog, database: world.connection, logger: TestDatabase.logger)
                return try await ExtractFactsHandler().run(context)
            }
            for (payload, message) in [
                ("{}", "payload selects nobody"), (#"{"conversation_id": 999}"#, "unknown conversation 999"),
                (#"{"user_id": 77}"#, "unknown user 77"), (#"{"conversation_id": "x"}"#, "unknown conversation x"),
                (#"{"conversation_id": ""}"#, "invalid payload for extract_facts"),
            ] {
                let error = await #expect(throws: JobError.self) { try await run(payload) }
                #expect(
                    error?.isPermanent == true && error?.message.contains(message) == true,
                    "\(payload): \(String(describing: error))")
            }
            let result = try await run(
                #"{"time_zone": "UTC", "from_user_id": 1, "to_user_id": 3, "local_date": "2026-09-21", "as_of": "2026-09-21T00:15:00Z"}"#
            )
            #expect(result.counts["facts_inserted"] == 1 && result.counts["users"] == 1, "\(result)")
            #expect(SpotterHandlers.registry().handler(for: "extract_facts") != nil)
        }
    }
}
