import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterTestSupport
import Testing

/// The kinds' declarations against `jobs/`, the schema and the roles: a kind in kinds.yaml
/// without a handler, a handler without an entry, a fan-out kind that cannot be sharded, or a
/// declared result table that is missing, unpruned or ungranted fails here.
@Suite("Kind registry")
struct KindRegistryTests {
    static let jobs = AnalyticsHarness.repository.appendingPathComponent("jobs")
    static var declared: [String] { SpotterHandlers.declarations.map(\.name) }

    @Test("every kind in jobs/kinds.yaml has a handler, and every handler an entry")
    func kindsMatchHandlers() throws {
        let catalog = try SpotterHandlers.loadCatalog(directory: Self.jobs)
        let handlers = Set(SpotterHandlers.registry().kinds)
        #expect(Set(Self.declared) == handlers)
        #expect(Set(catalog.kindNames).subtracting(handlers).isEmpty, "kinds without a handler")
        #expect(handlers.subtracting(catalog.kindNames).isEmpty, "handlers without a jobs/kinds.yaml entry")
        #expect(Set(Self.declared).count == Self.declared.count, "a kind is listed twice")
    }

    @Test("every kind a fan-out names is sharded, with a shard_size, and its shard payload decodes")
    func fanOutKindsAreSharded() throws {
        let catalog = try SpotterHandlers.loadCatalog(directory: Self.jobs)
        let byName = Dictionary(uniqueKeysWithValues: SpotterHandlers.declarations.map { ($0.name, $0) })
        let fanOut = catalog.kinds.values.flatMap(\.fanOut)
        #expect(!fanOut.isEmpty)
        for kind in fanOut {
            let plan = try #require(byName[kind]?.shards, "\(kind) is fanned out but declares no subjects")
            #expect(catalog.spec(for: kind)?.shardSize != nil)
            let text = try plan.payload(
                Shard(
                    timeZone: "Europe/Berlin", localDate: "2026-11-21", fromID: 1, toID: 9, asOf: "2026-11-20T23:15:00Z"
                ))
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            #expect(object["time_zone"] as? String == "Europe/Berlin")
            #expect(object["from_user_id"] as? Int == 1 && object["to_user_id"] as? Int == 9)
            #expect(object["as_of"] as? String == "2026-11-20T23:15:00Z")
        }
    }

    @Test("a kind's parameters are checked when jobs/ loads: an unknown key or a wrong type names the line")
    func parametersChecked() throws {
        let shipped = try String(contentsOf: Self.jobs.appendingPathComponent("kinds.yaml"), encoding: .utf8)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spotter-kinds-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.copyItem(
            at: Self.jobs.appendingPathComponent("schedule.yaml"), to: directory.appendingPathComponent("schedule.yaml")
        )
        let lines = shipped.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.hasPrefix("      threshold_days:") })
        for (replacement, message) in [
            (
                "      threshold_dayz: 3",
                #"kinds.inactive_clients.parameters.threshold_dayz: unknown parameter "threshold_dayz" (did you mean "threshold_days"?)"#
            ),
            (
                "      threshold_days: seven",
                "kinds.inactive_clients.parameters.threshold_days: expected a whole number"
            ),
        ] {
            var edited = lines
            edited[line] = replacement
            try edited.joined(separator: "\n").write(
                to: directory.appendingPathComponent("kinds.yaml"), atomically: true, encoding: .utf8)
            #expect(throws: CatalogError.self) { try SpotterHandlers.loadCatalog(directory: directory) }
            do {
                _ = try SpotterHandlers.loadCatalog(directory: directory)
            } catch {
                #expect(error.line == line + 1)
                #expect(error.description.hasSuffix(message), "\(error)")
            }
        }
    }

    @Test(
        "every declared result table and view exists, and prune_results prunes every table",
        arguments: DatabaseBackend.allCases)
    func tablesExistAndArePruned(backend: DatabaseBackend) async throws {
        try await AnalyticsHarness.with(backend) { harness in
            for table in SpotterHandlers.declarations.flatMap(\.resultTables) {
                _ = try await harness.connection.query("SELECT count(*) FROM spotter.\(table.name)")
            }
            for view in SpotterHandlers.declarations.flatMap(\.views) {
                _ = try await harness.connection.query("SELECT count(*) FROM spotter.\(view)")
            }
            let counts = try await harness.run(PruneResultsHandler(), #"{"as_of": "2026-11-21T12:00:00Z"}"#).counts
            for table in SpotterHandlers.declarations.flatMap(\.resultTables) {
                #expect(counts[table.name] != nil, "\(table.name) is not pruned")
            }
        }
    }

    @Test("spotter migrate --roles grants every declared result table and view")
    func tablesAreGranted() async throws {
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--roles", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        func may(_ role: String, _ object: String, _ privilege: String) async throws -> Bool {
            try await connection.query(
                "SELECT has_table_privilege($1, $2, $3) AS may",
                [.text(role), .text("spotter.\(object)"), .text(privilege)]
            )[0].bool("may")
        }
        for table in SpotterHandlers.declarations.flatMap(\.resultTables) {
            for privilege in ["SELECT", "INSERT", "UPDATE", "DELETE"] {
                #expect(try await may("spotter_worker", table.name, privilege), "worker \(privilege) \(table.name)")
            }
            #expect(try await may("spotter_reader", table.name, "SELECT") == table.readable, "reader \(table.name)")
            #expect(try await !may("spotter_reader", table.name, "INSERT"), "reader writes \(table.name)")
            #expect(try await !may("spotter_enqueuer", table.name, "SELECT"), "enqueuer reads \(table.name)")
        }
        for view in SpotterHandlers.declarations.flatMap(\.views) {
            #expect(try await may("spotter_reader", view, "SELECT"), "reader \(view)")
            #expect(try await may("spotter_worker", view, "SELECT"), "worker \(view)")
        }
    }
}
