import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing
import Yams

/// The postgres_exporter recipe in sql/postgres/optional/postgres_exporter.yaml stays true to
/// the views: every query runs as the operator role and returns the columns it declares.
@Suite("postgres_exporter queries")
struct ExporterQueriesTests {
    @Test("every query runs as spotter_operator and returns exactly its declared columns")
    func queriesRun() async throws {
        let file = SpotterCommand.repositoryRoot.appendingPathComponent("sql/postgres/optional/postgres_exporter.yaml")
        let document = try #require(try Yams.load(yaml: String(contentsOf: file, encoding: .utf8)) as? [String: Any])
        #expect(document.count >= 4)
        let database = try await TestDatabase.makePostgres()
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--roles", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        for sql in [
            "INSERT INTO spotter.jobs (kind, state) VALUES ('noop', 'available'), ('noop', 'dead')",
            "INSERT INTO spotter.workers (id, host, pid) VALUES ('w', 'h', 1)",
            "INSERT INTO spotter.queue_pauses (queue) VALUES ('default')",
        ] {
            _ = try await connection.execute(sql)
        }
        for (name, value) in document {
            let entry = try #require(value as? [String: Any], "\(name)")
            let query = try #require(entry["query"] as? String, "\(name)")
            let metrics = try #require(entry["metrics"] as? [[String: Any]], "\(name)")
            let declared = metrics.compactMap { $0.keys.first }
            #expect(name.hasPrefix("spotter_"))
            let columns = try await connection.withTransaction { session -> [String] in
                try session.execute("SET LOCAL ROLE spotter_operator")
                let rows = try session.query(query)
                return rows.first?.columnNames ?? []
            }
            if !columns.isEmpty { #expect(columns == declared, "\(name)") }
            if name == "spotter_queue" || name == "spotter_workers" || name == "spotter_paused_queue" {
                #expect(!columns.isEmpty, "\(name) returns a row")
            }
        }
    }
}
