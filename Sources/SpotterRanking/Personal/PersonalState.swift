public import Foundation
import SpotterCalendar
import SpotterIDs

/// What one person's own history teaches the daily suggestion, updated one session at a time:
/// which kind of session usually follows which (first and second order), how often each is done
/// and on which weekdays, its usual interval, which muscle groups follow the last day's, the
/// fatigue per muscle group from the volume done (``Fatigue``), how the person rests (how often
/// they train a group again within `recoveryHours`, repeat a session within `noRepeatDays`), and
/// the person's own feature weights, learned online (a softmax step toward what they did).
///
/// Older sessions count less (``PersonalWeights/decay`` per session). Appending the sessions in
/// time order is the only way to build it, so replaying a history day by day (the evaluation)
/// and building it at once (the nightly run) give the same state. Pure and deterministic.
public struct PersonalState: Sendable {
    static let groupCount = MuscleGroups.coarseNames.count
    static let strengthMask: UInt16 = MuscleGroups.fullBodyCoarseMask | (1 << 8)  // + calves

    /// One kind of session the person did.
    struct KindStats: Sendable {
        let kind: SessionKind
        let title: String
        let libraryIndex: Int?
        var count = 0
        var frequency = 0.0
        var lastDay = Int.min
        var intervalSum = 0.0
        var intervalWeight = 0.0
        var weekday = [Double](repeating: 0, count: 7)
        var volume = [Double](repeating: 0, count: PersonalState.groupCount)
        /// Primary coarse groups: the library's for a library workout, else from the volume.
        var groups: UInt16 = 0
        var minutes = 0.0
        /// The groups of its latest session, and how alike consecutive sessions of a title were
        /// (summed Jaccard, and the number of pairs): see ``isVague(_:)``.
        var latestGroups: UInt16 = 0
        var agreement = 0.0
        var agreementPairs = 0
    }

    let configuration: RankingConfiguration
    let zone: TimeZone
    let profileLevel: Level?
    var kinds: [KindStats] = []
    var kindIndex: [SessionKind: Int] = [:]
    /// The weight of the latest session; stored sums are in these units (see ``effective(_:)``).
    var scale = 1.0
    var totalFrequency = 0.0
    var transitions: [Int: [Int: Double]] = [:]
    var transitionTotals: [Int: Double] = [:]
    var transitions2: [Int: [Int: Double]] = [:]
    var transition2Totals: [Int: Double] = [:]
    var flow = [Double](repeating: 0, count: PersonalState.groupCount * PersonalState.groupCount)
    var flowFrom = [Double](repeating: 0, count: PersonalState.groupCount)
    var groupBase = [Double](repeating: 0, count: PersonalState.groupCount)
    var groupSessions = 0.0
    var fatigue = [Double](repeating: 0, count: PersonalState.groupCount)
    var fatigueTime = [Double](repeating: 0, count: PersonalState.groupCount)
    var groupLastDay = [Int?](repeating: nil, count: PersonalState.groupCount)
    var groupLastTime = [Double?](repeating: nil, count: PersonalState.groupCount)
    var restPairs = [Int](repeating: 0, count: PersonalState.groupCount)
    var restShort = [Int](repeating: 0, count: PersonalState.groupCount)
    var recoverySum = [Double](repeating: 0, count: PersonalState.groupCount)
    var recoveryWeight = [Double](repeating: 0, count: PersonalState.groupCount)
    var repeatPairs = 0
    var repeatShort = 0
    /// Per coarse group, the local day it was last among a session's primary groups.
    var primaryLastDay = [Int?](repeating: nil, count: PersonalState.groupCount)
    /// The training days of the last ``weekdayLookbackDays`` days and their primary groups.
    var trainingDays: [(day: Int, groups: UInt16)] = []
    /// Per signal (``Signal``), its discounted reward: how well its top picks matched what the
    /// person did next, learned from the past only (see ``learn(kind:groups:time:day:)``).
    public internal(set) var signalRewards = [Double](repeating: 0, count: Signal.allCases.count)
    /// The current day's volume per coarse group (its pattern is counted when the next day starts).
    var dayVolume = [Double](repeating: 0, count: PersonalState.groupCount)
    /// How often each day pattern (a training day's primary groups) was trained (the patterns
    /// sorted, their counts, and the counts' sum), and which followed which; the latest closed
    /// day's pattern.
    var dayPatternKeys: [UInt16] = []
    var dayPatternCounts: [Double] = []
    var dayPatternTotal = 0.0
    var dayPatternFollows: [UInt16: [UInt16: Double]] = [:]
    var lastDayPattern: UInt16 = 0
    /// Sessions appended.
    public internal(set) var sessionCount = 0
    var firstDay: Int?
    var lastDay: Int?
    var lastTime: Double?
    var lastKind: Int?
    var previousKind: Int?
    var currentDay: Int?
    var currentDayGroups: UInt16 = 0
    var previousDayGroups: UInt16 = 0
    var minutesSum = 0.0
    /// The person's feature weights (see ``PersonalWeights/featureNames``).
    public internal(set) var weights: [Double]
    /// Per tracked muscle of the library (``TrainingLibrary/muscleNames``), the local day of the
    /// latest session whose logged sets worked it (``MuscleWork``); empty until one did. The rest
    /// rules add the days of library workouts to it (``MemberState``).
    var muscleWorkLastDay: [Int?] = []

