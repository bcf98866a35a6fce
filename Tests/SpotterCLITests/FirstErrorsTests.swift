import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// A newcomer's first mistakes get an error that says what to do, never a silent no-op, a new
/// empty database or a library's code name.
@Suite("first errors")
struct FirstErrorsTests {
    /// A migrated database of `backend` for commands that need one.
    static func migrated(_ backend: DatabaseBackend) async throws -> TestDatabase {
        let database = try await TestDatabase.make(backend)
        let output = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(output.status == 0, "\(output)")
        return database
    }

    @Test("an unknown kind or queue for `spotter work` is refused with a did-you-mean")
    func unknownKindOrQueue() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let kind = try await SpotterCommand.run(
            ["work", "--until-empty", "--kinds", "profile_stat", "--database", database.databaseArgument])
        #expect(kind.status != 0)
        #expect(kind.stderr.contains("unknown kind 'profile_stat'; did you mean 'profile_stats'?"), "\(kind)")
        let queue = try await SpotterCommand.run(
            ["work", "--until-empty", "--queues", "defualt", "--database", database.databaseArgument])
        #expect(queue.status != 0)
        #expect(queue.stderr.contains("unknown queue 'defualt'; did you mean 'default'?"), "\(queue)")
        let fine = try await SpotterCommand.run(
            [
                "work", "--until-empty", "--kinds", "profile_stats", "--queues", "default", "--database",
                database.databaseArgument,
            ])
        #expect(fine.status == 0, "\(fine)")
    }

    @Test("`run nightly` refuses a zone in the wrong case and a date that does not exist")
    func zoneAndDate() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let zone = try await SpotterCommand.run(
            ["run", "nightly", "--zone", "europe/berlin", "--database", database.databaseArgument])
        #expect(zone.status != 0)
        #expect(zone.stderr.contains("did you mean 'Europe/Berlin'?"), "\(zone)")
        let typo = try await SpotterCommand.run(
            ["run", "nightly", "--zone", "Europe/Berlinn", "--database", database.databaseArgument])
        #expect(typo.stderr.contains("did you mean 'Europe/Berlin'?"), "\(typo)")
        for date in ["2026-11-31", "2026-02-29", "2026-13-01", "26-11-01"] {
            let output = try await SpotterCommand.run(
                ["run", "nightly", "--date", date, "--database", database.databaseArgument])
            #expect(output.status != 0)
            #expect(output.stderr.contains("'\(date)' is not a calendar date"), "\(output)")
        }
        let leapDay = try await SpotterCommand.run(
            [
                "run", "nightly", "--zone", "Europe/Berlin", "--date", "2028-02-29", "--database",
                database.databaseArgument,
            ])
        #expect(!leapDay.stderr.contains("calendar date"), "\(leapDay)")
    }

    @Test("a SPOTTER_KEPT_STATEMENTS that is not a count is refused, naming the variable")
    func keptStatementsSetting() async throws {
        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        for value in ["many", "-1", "1.5"] {
            let output = try await SpotterCommand.run(
                ["status", "--database", database.databaseArgument], environment: ["SPOTTER_KEPT_STATEMENTS": value])
            #expect(output.status == 2, "\(value): \(output)")
            #expect(output.stderr.contains("SPOTTER_KEPT_STATEMENTS must be a whole number"), "\(output)")
            #expect(output.stderr.contains("\"\(value)\""), "\(output)")
        }
        let off = try await SpotterCommand.run(
            ["status", "--database", database.databaseArgument], environment: ["SPOTTER_KEPT_STATEMENTS": "0"])
        #expect(off.status == 0, "\(off)")
    }

    @Test("read commands never create a SQLite file; only migrate does")
    func readCommandsNeverCreate() async throws {
        let path = NSTemporaryDirectory() + "spotter-missing-\(UUID().uuidString).db"
        defer { try? FileManager.default.removeItem(atPath: path) }
        for arguments in [["status"], ["context", "1"], ["enqueue", "noop"], ["run", "nightly"]] {
            let output = try await SpotterCommand.run(arguments + ["--database", "sqlite:\(path)"])
            #expect(output.status == 2, "\(arguments): \(output)")
            #expect(output.stderr.contains("no SQLite database at \(path)"), "\(output)")
            #expect(output.stderr.contains("spotter migrate --database sqlite:\(path)"))
            #expect(!FileManager.default.fileExists(atPath: path), "\(arguments) created the file")
        }
        let migrate = try await SpotterCommand.run(["migrate", "--database", "sqlite:\(path)"])
        #expect(migrate.status == 0, "\(migrate)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("an unmigrated database says to run `spotter migrate`", arguments: [DatabaseBackend.postgres, .sqlite])
    func unmigrated(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        if backend == .sqlite {
            // An existing but empty file: the read command must not be refused for a missing file.
            #expect(FileManager.default.createFile(atPath: database.configuration.path, contents: nil))
        }
        let output = try await SpotterCommand.run(["status", "--database", database.databaseArgument])
        #expect(output.status == 1, "\(output)")
        #expect(output.stderr.contains("run `spotter migrate` with the same --database first"), "\(output)")
        #expect(!output.stderr.contains("server:"), "no code names: \(output.stderr)")
    }

    @Test("no database at all says how to give one")
    func noDatabase() async throws {
        let environment = ProcessInfo.processInfo.environment
        let pgVariables = ["PGHOST", "PGHOSTADDR", "PGPORT", "PGDATABASE", "PGSERVICE", "PGUSER"]
        try #require(
            !pgVariables.contains { environment[$0] != nil }, "the test needs an environment without PG* variables")
        // A socket directory with no server in it: libpq's defaults cannot answer.
        let output = try await SpotterCommand.run(
            ["status"], environment: ["PGSYSCONFDIR": "/nonexistent", "PGPASSFILE": "/nonexistent"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("no database given"), "\(output)")
        #expect(output.stderr.contains("give one with --database or DATABASE_URL"))
        #expect(!output.stderr.contains("connectionFailed"))
    }

    @Test("errors name no library codes: an unreachable server, a refused seed")
    func noCodeNames() async throws {
        let unreachable = try await SpotterCommand.run(
            ["status", "--database", "postgresql://spotter@127.0.0.1:1/postgres?connect_timeout=2"])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("cannot connect"), "\(unreachable)")
        #expect(!unreachable.stderr.contains("connectionFailed"), "\(unreachable)")

        let database = try await Self.migrated(.sqlite)
        defer { Task { await database.drop() } }
        let first = try await SpotterCommand.run(["seed", "--users", "20", "--database", database.databaseArgument])
        #expect(first.status == 0, "\(first)")
        let again = try await SpotterCommand.run(["seed", "--users", "20", "--database", database.databaseArgument])
        #expect(again.status != 0)
        #expect(again.stderr.contains("seed refused: "), "\(again)")
        #expect(!again.stderr.contains("notEmpty"), "\(again)")
    }
}
