import Foundation
import SpotterDB
import SpotterQueue
import SpotterTestSupport
import Testing

@Suite("Enqueue: validation, unique keys, batches, priority and run_at")
struct EnqueueTests {
    @Test("JobQueue.enqueue rejects bad requests before writing anything", arguments: DatabaseBackend.allCases)
    func rejectsBadRequests(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture async throws in
            let bigPayload = "{\"blob\": \"" + String(repeating: "x", count: 2_000_000) + "\"}"
            let cases: [(EnqueueRequest, String)] = [
                (EnqueueRequest(kind: "noop", payload: "not json"), "not a JSON object"),
                (EnqueueRequest(kind: "noop", payload: "[1, 2]"), "not a JSON object"),
                (EnqueueRequest(kind: "noop", payload: bigPayload), "the limit is 1 MiB"),
                (EnqueueRequest(kind: "noop", priority: -5000), "outside -1000…1000"),
                (EnqueueRequest(kind: "noop", priority: 1001), "outside -1000…1000"),
                (EnqueueRequest(kind: "noop", maxAttempts: 0), "max_attempts 0"),
                (EnqueueRequest(kind: ""), "kind must be"),
                (EnqueueRequest(kind: "noop", uniqueKey: ""), "unique key"),
            ]
            for (request, message) in cases {
                // A valid request in the same batch is not written either.
                let error = await #expect(throws: QueueError.self) {
                    try await fixture.enqueue([EnqueueRequest(kind: "noop"), request])
                }
                #expect(error?.code == .invalidRequest)
                #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 0)
        }
    }

    @Test("bad input through SQL: the database refuses it with a clear error", arguments: DatabaseBackend.allCases)
    func sqlRejectsBadInput(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture async throws in
            func failure(_ sql: String) async -> DatabaseError? {
                await #expect(throws: DatabaseError.self) { try await fixture.session { try $0.execute(sql) } }
            }
            let blob =
                backend == .postgres
                ? "jsonb_build_object('blob', repeat('x', 2000000))"
                : "json_object('blob', printf('%.*c', 2000000, 'x'))"
            if backend == .postgres {
                let invalid = await failure("SELECT spotter.enqueue('noop', 'not json')")
                #expect(invalid?.sqlState == "22P02")
                let array = await failure("SELECT spotter.enqueue('noop', '[1, 2]')")
                #expect(array?.sqlState == "22023")
                #expect(array?.message.contains("payload must be a JSON object, got array") == true)
                let big = await failure("SELECT spotter.enqueue('noop', \(blob))")
                #expect(big?.sqlState == "54000")
                #expect(big?.message.contains("the limit is 1 MiB") == true)
                let priority = await failure("SELECT spotter.enqueue('noop', '{}', now(), -5000)")
                #expect(priority?.code == .constraintViolation)
                let empty = await failure("SELECT spotter.enqueue('')")
                #expect(empty?.sqlState == "22023")
                // A bulk insert that ignores the functions hits the same table constraints.
                let direct = await failure("INSERT INTO spotter.jobs (kind, payload) VALUES ('noop', \(blob))")
                #expect(direct?.code == .constraintViolation)
            } else {
                for sql in [
                    "INSERT INTO jobs (kind, payload) VALUES ('noop', 'not json')",
                    "INSERT INTO jobs (kind, payload) VALUES ('noop', '[1, 2]')",
                    "INSERT INTO jobs (kind, payload) VALUES ('noop', \(blob))",
                    "INSERT INTO jobs (kind, priority) VALUES ('noop', -5000)",
                    "INSERT INTO jobs (kind, run_at) VALUES ('noop', '2026-01-01 00:00:00')",
                ] {
                    let error = await failure(sql)
                    #expect(error?.code == .constraintViolation, "\(sql): \(String(describing: error))")
                }
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 0)
        }
    }

    @Test("8 connections enqueue one unique key at once: one job", arguments: DatabaseBackend.allCases)
    func uniqueKeyUnderConcurrency(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let connections = try await withThrowingTaskGroup(of: DatabaseConnection.self) { group in
                for _ in 0..<8 { group.addTask { try await fixture.connect() } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let queue = fixture.queue
            for round in 0..<10 {
                let key = "report:\(round)"
                // Half go through JobQueue.enqueue, half through the SQL function (PostgreSQL).
                let results = try await withThrowingTaskGroup(of: (Int64, Bool).self) { group in
                    for (index, connection) in connections.enumerated() {
                        group.addTask {
                            if backend == .postgres && index % 2 == 1 {
                                let rows = try await connection.query(
                                    "SELECT spotter.enqueue('noop', '{}', now(), NULL, $1) AS id", [.text(key)])
                                return (try rows[0].int64("id"), false)
                            }
                            let result = try await connection.withSession {
                                try queue.enqueue([EnqueueRequest(kind: "noop", uniqueKey: key)], in: $0)
                            }
                            return (result[0].id, !result[0].duplicate)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(Set(results.map(\.0)).count == 1, "round \(round): ids \(results.map(\.0))")
                #expect(results.filter(\.1).count <= 1)
                #expect(
                    try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE unique_key = $1", [.text(key)])
                        == 1)
            }
            for connection in connections { await connection.close() }
        }
    }

    @Test(
        "a batch keeps input order; duplicates within it and of live jobs return the live job",
        arguments: DatabaseBackend.allCases)
    func batchWithDuplicates(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let first = try await fixture.enqueue([EnqueueRequest(kind: "noop", uniqueKey: "a")])[0]
            let results = try await fixture.enqueue([
                EnqueueRequest(kind: "noop", payload: "{\"n\": 1}"),
                EnqueueRequest(kind: "noop", uniqueKey: "a"),
                EnqueueRequest(kind: "sleep", payload: "{\"n\": 2}", uniqueKey: "b"),
                EnqueueRequest(kind: "noop", payload: "{\"n\": 3}", uniqueKey: "b"),
                EnqueueRequest(kind: "probe", payload: "{\"n\": 4}"),
            ])
            #expect(results.map(\.duplicate) == [false, true, false, true, false])
            #expect(results[1].id == first.id)
            #expect(results[3].id == results[2].id)
            #expect(results[0].id < results[2].id && results[2].id < results[4].id)
            let kinds = try await fixture.session { session in
                try session.query("SELECT id, kind FROM spotter.jobs ORDER BY id").map { try $0.string("kind") }
            }
            #expect(kinds == ["noop", "noop", "sleep", "probe"])
            // Once the live job finished, the key is free again.
            let queue = fixture.queue
            let claimed = try await fixture.session { session in
                try queue.claim(limit: 10, owner: "w", lease: .seconds(30), in: session)
            }
            let ackA = try #require(claimed.first { $0.uniqueKey == "a" })
            _ = try await fixture.session { session in
                try queue.acknowledge(
                    [JobAck(ackA, outcome: .succeeded(result: "{}"))], owner: "w",
                    in: session)
            }
            let again = try await fixture.enqueue([EnqueueRequest(kind: "noop", uniqueKey: "a")])[0]
            #expect(!again.duplicate && again.id != first.id)
        }
    }

    @Test("spotter.enqueue_many: one id per element in order; catalog defaults apply")
    func enqueueMany() async throws {
        try await QueueFixture.with(
            .postgres,
            TestCatalog(
                extraKinds: "  urgent:\n    description: x\n    priority: -7\n    max_attempts: 9\n    queue: fast")
        ) { fixture in
            let ids = try await fixture.session { session in
                try session.query(
                    """
                    SELECT * FROM spotter.enqueue_many(ARRAY['noop', 'urgent', 'noop'],
                        ARRAY['{"a": 1}', NULL, '{"a": 3}']::jsonb[], NULL, NULL, ARRAY[NULL, NULL, 'k'])
                    """
                ).map { try $0.int64(at: 0) }
            }
            #expect(ids.count == 3 && ids == ids.sorted())
            let urgent = try await fixture.job(ids[1])
            #expect(urgent.priority == -7 && urgent.maxAttempts == 9)
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs WHERE queue = 'fast'") == 1)
            let again = try await fixture.session { session in
                try session.query("SELECT * FROM spotter.enqueue_many(ARRAY['noop'], NULL, NULL, NULL, ARRAY['k'])")
                    .map { try $0.int64(at: 0) }
            }
            #expect(again == [ids[2]])
        }
    }

    @Test("spotter.enqueue_many in one statement: keys repeated in the batch or already live share one job")
    func enqueueManyKeys() async throws {
        try await QueueFixture.with(.postgres) { fixture async throws in
            let ids = { (sql: String) in
                try await fixture.session { session in try session.query(sql).map { try $0.int64(at: 0) } }
            }
            let live = try #require(try await ids("SELECT spotter.enqueue('noop', '{}', now(), NULL, 'live')").first)
            let finished = try #require(
                try await ids("SELECT spotter.enqueue('noop', '{}', now(), NULL, 'done')").first)
            _ = try await fixture.scalar(
                "UPDATE spotter.jobs SET state = 'succeeded', finished_at = now() WHERE id = $1 RETURNING 1",
                [.int(finished)])
            let batch = try await ids(
                """
                SELECT * FROM spotter.enqueue_many(ARRAY['noop', 'noop', 'noop', 'noop', 'noop', 'noop'],
                    ARRAY['{"n": 1}', '{"n": 2}', '{"n": 3}', '{"n": 4}', '{"n": 5}', '{"n": 6}']::jsonb[],
                    NULL, NULL, ARRAY[NULL, 'a', 'a', 'live', NULL, 'done'])
                """)
            #expect(batch.count == 6)
            #expect(batch[1] == batch[2], "a key repeated in the batch is one job")
            #expect(batch[3] == live, "a live key returns its job")
            #expect(Set([batch[0], batch[1], batch[4], batch[5]]).count == 4 && batch[5] != finished)
            #expect([batch[0], batch[1], batch[4], batch[5]] == [batch[0], batch[1], batch[4], batch[5]].sorted())
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 6)
            // Each new job carries its own element's payload.
            for (index, n) in [(0, 1), (1, 2), (4, 5), (5, 6)] {
                #expect(
                    try await fixture.scalar(
                        "SELECT (payload->>'n')::int FROM spotter.jobs WHERE id = $1", [.int(batch[index])])
                        == n)
            }
            #expect(try await ids("SELECT * FROM spotter.enqueue_many(ARRAY[]::text[])").isEmpty)
        }
    }

    @Test("spotter.enqueue_many names the bad element and writes nothing")
    func enqueueManyRejects() async throws {
        try await QueueFixture.with(.postgres) { fixture async throws in
            let cases = [
                ("ARRAY['noop', '', 'noop']", "NULL", "element 2: kind must not be empty"),
                (
                    "ARRAY['noop', 'noop', 'noop']", "ARRAY['{}', NULL, '[1]']::jsonb[]",
                    "element 3: payload must be a JSON object, got array"
                ),
                (
                    "ARRAY['noop', 'noop']", "ARRAY[jsonb_build_object('blob', repeat('x', 1100000))]",
                    "element 1: payload is 1100012 bytes; the limit is 1 MiB"
                ),
            ]
            for (kinds, payloads, message) in cases {
                let error = await #expect(throws: DatabaseError.self) {
                    _ = try await fixture.session { session in
                        try session.query("SELECT * FROM spotter.enqueue_many(\(kinds), \(payloads))")
                    }
                }
                #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
            }
            #expect(try await fixture.scalar("SELECT count(*) FROM spotter.jobs") == 0)
        }
    }

    @Test(
        "negative priority runs first; run_at far past runs, far future is not claimed",
        arguments: DatabaseBackend.allCases)
    func priorityAndRunAt(backend: DatabaseBackend) async throws {
        try await QueueFixture.with(backend) { fixture in
            let normal = try await fixture.enqueue("noop")
            let urgent = try await fixture.enqueue("noop", priority: -5)
            let future = try await fixture.enqueue("noop", runAt: Date(timeIntervalSince1970: 253_402_000_000))  // 9999
            let past = try await fixture.enqueue("noop", runAt: Date(timeIntervalSince1970: 0))
            let lowest = try await fixture.enqueue("noop", priority: 1000)
            let queue = fixture.queue
            let order = try await fixture.session { session in
                (0..<5).flatMap { _ in (try? queue.claim(limit: 1, owner: "w", lease: .seconds(30), in: session)) ?? []
                }
                .map(\.id)
            }
            // Lower priority first; within a priority the oldest run_at first; the future job waits.
            #expect(order == [urgent, past, normal, lowest])
            #expect(try await fixture.job(future).state == "available")
            #expect(try await fixture.job(future).attempt == 0)
        }
    }
}
