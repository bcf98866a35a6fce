import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// `FactSearch` (spotter.search_facts on PostgreSQL, FTS5 on SQLite): ranking, trainer scoping,
/// deleted sources, superseded facts below current ones.
@Suite("fact search")
struct FactSearchTests {
    @Test("What did John say about his knee? His knee facts first, the current one above the superseded one")
    func kneeRanking() async throws {
        for world in try await SearchWorld.all() {
            defer { Task { await world.close() } }
            let hits = try await world.search(1, "What did John say about his knee?")
            let ids = hits.map(\.factID)
            #expect(
                ids == [world.ids["kneeNow"]!, world.ids["kneeOld"]!, world.ids["marathon"]!],
                "\(world.database): \(hits.map(\.content))")
            #expect(hits.first?.isCurrent == true && hits.dropFirst().first?.isCurrent == false)
            let old = try #require(hits.first { $0.factID == world.ids["kneeOld"] })
            #expect(old.validTo != nil && old.supersededBy == world.ids["kneeNow"], "\(world.database)")
            #expect(old.sources.map(\.text) == ["My left knee hurts when I run, it's been bad all week"])
            #expect(old.category == "health" && old.temporal == "current" && old.name == "John Reed")
            #expect(old.firstMentionedAt == SearchWorld.at(1) && old.validFrom == SearchWorld.at(1))
            // The trainer's own message in John's conversation is never quoted.
            #expect(!hits.flatMap(\.sources).contains { $0.text.contains("Tom here") })
            // Stemming: "knees" and "running" find the same facts.
            let stems = try await world.search(1, "knees running")
            #expect(stems.first?.factID == world.ids["kneeOld"], "\(world.database): \(stems.map(\.content))")
            // Paging: the second page starts where the first ended.
            let page = try await world.search(1, "knee", limit: 1, offset: 1)
            #expect(page.map(\.factID) == [world.ids["kneeOld"]!], "\(world.database)")
            // Nothing but question words: no hits, no error.
            #expect(try await world.search(1, "What did he say?").isEmpty)
        }
    }

    @Test("a trainer searches all of their clients, never another trainer's")
    func trainerScope() async throws {
        for world in try await SearchWorld.all() {
            defer { Task { await world.close() } }
            let tom = try await world.search(2, "Who mentioned a shoulder injury?")
            #expect(tom.map(\.factID) == [world.ids["benShoulder"]!], "\(world.database): \(tom.map(\.content))")
            #expect(tom.first?.sources.first?.text == "I hurt my shoulder climbing, a real injury")
            let rita = try await world.search(4, "Who mentioned a shoulder injury?")
            #expect(rita.map(\.factID) == [world.ids["eveShoulder"]!], "\(world.database)")
            // Tom's knee question covers John, not Max (a member with no trainer).
            let knees = try await world.search(2, "knee")
            #expect(Set(knees.map(\.userID)) == [1], "\(world.database)")
            // One client only.
            #expect(try await world.search(2, "knee shoulder", client: 3).allSatisfy { $0.userID == 3 })
            // Another trainer's client, or anyone else for a member: refused, naming the problem.
            for (viewer, client) in [(UserID(2), UserID(5)), (4, 1), (6, 1), (1, 3)] {
                do {
                    _ = try await world.search(viewer, "shoulder", client: client)
                    Issue.record("\(world.database): \(viewer) read about \(client)")
                } catch let error as ReadScopeError {
                    #expect(error.code == .outOfScope && error.message.contains("\(client)"), "\(error)")
                }
            }
            // A client's own search never reaches another client of the same trainer.
            #expect(try await world.search(1, "shoulder").isEmpty, "\(world.database)")
            await #expect(throws: ReadScopeError.self) { try await world.search(99, "knee") }
            await #expect(throws: ReadScopeError.self) { try await world.search(1, "knee", limit: 1_000_000) }
        }
    }

    @Test("deleted messages never match nor appear; a fact only they support is not found")
    func deletedSources() async throws {
        for world in try await SearchWorld.all() {
            defer { Task { await world.close() } }
            let sore = try await world.search(3, "sore shoulder")
            #expect(!sore.contains { $0.factID == world.ids["benSore"] }, "\(world.database): \(sore.map(\.content))")
            #expect(try await world.search(3, "zebra towel").isEmpty, "\(world.database)")
            let swim = try await world.search(3, "swim")
            #expect(swim.map(\.factID) == [world.ids["benSwim"]!], "\(world.database)")
            #expect(swim.first?.sources.map(\.messageID) == [303], "\(world.database)")
            // Deleting the knee message now hides the superseded fact it alone supported.
            try await world.connection.execute(
                "UPDATE spotter.messages SET deleted_at = $1 WHERE id = 101", [.timestamp(SearchWorld.at(20))])
            let knee = try await world.search(2, "knee", client: 1)
            #expect(!knee.contains { $0.factID == world.ids["kneeOld"] }, "\(world.database)")
            try await world.connection.execute("DELETE FROM spotter.messages WHERE id = 102")
            let after = try await world.search(2, "knee", client: 1)
            #expect(after.map(\.factID) == [world.ids["marathon"]!], "\(world.database): \(after.map(\.content))")
        }
    }

    @Test("superseded below current whatever their mention dates")
    func supersededBelowCurrent() async throws {
        for world in try await SearchWorld.all() {
            defer { Task { await world.close() } }
            // Make the superseded fact the most recently mentioned: it still ranks below.
            try await world.connection.execute(
                "UPDATE spotter.facts SET last_mentioned_at = $1 WHERE id = $2",
                [.timestamp(SearchWorld.at(30)), .int(world.ids["kneeOld"]!)])
            let hits = try await world.search(1, "knee")
            #expect(Array(hits.map(\.factID).prefix(2)) == [world.ids["kneeNow"]!, world.ids["kneeOld"]!])
        }
    }

    @Test("spotter facts search prints ranked hits with quotes; an out-of-scope client exits 1")
    func command() async throws {
        for world in try await SearchWorld.all() {
            defer { Task { await world.close() } }
            let database = world.database.databaseArgument
            let text = try await SpotterCommand.run(
                ["facts", "search", "1", "What did John say about his knee?", "--database", database])
            #expect(text.status == 0, "\(text)")
            let lines = text.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("1. John Reed (user 1): Knee feels fine now") == true, "\(text)")
            #expect(
                text.stdout.contains("superseded") && text.stdout.contains("> \"Good news: my knee feels fine now!\""))
            let json = try await SpotterCommand.run(
                ["facts", "search", "2", "shoulder injury", "--json", "--limit", "5", "--database", database])
            #expect(json.status == 0, "\(json)")
            let hits = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(hits.count == 1 && hits.first?["user_id"] as? Int == 3, "\(json)")
            let refused = try await SpotterCommand.run(
                ["facts", "search", "2", "shoulder", "--client", "5", "--database", database])
            #expect(
                refused.status == 1 && refused.stderr.contains("user 5 is not one of trainer 2's clients"), "\(refused)"
            )
        }
    }
}
