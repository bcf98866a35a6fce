import Foundation
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterTestSupport
import Testing

/// Issue 17, item 6: what `spotter_reader` may see. The view tests first show the defect on the
/// schema before 012_hardening.sql, then its absence after it.
@Suite("Reader views")
struct ReaderViewsTests {
    /// A database migrated up to (not including) `stop`, or fully with nil, with roles.sql applied
    /// (and, fully migrated, the kinds' declared grants, as `spotter migrate --roles` gives them).
    static func database(migratedBefore stop: String?) async throws -> (TestDatabase, DatabaseConnection) {
        let database = try await TestDatabase.makePostgres()
        let connection = try await database.connect()
        let all = try MigrationTests.migrator(.postgres)
        let count = stop.flatMap { name in all.migrations.firstIndex { $0.fileName == name } } ?? all.migrations.count
        _ = try await Migrator(migrations: Array(all.migrations.prefix(count))).migrate(
            connection, logger: TestDatabase.logger)
        let roles = try String(
            contentsOf: SpotterCommand.repositoryRoot.appendingPathComponent("sql/postgres/optional/roles.sql"),
            encoding: .utf8)
        try await connection.withTransaction { try $0.executeScript(roles) }
        if stop == nil {
            try await connection.withTransaction { session in
                for statement in ResultGrants.statements() { try session.execute(statement) }
            }
        }
        try await connection.withSession {
            try $0.executeScript(
                """
                INSERT INTO spotter.users (id, display_name, role, status) VALUES
                    (1, 'Coach', 'trainer', 'active'), (2, 'Sam', 'client', 'active'),
                    (3, 'Dee Secret', 'client', 'deactivated'), (4, 'Vic Hidden', 'member', 'deactivated');
                INSERT INTO spotter.trainer_clients (trainer_id, client_id, since) VALUES (1, 2, now()), (1, 3, now());
                CREATE TABLE public.leaked (name text);
                GRANT INSERT ON public.leaked TO spotter_reader;
                CREATE FUNCTION public.leak(text) RETURNS boolean LANGUAGE plpgsql COST 0.0000001 AS
                    $$ BEGIN INSERT INTO public.leaked VALUES ($1); RETURN true; END $$;
                GRANT EXECUTE ON FUNCTION public.leak(text) TO spotter_reader;
                CREATE FUNCTION public.divides_by_zero_if(name text, target text) RETURNS boolean LANGUAGE plpgsql
                    COST 0.0000001 AS $$ BEGIN RETURN 1 / (CASE WHEN name = target THEN 0 ELSE 1 END) = 1; END $$;
                GRANT EXECUTE ON FUNCTION public.divides_by_zero_if(text, text) TO spotter_reader;
                """)
        }
        return (database, connection)
    }

    /// Runs `sql` as spotter_reader; returns the names the leaky function saw (nil: the query raised `raised`).
    static func asReader(_ sql: String, on connection: DatabaseConnection) async throws -> (
        leaked: Set<String>, error: String?
    ) {
        try await connection.withTransaction { session -> (leaked: Set<String>, error: String?) in
            var failure: String?
            do {
                try session.execute("SAVEPOINT probe")
                try session.execute("SET LOCAL ROLE spotter_reader")
                _ = try session.query(sql)
                try session.execute("RESET ROLE")
            } catch let error as DatabaseError {
                failure = error.message
                try session.execute("ROLLBACK TO SAVEPOINT probe")
                try session.execute("RESET ROLE")
            }
            let names = Set(try session.query("SELECT name FROM public.leaked").map { try $0.string("name") })
            try session.execute("DELETE FROM public.leaked")
            return (names, failure)
        }
    }

    @Test("a cheap leaky function or a 1/0 oracle in the reader's WHERE learns nothing about deactivated users")
    func securityBarrier() async throws {
        let hidden: Set<String> = ["Dee Secret", "Vic Hidden"]
        for stop in ["012_hardening.sql", nil] as [String?] {
            let (database, connection) = try await Self.database(migratedBefore: stop)
            let leak = try await Self.asReader(
                "SELECT user_id FROM spotter.chat_context WHERE public.leak(display_name)", on: connection)
            let oracle = try await Self.asReader(
                "SELECT user_id FROM spotter.chat_context WHERE 1 / (CASE WHEN display_name = 'Dee Secret' THEN 0 ELSE 1 END) = 1",
                on: connection)
            // The same oracle with a division cheap enough to run before the view's own filter.
            let cheapOracle = try await Self.asReader(
                "SELECT user_id FROM spotter.chat_context WHERE public.divides_by_zero_if(display_name, 'Dee Secret')",
                on: connection)
            let perTrainer = try await Self.asReader(
                "SELECT trainer FROM spotter.inactive_clients_per_trainer WHERE public.leak(trainer)", on: connection)
            if stop != nil {
                // The defect, before 012: the function saw every user's name.
                #expect(!leak.leaked.isDisjoint(with: hidden), "before 012 the leak should show: \(leak)")
                #expect(cheapOracle.error != nil, "before 012 the oracle should fire: \(cheapOracle)")
            } else {
                #expect(leak.error == nil, "\(leak)")
                #expect(leak.leaked.isDisjoint(with: hidden), "\(leak.leaked)")
                #expect(leak.leaked == ["Coach", "Sam"])
                #expect(oracle.error == nil, "the division by zero must never see a hidden row: \(oracle)")
                #expect(cheapOracle.error == nil, "the division by zero must never see a hidden row: \(cheapOracle)")
                #expect(perTrainer.leaked.isDisjoint(with: hidden))
            }
            await connection.close()
            await database.drop()
        }
    }