    /// An empty state for a person in `zone` with a profile level (nil: none).
    public init(profileLevel: Level?, zone: TimeZone, configuration: RankingConfiguration = .init()) {
        self.configuration = configuration
        self.zone = zone
        self.profileLevel = profileLevel
        self.weights = configuration.personal.prior
    }

    /// The state after every session of `member` before `member.now`, in time order.
    public static func replaying(_ member: MemberContext, library: TrainingLibrary, configuration: RankingConfiguration)
        -> PersonalState
    {
        var state = PersonalState(
            profileLevel: member.profile?.level, zone: member.timeZone ?? TimeZone(secondsFromGMT: 0)!,
            configuration: configuration)
        let now = member.now
        let sessions = member.sessions
        let order = sessions.indices.filter { sessions[$0].startedAt <= now }.sorted {
            Self.ordered(sessions[$0], sessions[$1])
        }
        for index in order { state.append(sessions[index], library: library) }
        return state
    }

    /// The order sessions are appended in: by start, then workout id, then title.
    public static func ordered(_ a: PastSession, _ b: PastSession) -> Bool {
        (a.startedAt, a.workoutID ?? .min, a.title ?? "") < (b.startedAt, b.workoutID ?? .min, b.title ?? "")
    }

    /// The training age now (see ``TrainingAge``).
    public var level: Level {
        let span = (lastDay ?? 0) - (firstDay ?? 0)
        return TrainingAge.level(profile: profileLevel, sessions: sessionCount, spanDays: span)
    }

    /// Sums are kept multiplied by the growing session weight; this brings one back to "recent
    /// sessions" units.
    func effective(_ value: Double) -> Double { value / scale }

    /// The kind index of a kind, if the person did it.
    func index(of kind: SessionKind) -> Int? { kindIndex[kind] }

    /// The local day number of a date in the person's zone.
    func day(of date: Date) -> Int { CivilDays.localDay(of: date, in: zone) }

    /// Adds one session (sessions must come in ``ordered(_:_:)`` order): first learns from it
    /// (what the model would have ranked against what the person did), then counts it.
    public mutating func append(_ session: PastSession, library: TrainingLibrary) {
        let time = session.startedAt.timeIntervalSince1970
        let day = self.day(of: session.startedAt)
        let work = SessionWork(session, library: library, fatigue: configuration.fatigue)
        noteWorkedMuscles(session, day: day, library: library)
        var kind = SessionKind.of(session, library: library)
        if let named = kind, let index = kindIndex[named], isVague(kinds[index]) { kind = nil }
        kind = kind ?? pattern(of: work.groups)
        learn(kind: kind, groups: work.groups, time: time, day: day)

        scale /= configuration.personal.decay
        if scale > 1e100 { rescale() }
        let weight = scale
        if currentDay != day {
            if currentDay != nil {
                previousDayGroups = currentDayGroups
                closeDay()
            }
            currentDay = day
            currentDayGroups = 0
        }
        for g in 0..<Self.groupCount { dayVolume[g] += work.volume[g] }
        let halfLife = configuration.fatigue.halfLife(self.level)
        for g in 0..<Self.groupCount where work.groups & (1 << UInt16(g)) != 0 {
            if let last = groupLastDay[g], last < day {
                restPairs[g] += 1
                if (day - last) * 24 < configuration.recoveryHours { restShort[g] += 1 }
            }
            if Self.strengthMask & (1 << UInt16(g)) != 0 {
                recoverySum[g] += weight * recovery(group: g, at: time, halfLife: halfLife)
                recoveryWeight[g] += weight
            }
            for l in 0..<Self.groupCount where previousDayGroups & (1 << UInt16(l)) != 0 {
                flow[l * Self.groupCount + g] += weight
            }
            groupBase[g] += weight
        }
        for g in 0..<Self.groupCount where work.trained & (1 << UInt16(g)) != 0 {
            groupLastDay[g] = max(groupLastDay[g] ?? day, day)
            groupLastTime[g] = max(groupLastTime[g] ?? time, time)
        }
        if work.groups != 0 {
            for l in 0..<Self.groupCount where previousDayGroups & (1 << UInt16(l)) != 0 { flowFrom[l] += weight }
            groupSessions += weight
        }
        for g in 0..<Self.groupCount where work.load[g] > 0 {
            fatigue[g] =
                configuration.fatigue.decayed(fatigue[g], hours: (time - fatigueTime[g]) / 3600, halfLife: halfLife)
                + work.load[g]
            fatigueTime[g] = time
        }
        currentDayGroups |= work.groups
        for g in 0..<Self.groupCount where work.groups & (1 << UInt16(g)) != 0 {
            primaryLastDay[g] = max(primaryLastDay[g] ?? day, day)
        }
        if let latest = trainingDays.last, latest.day == day {
            trainingDays[trainingDays.count - 1].groups |= work.groups
        } else if work.groups != 0 {
            trainingDays.append((day, work.groups))
            trainingDays.removeAll { day - $0.day > Self.weekdayLookbackDays }
        }
        if let kind { count(kind, session: session, work: work, day: day, weight: weight, library: library) }
        sessionCount += 1
        minutesSum += Double(max(0, session.durationMinutes))
        firstDay = min(firstDay ?? day, day)
        lastDay = max(lastDay ?? day, day)
        lastTime = max(lastTime ?? time, time)
    }

