/// Simulates a user's training day by day over the history window: enrollments that are
/// completed, abandoned or still active, the program's workouts done in order on the person's
/// weekly rhythm at their usual local time, lapses of one to four weeks and returns, off-program
/// sessions, and nothing after the dataset's now.
///
/// People train as a coaching app advises (see ``SeedTrainingLog``): the program's next workout
/// only when its muscles have rested 48 hours and it was not done in the last three days;
/// otherwise a rest day or an off-program workout that keeps those rules and fits their usual
/// session length. A few careless people (and everyone, now and then) train on a day they should
/// rest, or pick a workout regardless of the rules.
struct SeedActivityPlanner {
    let person: SeedPerson
    let clock: SeedClock
    let historyDays: Int
    let sessionIDStride: Int64
    var random: SeedRandom

    private var activity = SeedActivity()
    private var compatible: [SeedProgram] = []
    private var compatibleWorkouts: [SeedWorkout] = []
    private var current: (index: Int, program: SeedProgram, done: Int)?
    private var firstSessionOfEnrollment: [Int: Int64] = [:]
    private var usedPrograms: Set<Int64> = []
    private var log = SeedTrainingLog()
    /// Share of days on which the person trains ignoring rest, repeats and session length.
    private var carelessness = 0.0

    init(person: SeedPerson, clock: SeedClock, configuration: SeedConfiguration) {
        self.person = person
        self.clock = clock
        self.historyDays = configuration.historyDays
        self.sessionIDStride = configuration.sessionIDStride
        self.random = SeedRandom(seed: configuration.seed, key: UInt64(person.id), stream: SeedStream.activity.rawValue)
    }

    /// Runs the simulation once.
    mutating func plan() -> SeedActivity {
        compatible = SeedProgramChoice.compatible(with: person)
        compatibleWorkouts = compatible.flatMap(\.workouts)
        let followsPrograms = random.chance(0.8)
        carelessness = random.chance(0.15) ? 0.15 : 0.01
        let firstDay = min(historyDays, person.joinedDaysAgo - 1)
        if followsPrograms { addCompletedBeforeWindow() }

        guard person.style != .none, firstDay >= person.activeUntilDaysAgo else {
            if followsPrograms, person.style == .none, person.joinedDaysAgo >= 3, random.chance(0.3) {
                enroll(daysAgo: random.int(in: 1...min(14, person.joinedDaysAgo - 1)))
            }
            return finish()
        }

        let adherence: Double =
            switch person.style {
            case .casual: 0.4 + random.unit() * 0.15
            case .regular: 0.65 + random.unit() * 0.15
            default: 0.85 + random.unit() * 0.12
            }
        let lapseChance: Double = person.style == .casual ? 0.08 : person.style == .regular ? 0.05 : 0.025
        var nextEnrollment = firstDay - random.int(in: 0...3)
        var lapseUntil = Int.max  // no lapse: a lapse lasts while daysAgo > lapseUntil
        var daysAgo = firstDay
        while daysAgo >= person.activeUntilDaysAgo {
            defer { daysAgo -= 1 }
            let weekday = clock.weekday(daysAgo: daysAgo)
            if daysAgo > lapseUntil { continue }
            if lapseUntil != Int.max {
                lapseUntil = Int.max
                if current != nil, random.chance(0.35) {
                    endCurrent(status: "abandoned", at: clock.instant(daysAgo: daysAgo, minute: 6 * 60))
                    nextEnrollment = daysAgo
                }
            }
            if weekday == 1 {
                if random.chance(lapseChance) {
                    lapseUntil = daysAgo - random.int(in: 7...28)
                    continue
                } else if random.chance(0.02) {
                    lapseUntil = daysAgo - random.int(in: 3...6)
                    continue
                } else if current != nil, random.chance(0.015) {
                    endCurrent(status: "abandoned", at: clock.instant(daysAgo: daysAgo, minute: 7 * 60))
                    nextEnrollment = daysAgo - random.int(in: 2...14)
                }
            }
            if followsPrograms, current == nil, daysAgo <= nextEnrollment {
                enroll(daysAgo: daysAgo)
            }
            // A careless day: trains whatever the plan or the mood says, rested or not, even on a
            // rest day; these are the rule breakers the evaluation's audit finds.
            let careless = random.chance(carelessness)
            let planned =
                careless || (person.trainingDays.contains(weekday) ? random.chance(adherence) : random.chance(0.03))
            guard planned else { continue }
            train(daysAgo: daysAgo, weekday: weekday, careless: careless)
            if let open = current, open.done >= open.program.plannedSessions, let last = activity.sessions.last {
                endCurrent(status: "completed", at: last.startedAt + Int64(last.durationMinutes * 60))
                nextEnrollment = daysAgo - random.int(in: 1...10)
            }
        }
        return finish()
    }

    private mutating func finish() -> SeedActivity {
        for (index, first) in firstSessionOfEnrollment where first - 300 < activity.enrollments[index].startedAt {
            activity.enrollments[index].startedAt = first - 300
        }
        if person.status == "deactivated", let open = current {
            activity.enrollments[open.index].status = "abandoned"
        }
        return activity
    }

    /// A program finished before the window (no sessions recorded for it).
    private mutating func addCompletedBeforeWindow() {
        guard person.joinedDaysAgo > historyDays + 90, random.chance(0.4),
            let program = SeedProgramChoice.pick(from: compatible, for: person, avoid: [], random: &random)
        else { return }
        let length = program.weeks * 7
        let latestStart = min(person.joinedDaysAgo - 1, historyDays + length + 60)
        let earliestStart = historyDays + length + 2
        guard latestStart >= earliestStart else { return }
        let start = random.int(in: earliestStart...latestStart)
        let end = start - length - random.int(in: 0...1)
        activity.enrollments.append(
            SeedEnrollment(
                id: enrollmentID(), programID: program.id,
                startedAt: clock.instant(daysAgo: start, minute: person.usualMinute - 30),
                status: "completed",
                completedAt: clock.instant(daysAgo: end, minute: person.usualMinute + 60)))
        usedPrograms.insert(program.id)
    }

