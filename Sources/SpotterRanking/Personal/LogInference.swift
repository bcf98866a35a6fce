import Foundation
import SpotterCalendar
public import SpotterReasons

/// What a training log shows about a person whose profile is missing or silent: a training
/// level and the equipment they evidently train with (see ``LogInference``).
public struct InferredTraining: Sendable, Hashable {
    /// The level the log shows, nil when the profile states one or the log shows a beginner.
    public var level: Level?
    /// Equipment tags the log shows, empty when the profile lists equipment or none is evident;
    /// `assumed` included.
    public var equipment: Set<String>
    /// Tags not seen but assumed because the log shows a gym (``LogInference/gymEquipment``).
    public var assumed: Set<String>
    /// Local days between the first and the latest session.
    public var loggedDays: Int
    /// Training days a week over the last ``LogInference/recentDays`` days.
    public var daysPerWeek: Double
    /// The main lift that decided the level, if the loads did.
    public var decidingLift: Lift?

    /// A main lift and its estimated one-rep maximum in kg.
    public struct Lift: Sendable, Hashable {
        /// "bench press".
        public var name: String
        /// Estimated one-rep maximum, kg.
        public var kg: Double

        /// Creates a lift figure.
        public init(name: String, kg: Double) {
            self.name = name
            self.kg = kg
        }
    }
    /// Sentences for the reasons, in the reference English: "level inferred from 2 years of logs,
    /// 3.4 sessions a week: advanced", "equipment seen in your log: barbell, bench, rack".
    public var reasons: [String] { reasonCodes.map(\.text) }

    /// The reasons as codes (`level_inferred`, `equipment_seen_in_log`, `gym_assumed`).
    public var reasonCodes: [Reason] {
        var notes: [Reason] = []
        if let level {
            var arguments: [String: ReasonValue] = [
                "span": .reason(Self.spanReason(days: loggedDays)),
                "per_week": .decimal((daysPerWeek * 10).rounded() / 10), "level": .term(level.rawValue),
            ]
            if let lift = decidingLift {
                arguments["lift"] = .text(lift.name)
                arguments["kg"] = .count(Int((lift.kg / 5).rounded()) * 5)
            }
            notes.append(Reason(decidingLift == nil ? .levelInferred : .levelInferredWithLift, arguments))
        }
        let seen = equipment.subtracting(assumed)
        if !seen.isEmpty { notes.append(Reason(.equipmentSeenInLog, ["equipment": .terms(seen.sorted())])) }
        if !assumed.isEmpty { notes.append(Reason(.gymAssumed, ["equipment": .terms(assumed.sorted())])) }
        return notes
    }

    /// Creates an inference.
    public init(
        level: Level?, equipment: Set<String>, loggedDays: Int, daysPerWeek: Double,
        decidingLift: Lift? = nil, assumed: Set<String> = []
    ) {
        self.level = level
        self.equipment = equipment.union(assumed)
        self.assumed = assumed
        self.loggedDays = loggedDays
        self.daysPerWeek = daysPerWeek
        self.decidingLift = decidingLift
    }

    /// "3 weeks", "8 months", "1 year", "3 years" (rounded down), as a reason inside another.
    static func spanReason(days: Int) -> Reason {
        switch days {
        case ..<60: Reason(.logSpanWeeks, ["weeks": .count(days / 7)])
        case ..<365: Reason(.logSpanMonths, ["months": .count(days / 30)])
        default: Reason(.logSpanYears, ["years": .count(days / 365)])
        }
    }

}

