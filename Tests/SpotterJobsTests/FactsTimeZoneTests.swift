import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import Testing

/// Relative dates in facts resolve on the author's calendar (issue 12): the job reads each
/// owner's `time_zone` with their messages.
@Suite("Facts: relative dates in the author's zone", .serialized)
struct FactsTimeZoneTests {
    @Test("\"yesterday\" is the day before the message's local date, per author, on both backends")
    func yesterdayPerZone() async throws {
        for world in try await FactsWorld.all() {
            defer { Task { await world.close() } }
            // Minute 0 is 2026-09-21 14:13 UTC, already 22 September 02:13 in Auckland.
            try await world.connection.execute(
                "UPDATE spotter.users SET time_zone = 'Pacific/Auckland' WHERE id = 1")
            try await world.say(1001, in: 10, from: 1, "I tweaked my back yesterday", minute: 0)
            try await world.say(3001, in: 30, from: 3, "I tweaked my back yesterday", minute: 0)
            try await world.run(.owners(UserSelection(ids: [1, 3])))
            let ana = try await world.facts(of: 1).map(\.content)
            let ben = try await world.facts(of: 3).map(\.content)
            #expect(ana == ["Tweaked their back on 21 September 2026"], "\(world.backend)")
            #expect(ben == ["Tweaked their back on 20 September 2026"], "\(world.backend)")
        }
    }
}
