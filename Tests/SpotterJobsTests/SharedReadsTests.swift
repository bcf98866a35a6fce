import Dispatch
import Foundation
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

@testable import SpotterJobs

/// The single-flight, bounded sharing of one read between jobs of different kinds.
@Suite("Shared reads")
struct SharedReadsTests {
    static let kinds: Set<String> = ["daily", "programs"]

    /// Counts reads and hands out their number.
    final class Reads: Sendable {
        let count = Mutex(0)
        func read(after delay: Double = 0) -> Int {
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            return count.withLock { value in
                value += 1
                return value
            }
        }
        var total: Int { count.withLock { $0 } }
    }

    @Test("a kind that asks while another reads waits for that read instead of reading again")
    func concurrentAsk() async throws {
        let shared = SharedReads<String, Int>(capacity: 4, maxAge: .seconds(60))
        let reads = Reads()
        let outcomes = await withTaskGroup(of: (Int, Bool).self) { group in
            for (kind, delay) in [("daily", 0.0), ("programs", 0.05)] {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                            let outcome = try! shared.value(for: "shard 0", taker: kind, takers: Self.kinds) {
                                reads.read(after: 0.3)
                            }
                            continuation.resume(returning: (outcome.value, outcome.shared))
                        }
                    }
                }
            }
            var all: [(Int, Bool)] = []
            for await outcome in group { all.append(outcome) }
            return all
        }
        #expect(reads.total == 1)
        #expect(outcomes.map(\.0) == [1, 1])
        #expect(outcomes.filter(\.1).count == 1, "exactly one of the two took the other's read")
        #expect(shared.count == 0, "both kinds took it: nothing is held")
    }

    @Test("a kind that waited the longest allowed for another's read reads alone and says so")
    func waitedOut() async throws {
        let shared = SharedReads<String, Int>(capacity: 4, maxAge: .seconds(60), maxWait: .milliseconds(100))
        let reads = Reads()
        let outcomes = await withTaskGroup(of: (String, Bool, Bool).self) { group in
            for (kind, delay, readTime) in [("daily", 0.0, 1.0), ("programs", 0.05, 0.0)] {
                group.addTask {
                    await withCheckedContinuation { continuation in
                        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                            let outcome = try! shared.value(for: "shard 0", taker: kind, takers: Self.kinds) {
                                reads.read(after: readTime)
                            }
                            continuation.resume(returning: (kind, outcome.shared, outcome.waitedOut))
                        }
                    }
                }
            }
            var all: [String: (shared: Bool, waitedOut: Bool)] = [:]
            for await (kind, sharedRead, waitedOut) in group { all[kind] = (sharedRead, waitedOut) }
            return all
        }
        #expect(reads.total == 2, "the waiter read for itself")
        #expect(outcomes["programs"]?.waitedOut == true && outcomes["programs"]?.shared == false)
        #expect(outcomes["daily"]?.waitedOut == false)
    }

    @Test("each kind takes a read once: a rerun reads anew and its read replaces the held one")
    func oncePerKind() throws {
        let shared = SharedReads<String, Int>(capacity: 4, maxAge: .seconds(60))
        let reads = Reads()
        let first = try shared.value(for: "k", taker: "daily", takers: Self.kinds) { reads.read() }
        #expect(first.value == 1 && !first.shared)
        let rerun = try shared.value(for: "k", taker: "daily", takers: Self.kinds) { reads.read() }
        #expect(rerun.value == 2 && !rerun.shared, "the same kind again reads for itself")
        let other = try shared.value(for: "k", taker: "programs", takers: Self.kinds) { reads.read() }
        #expect(other.value == 2 && other.shared, "the other kind takes the newest read")
        #expect(shared.count == 0)
        let alone = try shared.value(for: "solo", taker: "daily", takers: ["daily"]) { reads.read() }
        #expect(!alone.shared && shared.count == 0, "a kind that shares with nobody holds nothing")
    }

    @Test("reads expire after maxAge and at most capacity are held, the oldest dropped first")
    func bounded() throws {
        let shared = SharedReads<Int, Int>(capacity: 2, maxAge: .milliseconds(200))
        let reads = Reads()
        for key in 0..<3 { _ = try shared.value(for: key, taker: "daily", takers: Self.kinds) { reads.read() } }
        #expect(shared.count == 2)
        let newest = try shared.value(for: 2, taker: "programs", takers: Self.kinds) { reads.read() }
        #expect(newest.shared && newest.value == 3)
        let oldest = try shared.value(for: 0, taker: "programs", takers: Self.kinds) { reads.read() }
        #expect(!oldest.shared && oldest.value == 4, "key 0 was evicted: programs read it itself")

        let expiring = SharedReads<Int, Int>(capacity: 2, maxAge: .milliseconds(200))
        _ = try expiring.value(for: 1, taker: "daily", takers: Self.kinds) { reads.read() }
        Thread.sleep(forTimeInterval: 0.3)
        let late = try expiring.value(for: 1, taker: "programs", takers: Self.kinds) { reads.read() }
        #expect(!late.shared && late.value == 6, "the read expired: programs read it itself")
    }

    @Test("a read for anyone is taken by every asker, again and again, until it is maxAge old")
    func anyone() throws {
        let shared = SharedReads<String, Int>(capacity: 2, maxAge: .milliseconds(200))
        let reads = Reads()
        let first = try shared.value(for: "sample") { reads.read() }
        let second = try shared.value(for: "sample") { reads.read() }
        let third = try shared.value(for: "sample") { reads.read() }
        #expect(!first.shared && second.shared && third.shared && third.value == 1 && reads.total == 1)
        Thread.sleep(forTimeInterval: 0.3)
        let late = try shared.value(for: "sample") { reads.read() }
        #expect(!late.shared && late.value == 2)
    }

    struct Broken: Error {}

    @Test("a failed read is thrown to its reader and not shared: a waiting kind reads for itself")
    func failedRead() async throws {
        let shared = SharedReads<String, Int>(capacity: 4, maxAge: .seconds(60))
        let reads = Reads()
        async let failing: Bool = withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    _ = try shared.value(for: "k", taker: "daily", takers: Self.kinds) {
                        Thread.sleep(forTimeInterval: 0.3)
                        throw Broken()
                    }
                    continuation.resume(returning: false)
                } catch {
                    continuation.resume(returning: error is Broken)
                }
            }
        }
        async let waiting: SharedReads<String, Int>.Outcome = withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) {
                continuation.resume(
                    returning: try! shared.value(for: "k", taker: "programs", takers: Self.kinds) { reads.read() })
            }
        }
        let (threw, outcome) = await (failing, waiting)
        #expect(threw)
        #expect(!outcome.shared && outcome.value == 1 && reads.total == 1)
    }
}

