import Foundation
import SpotterDB
import SpotterIDs
import SpotterTestSupport
import Testing

/// `spotter` carries its own `sql/` and `jobs/`: copied alone into an empty directory it
/// migrates (with roles on PostgreSQL) and runs the demo; `--home` still overrides.
@Suite("self-contained binary")
struct SelfContainedBinaryTests {
    /// A copy of the built binary alone in a new empty directory, outside the repository.
    static func lonelyCopy() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("spotter-lone-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("spotter")
        try FileManager.default.copyItem(at: try SpotterCommand.executable(), to: copy)
        return copy
    }

    static func run(_ binary: URL, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> SpotterCommand.Output
    {
        try await SpotterCommand.run(
            arguments, environment: environment, directory: binary.deletingLastPathComponent(), binary: binary)
    }

    @Test("a copied binary migrates SQLite and runs the demo from an empty directory")
    func sqliteAndDemo() async throws {
        let binary = try Self.lonelyCopy()
        defer { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        let directory = binary.deletingLastPathComponent()
        let migrate = try await Self.run(binary, ["migrate", "--database", "sqlite:\(directory.path)/spotter.db"])
        #expect(migrate.status == 0, "\(migrate)")
        let shipped = try FileManager.default.contentsOfDirectory(
            atPath: SpotterCommand.repositoryRoot.appendingPathComponent("sql/sqlite").path
        ).filter { $0.hasSuffix(".sql") }.sorted()
        #expect(migrate.stdout.contains("applied \(shipped.count) migration(s): \(shipped.joined(separator: ", "))"))

        let demo = try await Self.run(binary, ["demo", "--path", "\(directory.path)/demo.sqlite"])
        #expect(demo.status == 0, "\(demo)")
        #expect(demo.stdout.contains("inspect with"))
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(left.isSuperset(of: ["demo.sqlite", "spotter", "spotter.db"]))
        #expect(left.isDisjoint(with: ["jobs", "sql"]), "nothing was unpacked beside the binary")
    }

    @Test("a copied binary migrates PostgreSQL with the roles")
    func postgresWithRoles() async throws {
        let database = try await TestDatabase.make(.postgres)
        defer { Task { await database.drop() } }
        let binary = try Self.lonelyCopy()
        defer { try? FileManager.default.removeItem(at: binary.deletingLastPathComponent()) }
        let output = try await Self.run(binary, ["migrate", "--roles", "--database", database.configuration.conninfo])
        #expect(output.status == 0, "\(output)")
        #expect(output.stdout.contains("roles spotter_worker, spotter_reader and spotter_enqueuer are in place"))
        let connection = try await database.connect()
        let kinds = try await connection.query("SELECT count(*) AS n FROM spotter.job_kinds")
        #expect(try kinds.first?.int("n") ?? 0 >= 5, "the built-in jobs/kinds.yaml was synced")
        await connection.close()
    }

    @Test("--home still overrides the built-in files; a wrong --home is a clear error")
    func homeOverrides() async throws {
        let binary = try Self.lonelyCopy()
        let directory = binary.deletingLastPathComponent()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A home whose catalog has a typo proves the directory is read instead of the built-in copy.
        let home = directory.appendingPathComponent("home")
        try FileManager.default.createDirectory(
            at: home.appendingPathComponent("jobs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: SpotterCommand.repositoryRoot.appendingPathComponent("sql"), to: home.appendingPathComponent("sql"))
        try "version: 1\nkinds:\n  noop:\n    retries: 3\n".write(
            to: home.appendingPathComponent("jobs/kinds.yaml"), atomically: true, encoding: .utf8)
        try "schedule: []\n".write(
            to: home.appendingPathComponent("jobs/schedule.yaml"), atomically: true, encoding: .utf8)
        let overridden = try await Self.run(
            binary, ["migrate", "--home", home.path, "--database", "sqlite:\(directory.path)/a.db"])
        #expect(overridden.status != 0)
        #expect(overridden.stderr.contains("kinds.yaml"), "\(overridden)")
        #expect(overridden.stderr.contains("retries"), "\(overridden)")

        let missing = try await Self.run(
            binary, ["migrate", "--database", "sqlite:\(directory.path)/b.db"],
            environment: ["SPOTTER_HOME": directory.appendingPathComponent("nowhere").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("holds no jobs/kinds.yaml and sql/"), "\(missing)")
    }
}
