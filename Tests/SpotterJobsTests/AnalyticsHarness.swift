import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Synchronization
import Testing

/// A migrated database with the shipped catalog, plus small fixture writers and a way to run a
/// handler directly (no queue), for the profile_stats and inactive_clients tests.
struct AnalyticsHarness {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let connection: DatabaseConnection
    let backend: DatabaseBackend
    let catalog: JobCatalog
    /// The database itself, for tests that open more connections.
    var database: TestDatabase? = nil
    private let nextJobID = Counter()

    /// Runs `body` with a freshly migrated database on `backend`, dropped afterwards.
    static func with(_ backend: DatabaseBackend, _ body: (AnalyticsHarness) async throws -> Void) async throws {
        try await TestDatabase.withConnection(backend) { connection, database in
            let migrator = try Migrator(directory: repository.appendingPathComponent("sql/\(backend.rawValue)"))
            _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
            let catalog = try SpotterHandlers.loadCatalog(directory: repository.appendingPathComponent("jobs"))
            try await body(
                AnalyticsHarness(connection: connection, backend: backend, catalog: catalog, database: database))
        }
    }

    /// Runs `handler` on `payload` as job number n (1, 2, …), with the kind's spec from `jobs/`
    /// (or `spec` when given).
    @discardableResult
    func run(_ handler: any JobHandler, _ payload: String, spec: KindSpec? = nil) async throws -> JobResult {
        let kindSpec = try #require(spec ?? catalog.spec(for: handler.kind))
        let job = Job(id: nextJobID.next(), kind: handler.kind, payload: payload)
        let context = JobContext(
            job: job, spec: kindSpec, catalog: catalog, database: connection, logger: TestDatabase.logger)
        return try await handler.run(context)
    }

    // MARK: Fixtures

    func user(
        _ id: UserID, _ name: String, role: String = "member", zone: String = "UTC", locale: String = "en-US",
        status: String = "active"
    ) async throws {
        try await connection.execute(
            "INSERT INTO spotter.users (id, display_name, role, time_zone, locale, status) VALUES ($1, $2, $3, $4, $5, $6)",
            [SQLValue(id), .text(name), .text(role), .text(zone), .text(locale), .text(status)])
    }

    func session(_ userID: UserID, _ startedAt: String, minutes: Int) async throws {
        try await connection.execute(
            "INSERT INTO spotter.workout_sessions (user_id, started_at, duration_minutes) VALUES ($1, $2, $3)",
            [SQLValue(userID), .timestamp(try instant(startedAt)), .int(Int64(minutes))])
    }

    func link(trainer: UserID, client: UserID, since: String) async throws {
        try await connection.execute(
            "INSERT INTO spotter.trainer_clients (trainer_id, client_id, since) VALUES ($1, $2, $3)",
            [SQLValue(trainer), SQLValue(client), .timestamp(try instant(since))])
    }

    /// A conversation owned by `owner`, with `trainer` as counterpart (nil: the assistant).
    func conversation(_ id: ConversationID, owner: UserID, trainer: UserID?) async throws {
        try await connection.execute(
            "INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES ($1, $2, $3, $4)",
            [
                SQLValue(id), SQLValue(owner), trainer.map(SQLValue.init) ?? .null,
                .text(trainer == nil ? "assistant" : "trainer"),
            ])
    }

    func message(
        _ id: MessageID, conversation: ConversationID, sender: UserID, _ sentAt: String, deletedAt: String? = nil
    )
        async throws
    {
        try await connection.execute(
            "INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at, deleted_at) VALUES ($1, $2, $3, $4, $5, $6)",
            [
                SQLValue(id), SQLValue(conversation), SQLValue(sender), .text("message \(id)"),
                .timestamp(try instant(sentAt)),
                try deletedAt.map { .timestamp(try instant($0)) } ?? .null,
            ])
    }

    /// `result_errors` rows of `kind`: subject → reason.
    func resultErrors(_ kind: String) async throws -> [Int64: String] {
        let rows = try await connection.query(
            "SELECT subject_id, reason, detail FROM spotter.result_errors WHERE kind = $1", [.text(kind)])
        var errors: [Int64: String] = [:]
        for row in rows {
            #expect(try !row.string("detail").isEmpty)
            errors[try row.int64("subject_id")] = try row.string("reason")
        }
        return errors
    }
}

/// Parses an ISO 8601 instant of a fixture, failing the test on a typo.
func instant(_ text: String) throws -> Date {
    try #require(ISO8601Instant.parse(text), "bad fixture instant \(text)")
}

/// A job-id counter shared by copies of a harness.
private final class Counter: Sendable {
    private let value = Mutex(Int64(0))

    func next() -> Int64 {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
