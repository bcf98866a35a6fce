import Foundation

/// Everything drawn about one user before any row is written: identity, the profile (even when
/// no profile row is written, as the user still trains somehow) and how engaged they are.
struct SeedPerson {
    enum Role: String { case member, client, trainer }

    /// How regularly someone trains.
    enum Style { case none, casual, regular, dedicated }

    let id: Int64
    let role: Role
    let trainerID: Int64?
    /// Index into ``SeedZones/all``; nil for the deliberately invalid zone.
    let zoneIndex: Int?
    let timeZone: String
    let locale: String
    let language: String
    let status: String
    let firstName: String
    let displayName: String
    /// Days before today (local) on which the account was created, and at what local minute.
    let joinedDaysAgo: Int
    let joinedMinute: Int

    let hasProfile: Bool
    let goal: String
    let level: String
    let equipment: [String]
    let daysPerWeek: Int
    let sessionMinutes: Int

    let style: Style
    /// Days ago of the last day with any activity (0: still active today).
    let activeUntilDaysAgo: Int
    /// Preferred weekdays (0 = Sunday) and usual local start minute.
    let trainingDays: Set<Int>
    let usualMinute: Int

    /// Level as an order: 0 beginner, 1 intermediate, 2 advanced.
    var levelRank: Int { SeedPerson.levels.firstIndex(of: level) ?? 0 }

    static let levels = ["beginner", "intermediate", "advanced"]
    static let goals = ["general_fitness", "fat_loss", "hypertrophy", "strength", "endurance", "mobility"]
    static let goalWeights: [Double] = [25, 22, 18, 15, 12, 8]

    /// Equipment kits people actually own; tags sorted.
    static let kits: [(name: String, tags: [String])] = [
        (
            "full_gym",
            [
                "bands", "barbell", "bench", "bike", "box", "cable", "dumbbell", "kettlebell", "machine",
                "mat", "pullup_bar", "rack", "rower", "treadmill",
            ]
        ),
        ("home_dumbbells", ["bench", "dumbbell", "mat"]),
        ("home_dumbbells_pullup", ["bench", "dumbbell", "mat", "pullup_bar"]),
        ("garage_gym", ["barbell", "bench", "dumbbell", "mat", "pullup_bar", "rack"]),
        ("bodyweight", []),
        ("kettlebell", ["kettlebell", "mat"]),
        ("bands", ["bands", "mat"]),
        ("bands_pullup", ["bands", "mat", "pullup_bar"]),
        ("running", []),
        ("running_treadmill", ["treadmill"]),
    ]
    private static let kitWeights: [Double] = [38, 13, 5, 5, 14, 7, 4, 2, 8, 4]
    private static let enduranceKitWeights: [Double] = [15, 5, 1, 1, 10, 2, 2, 1, 45, 18]