    private mutating func count(
        _ kind: SessionKind, session: PastSession, work: SessionWork, day: Int, weight: Double, library: TrainingLibrary
    ) {
        let index: Int
        if let known = kindIndex[kind] {
            index = known
        } else {
            index = kinds.count
            let libraryIndex: Int?
            if case .workout(let id) = kind { libraryIndex = library.workoutIndexByID[id] } else { libraryIndex = nil }
            var title = libraryIndex.map { library.workouts[$0].workout.title } ?? session.title ?? kind.description
            if case .muscleGroups = kind { title = kind.description }
            var stats = KindStats(kind: kind, title: title, libraryIndex: libraryIndex)
            if let libraryIndex {
                stats.groups = library.workouts[libraryIndex].coarseGroups
            } else if case .muscleGroups(let mask) = kind {
                stats.groups = mask
            }
            kinds.append(stats)
            kindIndex[kind] = index
        }
        // In place: a copy of the kind's stats would copy its arrays on every session.
        if kinds[index].lastDay != .min && kinds[index].lastDay < day {
            repeatPairs += 1
            if day - kinds[index].lastDay < configuration.noRepeatDays { repeatShort += 1 }
            kinds[index].intervalSum += weight * Double(day - kinds[index].lastDay)
            kinds[index].intervalWeight += weight
        }
        if case .title = kind, work.groups != 0 {
            if kinds[index].latestGroups != 0 {
                kinds[index].agreement += MuscleGroups.jaccard(kinds[index].latestGroups, work.groups)
                kinds[index].agreementPairs += 1
            }
            kinds[index].latestGroups = work.groups
        }
        kinds[index].count += 1
        kinds[index].frequency += weight
        kinds[index].lastDay = max(kinds[index].lastDay, day)
        kinds[index].weekday[Self.weekday(day)] += weight
        kinds[index].minutes += Double(max(0, session.durationMinutes))
        if case .title = kind {
            for g in 0..<Self.groupCount { kinds[index].volume[g] += weight * work.volume[g] }
            kinds[index].groups = SessionWork.primary(kinds[index].volume)
        }
        totalFrequency += weight
        if let last = lastKind {
            transitions[last, default: [:]][index, default: 0] += weight
            transitionTotals[last, default: 0] += weight
            if let previous = previousKind {
                let key = previous << 32 | last
                transitions2[key, default: [:]][index, default: 0] += weight
                transition2Totals[key, default: 0] += weight
            }
        }
        previousKind = lastKind
        lastKind = index
    }

    /// Records the day on every tracked muscle the session's working sets worked.
    private mutating func noteWorkedMuscles(_ session: PastSession, day: Int, library: TrainingLibrary) {
        guard !session.work.isEmpty else { return }
        for work in session.work where work.sets > 0 {
            for muscle in library.trackedMuscles(for: work.group) {
                if muscleWorkLastDay.count <= muscle {
                    muscleWorkLastDay += [Int?](
                        repeating: nil, count: library.muscleNames.count - muscleWorkLastDay.count)
                }
                muscleWorkLastDay[muscle] = max(muscleWorkLastDay[muscle] ?? .min, day)
            }
        }
    }

