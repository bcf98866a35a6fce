import Foundation
import SpotterDB
import SpotterTestSupport
import Testing

/// Issue 31: `spotter check-inputs` names every word of the inputs Spotter does not know (exit 1),
/// with its rows and the fix, and notes the inputs that make a whole class of results impossible.
@Suite("check-inputs: words Spotter does not know")
struct CheckInputsWordsTests {
    @Test(
        "an unknown muscle word and an unknown equipment word: one line each, exit 1",
        arguments: DatabaseBackend.allCases)
    func unknownWords(backend: DatabaseBackend) async throws {
        let database = try await TestDatabase.make(backend)
        defer { Task { await database.drop() } }
        let migrate = try await SpotterCommand.run(["migrate", "--database", database.databaseArgument])
        #expect(migrate.status == 0, "\(migrate)")
        let connection = try await database.connect()
        defer { Task { await connection.close() } }
        try await connection.execute(
            """
            INSERT INTO spotter.programs (id, title, goal, level, category, days_per_week, weeks, equipment)
            VALUES (1, 'Odd', 'strength', 'beginner', 'home', 3, 4, $1)
            """, [.tags(["dumbell"])])
        try await connection.execute(
            """
            INSERT INTO spotter.program_workouts (id, program_id, position, title, primary_muscles, estimated_minutes, intensity)
            VALUES (11, 1, 1, 'Legs', $1, 30, 2), (12, 1, 2, 'Mystery', $2, 30, 2)
            """, [.tags(["legs"]), .tags(["wibble"])])

        let check = try await SpotterCommand.run(["check-inputs", "--database", database.databaseArgument])
        #expect(check.status == 1, "\(check)")
        let lines = check.stdout.split(separator: "\n").map(String.init)
        func has(_ parts: String...) -> Bool { lines.contains { line in parts.allSatisfy(line.contains) } }
        #expect(
            has(
                "spotter.program_workouts: 1 row has the muscle word \"wibble\"", "every injured person",
                "— fix: map it"),
            "\(lines)")
        #expect(has("spotter.programs: 1 row has the equipment word \"dumbell\"", "never recommended"), "\(lines)")
        #expect(!lines.contains { $0.contains("\"legs\"") }, "legs is Spotter's: \(lines)")
        #expect(has("note: spotter.exercises: no exercise library"), "\(lines)")
        #expect(has("note: spotter.workout_sessions: no sessions"), "\(lines)")
        #expect(check.stderr.contains("2 problems with the input relations"), "\(check)")
    }
}
