import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Each connection is an actor on its own serial queue: blocking C calls made in a session body
/// hold that queue's thread, never one of the cooperative pool's (two threads on this machine).
@Suite("Connection confinement")
struct ConfinementTests {
    @Test("blocking session bodies on four connections run at once and leave the cooperative pool free")
    func blockingOffThePool() async throws {
        try await TestDatabase.withDatabase(.sqlite) { database in
            var connections: [DatabaseConnection] = []
            for _ in 0..<4 { connections.append(try await database.connect()) }
            let (started, starting) = AsyncStream.makeStream(of: Void.self)
            let clock = ContinuousClock()
            let begin = clock.now
            try await withThrowingTaskGroup(of: Void.self) { group in
                for connection in connections {
                    group.addTask {
                        try await connection.withSession { session in
                            _ = try session.query("SELECT 1")
                            starting.yield()
                            usleep(1_000_000)  // a blocking call, as libpq and sqlite3 make
                        }
                    }
                }
                var count = 0
                for await _ in started {
                    count += 1
                    if count == 4 { break }
                }
                // All four bodies block now. Work on the cooperative pool still runs at once.
                let probe = clock.now
                let sums = await withTaskGroup(of: Int.self) { probes in
                    for n in 0..<8 { probes.addTask { (0...n).reduce(0, +) } }
                    return await probes.reduce(0, +)
                }
                #expect(sums == 84)
                #expect(clock.now - probe < .milliseconds(500), "the pool was blocked by session bodies")
                try await group.waitForAll()
            }
            // Four one-second bodies overlapped rather than running two at a time.
            #expect(clock.now - begin < .milliseconds(1_900))
            for connection in connections { await connection.close() }
        }
    }
}