    /// The kind of a session without a name (or with a vague one): its primary groups.
    func pattern(of groups: UInt16) -> SessionKind? { groups == 0 ? nil : .muscleGroups(groups) }

    /// Counts the current day's pattern (when the next training day starts).
    private mutating func closeDay() {
        let pattern = SessionWork.primary(dayVolume)
        for g in 0..<Self.groupCount { dayVolume[g] = 0 }
        guard pattern != 0 else { return }
        countDayPattern(pattern)
        if lastDayPattern != 0 { dayPatternFollows[lastDayPattern, default: [:]][pattern, default: 0] += 1 }
        lastDayPattern = pattern
    }

    /// Whether a title names nothing in particular ("Afternoon workout", in any language): its
    /// consecutive sessions trained groups less alike than ``PersonalWeights/vagueTitleAgreement``
    /// (mean Jaccard over at least three pairs). Its later sessions count as their muscle-group
    /// pattern instead, and it is no candidate.
    func isVague(_ stats: KindStats) -> Bool {
        guard case .title = stats.kind, stats.agreementPairs >= 3 else { return false }
        return stats.agreement < configuration.personal.vagueTitleAgreement * Double(stats.agreementPairs)
    }

    /// Days back the weekday signal looks for the same weekday. 28.
    static let weekdayLookbackDays = 28

    /// 0 = Thursday (1970-01-01), … 6 = Wednesday.
    static func weekday(_ day: Int) -> Int { ((day % 7) + 7) % 7 }

    /// Recovery in percent of coarse group `g` at `time`.
    func recovery(group g: Int, at time: Double, level: Level) -> Double {
        recovery(group: g, at: time, halfLife: configuration.fatigue.halfLife(level))
    }

    /// ``recovery(group:at:level:)`` with the level's fatigue half-life (``Fatigue/halfLife(_:)``).
    func recovery(group g: Int, at time: Double, halfLife: Double) -> Double {
        let hours = (time - fatigueTime[g]) / 3600
        return configuration.fatigue.recoveryPercent(
            configuration.fatigue.decayed(fatigue[g], hours: hours, halfLife: halfLife))
    }

    /// The groups of the latest training day before `day`.
    func lastDayGroups(before day: Int) -> UInt16 {
        guard let currentDay else { return 0 }
        return currentDay < day ? currentDayGroups : previousDayGroups
    }

    /// Coarse groups whose short rest (within `recoveryHours`) the person's own history shows
    /// often enough (see ``PersonalWeights/shortRestShare``).
    var shortRestGroups: UInt16 {
        var mask: UInt16 = 0
        let personal = configuration.personal
        for g in 0..<Self.groupCount
        where restShort[g] >= personal.shortRestMinimumCount
            && Double(restShort[g]) >= personal.shortRestShare * Double(restPairs[g])
        {
            mask |= 1 << UInt16(g)
        }
        return mask
    }

    /// Whether the person's own history repeats sessions within `noRepeatDays` often enough.
    var repeatsOwnSessions: Bool {
        let personal = configuration.personal
        return repeatShort >= personal.shortRestMinimumCount
            && Double(repeatShort) >= personal.shortRestShare * Double(repeatPairs)
    }

    private mutating func rescale() {
        let factor = 1 / scale
        scale = 1
        totalFrequency *= factor
        groupSessions *= factor
        for i in kinds.indices {
            kinds[i].frequency *= factor
            kinds[i].intervalSum *= factor
            kinds[i].intervalWeight *= factor
            for d in 0..<7 { kinds[i].weekday[d] *= factor }
            for g in 0..<Self.groupCount { kinds[i].volume[g] *= factor }
        }
        for (key, row) in transitions { transitions[key] = row.mapValues { $0 * factor } }
        for (key, row) in transitions2 { transitions2[key] = row.mapValues { $0 * factor } }
        transitionTotals = transitionTotals.mapValues { $0 * factor }
        transition2Totals = transition2Totals.mapValues { $0 * factor }
        for i in flow.indices { flow[i] *= factor }
        for g in 0..<Self.groupCount {
            flowFrom[g] *= factor
            groupBase[g] *= factor
            recoverySum[g] *= factor
            recoveryWeight[g] *= factor
        }
    }
}
