import Foundation
import Testing

@testable import SpotterQueue

#if canImport(Glibc)
    import Glibc
#endif

/// A worker gives back what its finished jobs freed (``FreedMemory``): freed memory that glibc
/// keeps in a thread's arena, between blocks still in use, is returned to the system.
@Suite("Giving freed memory back")
struct FreedMemoryTests {
    #if canImport(Glibc)
        @Test("memory freed between live blocks on another thread is given back")
        func freedBetweenLiveBlocks() async throws {
            // Another trim in the same process (a worker test's job ending) can give the holes
            // back first, so a few rounds are allowed; a trim that does nothing fails them all.
            var givenBack = false
            for _ in 0..<3 where !givenBack {
                givenBack = await Self.onAThreadOfItsOwn {
                    // 512 blocks of 64 KiB (below glibc's mmap threshold, so in the arena),
                    // touched so they are resident; every other one freed leaves 16 MiB of holes
                    // that free() cannot return (live blocks sit between them).
                    let blocks = (0..<512).map { _ -> UnsafeMutableRawPointer in
                        let block = malloc(64 * 1024)!
                        memset(block, 1, 64 * 1024)
                        return block
                    }
                    for (i, block) in blocks.enumerated() where i % 2 == 0 { free(block) }
                    let given = FreedMemory.giveBackNow()
                    for (i, block) in blocks.enumerated() where i % 2 == 1 { free(block) }
                    return given
                }
            }
            #expect(givenBack)
        }

        @Test("a worker within its resident budget keeps its freed memory; above it, or unread, gives it back")
        func residentBudget() throws {
            let budget = FreedMemory.residentBudget
            #expect(!FreedMemory.holdsMoreThanBudget(budget))
            #expect(FreedMemory.holdsMoreThanBudget(budget + 1))
            #expect(FreedMemory.holdsMoreThanBudget(nil))
            // The resident size read is this process's: at least what this test just touched,
            // at most its peak (VmHWM).
            let block = malloc(32 << 20)!
            defer { free(block) }
            memset(block, 1, 32 << 20)
            let resident = try #require(FreedMemory.residentBytes())
            #expect(resident >= 32 << 20)
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let peakKiB = try #require(
                status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?
                    .split(separator: " ").dropFirst().first.flatMap { Int($0) })
            #expect(resident <= peakKiB * 1024)
        }

        /// Runs `body` on a new thread (its own arena, as a connection's queue has) and returns
        /// its answer.
        private static func onAThreadOfItsOwn(_ body: @escaping @Sendable () -> Bool) async -> Bool {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: body()) }.start()
            }
        }
    #endif
}
