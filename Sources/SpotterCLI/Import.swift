import ArgumentParser
import Foundation
import SpotterDB
import SpotterIDs
import SpotterImport
import SpotterStats

/// `spotter import`'s format argument.
enum ImportFormatArgument: String, ExpressibleByArgument, CaseIterable {
    case strong, hevy, fitbod, jsonl

    var format: ImportFormat { ImportFormat(rawValue: rawValue) ?? .jsonl }
}

/// `--weight-unit` values.
enum WeightUnitArgument: String, ExpressibleByArgument, CaseIterable {
    case kg, lbs

    var unit: WeightUnit { self == .kg ? .kg : .lbs }
}

/// `spotter import strong|hevy|fitbod|jsonl FILE --user ID [--zone Z]`.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import a training log (a Strong, Hevy or Fitbod CSV export, or JSON Lines) as one user's sessions.",
        discussion: """
            Each session becomes a row of spotter.workout_sessions (with its title, source and source_key) and \
            each set a row of spotter.session_sets. Importing the same file again adds only sessions not \
            imported before. A line that cannot be read is reported as 'line N: …' on stderr and its session \
            is left out whole; the rest is imported. Exit status: 0 when every line was read, 1 when some \
            lines were skipped (the rest imported), 2 when nothing could be imported (bad file, unknown user).
            """)

    @OptionGroup var options: GlobalOptions

    @Argument(help: "The export's format.")
    var format: ImportFormatArgument

    @Argument(help: "The export file ('-' reads standard input).")
    var file: String

    @Option(help: "The user the sessions belong to (spotter.users.id); must exist unless --create-user.")
    var user: UserID

    @Option(help: "IANA zone the export's times are in. Default: the user's time_zone, else UTC.")
    var zone: String?

    @Option(help: "Unit of loads the export writes without one (kg, lbs). Default: from the header, else detected.")
    var weightUnit: WeightUnitArgument?

    @Option(help: "Create the user with this display name (role member) when no user has the id.")
    var createUser: String?

    @Flag(help: "Read and match the file and print the summary, but write nothing.")
    var dryRun = false

    func validate() throws {
        if let zone { try UnknownName.checkZone(zone) }
    }

    func run() async throws {
        let logger = try options.makeLogger()
        let text = try readFile()
        if let line = ImportReader.overlongLine(in: text) {
            throw CommandFailure(
                message: "\(file): line \(line) is longer than \(ImportReader.maxLineBytes / 1_048_576) MiB, "
                    + "the limit for one line of an export; nothing was imported",
                exitCode: 2)
        }
        let connection = try await options.connect(logger: logger)
        // Importing writes sessions and sets: never into a product's views (external inputs).
        if try await connection.withSession({ try Migrator.isProductRelation("workout_sessions", in: $0) }) {
            await connection.close()
            throw CommandFailure(
                message: "this database's inputs are your own views (spotter migrate --inputs external): "
                    + "spotter import writes only Spotter's own input tables; import into your product's tables",
                exitCode: 2)
        }
        let user = self.user
        try await requireUserIDs([("--user", user)], in: connection)
        let createUser = self.createUser
        let explicitZone = self.zone
        let storedZone: String? = try await connection.withTransaction { session in
            if let row = try session.query("SELECT time_zone FROM spotter.users WHERE id = \(id: user)").first {
                return try row.string("time_zone")
            }
            guard let name = createUser else { return nil }
            try session.execute(
                """
                INSERT INTO spotter.users (id, display_name, role, time_zone)
                VALUES (\(id: user), \(bind: name), 'member', \(bind: explicitZone ?? "UTC"))
                """)
            return explicitZone ?? "UTC"
        }
        guard let storedZone else {
            await connection.close()
            throw CommandFailure(
                message: "no user \(user) in spotter.users; create the user first, or pass --create-user NAME",
                exitCode: 2)
        }
        let zoneName = zone ?? (TimeZoneName.isValid(storedZone) ? storedZone : "UTC")
        guard let timeZone = TimeZoneName.zone(zoneName) else {
            await connection.close()
            throw CommandFailure(message: "time zone '\(zoneName)' is not known", exitCode: 2)
        }
        let log = ImportReader.parse(
            text, format: format.format, options: ImportOptions(zone: timeZone, weightUnit: weightUnit?.unit))
        for problem in log.problems {
            FileHandle.standardError.write(Data("\(problem)\n".utf8))
        }
        let dryRun = self.dryRun
        let (outcome, matches) = try await connection.withTransaction { session in
            let matcher = ExerciseMatcher(library: try ImportWriter.library(in: session))
            var matches: [String: ExerciseMatch] = [:]
            for imported in log.sessions {
                for set in imported.sets where matches[set.exerciseName] == nil {
                    matches[set.exerciseName] = matcher.match(set.exerciseName)
                }
            }
            if dryRun { return (ImportWriter.Outcome(), matches) }
            return (try ImportWriter.write(log, user: user, matches: matches, in: session), matches)
        }
        await connection.close()
        let summary = ImportSummary(
            file: file, zone: zoneName, log: log, outcome: outcome, matches: matches, dryRun: dryRun)
        print(summary.text, terminator: "")
        if log.sessions.isEmpty && !log.problems.isEmpty {
            throw ExitCode(2)
        }
        if !log.problems.isEmpty { throw ExitCode(1) }
    }

    private func readFile() throws -> String {
        let data: Data
        do {
            data =
                file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw CommandFailure(message: "cannot read \(file): \(error.localizedDescription)", exitCode: 2)
        }
        if let text = String(data: data, encoding: .utf8) { return text }
        if data.starts(with: [0xFF, 0xFE]) || data.starts(with: [0xFE, 0xFF]),
            let text = String(data: data, encoding: .utf16)
        {
            return text
        }
        if let text = String(data: data, encoding: .windowsCP1252) { return text }
        throw CommandFailure(message: "\(file) is not UTF-8 text", exitCode: 2)
    }
}
