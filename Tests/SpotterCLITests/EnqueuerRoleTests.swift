import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// Issue 17, item 4: `spotter_enqueuer` enqueues on-demand work and nothing else; the owner and
/// `spotter_worker` calling the same functions keep their full power.
@Suite("Enqueue-only role")
struct EnqueuerRoleTests {
    /// What happened to one statement: its result rows' first column, or the refusal.
    enum Outcome: Equatable {
        case rows([String])
        case refused(sqlState: String, message: String)

        var refused: Bool { if case .refused = self { true } else { false } }
        var message: String { if case .refused(_, let message) = self { message } else { "" } }
    }

    /// Runs `sql` as `role` (nil: the owner) in a transaction that is kept when `commit`.
    static func run(
        _ sql: String, as role: String?, on connection: DatabaseConnection, commit: Bool = true
    ) async throws -> Outcome {
        do {
            return try await connection.withTransaction { session in
                try session.execute("SAVEPOINT probe")
                if let role { try session.execute("SET LOCAL ROLE \(role)") }
                let rows = try session.query("SELECT q.x::text AS x FROM (\(sql)) AS q(x)").map { row in
                    try row.optionalString("x") ?? "NULL"
                }
                // Undoes the statement's writes and the role.
                if !commit { try session.execute("ROLLBACK TO SAVEPOINT probe") }
                return .rows(rows)
            }
        } catch let error as DatabaseError where error.sqlState != nil {
            return .refused(sqlState: error.sqlState ?? "", message: error.message)
        }
    }

    /// A migrated database with roles applied and the catalog's kinds written (`spotter migrate --roles`).
    static func withDatabase(_ body: (DatabaseConnection) async throws -> Void) async throws {
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--roles", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await body(connection)
    }

    @Test("the adversary's four attacks are refused with errors that name the rule")
    func attacksRefused() async throws {
        try await Self.withDatabase { connection in
            let attacks: [(sql: String, says: String)] = [
                // 1. Squat the nightly key of London with a job that never runs.
                (
                    "SELECT spotter.enqueue('nightly', '{\"time_zone\": \"Europe/London\"}', 'infinity', NULL, 'nightly:Europe/London:2026-11-21')",
                    "may not enqueue kind \"nightly\""
                ),
                (
                    "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}', 'infinity')",
                    "not within the next 7 days"
                ),
                (
                    "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}', now() + interval '30 days')",
                    "not within the next 7 days"
                ),
                // 2. A shard with any as_of.
                (
                    "SELECT spotter.enqueue('profile_stats', '{\"time_zone\": \"Europe/Paris\", \"from_user_id\": 1, \"to_user_id\": 1000, \"as_of\": \"2020-01-01T00:00:00Z\"}')",
                    "payload field \"as_of\""
                ),
                (
                    "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1, \"as_of\": \"2020-01-01T00:00:00Z\"}')",
                    "payload field \"as_of\""
                ),
                // 3. prune_results as of 2100.
                (
                    "SELECT spotter.enqueue('prune_results', '{\"as_of\": \"2100-01-01T00:00:00Z\"}')",
                    "may not enqueue kind \"prune_results\""
                ),
                // 4. Test kinds ahead of the nightly work.
                (
                    "SELECT spotter.enqueue('sleep', '{\"seconds\": 300}', now(), -1000)",
                    "may not enqueue kind \"sleep\""
                ),
                ("SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}', now(), -1000)", "priority -1000"),
                (
                    "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}', now(), NULL, NULL, 1000)",
                    "max_attempts 1000"
                ),
                (
                    "SELECT spotter.enqueue_many(ARRAY['profile_stats', 'sleep'], ARRAY['{\"user_id\": 1}', '{}']::jsonb[])",
                    "element 2"
                ),
                ("SELECT spotter.enqueue_many(ARRAY['profile_stats'], NULL, NULL, ARRAY[-1000])", "priority -1000"),
            ]
            for attack in attacks {
                let outcome = try await Self.run(attack.sql, as: "spotter_enqueuer", on: connection)
                #expect(outcome.refused, "\(attack.sql) → \(outcome)")
                #expect(outcome.message.contains(attack.says), "\(attack.sql) → \(outcome.message)")
            }
            #expect(try await Self.run("SELECT count(*) FROM spotter.jobs", as: nil, on: connection) == .rows(["0"]))
        }
    }

