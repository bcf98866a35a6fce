import Foundation
import Logging
import SpotterCatalog
import SpotterDB
import SpotterQueue
import SpotterTestSupport

/// A migrated database (fresh per test), a catalog, and a Spotter home for worker processes,
/// with `spotter.job_probe` created. Use ``with(_:_:_:)`` so it is always dropped.
struct QueueFixture: Sendable {
    /// Where the test's database is.
    let configuration: DatabaseConfiguration
    let home: TestHome
    let catalog: JobCatalog
    let settings: TestCatalog
    private let dropDatabase: @Sendable () async -> Void

    var backend: DatabaseBackend { configuration.backend }
    var queue: JobQueue { JobQueue(catalog: catalog) }
    var logger: Logger { TestDatabase.logger }

    /// The database a `spotter` process takes with `--database`.
    var databaseArgument: String {
        configuration.backend == .postgres ? configuration.conninfo : configuration.path
    }

    /// Runs `body` with a fresh fixture and removes it afterwards, also when `body` throws.
    static func with<T>(
        _ backend: DatabaseBackend, _ settings: TestCatalog = TestCatalog(),
        _ body: (QueueFixture) async throws -> T
    ) async throws -> T {
        let database = try await TestDatabase.make(backend)
        return try await with(database.configuration, drop: { await database.drop() }, settings, body)
    }

    /// Runs `body` with a fixture in the (empty) database `configuration`; `drop` removes it.
    static func with<T>(
        _ configuration: DatabaseConfiguration, drop: @escaping @Sendable () async -> Void,
        _ settings: TestCatalog = TestCatalog(), _ body: (QueueFixture) async throws -> T
    ) async throws -> T {
        let home: TestHome
        do {
            home = try TestHome(kinds: settings.kindsYAML, schedule: settings.schedule)
        } catch {
            await drop()
            throw error
        }
        let fixture: QueueFixture
        do {
            fixture = try await QueueFixture.prepare(configuration, drop: drop, home: home, settings: settings)
        } catch {
            home.remove()
            await drop()
            throw error
        }
        do {
            let result = try await body(fixture)
            await fixture.tearDown()
            return result
        } catch {
            await fixture.tearDown()
            throw error
        }
    }

    /// Runs `body` on each backend in turn (PostgreSQL, then SQLite).
    static func onBoth(_ settings: TestCatalog = TestCatalog(), _ body: (QueueFixture) async throws -> Void)
        async throws
    {
        for backend in [DatabaseBackend.postgres, .sqlite] {
            try await with(backend, settings, body)
        }
    }

    private static func prepare(
        _ configuration: DatabaseConfiguration, drop: @escaping @Sendable () async -> Void, home: TestHome,
        settings: TestCatalog
    ) async throws -> QueueFixture {
        let catalog = try JobCatalog.load(directory: home.jobsDirectory)
        let connection = try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
        do {
            let migrator = try Migrator(
                directory: TestRepository.migrations(postgres: configuration.backend == .postgres))
            _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
            let queue = JobQueue(catalog: catalog)
            try await connection.withSession { session in
                try queue.syncKinds(in: session)
                try session.execute(
                    session.backend == .postgres
                        ? """
                        CREATE TABLE spotter.job_probe (job_id bigint NOT NULL, attempt int NOT NULL,
                                                        worker text NOT NULL, at timestamptz DEFAULT now())
                        """
                        : """
                        CREATE TABLE job_probe (job_id INTEGER NOT NULL, attempt INTEGER NOT NULL, worker TEXT NOT NULL,
                                                at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))
                        """)
            }
            await connection.close()
        } catch {
            await connection.close()
            throw error
        }
        return QueueFixture(
            configuration: configuration, home: home, catalog: catalog, settings: settings, dropDatabase: drop)
    }

    func tearDown() async {
        home.remove()
        await dropDatabase()
    }

    func connect() async throws -> DatabaseConnection {
        try await DatabaseConnection.open(configuration, logger: TestDatabase.logger)
    }

    /// Runs `body` on a new connection, closed afterwards.
    func withConnection<T>(_ body: (DatabaseConnection) async throws -> T) async throws -> T {
        let connection = try await connect()
        do {
            let result = try await body(connection)
            await connection.close()
            return result
        } catch {
            await connection.close()
            throw error
        }
    }

    /// Runs `body` in a session on a new connection.
    func session<T: Sendable>(_ body: @Sendable @escaping (DatabaseSession) throws -> T) async throws -> T {
        try await withConnection { try await $0.withSession(body) }
    }

