import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

@Suite("Migrations")
struct MigrationTests {
    static func migrator(_ backend: DatabaseBackend) throws -> Migrator {
        try Migrator(
            directory: SpotterCommand.repositoryRoot.appendingPathComponent(
                "sql/\(backend == .postgres ? "postgres" : "sqlite")"))
    }

    @Test("fresh apply creates every table; re-apply is a no-op", arguments: [DatabaseBackend.postgres, .sqlite])
    func freshAndReapply(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        let migrator = try Self.migrator(backend)
        let first = try await migrator.migrate(connection, logger: TestDatabase.logger)
        #expect(first.applied == migrator.migrations.map(\.fileName))
        #expect(first.applied.count >= 4)
        let second = try await migrator.migrate(connection, logger: TestDatabase.logger)
        #expect(second.applied.isEmpty)
        #expect(second.alreadyApplied == first.applied)
        for table in ["users", "workout_sessions", "profile_stats", "facts", "jobs", "schedule_slots"] {
            let rows = try await connection.query("SELECT count(*) AS n FROM spotter.\(table)")
            #expect(try rows.first?.int("n") == 0, "table \(table) exists and is empty")
        }
        let recorded = try await connection.query("SELECT count(*) AS n FROM spotter.schema_migrations")
        #expect(try recorded.first?.int("n") == first.applied.count)
        await connection.close()
    }

    @Test("a changed migration file is refused with its name", arguments: [DatabaseBackend.postgres, .sqlite])
    func changedFileRefused(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let connection = try await database.connect()
        let original = try Self.migrator(backend)
        _ = try await original.migrate(connection, logger: TestDatabase.logger)
        var edited = original.migrations
        edited[1].sql += "\n-- an edit after the fact\n"
        edited[1] = try Migration(fileName: edited[1].fileName, sql: edited[1].sql)
        let error = await #expect(throws: DatabaseError.self) {
            _ = try await Migrator(migrations: edited).migrate(connection, logger: TestDatabase.logger)
        }
        #expect(error?.description.contains(edited[1].fileName) == true)
        #expect(error?.description.contains("refusing") == true)
        // A recorded migration whose file disappeared is refused too, naming it.
        let missing = await #expect(throws: DatabaseError.self) {
            _ = try await Migrator(migrations: Array(original.migrations.dropLast())).migrate(
                connection, logger: TestDatabase.logger)
        }
        #expect(missing?.description.contains(original.migrations.last!.fileName) == true)
        await connection.close()
    }

    @Test("concurrent `spotter migrate` processes all succeed with one application")
    func concurrentProcesses() async throws {
        for backend in [DatabaseBackend.postgres, .sqlite] {
            let database = try await TestDatabase.make(backend)
            let outputs = try await withThrowingTaskGroup(of: SpotterCommand.Output.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for output in outputs { #expect(output.status == 0, "\(backend): \(output)") }
            let applied = outputs.filter { $0.stdout.contains("applied") && !$0.stdout.contains("up to date") }
            #expect(applied.count == 1, "exactly one process applied the migrations: \(outputs)")
            let connection = try await database.connect()
            let rows = try await connection.query("SELECT count(*) AS n FROM spotter.schema_migrations")
            #expect(try rows.first?.int("n") == (try Self.migrator(backend)).migrations.count)
            await connection.close()
            await database.drop()
        }
    }
}
