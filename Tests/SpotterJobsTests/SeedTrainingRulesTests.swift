import Foundation
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterSeed
import Testing

/// The seeded people train as a coaching app advises, with a few rule breakers: checked on the
/// generated rows, in each person's local calendar days (as the ranking's audit counts them).
@Suite("Seed training rules")
struct SeedTrainingRulesTests {
    /// One user's sessions, in time order, on local day numbers.
    struct Day {
        let day: Int
        let workout: SeedWorkout?
    }

    static let configuration = SeedConfiguration(users: 1_000, seed: 42)
    static let chunk = SeedGenerator(configuration: configuration).chunk(users: 0..<configuration.users)
    static let workouts = Dictionary(
        uniqueKeysWithValues: SeedCatalog.programs.flatMap(\.workouts).map { ($0.id, $0) })
    static let mobilityPrograms = Set(SeedCatalog.programs.filter { $0.category == "mobility" }.map(\.id))

    /// Sessions per user on local day numbers (days since 1970-01-01 in the user's zone; UTC for
    /// the deliberately invalid zone).
    static let sessions: [Int64: [Day]] = {
        var zones: [Int64: TimeZone] = [:]
        for row in rows("users") {
            if let id = int(row[0]), case .text(let name) = row[3] { zones[id] = TimeZone(identifier: name) }
        }
        var result: [Int64: [(Date, Day)]] = [:]
        for row in rows("workout_sessions") {
            guard let user = int(row[1]), case .timestamp(let start) = row[3] else { continue }
            let zone = zones[user] ?? TimeZone(secondsFromGMT: 0)!
            let local = start.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: start))
            let day = Int((local / 86_400).rounded(.down))
            result[user, default: []].append((start, Day(day: day, workout: int(row[2]).flatMap { workouts[$0] })))
        }
        return result.mapValues { $0.sorted { $0.0 < $1.0 }.map(\.1) }
    }()

    static func rows(_ table: String) -> [[SQLValue]] {
        chunk.table(table)?.rows ?? []
    }

    static func int(_ value: SQLValue) -> Int64? {
        if case .int(let number) = value { return number }
        return nil
    }

    /// The groups a workout tires (none for a mobility program; "mobility" itself never).
    static func loaded(_ workout: SeedWorkout) -> Set<String> {
        mobilityPrograms.contains(workout.programID) ? [] : Set(workout.primaryMuscles).subtracting(["mobility"])
    }

    @Test("program sessions respect 48 h recovery for all but a small share, and a few break it")
    func programSessionsRest() {
        var enrolled: [Int64: Set<Int64>] = [:]
        for row in Self.rows("enrollments") {
            if let user = Self.int(row[1]), let program = Self.int(row[2]) {
                enrolled[user, default: []].insert(program)
            }
        }
        var programSessions = 0
        var tired = 0
        var repeated = 0
        for (user, days) in Self.sessions {
            var lastLoaded: [String: Int] = [:]
            var lastDone: [Int64: Int] = [:]
            for session in days {
                guard let workout = session.workout else { continue }
                if enrolled[user]?.contains(workout.programID) == true {
                    programSessions += 1
                    // Trained today or yesterday: fewer than 48 h in whole local days.
                    if Self.loaded(workout).contains(where: { lastLoaded[$0].map { session.day - $0 < 2 } ?? false }) {
                        tired += 1
                    }
                    if let done = lastDone[workout.id], session.day - done < 3 { repeated += 1 }
                }
                for muscle in Self.loaded(workout) { lastLoaded[muscle] = session.day }
                lastDone[workout.id] = session.day
            }
        }
        #expect(programSessions > 10_000)
        let share = Double(tired) / Double(programSessions)
        #expect(share < 0.04, "\(tired) of \(programSessions) program sessions on unrested muscles")
        #expect(share > 0.005, "no rule breakers left for the audit to find: \(tired) of \(programSessions)")
        #expect(Double(repeated) / Double(programSessions) < 0.01)
    }

    @Test("off-program workouts are rested and fit the usual session length for all but a few")
    func offProgramSessions() {
        var sessionMinutes: [Int64: Int] = [:]
        for row in Self.rows("profiles") {
            if let user = Self.int(row[0]), let minutes = Self.int(row[5]) { sessionMinutes[user] = Int(minutes) }
        }
        var enrolled: [Int64: Set<Int64>] = [:]
        for row in Self.rows("enrollments") {
            if let user = Self.int(row[1]), let program = Self.int(row[2]) {
                enrolled[user, default: []].insert(program)
            }
        }
        var offProgram = 0
        var broken = 0
        for (user, days) in Self.sessions {
            guard let minutes = sessionMinutes[user] else { continue }
            var lastLoaded: [String: Int] = [:]
            for session in days {
                guard let workout = session.workout else { continue }
                if enrolled[user]?.contains(workout.programID) != true {
                    offProgram += 1
                    let unrested = Self.loaded(workout).contains {
                        lastLoaded[$0].map { session.day - $0 < 2 } ?? false
                    }
                    if unrested || workout.estimatedMinutes > minutes + 10 { broken += 1 }
                }
                for muscle in Self.loaded(workout) { lastLoaded[muscle] = session.day }
            }
        }
        #expect(offProgram > 1_000)
        #expect(Double(broken) / Double(offProgram) < 0.06, "\(broken) of \(offProgram) off-program sessions")
    }

    @Test("people training up to three days a week seldom train two days running")
    func trainingDaysSpread() {
        var daysPerWeek: [Int64: Int] = [:]
        for row in Self.rows("profiles") {
            if let user = Self.int(row[0]), let days = Self.int(row[4]) { daysPerWeek[user] = Int(days) }
        }
        var gaps = 0
        var backToBack = 0
        for (user, sessions) in Self.sessions where (daysPerWeek[user] ?? 7) <= 3 {
            let days = Array(Set(sessions.map(\.day))).sorted()
            for (earlier, later) in zip(days, days.dropFirst()) {
                gaps += 1
                if later - earlier == 1 { backToBack += 1 }
            }
        }
        #expect(gaps > 5_000)
        // Careless days and the odd extra session only (drawn at random, about a quarter would be).
        #expect(Double(backToBack) / Double(gaps) < 0.15, "\(backToBack) of \(gaps)")
    }

    @Test("every muscle group of the seed catalog is one the ranking knows: the catalog has no problem")
    func musclesKnown() {
        let used = Set(SeedCatalog.programs.flatMap(\.workouts).flatMap(\.primaryMuscles))
        #expect(used.subtracting(MuscleGroups.known).isEmpty, "unknown: \(used.subtracting(MuscleGroups.known))")
        let programs = SeedCatalog.programs.map { program in
            LibraryProgram(
                id: ProgramID(program.id), title: program.title, goal: program.goal,
                level: Level(rawValue: program.level)!,
                category: program.category, daysPerWeek: program.daysPerWeek, weeks: program.weeks,
                equipment: Set(program.equipment),
                workouts: program.workouts.map { workout in
                    LibraryWorkout(
                        id: WorkoutID(workout.id), programID: ProgramID(workout.programID), position: workout.position,
                        title: workout.title,
                        primaryMuscles: workout.primaryMuscles, estimatedMinutes: workout.estimatedMinutes,
                        intensity: workout.intensity, equipment: Set(workout.equipment))
                })
        }
        let equipment = Set(SeedCatalog.exercises.flatMap(\.equipment))
        let library = TrainingLibrary(programs: programs, knownEquipment: equipment)
        #expect(library.problems.isEmpty, "\(library.problems.prefix(5))")
        #expect(library.allWorkouts.count == SeedCatalog.programs.flatMap(\.workouts).count)
    }
}
