import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterJobs
import SpotterLLM
import SpotterQueue

/// The `spotter` command.
@main
struct Spotter: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "spotter",
        abstract: "Batch analytics and recommendations for fitness chat assistants, driven by a PostgreSQL job queue.",
        discussion: """
            Database: --database or DATABASE_URL. postgresql://… URLs, libpq keyword strings and the PG* \
            variables select PostgreSQL; sqlite:PATH or a path ending in .sqlite/.db selects SQLite.
            """,
        version: SpotterVersion.current,
        subcommands: [
            Demo.self, Migrate.self, Seed.self, Work.self, Run.self, Context.self, Enqueue.self, Status.self,
            Retry.self, Cancel.self, JobCommand.self, Pause.self, Resume.self, Health.self, Facts.self, Eval.self,
            MCPCommand.self, CheckInputs.self, Import.self,
        ]
    )

    /// Runs the command; user errors become one line on stderr and a non-zero exit, never a trace.
    static func main() async {
        if let problem = UnknownSubcommand.problem(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data("spotter: error: \(problem)\n".utf8))
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let error as CommandFailure {
            FileHandle.standardError.write(Data("spotter: error: \(error.message)\n".utf8))
            Foundation.exit(error.exitCode)
        } catch let error as DatabaseError {
            FileHandle.standardError.write(Data("spotter: error: \(ErrorReport.line(for: error))\n".utf8))
            Foundation.exit(error.code == .invalidConfiguration ? 2 : 1)
        } catch let error as QueueError {
            FileHandle.standardError.write(Data("spotter: error: \(error)\n".utf8))
            Foundation.exit(error.code == .invalidRequest ? 2 : 1)
        } catch let error as LLMConfigurationError {
            FileHandle.standardError.write(Data("spotter: error: \(error)\n".utf8))
            Foundation.exit(2)
        } catch let error as CatalogError {
            FileHandle.standardError.write(Data("spotter: error: \(error)\n".utf8))
            Foundation.exit(2)
        } catch {
            exit(withError: error)
        }
    }
}

/// A failure to report as one line with an exit code (1: runtime, 2: bad input).
struct CommandFailure: Error {
    var message: String
    var exitCode: Int32 = 1
}
