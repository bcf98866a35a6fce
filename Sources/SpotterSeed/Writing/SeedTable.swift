public import SpotterDB

/// Rows for one table, ready for `DatabaseSession.copy(into:columns:rows:)`.
public struct SeedTable: Sendable {
    /// Table name without schema, e.g. `users`.
    public let name: String
    /// Column names, in the order of each row's values.
    public let columns: [String]
    /// The rows.
    public var rows: [[SQLValue]]

    /// An empty table description.
    public init(name: String, columns: [String], rows: [[SQLValue]] = []) {
        self.name = name
        self.columns = columns
        self.rows = rows
    }

    /// The name qualified with the `spotter` schema (SQLite's `copy` strips it).
    public var qualifiedName: String { "spotter." + name }
}

/// The input rows for one range of users, per table in insertion (foreign-key) order.
public struct SeedChunk: Sendable {
    /// The zero-based user indices covered (user ids are index + 1).
    public let users: Range<Int>
    /// users, trainer_clients, profiles, enrollments, workout_sessions, session_sets,
    /// conversations, messages, check_ins — in that order.
    public var tables: [SeedTable]

    /// The table named `name` (without schema), if it is part of a chunk.
    public func table(_ name: String) -> SeedTable? {
        tables.first { $0.name == name }
    }
}

/// Column lists of the tables the seed writes.
enum SeedColumns {
    static let users = ["id", "display_name", "role", "time_zone", "locale", "status", "created_at"]
    static let trainerClients = ["trainer_id", "client_id", "since"]
    static let profiles = ["user_id", "goal", "level", "equipment", "days_per_week", "session_minutes"]
    static let enrollments = ["id", "user_id", "program_id", "started_at", "status", "completed_at"]
    static let workoutSessions = ["id", "user_id", "workout_id", "started_at", "duration_minutes"]
    static let sessionSets = [
        "session_id", "set_order", "exercise_name", "exercise_id", "muscle_groups", "reps", "seconds", "distance_m",
    ]
    static let conversations = ["id", "user_id", "counterpart_id", "kind", "created_at"]
    static let messages = ["id", "conversation_id", "sender_id", "body", "sent_at", "deleted_at"]
    static let checkIns = ["id", "user_id", "energy", "mood", "clarity", "recorded_at"]
    static let exercises = ["id", "name", "primary_muscles", "equipment", "level", "category"]
    static let programs = [
        "id", "title", "goal", "level", "category", "days_per_week", "weeks", "equipment", "description",
    ]
    static let programWorkouts = [
        "id", "program_id", "position", "title", "primary_muscles", "estimated_minutes", "intensity",
    ]
    static let workoutExercises = ["workout_id", "position", "exercise_id", "sets", "reps"]
}
