import Foundation
import SpotterDB
import SpotterRanking
import SpotterStats

// The ranking's inputs read by column name, shared by the shard loader and the offline
// evaluation. Instants a caller has already checked (``UnusableInputs``) are passed in.

extension MemberProfile {
    /// `goal, level, equipment, days_per_week, session_minutes` of `spotter.profiles`.
    init(row: Row) throws {
        self.init(
            goal: try row.optionalString("goal"), level: try row.optionalString("level").flatMap(Level.init(rawValue:)),
            equipment: Set(try row.optionalTags("equipment") ?? []), daysPerWeek: try row.optionalInt("days_per_week"),
            sessionMinutes: try row.optionalInt("session_minutes"))
    }
}

extension Enrollment {
    /// `program_id, status` of `spotter.enrollments`.
    init(row: Row, startedAt: Date) throws {
        self.init(programID: try row.id("program_id"), startedAt: startedAt, status: try row.string("status"))
    }
}

extension PastSession {
    /// `workout_id, title` of `spotter.workout_sessions`.
    init(row: Row, startedAt: Date, durationMinutes: Int) throws {
        self.init(
            workoutID: try row.optionalID("workout_id"), startedAt: startedAt, durationMinutes: durationMinutes,
            title: try row.optionalString("title"))
    }
}

extension CheckIn {
    /// `energy, mood, clarity` of `spotter.check_ins`.
    init(row: Row, recordedAt: Date) throws {
        self.init(
            energy: try row.int("energy"), mood: try row.int("mood"), clarity: try row.int("clarity"),
            recordedAt: recordedAt)
    }
}

extension MuscleWork {
    /// `muscle_group, sets, load` of ``SessionWorkSQL``.
    init(row: Row) throws {
        self.init(group: try row.string("muscle_group"), sets: try row.double("sets"), load: try row.double("load"))
    }
}

extension LoggedLift {
    /// `exercise_name, equipment, estimated_max_kg` of ``LoggedLiftSQL``.
    init(row: Row) throws {
        self.init(
            exercise: try row.string("exercise_name"), equipment: try row.optionalTags("equipment") ?? [],
            estimatedMaxKg: try row.optionalDouble("estimated_max_kg"))
    }
}

extension HealthFact {
    /// `subject, slot, content, polarity, temporal` of `spotter.facts`.
    init(row: Row, mentionedAt: Date) throws {
        self.init(
            subject: try row.string("subject"), slot: try row.string("slot"), content: try row.string("content"),
            polarity: try row.string("polarity"), temporal: try row.string("temporal"), mentionedAt: mentionedAt)
    }
}
