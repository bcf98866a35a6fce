import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Issue 36 item 3: a `DROP VIEW … CASCADE` on an input view takes Spotter's views over it
/// with it; `health` and `check-inputs` say so, and `migrate` creates them again.
@Suite("Spotter's views dropped with an input view")
struct MissingViewsTests {
    @Test(
        "DROP VIEW messages CASCADE: health and check-inputs name the lost views, migrate restores them, once",
        arguments: DatabaseBackend.allCases)
    func restoredByMigrate(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.withSession { try ExternalInputsFixture.create(in: $0) }
        let arguments = ["--database", database.databaseArgument]
        let migrate = try await SpotterCommand.run(["migrate", "--inputs", "external"] + arguments)
        #expect(migrate.status == 0, "\(migrate)")
        let lost = ["chat_context", "current_facts", "visible_facts", "visible_fact_sources"]
        // The product changes its messages view; PostgreSQL drops every view over it. SQLite
        // keeps dependent views, so they are dropped by hand as the cascade would.
        try await connection.withSession { session in
            if backend == .postgres {
                try session.executeScript("DROP VIEW spotter.messages CASCADE")
            } else {
                try session.executeScript("DROP VIEW messages")
                for view in lost { try session.executeScript("DROP VIEW \(view)") }
            }
            try session.executeScript(ExternalInputsFixture.fill(ExternalInputsFixture.messagesView, backend))
        }
        let health = try await SpotterCommand.run(["health", "--database-only"] + arguments)
        #expect(health.status == 1, "\(health)")
        let check = try await SpotterCommand.run(["check-inputs"] + arguments)
        #expect(check.status == 1, "\(check)")
        for view in lost {
            #expect(health.stderr.contains(view) || health.stdout.contains(view), "\(view): \(health)")
            #expect(check.stdout.contains("spotter.\(view): Spotter's view is missing"), "\(view): \(check)")
        }
        let again = try await SpotterCommand.run(["migrate"] + arguments)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("created Spotter's missing views again"), "\(again)")
        for view in lost {
            #expect(again.stdout.contains(view), "\(view): \(again)")
            _ = try await connection.query("SELECT count(*) AS n FROM spotter.\(view)")
        }
        let third = try await SpotterCommand.run(["migrate"] + arguments)
        #expect(third.status == 0 && !third.stdout.contains("created"), "idempotent: \(third)")
        let healthy = try await SpotterCommand.run(["health", "--database-only"] + arguments)
        #expect(healthy.status == 0, "\(healthy)")
        let checked = try await SpotterCommand.run(["check-inputs"] + arguments)
        #expect(checked.status == 0, "\(checked)")
    }

    @Test("the views the migrations leave are read from the files, dropped ones excluded")
    func viewsFromTheFiles() throws {
        for postgres in [true, false] {
            let migrator = try Migrator(directory: TestRepository.migrations(postgres: postgres))
            let names = migrator.views.map(\.name)
            for view in ["chat_context", "current_facts", "visible_facts", "visible_fact_sources", "job_history"] {
                #expect(names.contains(view), "\(postgres): \(view) in \(names)")
            }
            #expect(Set(names).count == names.count)
            // Each view's definition is its last CREATE.
            let chat = try #require(migrator.views.first { $0.name == "chat_context" })
            #expect(chat.statements.first?.contains("CREATE") == true)
        }
    }
}
