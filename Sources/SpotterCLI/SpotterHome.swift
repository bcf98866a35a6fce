import Foundation
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterProjectFiles

/// Where `jobs/` and `sql/` come from: a project directory (`--home`, else `SPOTTER_HOME`) or,
/// by default, the copies built into this executable, so one copied file migrates and runs.
struct SpotterHome {
    /// A project directory, or nil for the built-in files.
    var root: URL?

    /// What `spotter` reads its files from, for messages: a path or "built-in".
    var description: String { root?.path ?? "built-in jobs/ and sql/" }

    /// `explicit` (--home), then SPOTTER_HOME; neither → the built-in files. A named directory
    /// must hold `jobs/kinds.yaml` and `sql/`.
    static func locate(explicit: String?) throws -> SpotterHome {
        guard let given = explicit ?? ProcessInfo.processInfo.environment["SPOTTER_HOME"] else {
            return SpotterHome(root: nil)
        }
        do {
            return SpotterHome(root: try SpotterDirectory.locate(explicit: given))
        } catch .notAHome(let url) {
            throw CommandFailure(
                message: "\(url.path) holds no jobs/kinds.yaml and sql/ (set by --home or SPOTTER_HOME); "
                    + "leave both unset to use the files built into spotter",
                exitCode: 2)
        } catch .notFound {
            throw CommandFailure(message: "cannot find jobs/ and sql/ in \(given)", exitCode: 2)
        }
    }

    /// Loads and validates the job catalog (errors name the file, line and key).
    func catalog() throws -> JobCatalog {
        // Each kind's parameters are checked against its declaration (SpotterHandlers).
        let parameters = SpotterHandlers.parameterSchemas
        if let root {
            return try JobCatalog.load(directory: root.appendingPathComponent("jobs"), parameters: parameters)
        }
        return try JobCatalog.parse(
            kinds: try builtIn("jobs/kinds.yaml"), kindsFile: "jobs/kinds.yaml (built in)",
            schedule: try builtIn("jobs/schedule.yaml"), scheduleFile: "jobs/schedule.yaml (built in)",
            parameters: parameters)
    }

    /// The migrations of `backend`, in order.
    func migrator(for backend: DatabaseBackend) throws -> Migrator {
        let folder = backend.migrationsFolder
        if let root { return try Migrator(directory: root.appendingPathComponent(folder)) }
        let migrations = try ProjectFiles.paths(in: folder).filter { $0.hasSuffix(".sql") }.map { path in
            try Migration(fileName: String(path.dropFirst(folder.count + 1)), sql: try builtIn(path))
        }
        return try Migrator(migrations: migrations)
    }

    /// The text of `sql/postgres/optional/roles.sql`.
    func rolesSQL() throws -> String {
        let path = "sql/postgres/optional/roles.sql"
        guard let root else { return try builtIn(path) }
        do {
            return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        } catch {
            throw CommandFailure(message: "cannot read \(root.appendingPathComponent(path).path)", exitCode: 2)
        }
    }

    private func builtIn(_ path: String) throws -> String {
        guard let text = ProjectFiles.text(path) else {
            throw CommandFailure(message: "\(path) was not built into this spotter; pass --home DIR", exitCode: 2)
        }
        return text
    }
}
