import Foundation
import SpotterDB
import SpotterIDs
import SpotterImport

/// Writes imported sessions and their sets for one user, set-based: the keys already imported
/// in one query, the new sessions in one bulk copy, their ids in one query, every set in one
/// bulk copy — all in one transaction, so a failure leaves nothing half-written.
enum ImportWriter {
    /// What was written.
    struct Outcome: Sendable {
        var sessionsWritten = 0
        var setsWritten = 0
        var warmupSetsWritten = 0
        var sessionsAlreadyImported = 0
    }

    /// The catalog, for matching names.
    static func library(in session: DatabaseSession) throws -> [LibraryExercise] {
        try session.query("SELECT id, name, primary_muscles FROM spotter.exercises ORDER BY id").map { row in
            LibraryExercise(
                id: try row.int64("id"), name: try row.string("name"), muscles: try row.tags("primary_muscles"))
        }
    }

    /// Writes the sessions of `log` that `user` does not have yet (by `source_key`).
    static func write(
        _ log: ParsedLog, user: UserID, matches: [String: ExerciseMatch], in session: DatabaseSession
    ) throws -> Outcome {
        let source = log.format.rawValue
        let keyQuery: SQLQuery = """
            SELECT id, source_key FROM spotter.workout_sessions
            WHERE user_id = \(id: user) AND source = \(bind: source) AND source_key IS NOT NULL
            """
        var existing = Set(try session.query(keyQuery).map { try $0.string("source_key") })
        var outcome = Outcome()
        var fresh: [ImportedSession] = []
        for imported in log.sessions {
            if existing.contains(imported.sourceKey) {
                outcome.sessionsAlreadyImported += 1
            } else {
                existing.insert(imported.sourceKey)
                fresh.append(imported)
            }
        }
        guard !fresh.isEmpty else { return outcome }
        let sessionRows: [[SQLValue]] = fresh.map { imported in
            [
                SQLValue(user), .timestamp(imported.startedAt), .int(Int64(imported.durationMinutes)),
                imported.title.map(SQLValue.text) ?? .null, .text(source), .text(imported.sourceKey),
            ]
        }
        outcome.sessionsWritten = try session.copy(
            into: "spotter.workout_sessions",
            columns: ["user_id", "started_at", "duration_minutes", "title", "source", "source_key"], rows: sessionRows)
        var ids: [String: Int64] = [:]
        for row in try session.query(keyQuery) {
            ids[try row.string("source_key")] = try row.int64("id")
        }
        var setRows: [[SQLValue]] = []
        for imported in fresh {
            guard let id = ids[imported.sourceKey] else {
                throw CommandFailure(message: "session \(imported.sourceKey) was written but not found again")
            }
            for (offset, set) in imported.sets.enumerated() {
                let match = matches[set.exerciseName]
                if set.isWarmup { outcome.warmupSetsWritten += 1 }
                setRows.append([
                    .int(id), .int(Int64(offset + 1)), .text(set.exerciseName),
                    match?.exerciseID.map(SQLValue.int) ?? .null, .tags(match?.muscles ?? []),
                    set.weightKg.map(SQLValue.double) ?? .null, set.reps.map { .int(Int64($0)) } ?? .null,
                    set.rpe.map(SQLValue.double) ?? .null, set.seconds.map { .int(Int64($0)) } ?? .null,
                    set.distanceMeters.map(SQLValue.double) ?? .null, .bool(set.isWarmup),
                ])
            }
        }
        outcome.setsWritten = try session.copy(
            into: "spotter.session_sets",
            columns: [
                "session_id", "set_order", "exercise_name", "exercise_id", "muscle_groups", "weight_kg", "reps", "rpe",
                "seconds", "distance_m", "is_warmup",
            ],
            rows: setRows)
        return outcome
    }
}
