import Foundation
import SpotterIDs
import SpotterRanking
import SpotterStats

/// A deterministic synthetic population on the ``Fixtures`` library for the offline evaluation:
/// members of five kinds follow a program in order on fixed weekdays, at their usual hour in
/// their own zone, with realistic adherence: skipped days, the odd out-of-order workout,
/// free-form sessions, low-energy evenings (then a skip, a mobility session or the plan anyway),
/// and a quarter switching to a second program.
enum SyntheticDataset {
    struct Kind {
        let profile: MemberProfile
        let programs: [ProgramID]
    }

    static let kinds = [
        Kind(
            profile: MemberProfile(
                goal: "strength", level: .intermediate, equipment: Fixtures.gym, daysPerWeek: 4, sessionMinutes: 60),
            programs: [1, 2]),
        Kind(
            profile: MemberProfile(
                goal: "general_fitness", level: .beginner, equipment: ["dumbbell"], daysPerWeek: 3, sessionMinutes: 45),
            programs: [2, 3]),
        Kind(
            profile: MemberProfile(
                goal: "fat_loss", level: .beginner, equipment: [], daysPerWeek: 3, sessionMinutes: 45),
            programs: [3, 5]),
        Kind(
            profile: MemberProfile(
                goal: "endurance", level: .beginner, equipment: [], daysPerWeek: 3, sessionMinutes: 50),
            programs: [5, 3]),
        Kind(
            profile: MemberProfile(
                goal: "hypertrophy", level: .advanced, equipment: Fixtures.gym, daysPerWeek: 6, sessionMinutes: 75),
            programs: [4, 1]),
    ]
    static let zones = ["UTC", "America/New_York", "Europe/Berlin", "Asia/Tokyo", "America/Sao_Paulo"]
    static let weekdays: [Int: [Int]] = [3: [0, 2, 4], 4: [0, 1, 3, 4], 5: [0, 1, 2, 3, 4], 6: [0, 1, 2, 3, 4, 5]]

    static func histories(users: Int, seed: UInt64 = 42) -> [EvaluationHistory] {
        (1...users).map { history(userID: Int64($0), seed: seed) }
    }

    static func history(userID: Int64, seed: UInt64) -> EvaluationHistory {
        var random = SplitMix64(seed: seed &+ UInt64(userID) &* 0x9E37_79B9)
        func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &random) < p }
        let kind = kinds[Int(userID) % kinds.count]
        let zone = TimeZone(identifier: zones[Int.random(in: 0..<zones.count, using: &random)])!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let origin = calendar.date(from: DateComponents(year: 2024, month: 1, day: 1))!
        let hour = Int.random(in: 6...20, using: &random)
        func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
            calendar.date(byAdding: DateComponents(day: day, hour: hour, minute: minute), to: origin)!
        }

        var sessions: [PastSession] = []
        var checkIns: [CheckIn] = []
        var enrollments: [Enrollment] = []
        var mobilityLast: [WorkoutID: Int] = [:]
        var day = Int.random(in: 0..<60, using: &random)
        let switches = chance(0.25)
        for (block, programID) in kind.programs.prefix(switches ? 2 : 1).enumerated() {
            let program = Fixtures.library.program(id: programID)!
            let ids = program.workouts.map(\.id)
            let pattern = weekdays[program.daysPerWeek]!
            let weeks = block == 0 ? Int.random(in: 2...7, using: &random) : Int.random(in: 1...4, using: &random)
            let enrolled = chance(0.9)
            if enrolled {
                let last = block == 0 && switches
                enrollments.append(
                    Enrollment(
                        programID: programID, startedAt: at(day - 1, 22),
                        status: last ? (chance(0.5) ? "completed" : "abandoned") : "active"))
            }
            var next = 0
            for offset in 0..<(weeks * 7) {
                let today = day + offset
                guard pattern.contains(offset % 7) else {
                    if chance(0.05) {
                        sessions.append(PastSession(workoutID: nil, startedAt: at(today, hour), durationMinutes: 30))
                    }
                    continue
                }
                let minute = Int.random(in: -50...50, using: &random)
                let start = at(today, hour, minute)
                if chance(0.1) {
                    checkIns.append(
                        CheckIn(
                            energy: Int.random(in: 1...2, using: &random), mood: 3, clarity: 3,
                            recordedAt: at(today - 1, 21)))
                    let roll = Double.random(in: 0..<1, using: &random)
                    if roll < 0.4 { continue }
                    if roll < 0.85 {
                        let mobility: WorkoutID? = [WorkoutID(601), WorkoutID(602)].filter {
                            today - (mobilityLast[$0] ?? -99) >= 3
                        }
                        .min { (mobilityLast[$0] ?? -99, $0) < (mobilityLast[$1] ?? -99, $1) }
                        if let mobility {
                            mobilityLast[mobility] = today
                            sessions.append(PastSession(workoutID: mobility, startedAt: start, durationMinutes: 15))
                        }
                        continue
                    }
                } else if chance(0.3) {
                    checkIns.append(
                        CheckIn(
                            energy: Int.random(in: 3...5, using: &random), mood: 4, clarity: 4,
                            recordedAt: at(today - 1, 21)))
                }
                if chance(0.1) { continue }
                if chance(0.03) {
                    sessions.append(
                        PastSession(workoutID: ids.randomElement(using: &random), startedAt: start, durationMinutes: 45)
                    )
                    continue
                }
                sessions.append(PastSession(workoutID: ids[next % ids.count], startedAt: start, durationMinutes: 45))
                next += 1
            }
            day += weeks * 7 + Int.random(in: 1...5, using: &random)
        }
        return EvaluationHistory(
            userID: UserID(userID), profile: kind.profile, enrollments: enrollments, sessions: sessions,
            checkIns: checkIns,
            timeZone: zone)
    }
}