/// Infers a training level and equipment from a person's log when their profile is missing or
/// silent (no level; no equipment listed). A stated level or equipment list always wins.
///
/// Only sessions of the last ``recentDays`` (28) days before `now` count as evidence of the
/// present; with none there, nothing is inferred (a log that stopped years ago says little about
/// today). The level is the higher of two readings, each conservative:
///
/// - **History**: local days from the first session ever (``MemberContext/firstSessionAt``) to
///   the latest, and training days a week over the recent days (days with a session ÷ 4):
///   advanced from 730 days (2 years) at 3.0 a week, intermediate from 180 days at 2.0 a week.
/// - **Loads**, body weight unknown, so absolute standards near the intermediate and advanced
///   marks of common strength tables for a 90 kg man (a lighter or female lifter is read low,
///   never high): the estimated one-rep maximum (Epley, sets of 1–12 reps) of the back squat
///   (120 / 170 kg), bench press (90 / 125), deadlift (140 / 200) and overhead press (60 / 85).
///   A lift counts only from two recent sessions, at the second-best session's figure, so one
///   mistyped set cannot promote anyone. One lift at the intermediate mark makes an
///   intermediate, two at the advanced mark an advanced lifter.
///
/// Equipment: a tag of the library exercises the person logged (``LoggedLift/equipment``) in at
/// least two recent sessions ("barbell", "bench", "rack" from barbell bench presses). A barbell
/// and a machine both seen mean a commercial gym: the rest of ``gymEquipment`` (what every gym
/// has: cables, a pull-up bar, dumbbells, benches, racks) is assumed, and said so.
///
/// The recovery rules keep using ``TrainingAge``; this only fills the profile that the hard
/// filters (level, equipment, cold start) and the reasons read. Without a stated profile the
/// catalog's workouts keep the cold-start score handicap, so the person's own sessions stay the
/// first evidence.
public enum LogInference {
    /// Days of recent sessions that count as evidence. 28.
    public static let recentDays = 28
    /// Logged days and days a week for an intermediate by history: 180 and 2.0.
    public static let intermediateHistory = (days: 180, perWeek: 2.0)
    /// Logged days and days a week for an advanced lifter by history: 730 and 3.0.
    public static let advancedHistory = (days: 730, perWeek: 3.0)
    /// What every commercial gym has, assumed when a barbell and a machine are both seen.
    public static let gymEquipment: Set<String> = [
        "barbell", "bench", "cable", "dumbbell", "machine", "pullup_bar", "rack",
    ]
    /// Sessions a lift or an equipment tag must appear in to count. 2.
    public static let minimumSessions = 2

    /// A main lift with its intermediate and advanced one-rep-maximum marks in kg.
    public enum MainLift: String, CaseIterable, Sendable {
        /// Barbell back squat.
        case squat
        /// Barbell bench press.
        case benchPress = "bench press"
        /// Barbell deadlift (conventional or sumo).
        case deadlift
        /// Barbell overhead (military, shoulder) press.
        case overheadPress = "overhead press"

        /// (intermediate, advanced) estimated one-rep maximum, kg.
        public var marks: (intermediate: Double, advanced: Double) {
            switch self {
            case .squat: (120, 170)
            case .benchPress: (90, 125)
            case .deadlift: (140, 200)
            case .overheadPress: (60, 85)
            }
        }

        /// Words that make a name some other exercise: other equipment, or a variant too
        /// different to compare against the standard.
        private static let excluded: Set<String> = [
            "dumbbell", "dumbbells", "db", "machine", "smith", "cable", "kettlebell", "band", "bands", "goblet", "hack",
            "split", "bulgarian", "front", "leg", "single", "romanian", "stiff", "rdl", "incline", "decline", "trap",
            "hex", "landmine", "floor", "push", "assisted", "jump", "pistol", "box", "zercher", "overhand", "sissy",
        ]

        /// The main lift a logged exercise name is, if any ("Bench Press (Barbell)" → bench press).
        public static func of(_ name: String) -> MainLift? {
            let words = Set(
                name.lowercased().split { !$0.isLetter }.map(String.init))
            guard words.isDisjoint(with: excluded) else { return nil }
            if words.contains("deadlift") { return .deadlift }
            if words.contains("squat") { return .squat }
            if words.contains("bench") && words.contains("press") { return .benchPress }
            if words.contains("ohp")
                || words.contains("press") && !words.isDisjoint(with: ["overhead", "military", "shoulder", "strict"])
            {
                return .overheadPress
            }
            return nil
        }
    }

    /// Whether the log is read for a member with `profile`: when it is missing or states no
    /// level or no equipment. Only their sessions' lifts need reading.
    public static func reads(_ profile: MemberProfile?) -> Bool {
        infersLevel(profile) || infersEquipment(profile)
    }

    private static func infersLevel(_ profile: MemberProfile?) -> Bool { profile?.level == nil }

    private static func infersEquipment(_ profile: MemberProfile?) -> Bool {
        profile.map { $0.equipment.subtracting(["none", ""]).isEmpty } ?? true
    }

