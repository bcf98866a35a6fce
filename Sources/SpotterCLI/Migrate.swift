import ArgumentParser
import Foundation
import SpotterDB
import SpotterJobs
import SpotterQueue

/// `spotter migrate`: applies the versioned migrations in sql/<backend>/ and records the catalog's kinds.
struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Apply the schema migrations (safe to run from several processes at once).")

    @OptionGroup var options: GlobalOptions

    @Flag(
        help:
            "Also create the roles spotter_worker, spotter_reader, spotter_enqueuer and spotter_operator (PostgreSQL; sql/postgres/optional/roles.sql)."
    )
    var roles = false

    @Option(
        help: ArgumentHelp(
            "Who provides the input tables (users, messages, …): spotter (its migrations create them) or external (your views over your own tables, created before; docs/product-tables.md). Default: spotter on a new database, else the mode it was migrated in.",
            valueName: "spotter|external"))
    var inputs: InputsOption?

    func run() async throws {
        let logger = try options.makeLogger()
        let home = try options.spotterHome()
        let catalog = try home.catalog()
        let connection = try await options.connect(logger: logger, creating: true)
        let migrator = try home.migrator(for: connection.backend)
        let report = try await migrator.migrate(connection, inputs: inputs?.mode, logger: logger)
        let queue = JobQueue(catalog: catalog)
        let payloadFields = SpotterHandlers.payloadFields
        try await connection.withSession { try queue.syncKinds(in: $0, payloadFields: payloadFields) }
        // Views created again lost their grants with them: re-grant when the roles are in use.
        var regrant = false
        if !report.restoredViews.isEmpty, connection.backend.hasRoles {
            let reader = try await connection.query("SELECT 1 AS one FROM pg_roles WHERE rolname = 'spotter_reader'")
            regrant = !reader.isEmpty
        }
        if roles || regrant {
            guard connection.backend.hasRoles else {
                throw CommandFailure(message: "--roles needs PostgreSQL; SQLite has no roles", exitCode: 2)
            }
            let sql = try home.rolesSQL()
            // roles.sql grants the inputs, the queue and the shared views; every kind's result
            // tables and views are granted from the kinds' declarations.
            let grants = ResultGrants.statements()
            try await connection.withTransaction { session in
                try session.executeScript(sql)
                for grant in grants { try session.execute(grant) }
            }
            print("roles spotter_worker, spotter_reader and spotter_enqueuer are in place")
        }
        await connection.close()
        if !report.skipped.isEmpty {
            print(
                "inputs external: left \(report.skipped.count) statement(s) on your relations alone "
                    + "(run `spotter check-inputs` to validate them)")
        }
        // On a run that applies migrations the conversion is part of them; said when a key changed later.
        if !report.followedKeys.isEmpty, report.applied.isEmpty {
            print("result ids follow your keys' types: \(report.followedKeys.joined(separator: ", "))")
        }
        if !report.restoredViews.isEmpty {
            print(
                "created Spotter's missing views again: \(report.restoredViews.joined(separator: ", "))"
                    + (regrant && !roles ? " (and granted them to the roles again)" : ""))
        }
        if report.applied.isEmpty {
            print("schema up to date (\(report.alreadyApplied.count) migrations applied earlier)")
        } else {
            print("applied \(report.applied.count) migration(s): \(report.applied.joined(separator: ", "))")
        }
    }
}

/// `--inputs`: who provides the input relations.
enum InputsOption: String, ExpressibleByArgument, CaseIterable {
    case spotter, external

    var mode: InputsMode { self == .spotter ? .spotter : .external }
}