    init(index: Int, block: SeedBlock, configuration: SeedConfiguration) {
        let offset = index % SeedBlock.size
        let blockStart = index - offset
        id = Int64(index + 1)
        var random = SeedRandom(seed: configuration.seed, key: UInt64(id), stream: SeedStream.identity.rawValue)

        if block.trainerOffset == offset {
            role = .trainer
            trainerID = nil
        } else if let trainer = block.trainerOffset, block.clientOffsets.contains(offset) {
            role = .client
            trainerID = Int64(blockStart + trainer + 1)
        } else {
            role = .member
            trainerID = nil
        }

        let zone: Int? =
            if random.chance(SeedZones.invalidShare) {
                nil
            } else if role != .member, role == .trainer || random.chance(0.8) { block.zoneIndex } else {
                random.weightedIndex(SeedZones.weights)
            }
        zoneIndex = zone
        timeZone = zone.map { SeedZones.all[$0].identifier } ?? SeedZones.invalidZone
        locale = SeedZones.locale(for: zone.map { SeedZones.all[$0] }, random: &random)
        language = SeedZones.language(of: locale)
        let name = SeedNames.draw(language: language, zone: timeZone, random: &random)
        firstName = name.first
        displayName = name.display

        let statusRoll = random.unit()
        let (pausedShare, deactivatedShare) = role == .trainer ? (0.015, 0.005) : (0.05, 0.03)
        status =
            statusRoll < deactivatedShare
            ? "deactivated" : statusRoll < deactivatedShare + pausedShare ? "paused" : "active"

        let history = configuration.historyDays
        joinedDaysAgo =
            if role == .trainer { random.int(in: (history + 400)...(history + 730)) } else if random.chance(0.7) {
                random.int(in: (history + 1)...(history + 700))
            } else { random.int(in: 1...max(1, history)) }
        joinedMinute = random.int(in: 8 * 4...22 * 4) * 15 + random.below(15)

        var training = SeedRandom(seed: configuration.seed, key: UInt64(id), stream: SeedStream.profile.rawValue)
        hasProfile = role == .trainer || training.chance(0.9)
        goal = Self.goals[training.weightedIndex(Self.goalWeights)]
        level = Self.levels[training.weightedIndex(role == .trainer ? [10, 40, 50] : [45, 40, 15])]
        let kit = Self.kits[training.weightedIndex(goal == "endurance" ? Self.enduranceKitWeights : Self.kitWeights)]
        equipment = kit.tags
        daysPerWeek = 2 + training.weightedIndex([12, 35, 30, 16, 7])
        sessionMinutes =
            goal == "mobility"
            ? training.pick([20, 20, 25, 30, 30, 45])
            : training.pick([20, 30, 30, 40, 45, 45, 45, 60, 60, 60, 75, 90])

        let styleRoll = training.unit()
        let noneShare = hasProfile ? 0.06 : 0.5
        style =
            styleRoll < noneShare
            ? .none
            : styleRoll < noneShare + 0.28
                ? .casual
                : styleRoll < 0.8
                    ? .regular
                    : .dedicated
        activeUntilDaysAgo =
            switch status {
            case "deactivated": training.int(in: 14...(history + 60))
            case "paused": training.int(in: 7...60)
            default:
                switch training.weightedIndex([70, 12, 10, 8]) {
                case 0: 0
                case 1: training.int(in: 1...6)
                case 2: training.int(in: 7...20)
                default: training.int(in: 21...90)
                }
            }
        trainingDays = Self.drawTrainingDays(count: daysPerWeek, random: &training)
        usualMinute = Self.drawUsualMinute(random: &training)
    }

    /// UTC seconds of the account's creation.
    func createdAt(clock: SeedClock) -> Int64 {
        clock.instant(daysAgo: joinedDaysAgo, minute: joinedMinute)
    }

    /// Weekdays a bit more likely than weekends, drawn without replacement with one draw per day
    /// (so the usual minute, drawn next from the same stream, does not depend on how). Training
    /// days are spread over the week as a coach would: never back to back for up to three days a
    /// week (always possible), and for more, a day next to one already chosen is ten times less
    /// likely (next to two, a hundred), so back-to-back days stay as few as the count allows.
    private static func drawTrainingDays(count: Int, random: inout SeedRandom) -> Set<Int> {
        let preference: [Double] = [0.6, 1, 1, 1, 1, 0.9, 0.8]
        let nextToChosen = count <= 3 ? 0.0 : 0.1
        var days: Set<Int> = []
        while days.count < min(count, 7) {
            var weights = preference.indices.map { day -> Double in
                guard !days.contains(day) else { return 0 }
                let neighbours = [(day + 6) % 7, (day + 1) % 7].filter(days.contains).count
                return preference[day] * [1, nextToChosen, nextToChosen * nextToChosen][neighbours]
            }
            if !weights.contains(where: { $0 > 0 }) {
                weights = preference.indices.map { days.contains($0) ? 0 : preference[$0] }
            }
            days.insert(random.weightedIndex(weights))
        }
        return days
    }

    /// Morning, lunch, evening or late people, on quarter hours.
    private static func drawUsualMinute(random: inout SeedRandom) -> Int {
        let quarter: ClosedRange<Int> =
            switch random.weightedIndex([35, 15, 40, 10]) {
            case 0: (5 * 4 + 2)...(8 * 4)  // 05:30–08:00
            case 1: (11 * 4 + 2)...(13 * 4 + 2)  // 11:30–13:30
            case 2: (17 * 4)...(20 * 4 + 2)  // 17:00–20:30
            default: (21 * 4)...(23 * 4)  // 21:00–23:00
            }
        return random.int(in: quarter) * 15
    }
}