    private mutating func enroll(daysAgo: Int) {
        guard activity.enrollments.count < 31,
            let program = SeedProgramChoice.pick(from: compatible, for: person, avoid: usedPrograms, random: &random)
        else { return }
        let minute = max(6 * 60, person.usualMinute - random.int(in: 1...8) * 15)
        var startedAt = clock.instant(daysAgo: daysAgo, minute: minute)
        if startedAt > clock.now - 60 { startedAt = clock.now - 60 }
        activity.enrollments.append(
            SeedEnrollment(id: enrollmentID(), programID: program.id, startedAt: startedAt, status: "active"))
        current = (activity.enrollments.count - 1, program, 0)
        usedPrograms.insert(program.id)
    }

    private mutating func endCurrent(status: String, at instant: Int64) {
        guard let open = current else { return }
        activity.enrollments[open.index].status = status
        if status == "completed" { activity.enrollments[open.index].completedAt = min(instant, clock.now) }
        current = nil
    }

    private func enrollmentID() -> Int64 {
        person.id * 32 + Int64(activity.enrollments.count)
    }
}

extension SeedActivityPlanner {
    /// One training day: usually one session, sometimes a second, free-form one later that day.
    fileprivate mutating func train(daysAgo: Int, weekday: Int, careless: Bool) {
        let minute = startMinute(weekday: weekday)
        var workout: SeedWorkout?
        var advancesProgram = false
        if let open = current, !random.chance(0.07) {
            let next = open.program.workouts[open.done % open.program.workouts.count]
            if careless || log.isRested(next, daysAgo: daysAgo) {
                workout = next
                advancesProgram = true
            } else if random.chance(0.5) {
                // Not rested for the plan: something else that is, or a rest day.
                workout = offProgramWorkout(daysAgo: daysAgo, careless: false)
                if workout == nil { return }
            } else {
                return
            }
        } else if random.chance(0.55) {
            workout = offProgramWorkout(daysAgo: daysAgo, careless: careless)
        }
        let duration = durationMinutes(for: workout)
        guard add(workoutID: workout?.id, daysAgo: daysAgo, minute: minute, duration: duration) else { return }
        if let workout { log.record(workout, daysAgo: daysAgo) }
        if advancesProgram, let open = current {
            if open.done == 0 { firstSessionOfEnrollment[open.index] = activity.sessions.last?.startedAt }
            current = (open.index, open.program, open.done + 1)
        }
        if random.chance(0.02) {
            let second = min(((minute + duration) / 15 + random.int(in: 12...40)) * 15, 23 * 60 + 15)
            if second > minute + duration {
                _ = add(workoutID: nil, daysAgo: daysAgo, minute: second, duration: random.int(in: 4...12) * 5)
            }
        }
    }

    /// A random compatible workout off the person's programs: never one of a program they are or
    /// were enrolled in (so each enrollment's workouts stay in order), and unless `careless`,
    /// rested, not a repeat and no longer than their usual session allows. Nil when none is.
    private mutating func offProgramWorkout(daysAgo: Int, careless: Bool) -> SeedWorkout? {
        let candidates = compatibleWorkouts.filter { workout in
            !usedPrograms.contains(workout.programID)
                && (careless
                    || log.isRested(workout, daysAgo: daysAgo)
                        && SeedTrainingLog.fitsLength(workout, sessionMinutes: person.sessionMinutes))
        }
        return candidates.isEmpty ? nil : random.pick(candidates)
    }

    /// Appends a session unless it would end after now. Returns whether it was added.
    private mutating func add(workoutID: Int64?, daysAgo: Int, minute: Int, duration: Int) -> Bool {
        let start = clock.instant(daysAgo: daysAgo, minute: minute)
        guard start + Int64(duration * 60) <= clock.now,
            Int64(activity.sessions.count) < sessionIDStride - 1
        else { return false }
        let id = person.id * sessionIDStride + Int64(activity.sessions.count)
        activity.sessions.append(SeedSession(id: id, workoutID: workoutID, startedAt: start, durationMinutes: duration))
        return true
    }

    /// The usual time with quarter-hour jitter, later on weekends, and a few exactly at 23:30.
    private mutating func startMinute(weekday: Int) -> Int {
        if random.chance(person.usualMinute >= 21 * 60 ? 0.04 : 0.002) { return 23 * 60 + 30 }
        var minute = person.usualMinute
        if weekday == 0 || weekday == 6, random.chance(0.6) {
            minute = random.int(in: 32...44) * 15  // 08:00–11:00
        }
        minute += random.pick([-30, -15, 0, 0, 0, 0, 15, 30])
        if random.chance(0.2) { minute += random.int(in: 1...2) * 5 }
        return min(max(minute, 5 * 60), 23 * 60 + 15)
    }

    private mutating func durationMinutes(for workout: SeedWorkout?) -> Int {
        guard let workout else {
            return max(10, person.sessionMinutes + random.int(in: -3...3) * 5)
        }
        var minutes = Double(workout.estimatedMinutes) * (0.8 + random.unit() * 0.45)
        if random.chance(0.04) { minutes *= 0.4 + random.unit() * 0.2 }
        return max(5, Int(minutes.rounded()))
    }
}
