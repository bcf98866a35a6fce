import ArgumentParser
import Foundation
import SpotterDB

/// `spotter check-inputs`: validates the input relations against the contract.
struct CheckInputs: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-inputs",
        abstract: "Validate the input relations (your views, or Spotter's tables): one line per problem, with a fix.",
        discussion: """
            Checks every input relation of the contract (users, trainer_clients, profiles, exercises, \
            programs, program_workouts, workout_exercises, enrollments, workout_sessions, conversations, \
            messages, check_ins): present; each column present with a compatible type (PostgreSQL); no \
            NULL where one is not allowed and no value outside an enumeration (reads each relation once); \
            and an index on the tables behind it for each lookup the shard queries make. Exits 0 when \
            all is well, 1 when there are problems (each on its own line on stdout).
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let logger = try options.makeLogger()
        let connection = try await options.connect(logger: logger)
        let problems: [InputProblem]
        do {
            problems = try await connection.withSession { try InputCheck.problems(in: $0) }
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
        for problem in problems { print(problem) }
        guard problems.isEmpty else {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            throw CommandFailure(message: "\(count) with the input relations (listed above)")
        }
        print("inputs ok: \(InputContract.relations.count) relations meet the contract")
    }
}
