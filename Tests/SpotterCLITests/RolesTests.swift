import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

@Suite("Roles")
struct RolesTests {
    /// Runs `sql` as `role` (SET ROLE inside a transaction) and says whether it was allowed.
    static func allowed(_ sql: String, as role: String, on connection: DatabaseConnection) async throws -> Bool {
        do {
            try await connection.withTransaction { session in
                try session.execute("SET LOCAL ROLE \(role)")
                _ = try session.query(sql)
                throw Rollback()
            }
        } catch is Rollback {
            return true
        } catch let error as DatabaseError where error.sqlState == "42501" {
            return false
        }
        return true
    }

    struct Rollback: Error {}

    @Test("each role can do what it must and nothing more")
    func permissions() async throws {
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--roles", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        // Applying again is safe.
        let again = try await SpotterCommand.run(["migrate", "--roles", "--database", database.databaseArgument])
        #expect(again.status == 0, "\(again)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.execute(
            "INSERT INTO spotter.users (id, display_name, role) VALUES (1, 'Coach', 'trainer'), (2, 'Sam', 'client')")

        // Worker: reads inputs, writes results and jobs, creates the summaries' temporary table
        // (even where PUBLIC may not); never writes inputs.
        try await connection.execute(
            "DO $$ BEGIN EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database()); END $$")
        #expect(
            try await !Self.allowed("CREATE TEMPORARY TABLE t AS SELECT 1 AS x", as: "spotter_reader", on: connection))
        for sql in [
            "CREATE TEMPORARY TABLE \(SessionSummaries.chunkSets) AS SELECT 1 AS x",
            "SELECT count(*) FROM spotter.messages", "SELECT count(*) FROM spotter.users",
            "INSERT INTO spotter.result_errors (kind, subject_id, reason, detail) VALUES ('x', 1, 'r', 'd') RETURNING kind",
            "INSERT INTO spotter.jobs (kind) VALUES ('noop') RETURNING id",
            "UPDATE spotter.jobs SET priority = 1 WHERE false RETURNING id",
            "SELECT spotter.enqueue('noop')", "SELECT count(*) FROM spotter.chat_context",
            "SELECT count(*) FROM spotter.session_sets",
        ] {
            #expect(try await Self.allowed(sql, as: "spotter_worker", on: connection), "worker: \(sql)")
        }
        for sql in [
            "INSERT INTO spotter.users (id, display_name, role) VALUES (9, 'x', 'member') RETURNING id",
            "DELETE FROM spotter.messages WHERE true RETURNING id",
            "DELETE FROM spotter.session_sets WHERE true RETURNING set_order",
        ] {
            #expect(try await !Self.allowed(sql, as: "spotter_worker", on: connection), "worker must not: \(sql)")
        }

        // Reader: results and views only; in particular no messages, and facts only through views.
        for sql in [
            "SELECT count(*) FROM spotter.profile_stats", "SELECT count(*) FROM spotter.current_facts",
            "SELECT count(*) FROM spotter.visible_facts", "SELECT count(*) FROM spotter.visible_fact_sources",
            "SELECT document FROM spotter.chat_context WHERE user_id = 1", "SELECT * FROM spotter.queue_health",
            "SELECT * FROM spotter.result_freshness", "SELECT * FROM spotter.inactive_clients_per_trainer",
            "SELECT * FROM spotter.search_facts(1, 'knee', 5)",
            "SELECT * FROM spotter.viewer_scope WHERE viewer_id = 1",
        ] {
            #expect(try await Self.allowed(sql, as: "spotter_reader", on: connection), "reader: \(sql)")
        }
        for sql in [
            "SELECT count(*) FROM spotter.messages", "SELECT count(*) FROM spotter.users",
            "SELECT count(*) FROM spotter.session_sets",
            "SELECT count(*) FROM spotter.jobs", "SELECT spotter.enqueue('noop')",
            "SELECT count(*) FROM spotter.facts", "SELECT count(*) FROM spotter.fact_sources",
            "INSERT INTO spotter.result_errors (kind, subject_id, reason, detail) VALUES ('x', 2, 'r', 'd') RETURNING kind",
        ] {
            #expect(try await !Self.allowed(sql, as: "spotter_reader", on: connection), "reader must not: \(sql)")
        }

        // Enqueuer: may only call spotter.enqueue / enqueue_many (on-demand kinds, EnqueuerRoleTests); reads nothing.
        #expect(
            try await Self.allowed(
                "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}')", as: "spotter_enqueuer", on: connection))
        #expect(
            try await Self.allowed(
                "SELECT spotter.enqueue_many(ARRAY['profile_stats'], ARRAY['{\"user_id\": 1}'::jsonb])",
                as: "spotter_enqueuer", on: connection))
        #expect(try await !Self.allowed("SELECT spotter.enqueue('noop', '{}')", as: "spotter_enqueuer", on: connection))
        for sql in [
            "SELECT count(*) FROM spotter.jobs", "SELECT count(*) FROM spotter.users",
            "SELECT count(*) FROM spotter.messages", "SELECT count(*) FROM spotter.profile_stats",
            "SELECT count(*) FROM spotter.chat_context", "SELECT spotter.cancel(1)",
            "INSERT INTO spotter.jobs (kind) VALUES ('noop') RETURNING id",
        ] {
            #expect(try await !Self.allowed(sql, as: "spotter_enqueuer", on: connection), "enqueuer must not: \(sql)")
        }

        // Operator: sees the queue and job history, pauses, resumes and cancels; enqueues nothing.
        for sql in [
            "SELECT spotter.pause_queue('nightly', 'incident')", "SELECT spotter.resume_queue('nightly')",
            "SELECT spotter.cancel(1)", "SELECT * FROM spotter.job_history", "SELECT * FROM spotter.queue_health",
            "SELECT * FROM spotter.queue_pauses", "SELECT count(*) FROM spotter.jobs",
        ] {
            #expect(try await Self.allowed(sql, as: "spotter_operator", on: connection), "operator: \(sql)")
        }
        for sql in [
            "SELECT spotter.enqueue('noop')", "SELECT spotter.enqueue_many(ARRAY['noop'])",
            "SELECT count(*) FROM spotter.messages", "INSERT INTO spotter.jobs (kind) VALUES ('noop') RETURNING id",
            "INSERT INTO spotter.queue_pauses (queue) VALUES ('x') RETURNING queue",
            "UPDATE spotter.jobs SET state = 'dead' WHERE false RETURNING id",
        ] {
            #expect(try await !Self.allowed(sql, as: "spotter_operator", on: connection), "operator must not: \(sql)")
        }
        // The worker claims through job_attempts and queue_pauses.
        for sql in [
            "INSERT INTO spotter.job_attempts (job_id, attempt, started_at, outcome) SELECT id, 1, now(), 'x' FROM spotter.jobs WHERE false RETURNING job_id",
            "SELECT count(*) FROM spotter.queue_pauses",
        ] {
            #expect(try await Self.allowed(sql, as: "spotter_worker", on: connection), "worker: \(sql)")
        }
    }

    @Test("roles applied before a later migration replaces spotter.enqueue_many still let the enqueuer call it")
    func rolesSurviveReplacedEnqueueMany() async throws {
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let all = try MigrationTests.migrator(.postgres)
        let replacing = try #require(all.migrations.firstIndex { $0.fileName == "010_set_based_enqueue_many.sql" })
        _ = try await Migrator(migrations: Array(all.migrations.prefix(replacing)))
            .migrate(connection, logger: TestDatabase.logger)
        let roles = try String(
            contentsOf: SpotterCommand.repositoryRoot.appendingPathComponent("sql/postgres/optional/roles.sql"),
            encoding: .utf8)
        try await connection.withTransaction { try $0.executeScript(roles) }
        _ = try await all.migrate(connection, logger: TestDatabase.logger)
        try await connection.execute(
            """
            INSERT INTO spotter.job_kinds (kind, queue, priority, max_attempts, timeout_ms, enqueuer_fields)
            VALUES ('profile_stats', 'default', -5, 5, 300000, '["user_id"]')
            """)

        let definer = try await connection.query(
            """
            SELECT prosecdef FROM pg_proc
            WHERE oid = 'spotter.enqueue_many(text[], jsonb[], timestamptz[], integer[], text[])'::regprocedure
            """)
        #expect(try definer.first?.bool("prosecdef") == true)
        #expect(
            try await Self.allowed(
                """
                SELECT spotter.enqueue_many(ARRAY['profile_stats', 'profile_stats'],
                                            ARRAY['{"user_id": 1}', '{"user_id": 1}']::jsonb[], NULL, NULL, ARRAY['k', 'k'])
                """,
                as: "spotter_enqueuer", on: connection))
        #expect(try await !Self.allowed("SELECT count(*) FROM spotter.jobs", as: "spotter_enqueuer", on: connection))
    }

    @Test("roles applied before migration 016 let the reader search facts and read the scope once it runs")
    func rolesBeforeFactSearch() async throws {
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        let all = try MigrationTests.migrator(.postgres)
        let search = try #require(all.migrations.firstIndex { $0.fileName == "016_fact_search.sql" })
        _ = try await Migrator(migrations: Array(all.migrations.prefix(search)))
            .migrate(connection, logger: TestDatabase.logger)
        let roles = try String(
            contentsOf: SpotterCommand.repositoryRoot.appendingPathComponent("sql/postgres/optional/roles.sql"),
            encoding: .utf8)
        try await connection.withTransaction { try $0.executeScript(roles) }
        _ = try await all.migrate(connection, logger: TestDatabase.logger)
        try await connection.execute(
            "INSERT INTO spotter.users (id, display_name, role) VALUES (1, 'Coach', 'trainer'), (2, 'Sam', 'client')")
        for sql in ["SELECT * FROM spotter.search_facts(1, 'knee', 5)", "SELECT * FROM spotter.viewer_scope"] {
            #expect(try await Self.allowed(sql, as: "spotter_reader", on: connection), "reader: \(sql)")
        }
        for sql in ["SELECT count(*) FROM spotter.messages", "SELECT count(*) FROM spotter.users"] {
            #expect(try await !Self.allowed(sql, as: "spotter_reader", on: connection), "reader must not: \(sql)")
        }
    }
}
