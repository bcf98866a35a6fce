import Foundation
import SpotterIDs
import SpotterRanking
import SpotterStats

/// A small library and helpers shared by the tests. All dates are UTC; `day(n, hour)` is
/// 2024-03-(10+n) at `hour`:00 UTC, and the suggestion day is `day(0)`.
enum Fixtures {
    static let equipment: Set<String> = ["barbell", "bench", "dumbbell", "cable", "kettlebell", "pullup_bar"]
    static let gym: Set<String> = ["barbell", "bench", "dumbbell", "cable"]

    static func workout(
        _ id: WorkoutID, _ program: ProgramID, _ position: Int, _ title: String, _ muscles: [String], minutes: Int = 40,
        intensity: Int = 3, equipment: Set<String> = []
    ) -> LibraryWorkout {
        LibraryWorkout(
            id: id, programID: program, position: position, title: title, primaryMuscles: muscles,
            estimatedMinutes: minutes, intensity: intensity, equipment: equipment)
    }

    static func program(
        _ id: ProgramID, _ title: String, goal: String = "general_fitness", level: Level = .beginner,
        category: String = "full_body", days: Int = 3, weeks: Int = 4, equipment: Set<String> = [],
        _ workouts: [LibraryWorkout]
    ) -> LibraryProgram {
        LibraryProgram(
            id: id, title: title, goal: goal, level: level, category: category, daysPerWeek: days, weeks: weeks,
            equipment: equipment, workouts: workouts)
    }

    static let upperLower = program(
        1, "Upper/Lower", goal: "strength", level: .intermediate, category: "upper_lower", days: 4, weeks: 6,
        equipment: ["barbell", "bench", "dumbbell"],
        [
            workout(
                101, 1, 1, "Upper A", ["chest", "back", "shoulders", "arms"], minutes: 50, intensity: 4,
                equipment: ["barbell", "bench"]),
            workout(
                102, 1, 2, "Lower A", ["quads", "hamstrings", "glutes", "core"], minutes: 50, intensity: 4,
                equipment: ["barbell"]),
            workout(
                103, 1, 3, "Upper B", ["chest", "back", "shoulders", "arms"], minutes: 45, intensity: 3,
                equipment: ["dumbbell", "bench"]),
            workout(
                104, 1, 4, "Lower B", ["quads", "hamstrings", "glutes", "calves"], minutes: 45, intensity: 3,
                equipment: ["dumbbell"]),
        ])
    static let fullBody = program(
        2, "Beginner Full Body", goal: "general_fitness", category: "full_body", days: 3, weeks: 4,
        equipment: ["dumbbell"],
        [
            workout(201, 2, 1, "Full Body A", ["full_body"], minutes: 40, intensity: 3, equipment: ["dumbbell"]),
            workout(202, 2, 2, "Full Body B", ["full_body"], minutes: 40, intensity: 3, equipment: ["dumbbell"]),
        ])
    static let home = program(
        3, "Home Bodyweight", goal: "fat_loss", category: "home", days: 3, weeks: 4,
        [
            workout(301, 3, 1, "Bodyweight Circuit", ["full_body"], minutes: 25, intensity: 3),
            workout(302, 3, 2, "Core & Cardio", ["core", "cardio"], minutes: 20, intensity: 2, equipment: ["none"]),
            workout(303, 3, 3, "Legs at Home", ["quads", "glutes"], minutes: 25, intensity: 3),
        ])
    static let ppl = program(
        4, "Push Pull Legs", goal: "hypertrophy", level: .advanced, category: "push_pull_legs", days: 6, weeks: 8,
        equipment: ["barbell", "cable", "bench"],
        [
            workout(
                401, 4, 1, "Push", ["chest", "shoulders"], minutes: 60, intensity: 5, equipment: ["barbell", "bench"]),
            workout(402, 4, 2, "Pull", ["back", "arms"], minutes: 60, intensity: 5, equipment: ["barbell", "cable"]),
            workout(
                403, 4, 3, "Legs", ["quads", "hamstrings", "glutes", "calves"], minutes: 60, intensity: 5,
                equipment: ["barbell"]),
        ])
    static let running = program(
        5, "Couch to 5K", goal: "endurance", category: "running", days: 3, weeks: 9,
        [
            workout(501, 5, 1, "Easy Run", ["cardio"], minutes: 30, intensity: 2),
            workout(502, 5, 2, "Intervals", ["cardio"], minutes: 30, intensity: 3),
            workout(503, 5, 3, "Long Run", ["cardio"], minutes: 45, intensity: 3),
        ])
    static let mobility = program(
        6, "Daily Mobility", goal: "mobility", category: "mobility", days: 5, weeks: 3,
        [
            workout(601, 6, 1, "Hips & Spine", ["mobility"], minutes: 15, intensity: 1),
            workout(602, 6, 2, "Shoulders & T-Spine", ["mobility"], minutes: 15, intensity: 1),
        ])

    static let programs = [upperLower, fullBody, home, ppl, running, mobility]
    static let library = TrainingLibrary(programs: programs, knownEquipment: equipment)

    static func recommender(
        _ library: TrainingLibrary = Fixtures.library, similar: SimilarUsersIndex = .empty,
        configuration: RankingConfiguration = .init()
    ) -> Recommender {
        Recommender(library: library, similar: similar, configuration: configuration)
    }

    static let start = Date(timeIntervalSince1970: 1_710_028_800)  // 2024-03-10T00:00:00Z

    /// 2024-03-(10+offset) at `hour` UTC.
    static func day(_ offset: Int, _ hour: Int = 0, minute: Int = 0) -> Date {
        start.addingTimeInterval(TimeInterval(offset * 86_400 + hour * 3600 + minute * 60))
    }

    static func session(_ workoutID: WorkoutID?, day offset: Int, hour: Int = 18, minutes: Int = 45) -> PastSession {
        PastSession(workoutID: workoutID, startedAt: day(offset, hour), durationMinutes: minutes)
    }

    static let intermediateGym = MemberProfile(
        goal: "strength", level: .intermediate, equipment: gym, daysPerWeek: 4, sessionMinutes: 60)

    /// A member on day 0 (computed at 00:30 UTC, local date 2024-03-10).
    static func member(
        _ userID: UserID = 1, profile: MemberProfile? = intermediateGym, enrollments: [Enrollment] = [],
        sessions: [PastSession] = [], checkIn: CheckIn? = nil, on offset: Int = 0
    ) -> MemberContext {
        let now = day(offset, 0, minute: 30)
        return MemberContext(
            userID: userID, profile: profile, enrollments: enrollments, sessions: sessions, latestCheckIn: checkIn,
            now: now, localDate: isoDate(now), timeZone: TimeZone(secondsFromGMT: 0))
    }

    static func isoDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    /// A one-training library of the given workouts (program 9, beginner, bodyweight).
    static func library(_ workouts: [LibraryWorkout], level: Level = .beginner) -> TrainingLibrary {
        TrainingLibrary(
            programs: [program(9, "Test Program", level: level, category: "home", workouts)],
            knownEquipment: equipment)
    }

    /// A history that makes the member not a cold start without touching any muscle: an old
    /// free-form session.
    static let warmHistory = [session(nil, day: -30)]
}

extension SuggestionOutcome {
    var workoutID: WorkoutID? { suggestion?.workoutID }
    var nothingFitsReason: String? {
        if case .nothingFits(let reason) = self { return reason }
        return nil
    }
}