    /// The inference for `member` as of `member.now`, or nil when the profile states both level
    /// and equipment, or the log shows nothing beyond a beginner without equipment.
    public static func infer(_ member: MemberContext) -> InferredTraining? {
        let profile = member.profile
        let wantsLevel = infersLevel(profile), wantsEquipment = infersEquipment(profile)
        guard wantsLevel || wantsEquipment else { return nil }
        let zone = member.timeZone ?? TimeZone(secondsFromGMT: 0)!
        let now = member.now
        let past = member.sessions.filter { $0.startedAt <= now }
        guard let latest = past.map(\.startedAt).max() else { return nil }
        let since = now.addingTimeInterval(-Double(recentDays) * 86_400)
        let recent = past.filter { $0.startedAt > since }
        guard !recent.isEmpty else { return nil }

        let first = min(member.firstSessionAt ?? latest, past.map(\.startedAt).min() ?? latest)
        let loggedDays = CivilDays.localDay(of: latest, in: zone) - CivilDays.localDay(of: first, in: zone)
        let days = Set(recent.map { CivilDays.localDay(of: $0.startedAt, in: zone) }).count
        let perWeek = Double(days) * 7 / Double(recentDays)

        var level: Level?
        var decidingLift: InferredTraining.Lift?
        if wantsLevel {
            let byHistory: Level =
                loggedDays >= advancedHistory.days && perWeek >= advancedHistory.perWeek
                ? .advanced
                : loggedDays >= intermediateHistory.days && perWeek >= intermediateHistory.perWeek
                    ? .intermediate : .beginner
            let loads = liftLevel(recent)
            let shown = max(byHistory, loads.level)
            if shown > .beginner { level = shown }
            if loads.level > byHistory { decidingLift = loads.lift }
        }
        var equipment = Set<String>()
        var assumed = Set<String>()
        if wantsEquipment {
            var sessionsPerTag: [String: Int] = [:]
            for session in recent {
                let tags = Set(session.lifts.flatMap(\.equipment).map(MuscleGroups.normalized))
                for tag in tags.subtracting(["none", ""]) { sessionsPerTag[tag, default: 0] += 1 }
            }
            equipment = Set(sessionsPerTag.filter { $0.value >= minimumSessions }.keys)
            if equipment.isSuperset(of: ["barbell", "machine"]) { assumed = gymEquipment.subtracting(equipment) }
        }
        guard level != nil || !equipment.isEmpty else { return nil }
        return InferredTraining(
            level: level, equipment: equipment, loggedDays: loggedDays, daysPerWeek: perWeek,
            decidingLift: decidingLift, assumed: assumed)
    }

    /// The level the loads of `sessions` show, with the heaviest lift at that level's mark.
    static func liftLevel(_ sessions: [PastSession]) -> (level: Level, lift: InferredTraining.Lift?) {
        var best: [MainLift: [Double]] = [:]
        for session in sessions {
            var sessionBest: [MainLift: Double] = [:]
            for lift in session.lifts {
                guard let kg = lift.estimatedMaxKg, kg > 0, let main = MainLift.of(lift.exercise) else { continue }
                sessionBest[main] = max(sessionBest[main] ?? 0, kg)
            }
            for (main, kg) in sessionBest { best[main, default: []].append(kg) }
        }
        // The second-best session's figure per lift, in a fixed order.
        let figures: [(lift: MainLift, kg: Double)] = MainLift.allCases.compactMap { lift in
            guard let values = best[lift], values.count >= minimumSessions else { return nil }
            return (lift, values.sorted(by: >)[1])
        }
        let advanced = figures.filter { $0.kg >= $0.lift.marks.advanced }
        if advanced.count >= 2 {
            let top = advanced.max { $0.kg / $0.lift.marks.advanced < $1.kg / $1.lift.marks.advanced }!
            return (.advanced, InferredTraining.Lift(name: top.lift.rawValue, kg: top.kg))
        }
        let intermediate = figures.filter { $0.kg >= $0.lift.marks.intermediate }
        if let top = intermediate.max(by: { $0.kg / $0.lift.marks.intermediate < $1.kg / $1.lift.marks.intermediate }) {
            return (.intermediate, InferredTraining.Lift(name: top.lift.rawValue, kg: top.kg))
        }
        return (.beginner, nil)
    }
}

extension MemberContext {
    /// What the log shows when the profile is missing or silent (``LogInference``); nil when
    /// nothing is inferred.
    public var inferredTraining: InferredTraining? { LogInference.infer(self) }

    /// The profile the hard filters and reasons read: the stated one, with a missing level and
    /// an empty equipment list filled from `inferred`; a profile of only what was inferred when
    /// none is stated; nil when there is neither.
    public func rankingProfile(_ inferred: InferredTraining?) -> MemberProfile? {
        guard let inferred else { return profile }
        var filled = profile ?? MemberProfile()
        if filled.level == nil, let level = inferred.level { filled.level = level }
        if filled.equipment.subtracting(["none", ""]).isEmpty, !inferred.equipment.isEmpty {
            filled.equipment = inferred.equipment
        }
        return filled
    }
}
