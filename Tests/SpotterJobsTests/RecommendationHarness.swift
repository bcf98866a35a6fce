import Foundation
import SpotterCatalog
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterQueue
import SpotterRendering
import SpotterTestSupport
import Synchronization
import Testing

/// A migrated database with a small hand-written catalog, fixture writers for members, and a
/// way to run the recommendation handlers directly (no queue) with the shipped `jobs/` catalog.
struct RecommendationHarness {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The run's "now": 06:00 UTC, so UTC members' local date is 2026-11-21.
    static let asOf = "2026-11-21T06:00:00Z"
    static let today = "2026-11-21"

    let connection: DatabaseConnection
    let backend: DatabaseBackend
    let catalog: JobCatalog
    private let nextJobID = JobCounter()

    /// Runs `body` with a freshly migrated database holding ``writeLibrary()``'s programs.
    static func with(_ backend: DatabaseBackend, _ body: (RecommendationHarness) async throws -> Void) async throws {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let migrator = try Migrator(directory: repository.appendingPathComponent("sql/\(backend.rawValue)"))
            _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
            let catalog = try SpotterHandlers.loadCatalog(directory: repository.appendingPathComponent("jobs"))
            let harness = RecommendationHarness(connection: connection, backend: backend, catalog: catalog)
            try await harness.writeLibrary()
            try await body(harness)
        }
    }

    /// Runs `handler` on `payload` (with `as_of` added when absent) as job 1, 2, …
    @discardableResult
    func run(_ handler: any JobHandler, _ payload: String, spec: KindSpec? = nil) async throws -> JobResult {
        let kindSpec = try #require(spec ?? catalog.spec(for: handler.kind))
        var text = payload
        if !text.contains("as_of") { text = "{\"as_of\": \"\(Self.asOf)\", " + text.dropFirst() }
        let job = Job(id: nextJobID.next(), kind: handler.kind, payload: text)
        let context = JobContext(
            job: job, spec: kindSpec, catalog: catalog, database: connection, logger: TestDatabase.logger)
        return try await handler.run(context)
    }

    /// What the demo renders on a migrated database with no results.
    static func emptyDemo(_ backend: DatabaseBackend) async throws -> String {
        try await TestDatabase.withConnection(backend) { connection, _ in
            let migrator = try Migrator(directory: repository.appendingPathComponent("sql/\(backend.rawValue)"))
            _ = try await migrator.migrate(connection, logger: TestDatabase.logger)
            return try await connection.withSession { try RecommendationsDemo.render(in: $0) }
        }
    }

    // MARK: The catalog

    /// Three programs: Bodyweight Basics (beginner, no equipment), Barbell Strength
    /// (intermediate, barbell/bench/rack/dumbbell) and Mobility Flow (beginner).
    func writeLibrary() async throws {
        let exercises: [(Int64, String, [String], [String])] = [
            (1, "Push-up", ["chest"], []), (2, "Squat", ["quads", "glutes"], []), (3, "Plank", ["core"], []),
            (4, "Bench Press", ["chest"], ["barbell", "bench"]), (5, "Back Squat", ["quads"], ["barbell", "rack"]),
            (6, "Dumbbell Row", ["back"], ["dumbbell"]), (7, "Cat-Cow", ["mobility"], []),
            (8, "Hoverboard Ride", ["quads"], ["hoverboard"]),
        ]
        for (id, name, muscles, equipment) in exercises {
            try await connection.execute(
                "INSERT INTO spotter.exercises (id, name, primary_muscles, equipment) VALUES ($1, $2, $3, $4)",
                [.int(id), .text(name), .tags(muscles), .tags(equipment)])
        }
        try await program(1, "Bodyweight Basics", goal: "general_fitness", level: "beginner", category: "bodyweight")
        try await workout(101, program: 1, 1, "Push Day", ["chest", "arms"], minutes: 30, intensity: 2, exercises: [1])
        try await workout(
            102, program: 1, 2, "Legs Day", ["quads", "glutes"], minutes: 30, intensity: 2, exercises: [2])
        try await workout(103, program: 1, 3, "Core Day", ["core"], minutes: 20, intensity: 1, exercises: [3])
        try await program(
            2, "Barbell Strength", goal: "strength", level: "intermediate", category: "full_body", weeks: 8)
        try await workout(201, program: 2, 1, "Upper A", ["chest"], minutes: 60, intensity: 4, exercises: [4])
        try await workout(202, program: 2, 2, "Lower A", ["quads"], minutes: 60, intensity: 4, exercises: [5])
        try await workout(203, program: 2, 3, "Upper B", ["back"], minutes: 55, intensity: 3, exercises: [6, 4])
        try await program(3, "Mobility Flow", goal: "mobility", level: "beginner", category: "mobility")
        try await workout(301, program: 3, 1, "Flow", ["mobility"], minutes: 20, intensity: 1, exercises: [7])
    }

    func program(
        _ id: UserID, _ title: String, goal: String, level: String, category: String, days: Int = 3, weeks: Int = 4,
        equipment: [String] = []
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO spotter.programs (id, title, goal, level, category, days_per_week, weeks, equipment)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
            """,
            [
                SQLValue(id), .text(title), .text(goal), .text(level), .text(category), .int(Int64(days)),
                .int(Int64(weeks)), .tags(equipment),
            ])
    }

    func workout(
        _ id: UserID, program: ProgramID, _ position: Int, _ title: String, _ muscles: [String], minutes: Int,
        intensity: Int, exercises: [Int64]
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO spotter.program_workouts (id, program_id, position, title, primary_muscles, estimated_minutes, intensity)
            VALUES ($1, $2, $3, $4, $5, $6, $7)
            """,
            [
                SQLValue(id), SQLValue(program), .int(Int64(position)), .text(title), .tags(muscles),
                .int(Int64(minutes)),
                .int(Int64(intensity)),
            ])
        for (offset, exercise) in exercises.enumerated() {
            try await connection.execute(
                "INSERT INTO spotter.workout_exercises (workout_id, position, exercise_id) VALUES ($1, $2, $3)",
                [SQLValue(id), .int(Int64(offset + 1)), .int(exercise)])
        }
    }

    // MARK: Members

    func user(_ id: UserID, zone: String = "UTC") async throws {
        try await connection.execute(
            "INSERT INTO spotter.users (id, display_name, role, time_zone) VALUES ($1, $2, 'member', $3)",
            [SQLValue(id), .text("Member \(id)"), .text(zone)])
    }

    func profile(
        _ userID: UserID, goal: String?, level: String?, equipment: [String], days: Int? = 3, minutes: Int? = 60
    ) async throws {
        try await connection.execute(
            """
            INSERT INTO spotter.profiles (user_id, goal, level, equipment, days_per_week, session_minutes)
            VALUES ($1, $2, $3, $4, $5, $6)
            """,
            [
                SQLValue(userID), goal.map(SQLValue.text) ?? .null, level.map(SQLValue.text) ?? .null, .tags(equipment),
                days.map { .int(Int64($0)) } ?? .null, minutes.map { .int(Int64($0)) } ?? .null,
            ])
    }

    func enroll(_ userID: UserID, program: ProgramID, daysAgo: Double, status: String = "active") async throws {
        try await connection.execute(
            "INSERT INTO spotter.enrollments (user_id, program_id, started_at, status) VALUES ($1, $2, $3, $4)",
            [SQLValue(userID), SQLValue(program), .timestamp(Self.instant(daysAgo: daysAgo)), .text(status)])
    }

    func session(_ userID: UserID, workout: WorkoutID?, daysAgo: Double, minutes: Int = 45) async throws {
        try await connection.execute(
            "INSERT INTO spotter.workout_sessions (user_id, workout_id, started_at, duration_minutes) VALUES ($1, $2, $3, $4)",
            [
                SQLValue(userID), workout.map(SQLValue.init) ?? .null, .timestamp(Self.instant(daysAgo: daysAgo)),
                .int(Int64(minutes)),
            ])
    }

    func checkIn(_ userID: UserID, energy: Int, hoursAgo: Double) async throws {
        try await connection.execute(
            "INSERT INTO spotter.check_ins (user_id, energy, mood, clarity, recorded_at) VALUES ($1, $2, 3, 3, $3)",
            [SQLValue(userID), .int(Int64(energy)), .timestamp(Self.instant(daysAgo: hoursAgo / 24))])
    }

    static func instant(daysAgo: Double) -> Date {
        ISO8601Instant.parse(asOf)!.addingTimeInterval(-daysAgo * 86_400)
    }

    // MARK: Reading results

    /// `daily_suggestions` of a user: (local_date, workout_id, program_id, title, reasons), by date.
    func suggestions(_ userID: UserID) async throws -> [(
        date: String, workout: WorkoutID, program: ProgramID, title: String, reasons: [String]
    )] {
        try await connection.query(
            """
            SELECT * FROM spotter.daily_suggestions WHERE user_id = $1 ORDER BY local_date
            """, [SQLValue(userID)]
        ).map { row in
            let suggestion = try row.decode(DailySuggestionRow.self)
            return (
                String(suggestion.local_date.prefix(10)), suggestion.workout_id, suggestion.program_id,
                suggestion.title, suggestion.reasons
            )
        }
    }

    /// `program_recommendations` of a user: (rank, program_id, score, reasons), by rank.
    func recommendations(_ userID: UserID) async throws -> [(
        rank: Int, program: ProgramID, score: Double, reasons: [String]
    )] {
        try await connection.query(
            "SELECT * FROM spotter.program_recommendations WHERE user_id = $1 ORDER BY rank", [SQLValue(userID)]
        ).map { row in
            let program = try row.decode(ProgramRecommendationRow.self)
            return (program.rank, program.program_id, program.score, program.reasons)
        }
    }

    /// `result_errors` of a kind: subject → (reason, detail).
    func outcomes(_ kind: String) async throws -> [UserID: (reason: String, detail: String)] {
        var result: [UserID: (reason: String, detail: String)] = [:]
        for row in try await connection.query(
            "SELECT * FROM spotter.result_errors WHERE kind = $1", [.text(kind)])
        {
            let outcome = try row.decode(ResultErrorRow.self)
            result[outcome.subject_id] = (outcome.reason, outcome.detail)
        }
        return result
    }

}

/// Job ids for directly run handlers.
final class JobCounter: Sendable {
    private let value = Mutex<Int64>(0)

    func next() -> Int64 {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