    @Test("an enqueuer's unique key lives in its own namespace: nightly keys cannot be squatted nor probed")
    func keysNamespaced() async throws {
        try await Self.withDatabase { connection in
            let nightlyKey = "nightly:Europe/London:2026-11-21"
            // The enqueuer takes the nightly key first, with an allowed kind.
            let squat = try await Self.run(
                "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 1}', now(), NULL, '\(nightlyKey)')",
                as: "spotter_enqueuer", on: connection)
            guard case .rows(let squatID) = squat else { Issue.record("\(squat)"); return }
            // The real nightly still gets its own job under its key.
            let nightly = try await Self.run(
                "SELECT spotter.enqueue('nightly', '{\"time_zone\": \"Europe/London\"}', now(), NULL, '\(nightlyKey)')",
                as: nil, on: connection)
            guard case .rows(let nightlyID) = nightly else { Issue.record("\(nightly)"); return }
            #expect(squatID != nightlyID)
            // Probing the live nightly key returns a fresh job of the enqueuer's, never the nightly's id.
            let probe = try await Self.run(
                "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 2}', now(), NULL, '\(nightlyKey)')",
                as: "spotter_enqueuer", on: connection)
            #expect(probe == .rows(squatID))
            #expect(probe != .rows(nightlyID))
            let keys = try await Self.run(
                "SELECT kind || ' ' || unique_key FROM spotter.jobs ORDER BY id", as: nil, on: connection)
            #expect(keys == .rows(["profile_stats enqueuer:\(nightlyKey)", "nightly \(nightlyKey)"]))
        }
    }

    @Test("on-demand enqueues still work for the enqueuer; the owner and the worker keep full power")
    func normalUse() async throws {
        try await Self.withDatabase { connection in
            for sql in [
                "SELECT spotter.enqueue('profile_stats', '{\"user_id\": 42}')",
                "SELECT spotter.enqueue('daily_suggestion', '{\"user_ids\": [1, 2, 3]}', now() + interval '1 hour', 0, 'app-key')",
                "SELECT spotter.enqueue('extract_facts', '{\"conversation_id\": 7}', now() - interval '1 day')",
                "SELECT spotter.enqueue('inactive_clients', '{\"trainer_id\": 5}', NULL, NULL, NULL, 2)",
                "SELECT spotter.enqueue_many(ARRAY['profile_stats', 'program_recommendations'], ARRAY['{\"user_id\": 1}', '{\"user_id\": 2}']::jsonb[])",
            ] {
                let outcome = try await Self.run(sql, as: "spotter_enqueuer", on: connection)
                #expect(!outcome.refused, "\(sql) → \(outcome)")
            }
            // A past run_at is moved to now: no jumping the line.
            #expect(
                try await Self.run(
                    "SELECT count(*) FROM spotter.jobs WHERE kind = 'extract_facts' AND run_at >= created_at", as: nil,
                    on: connection) == .rows(["1"]))
            // The owner (no SET ROLE) and spotter_worker: any kind, field, key, priority and run_at.
            for role in [nil, "spotter_worker"] as [String?] {
                let tag = role ?? "owner"
                for sql in [
                    "SELECT spotter.enqueue('prune_results', '{\"as_of\": \"2026-11-21T00:00:00Z\"}', now(), -1000, 'nightly:\(tag)')",
                    "SELECT spotter.enqueue('noop', '{}', 'infinity')",
                    "SELECT spotter.enqueue_many(ARRAY['nightly', 'sleep'], ARRAY['{\"time_zone\": \"UTC\"}', '{}']::jsonb[], NULL, ARRAY[-1000, -1000], ARRAY['k1-\(tag)', 'k2-\(tag)'])",
                ] {
                    let outcome = try await Self.run(sql, as: role, on: connection)
                    #expect(!outcome.refused, "\(tag): \(sql) → \(outcome)")
                }
                #expect(
                    try await Self.run(
                        "SELECT count(*) FROM spotter.jobs WHERE unique_key IN ('nightly:\(tag)', 'k1-\(tag)', 'k2-\(tag)')",
                        as: nil, on: connection) == .rows(["3"]))
            }
        }
    }
}
