import ArgumentParser
import Foundation
import SpotterCatalog
import SpotterDB
import SpotterJobs

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
            and an index on the tables behind it for each lookup the shard queries make; every muscle, \
            equipment and goal word Spotter does not know (per column: the word, its rows, what Spotter \
            does with them, the fix). Exits 0 when all is well, 1 when there are problems (each on its own \
            line on stdout). Notes (lines starting "note:") say when an input makes a whole class of \
            results impossible or thin (no exercise library, no programs, no sessions); they do not \
            change the exit status.
            """)

    @OptionGroup var options: GlobalOptions

    func run() async throws {
        let logger = try options.makeLogger()
        let connection = try await options.connect(logger: logger)
        // A kind's declared `known_equipment` replaces the equipment vocabulary, as in the shards.
        let catalog = try? options.spotterHome().catalog()
        let declared = catalog?.spec(for: DailySuggestionHandler.name)?.parameters["known_equipment"]
        var knownEquipment: Set<String>?
        if case .list(let values)? = declared {
            knownEquipment = Set(values.compactMap { if case .string(let tag) = $0 { tag } else { nil } })
        }
        let migrator = try options.spotterHome().migrator(for: connection.backend)
        let found: (problems: [InputProblem], notes: [InputProblem])
        do {
            found = try await connection.withSession { [knownEquipment] session in
                // Spotter's views over the inputs, gone with a `DROP VIEW … CASCADE` on one.
                let views = try migrator.status(in: session).missingViews.map { view in
                    InputProblem(
                        relation: "spotter.\(view)",
                        problem: "Spotter's view is missing (dropped with an input view it reads?)",
                        fix: "run `spotter migrate`: it creates Spotter's missing views again")
                }
                let problems = views + (try InputCheck.problems(in: session))
                let words = try InputWords.problems(in: session, knownEquipment: knownEquipment)
                return (problems + words, try InputCoverage.notes(in: session))
            }
        } catch {
            await connection.close()
            throw error
        }
        await connection.close()
        let (problems, notes) = found
        for problem in problems { print(problem) }
        for note in notes { print("note: \(note)") }
        guard problems.isEmpty else {
            let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
            throw CommandFailure(message: "\(count) with the input relations (listed above)")
        }
        let noted = notes.isEmpty ? "" : " (\(notes.count == 1 ? "1 note" : "\(notes.count) notes") above)"
        print("inputs ok: \(InputContract.relations.count) relations meet the contract\(noted)")
    }
}
