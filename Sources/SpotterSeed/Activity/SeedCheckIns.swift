/// One check-in as generated (table `check_ins`).
struct SeedCheckIn {
    let id: Int64
    let energy: Int
    let mood: Int
    let clarity: Int
    let recordedAt: Int64
}

/// Check-ins for about half of the users: daily, weekly or rare habits, values around a personal
/// baseline, and a few recent low-energy days so "feeling tired" logic has something to react to.
enum SeedCheckIns {
    static func plan(person: SeedPerson, clock: SeedClock, configuration: SeedConfiguration) -> [SeedCheckIn] {
        var random = SeedRandom(seed: configuration.seed, key: UInt64(person.id), stream: SeedStream.checkIn.rawValue)
        guard random.chance(person.role == .trainer ? 0.2 : 0.5), person.joinedDaysAgo >= 2 else { return [] }
        let perDay = [0.7, 0.15, 0.04][random.weightedIndex([30, 50, 20])]
        let base = (energy: random.int(in: 2...4), mood: random.int(in: 2...4), clarity: random.int(in: 2...4))
        let evening = random.chance(0.3)
        let lastDay = person.status == "active" ? 0 : person.activeUntilDaysAgo
        let firstDay = min(configuration.historyDays, person.joinedDaysAgo - 1)
        let idStride = configuration.sessionIDStride
        var checkIns: [SeedCheckIn] = []

        func add(daysAgo: Int, energy: Int, mood: Int, clarity: Int, random: inout SeedRandom) {
            let minute = evening ? random.int(in: 80...90) * 15 : random.int(in: 26...39) * 15
            let recordedAt = clock.instant(daysAgo: daysAgo, minute: minute)
            guard recordedAt <= clock.now, Int64(checkIns.count) < idStride - 1 else { return }
            let id = person.id * idStride + Int64(checkIns.count)
            checkIns.append(SeedCheckIn(id: id, energy: energy, mood: mood, clarity: clarity, recordedAt: recordedAt))
        }

        if firstDay >= lastDay {
            for daysAgo in stride(from: firstDay, through: lastDay, by: -1) where random.chance(perDay) {
                add(
                    daysAgo: daysAgo,
                    energy: clamp(base.energy + random.pick([-1, 0, 0, 1])),
                    mood: clamp(base.mood + random.pick([-1, 0, 0, 1])),
                    clarity: clamp(base.clarity + random.pick([-1, 0, 0, 1])),
                    random: &random)
            }
        }
        if person.status == "active", random.chance(0.1) {
            let daysAgo = random.int(in: 0...1)
            if checkIns.last.map({ $0.recordedAt < clock.instant(daysAgo: daysAgo, minute: 0) }) ?? true {
                add(
                    daysAgo: daysAgo, energy: random.int(in: 1...2), mood: random.int(in: 1...3),
                    clarity: random.int(in: 1...3), random: &random)
            }
        }
        return checkIns
    }

    private static func clamp(_ value: Int) -> Int {
        min(max(value, 1), 5)
    }
}