@Suite("Recommendation shards sharing their inputs")
struct RecommendationSharingTests {
    static let shard = #"{"time_zone": "UTC", "from_user_id": 1, "to_user_id": 100}"#

    @Test(
        "the two kinds of one zone shard read its inputs once and write what each writes alone",
        arguments: DatabaseBackend.allCases)
    func sharedShard(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            Self.forget(harness)
            let dailyAlone = try await harness.run(DailySuggestionHandler(), Self.shard)
            Self.forget(harness)
            let programsAlone = try await harness.run(ProgramRecommendationsHandler(), Self.shard)
            #expect(dailyAlone.counts["inputs_shared"] == 0 && programsAlone.counts["inputs_shared"] == 0)
            #expect(dailyAlone.counts["users"] == 5, "the UTC members 1, 2, 3, 5, 6")
            let alone = try await Self.results(harness)
            #expect(alone.count > 5)

            Self.forget(harness)
            let programs = try await harness.run(ProgramRecommendationsHandler(), Self.shard)
            let daily = try await harness.run(DailySuggestionHandler(), Self.shard)
            #expect(programs.counts["inputs_shared"] == 0 && daily.counts["inputs_shared"] == 1)
            #expect(try await Self.results(harness) == alone)
            #expect(!Self.held(harness), "both kinds took the read: nothing is held")
        }
    }

    @Test(
        "a kind run again reads anew and sees what changed; on-demand jobs never share",
        arguments: DatabaseBackend.allCases)
    func rerunsAndOnDemand(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.members()
            Self.forget(harness)
            let first = try await harness.run(DailySuggestionHandler(), Self.shard)
            try await harness.user(7)
            let rerun = try await harness.run(DailySuggestionHandler(), Self.shard)
            #expect(first.counts["users"] == 5 && rerun.counts["users"] == 6)
            #expect(rerun.counts["inputs_shared"] == 0)
            let programs = try await harness.run(ProgramRecommendationsHandler(), Self.shard)
            #expect(programs.counts["inputs_shared"] == 1 && programs.counts["users"] == 6, "the newest read")

            let ids = #"{"user_ids": [1, 2, 3]}"#
            let dailyIDs = try await harness.run(DailySuggestionHandler(), ids)
            let programsIDs = try await harness.run(ProgramRecommendationsHandler(), ids)
            #expect(dailyIDs.counts["inputs_shared"] == 0 && programsIDs.counts["inputs_shared"] == 0)
            #expect(!Self.held(harness))
        }
    }

    /// Forgets this test database's held reads (tests may run side by side in one process).
    static func forget(_ harness: RecommendationHarness) {
        let database = harness.connection.configuration.description
        RecommendationShard.sharedInputs.remove { $0.database == database }
    }

    static func held(_ harness: RecommendationHarness) -> Bool {
        let database = harness.connection.configuration.description
        return RecommendationShard.sharedInputs.holds { $0.database == database }
    }

    /// Both kinds' rows without when and by which job, sorted.
    static func results(_ harness: RecommendationHarness) async throws -> [String] {
        var lines: [String] = []
        for table in ["daily_suggestions", "program_recommendations", "result_errors"] {
            for row in try await harness.connection.query("SELECT * FROM spotter.\(table)") {
                lines.append(
                    table + " "
                        + zip(row.columnNames, row.values).filter {
                            !["computed_at", "job_id", "recorded_at"].contains($0.0)
                        }
                        .map { "\($0.0)=\($0.1)" }.joined(separator: " "))
            }
        }
        return lines.sorted()
    }
}
