import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// Issue 31 part 2: on demand, a kind declared `after: [extract_facts]` reads the facts that the
/// earlier (or same-instant) facts jobs of its people write.
@Suite("On-demand order: facts before suggestions")
struct OnDemandOrderTests {
    @Test(
        "extract_facts and daily_suggestion enqueued at once: the suggestion reads the fact from the message",
        arguments: DatabaseBackend.allCases)
    func sameInstant(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            // Twins: bodyweight beginners for whom Legs Day (102) is next. Only 26 wrote, yesterday,
            // that the knee hurts; 27 wrote about something else. No fact is extracted yet.
            for (user, body) in [(26, "my left knee hurts when I run"), (27, "I love running in the park")] {
                let id = UserID(Int64(user))
                try await harness.user(id)
                try await harness.profile(id, goal: "general_fitness", level: "beginner", equipment: [], minutes: 45)
                try await harness.session(id, workout: 101, daysAgo: 3)
                try await harness.connection.execute(
                    "INSERT INTO spotter.conversations (id, user_id, kind) VALUES ($1, $2, 'assistant')",
                    [.int(Int64(user * 10)), .int(Int64(user))])
                try await harness.connection.execute(
                    "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at) VALUES ($1, $2, $3, $4, $5)",
                    [
                        .int(Int64(user * 100)), .int(Int64(user * 10)), .int(Int64(user)), .text(body),
                        .timestamp(RecommendationHarness.instant(daysAgo: 1)),
                    ])
            }
            // One enqueue (one statement on PostgreSQL, one instant on SQLite), the suggestions
            // first and claimed first (priority −10; one slot below), so without the order they
            // would run before the facts; the facts jobs name the user by user_ids and by conversation.
            let asOf = RecommendationHarness.asOf
            let ids = try await harness.connection.withSession { session in
                try JobQueue(catalog: harness.catalog).enqueue(
                    [
                        EnqueueRequest(
                            kind: "daily_suggestion", payload: #"{"as_of": "\#(asOf)", "user_id": 26}"#, priority: -10),
                        EnqueueRequest(
                            kind: "daily_suggestion", payload: #"{"as_of": "\#(asOf)", "user_id": 27}"#, priority: -10),
                        EnqueueRequest(kind: "extract_facts", payload: #"{"user_ids": [26]}"#),
                        EnqueueRequest(kind: "extract_facts", payload: #"{"conversation_id": 270}"#),
                    ], in: session
                ).map(\.id)
            }
            // Before any facts job has run, both suggestions would wait for their person's.
            for id in ids.prefix(2) {
                let context = try await Self.context(of: id, harness)
                await #expect(throws: JobSnooze.self) {
                    try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) }
                }
            }
            try await Self.drain(harness, slots: 1)
            let injured = try #require(try await harness.suggestions(26).first)
            #expect(injured.workout != 102, "Legs Day loads the knee: \(injured)")
            #expect(
                injured.reasons.contains("left knee pain mentioned on 20 Nov: no lower-body work today"),
                "\(injured.reasons)")
            let twin = try #require(try await harness.suggestions(27).first)
            #expect(twin.workout == 102, "\(twin)")
            // Snoozes use no attempt: every job succeeded on its first.
            let rows = try await harness.connection.query(
                "SELECT state, attempt FROM spotter.jobs WHERE id IN (\(ids.map(String.init).joined(separator: ", ")))")
            for row in rows {
                #expect(try row.string("state") == "succeeded")
                #expect(try row.int("attempt") == 1)
            }
        }
    }

    @Test(
        "an on-demand job waits only for earlier live jobs of its after: kinds that concern its people",
        arguments: DatabaseBackend.allCases)
    func whoWaits(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            for user: UserID in [30, 31] { try await harness.user(user) }
            try await harness.connection.execute(
                "INSERT INTO spotter.conversations (id, user_id, kind) VALUES (300, 30, 'assistant'), (310, 31, 'assistant')"
            )
            /// Enqueues `facts` (extract_facts payloads) then, a moment later, `waiter` (a
            /// daily_suggestion payload); the number of facts jobs the waiter snoozes for (0: none).
            func waits(_ waiter: String, for facts: [String], factsLater: Bool = false) async throws -> Int {
                try await harness.connection.execute("DELETE FROM spotter.jobs")
                func enqueue(_ kind: String, _ payloads: [String]) async throws -> [Int64] {
                    try await harness.connection.withSession { session in
                        try JobQueue(catalog: harness.catalog).enqueue(
                            payloads.map { EnqueueRequest(kind: kind, payload: $0) }, in: session
                        ).map(\.id)
                    }
                }
                if !factsLater { _ = try await enqueue("extract_facts", facts) }
                try await Task.sleep(for: .milliseconds(20))
                let id = try await enqueue("daily_suggestion", [waiter])[0]
                if factsLater {
                    try await Task.sleep(for: .milliseconds(20))
                    _ = try await enqueue("extract_facts", facts)
                }
                let context = try await Self.context(of: id, harness)
                do {
                    return try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) }
                } catch let snooze as JobSnooze {
                    let count = snooze.reason.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
                    return try #require(count, "\(snooze.reason)")
                }
            }
            let user30 = #"{"user_id": 30}"#
            #expect(try await waits(user30, for: [#"{"user_id": 31}"#, #"{"conversation_id": 310}"#]) == 0)
            #expect(try await waits(user30, for: [#"{"user_id": 30}"#]) == 1)
            #expect(try await waits(user30, for: [#"{"user_ids": [31, 30]}"#, #"{"user_ids": ["30"]}"#]) == 2)
            #expect(try await waits(user30, for: [#"{"conversation_id": 300}"#, #"{"conversation_id": "300"}"#]) == 2)
            // A facts job that names nobody (a zone, a nightly shard) may write anyone's facts.
            #expect(try await waits(user30, for: [#"{"time_zone": "UTC"}"#]) == 1)
            // Facts enqueued after the suggestion are not waited for.
            #expect(try await waits(user30, for: [#"{"user_id": 30}"#], factsLater: true) == 0)
            // A suggestion naming users by list or a conversation's owner.
            #expect(try await waits(#"{"user_ids": [31, 30]}"#, for: [#"{"conversation_id": 300}"#]) == 1)
            // A whole-zone suggestion waits for every earlier facts job.
            #expect(try await waits(#"{"time_zone": "UTC"}"#, for: [#"{"user_id": 31}"#, #"{"user_id": 30}"#]) == 2)
            // Ended facts jobs (succeeded, dead, cancelled) are not waited for.
            _ = try await waits(user30, for: [#"{"user_id": 30}"#, #"{"user_ids": [30]}"#, #"{"user_id": 30}"#])
            try await harness.connection.execute(
                "UPDATE spotter.jobs SET state = 'dead', finished_at = created_at WHERE kind = 'extract_facts'")
            let waiter = try await harness.connection.query(
                "SELECT id FROM spotter.jobs WHERE kind = 'daily_suggestion'"
            ).first!.int64("id")
            let context = try await Self.context(of: waiter, harness)
            #expect(try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) } == 0)
        }
    }

    @Test("past after_wait, an on-demand job stops waiting and runs", arguments: DatabaseBackend.allCases)
    func limit(backend: DatabaseBackend) async throws {
        try await RecommendationHarness.with(backend) { harness in
            try await harness.user(32)
            let ids = try await harness.connection.withSession { session in
                try JobQueue(catalog: harness.catalog).enqueue(
                    [
                        EnqueueRequest(kind: "extract_facts", payload: #"{"user_id": 32}"#),
                        EnqueueRequest(kind: "daily_suggestion", payload: #"{"user_id": 32}"#),
                    ], in: session
                ).map(\.id)
            }
            let waiting = try await Self.context(of: ids[1], harness)
            await #expect(throws: JobSnooze.self) {
                try await harness.connection.withSession { try waiting.awaitKindsBefore(in: $0) }
            }
            var past = waiting
            past.spec.afterWait = .milliseconds(1)
            try await Task.sleep(for: .milliseconds(20))
            let context = past
            #expect(try await harness.connection.withSession { try context.awaitKindsBefore(in: $0) } == 1)
        }
    }

    /// The context of job `id` as a worker would build it (from the job's row).
    static func context(of id: Int64, _ harness: RecommendationHarness) async throws -> JobContext {
        let job = try await harness.connection.withSession { session in
            let row = try #require(
                try session.query(
                    "SELECT kind, \(jsonText: "payload") AS payload, unique_key FROM spotter.jobs WHERE id = \(bind: id)"
                ).first)
            return Job(
                id: id, kind: try row.string("kind"), payload: try row.string("payload"),
                uniqueKey: try row.optionalString("unique_key"))
        }
        let kind = job.kind
        return JobContext(
            job: job, spec: try #require(harness.catalog.spec(for: kind)), catalog: harness.catalog,
            database: harness.connection, logger: TestDatabase.logger)
    }

    /// Runs a worker with `slots` slots until no job is live.
    static func drain(_ harness: RecommendationHarness, slots: Int) async throws {
        let worker = Worker(
            configuration: WorkerConfiguration(
                database: harness.connection.configuration, catalog: harness.catalog, concurrency: slots,
                untilEmpty: true),
            catalog: harness.catalog, registry: SpotterHandlers.registry(), logger: TestDatabase.logger)
        try await worker.run()
        let live = try await harness.connection.query(
            "SELECT count(*) AS n FROM spotter.jobs WHERE state IN ('available', 'running', 'retryable')")
        #expect(try live.first?.int("n") == 0)
    }
}