    /// An integer from a one-row, one-column query (`SELECT count(*) …`).
    func scalar(_ sql: String, _ binds: [SQLValue] = []) async throws -> Int {
        let rows = try await session { try $0.query(sql, binds) }
        guard let row = rows.first else { throw TestDatabaseError("no row from \(sql)") }
        return try row.int(at: 0)
    }

    /// Enqueues through `JobQueue.enqueue`.
    @discardableResult
    func enqueue(_ requests: [EnqueueRequest]) async throws -> [EnqueueResult] {
        let queue = self.queue
        return try await session { try queue.enqueue(requests, in: $0) }
    }

    /// Enqueues one job; returns its id.
    @discardableResult
    func enqueue(_ kind: String, payload: String = "{}", runAt: Date? = nil, priority: Int? = nil) async throws -> Int64
    {
        try await enqueue([EnqueueRequest(kind: kind, payload: payload, runAt: runAt, priority: priority)])[0].id
    }

    /// One job's row.
    func job(_ id: Int64) async throws -> JobRow {
        let rows = try await session { session in
            try session.query(
                """
                SELECT id, kind, state, attempt, max_attempts, priority, last_error, lease_owner, run_at, started_at,
                       finished_at, created_at, cancel_requested, result
                FROM spotter.jobs WHERE id = $1
                """, [.int(id)])
        }
        guard let row = rows.first else { throw TestDatabaseError("no job \(id)") }
        return try JobRow(row)
    }

    /// Job counts per state.
    func states() async throws -> [String: Int] {
        let rows = try await session { try $0.query("SELECT state, count(*) AS n FROM spotter.jobs GROUP BY state") }
        var result: [String: Int] = [:]
        for row in rows { result[try row.string("state")] = try row.int("n") }
        return result
    }

    /// A worker configuration for this database and catalog.
    func workerConfiguration(
        concurrency: Int = 8, untilEmpty: Bool = false, grace: Duration? = nil, runsScheduler: Bool = false
    ) -> WorkerConfiguration {
        WorkerConfiguration(
            database: configuration, catalog: catalog, concurrency: concurrency, untilEmpty: untilEmpty,
            grace: grace, runsScheduler: runsScheduler, runsTestKinds: true)
    }

    /// The built-in handlers the queue module ships.
    static var registry: HandlerRegistry { HandlerRegistry([NoopHandler(), SleepHandler(), ProbeHandler()]) }

    /// Runs an in-process worker while `body` runs, then shuts it down gracefully and waits.
    func withWorker<T: Sendable>(
        _ configuration: WorkerConfiguration? = nil, registry: HandlerRegistry = QueueFixture.registry,
        _ body: @Sendable (Worker) async throws -> T
    ) async throws -> T {
        let worker = Worker(
            configuration: configuration ?? workerConfiguration(), catalog: catalog, registry: registry,
            logger: logger)
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                try await worker.run()
                return nil
            }
            do {
                let result = try await body(worker)
                worker.beginShutdown()
                while let next = try await group.next() { _ = next }
                return result
            } catch {
                worker.beginShutdown()
                while let next = try await group.next() { _ = next }
                throw error
            }
        }
    }

    /// Polls `condition` every 20 ms until it holds; throws after `timeout` with `message`.
    func waitUntil(
        _ message: @autoclosure () -> String, timeout: Duration = .seconds(20),
        _ condition: () async throws -> Bool
    ) async throws {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < deadline {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        if try await condition() { return }
        throw TestDatabaseError("timed out after \(timeout) waiting until \(message())")
    }
}

/// A `spotter.jobs` row, decoded for assertions.
struct JobRow: Sendable {
    var id: Int64
    var kind: String
    var state: String
    var attempt: Int
    var maxAttempts: Int
    var priority: Int
    var lastError: String?
    var leaseOwner: String?
    var runAt: Date
    var startedAt: Date?
    var finishedAt: Date?
    var createdAt: Date
    var cancelRequested: Bool
    var result: String?

    init(_ row: Row) throws {
        id = try row.int64("id")
        kind = try row.string("kind")
        state = try row.string("state")
        attempt = try row.int("attempt")
        maxAttempts = try row.int("max_attempts")
        priority = try row.int("priority")
        lastError = try row.optionalString("last_error")
        leaseOwner = try row.optionalString("lease_owner")
        runAt = try row.date("run_at")
        startedAt = try row.optionalDate("started_at")
        finishedAt = try row.optionalDate("finished_at")
        createdAt = try row.date("created_at")
        cancelRequested = try row.bool("cancel_requested")
        result = try row.optionalJSON("result")
    }
}
