import Foundation
import SpotterDB
import SpotterIDs
import SpotterSeed
import Testing

/// Issue 13: seeded sessions of library workouts carry their sets (`session_sets`), so recovery
/// reads them the way it reads imported ones.
@Suite("Seeded session sets")
struct SeedSessionSetsTests {
    static let configuration = SeedConfiguration(users: 60, seed: 5)

    @Test("every set a seeded catalog session's workout prescribes, in order, with the exercise's muscles")
    func setsFollowWorkouts() throws {
        let chunk = SeedGenerator(configuration: Self.configuration).chunk(users: 0..<60)
        let sessions = try #require(chunk.table("workout_sessions")).rows
        let sets = try #require(chunk.table("session_sets"))
        #expect(sets.columns.prefix(5) == ["session_id", "set_order", "exercise_name", "exercise_id", "muscle_groups"])
        let exercises = Dictionary(uniqueKeysWithValues: SeedCatalog.exercises.map { ($0.id, $0) })
        let workouts = Dictionary(uniqueKeysWithValues: SeedCatalog.programs.flatMap(\.workouts).map { ($0.id, $0) })
        let bySession = Dictionary(grouping: sets.rows) { row -> Int64 in
            if case .int(let id) = row[0] { return id }
            return -1
        }
        var checked = 0
        for session in sessions {
            guard case .int(let id) = session[0] else { continue }
            guard case .int(let workoutID) = session[2], let workout = workouts[workoutID] else {
                #expect(bySession[id] == nil, "a free-form seeded session has no sets")
                continue
            }
            let rows = bySession[id] ?? []
            #expect(rows.count == workout.exercises.reduce(0) { $0 + max($1.sets, 1) })
            #expect(rows.map { $0[1] } == (1...max(rows.count, 1)).prefix(rows.count).map { SQLValue.int(Int64($0)) })
            for row in rows {
                guard case .int(let exerciseID) = row[3], let exercise = exercises[exerciseID] else {
                    Issue.record("set without a catalog exercise: \(row)")
                    continue
                }
                #expect(row[2] == .text(exercise.name))
                #expect(row[4] == .tags(exercise.primaryMuscles))
            }
            checked += 1
        }
        #expect(checked > 100)
        #expect(sets.rows.contains { $0[5] != .null }, "prescribed reps are kept")
        #expect(sets.rows.contains { $0[6] != .null }, "timed prescriptions ('30s', '20 min') are kept as seconds")
    }

    @Test("--no-session-sets (sessionSets false) writes none")
    func optOut() {
        var configuration = Self.configuration
        configuration.sessionSets = false
        let chunk = SeedGenerator(configuration: configuration).chunk(users: 0..<60)
        #expect(chunk.table("session_sets")?.rows.isEmpty == true)
        #expect(
            chunk.table("workout_sessions")?.rows
                == SeedGenerator(configuration: Self.configuration).chunk(users: 0..<60).table("workout_sessions")?.rows
        )
    }
}