    @Test(
        "facts of a just-deleted message are not readable by the reader before the next run; the worker's rights stay")
    func deletedMessageFacts() async throws {
        // Before 012 roles.sql granted the tables themselves, and the reader read the fact (5 of 5).
        do {
            let (database, connection) = try await Self.database(migratedBefore: nil)
            try await connection.withSession {
                try $0.executeScript(
                    """
                    INSERT INTO spotter.conversations (id, user_id, counterpart_id, kind) VALUES (10, 2, 1, 'trainer');
                    INSERT INTO spotter.messages (id, conversation_id, sender_id, body, sent_at)
                        VALUES (100, 10, 2, 'my left knee hurts', now());
                    INSERT INTO spotter.facts (user_id, subject, category, content, polarity, temporal, confidence, slot,
                                               first_mentioned_at, last_mentioned_at, valid_from)
                        VALUES (2, 'self', 'health', 'Left knee hurts', 'negative', 'current', 0.9, 'health:knee', now(), now(), now());
                    INSERT INTO spotter.fact_sources (fact_id, message_id, mentioned_at)
                        SELECT id, 100, now() FROM spotter.facts;
                    UPDATE spotter.messages SET deleted_at = now() WHERE id = 100;
                    """)
            }
            let read = try await EnqueuerRoleTests.run(
                "SELECT content FROM spotter.facts", as: "spotter_reader", on: connection, commit: false)
            let sources = try await EnqueuerRoleTests.run(
                "SELECT message_id FROM spotter.fact_sources", as: "spotter_reader", on: connection, commit: false)
            do {
                #expect(read.refused && sources.refused, "\(read) \(sources)")
                for view in ["current_facts", "visible_facts", "visible_fact_sources"] {
                    #expect(
                        try await EnqueuerRoleTests.run(
                            "SELECT count(*) FROM spotter.\(view)", as: "spotter_reader", on: connection, commit: false)
                            == .rows(["0"]), "\(view)")
                }
                #expect(
                    try await EnqueuerRoleTests.run(
                        "SELECT count(*) FROM spotter.facts", as: "spotter_worker", on: connection, commit: false)
                        == .rows(["1"]))
                // A live source makes the fact visible again through the views.
                try await connection.execute("UPDATE spotter.messages SET deleted_at = NULL WHERE id = 100")
                #expect(
                    try await EnqueuerRoleTests.run(
                        "SELECT content FROM spotter.visible_facts", as: "spotter_reader", on: connection, commit: false
                    )
                        == .rows(["Left knee hurts"]))
            }
            await connection.close()
            await database.drop()
        }
    }

    /// Issue 35, item 4: `viewer_scope` was no barrier, and a reader's own function printed the
    /// names of deactivated users through it. The views are enumerated from the catalog, so a
    /// view added later without `WITH (security_barrier)` fails here.
    @Test("every view spotter_reader may select from is a security barrier (from the catalog)")
    func everyReaderViewIsABarrier() async throws {
        let (database, connection) = try await Self.database(migratedBefore: nil)
        defer {
            Task {
                await connection.close(); await database.drop()
            }
        }
        let rows = try await connection.query(
            """
            SELECT c.relname AS name, coalesce('security_barrier=true' = ANY (c.reloptions), false) AS barrier
            FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'spotter' AND c.relkind = 'v' AND has_table_privilege('spotter_reader', c.oid, 'SELECT')
            ORDER BY c.relname
            """)
        let views = try rows.map { (try $0.string("name"), try $0.bool("barrier")) }
        #expect(views.count >= 10, "\(views)")
        #expect(views.contains { $0.0 == "viewer_scope" })
        for (name, barrier) in views {
            #expect(barrier, "spotter.\(name) is readable by spotter_reader but no barrier")
        }

        // And through every text column of each, the reader's cheap function sees no hidden
        // name (a barrier alone did not hold for a view whose top is a UNION ALL).
        for (view, _) in views {
            let columns = try await connection.query(
                """
                SELECT column_name AS name FROM information_schema.columns
                WHERE table_schema = 'spotter' AND table_name = $1 AND data_type IN ('text', 'jsonb', 'json')
                ORDER BY ordinal_position
                """, [.text(view)])
            for column in try columns.map({ try $0.string("name") }) {
                let leak = try await Self.asReader(
                    "SELECT 1 FROM spotter.\(view) WHERE public.leak(\(column)::text)", on: connection)
                #expect(
                    leak.leaked.allSatisfy { !$0.contains("Dee Secret") && !$0.contains("Vic Hidden") },
                    "spotter.\(view).\(column): \(leak)")
            }
        }
    }

    @Test("job_failures shows the reader no payloads")
    func failuresWithoutPayloads() async throws {
        for stop in ["012_hardening.sql", nil] as [String?] {
            let (database, connection) = try await Self.database(migratedBefore: stop)
            try await connection.execute(
                """
                INSERT INTO spotter.jobs (kind, payload, state, attempt, last_error, finished_at)
                VALUES ('profile_stats', '{"user_id": 2, "token": "secret-token-123"}', 'dead', 5, 'boom', now())
                """)
            let rows = try await EnqueuerRoleTests.run(
                "SELECT row_to_json(f)::text FROM spotter.job_failures f", as: "spotter_reader", on: connection,
                commit: false)
            guard case .rows(let lines) = rows, lines.count == 1 else {
                Issue.record("\(rows)")
                continue
            }
            #expect(lines[0].contains("secret-token-123") == (stop != nil), "\(lines[0])")
            #expect(lines[0].contains("boom"))
            await connection.close()
            await database.drop()
        }
    }
}
