import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterRanking
import SpotterStats

/// Everything one recommendation shard reads, loaded set-based: the library, the similar-members
/// index, and the selected users with their inputs grouped in Swift. Both kinds share it.
struct RecommendationShard {
    let library: LoadedLibrary
    let recommender: Recommender
    /// The selected users, by id.
    let members: [ShardMember]
    let asOf: Date
    /// True when another job of this worker read the library and members (``sharedInputs``).
    let inputsShared: Bool
    /// True when this job waited the longest allowed for the other kind's read and then read for itself.
    let inputsWaitedOut: Bool

    /// What a shard's library and members are read for: two jobs with equal keys read the same rows.
    struct InputsKey: Hashable, Sendable {
        var database: String
        var selection: UserSelection
        var recentDays: Int
        var checkInHours: Int
        var knownEquipment: Set<String>?
        /// The settings the kept personal states' fingerprints depend on (``PersonalStates``).
        var recoveryHours: Int
        var noRepeatDays: Int
    }

    /// The library and members one shard read.
    struct Inputs: Sendable {
        var library: LoadedLibrary
        var members: [ShardMember]
    }

    /// The read both recommendation kinds' shards share (``SpotterQueue/ShardPlan/sharedRead``):
    /// the nightly fan-out gives a range's two shards one claim group.
    static let sharedRead = "recommendation_inputs"

    /// `daily_suggestion` and `program_recommendations` of one nightly shard select the same
    /// users with the same `as_of` and read the same rows; the nightly fan-out gives them one claim
    /// group, so one worker claims both at once and reads once. Only zone shards with a
    /// pinned `as_of` share (on-demand jobs always read for themselves). Eight shards' inputs at
    /// most are held (a few MB each), each for two minutes at most: the second kind's inputs are
    /// then as the database stood up to two minutes earlier, for the same `as_of`.
    static let sharedInputs = SharedReads<InputsKey, Inputs>(capacity: 8, maxAge: .seconds(120))

    /// Loads a shard for `kind`: 4 library statements, 3 for the sample, 5 for the users (see
    /// ``RecommendationInputs``), the library and users through ``sharedInputs`` when the
    /// payload pins `as_of`. Explicit ids that name no user fail the job permanently. The
    /// similar-members index comes through the worker's cache, keyed by `database` (the
    /// connection's description): ``SimilarUsersLoader/cached(asOf:database:in:)``.
    static func load(
        _ selection: UserSelection, kind: String, settings: RecommendationSettings, database: String,
        in session: DatabaseSession
    ) throws -> RecommendationShard {
        let recentDays = max(settings.ranking.noRepeatDays + 1, settings.ranking.preferredRecoveryHours / 24 + 1)
        let checkInHours = settings.ranking.lowEnergyWindowHours
        let key = InputsKey(
            database: database, selection: selection, recentDays: recentDays, checkInHours: checkInHours,
            knownEquipment: settings.knownEquipment, recoveryHours: settings.ranking.recoveryHours,
            noRepeatDays: settings.ranking.noRepeatDays)
        let sharing = selection.timeZone != nil && selection.asOfIsPinned
        let inputs = try sharedInputs.value(
            for: key, taker: kind,
            takers: sharing ? [DailySuggestionHandler.name, ProgramRecommendationsHandler.name] : [kind]
        ) {
            let library = try LibraryLoader.load(in: session, knownEquipment: settings.knownEquipment)
            let kept = KeptStates(
                key: PersonalState.replayKey(library: library.library, configuration: settings.ranking),
                configuration: settings.ranking, asOf: selection.asOf)
            return Inputs(
                library: library,
                members: try loadMembers(
                    selection, recentDays: recentDays, checkInHours: checkInHours, keptStates: kept, in: session))
        }
        try selection.requireFound(Set(inputs.value.members.map(\.id)))
        let similar = try SimilarUsersLoader.cached(asOf: selection.asOf, database: database, in: session)
        return RecommendationShard(
            library: inputs.value.library,
            recommender: Recommender(
                library: inputs.value.library.library, similar: similar, configuration: settings.ranking),
            members: inputs.value.members, asOf: selection.asOf, inputsShared: inputs.shared,
            inputsWaitedOut: inputs.waitedOut)
    }

    /// What a shard needs to use the kept personal states (``PersonalStates``): the replay key
    /// of its library and configuration, and the configuration to read a state back under.
    struct KeptStates {
        var key: StableHash
        var configuration: RankingConfiguration
        /// The night's `as_of`: the members' replay periods (``PersonalStates/replayPeriod(of:asOf:)``).
        var asOf: Date
    }

    /// The selected users and their inputs: nine statements whatever the shard's size (the
    /// lifts only when a member's profile leaves something to infer), and two more (the history's
    /// sessions and work) for the members replayed. With `work` `.summaries` (the default) the
    /// members' session summaries are brought up to date first
    /// (``SessionSummaries/refresh(ids:since:asOf:in:)``; over the whole history for the members
    /// replayed). Without `keptStates` every member is replayed from their whole history
    /// (``ShardMember/history``), and the window's work is read too. With `keptStates`, the
    /// members' kept personal states are read after their sessions: a member whose kept state
    /// holds their window's sessions, or the first of them followed by sessions logged since,
    /// gets it (``ShardMember/keptState``), and only the work of the sessions logged since is read;
    /// the others are replayed.
    static func loadMembers(
        _ selection: UserSelection, recentDays: Int, checkInHours: Int,
        work: RecommendationInputs.WorkSource = .summaries, keptStates: KeptStates? = nil, in session: DatabaseSession
    ) throws -> [ShardMember] {
        var members: [ShardMember] = []
        var zones = ZoneCache()
        let users = RecommendationInputs.usersStatement(for: selection, backend: session.backend)
        try session.forEachRow(users.sql, users.binds) { row in
            let id = try row.id("id", as: UserID.self)
            let zoneName = try row.string("time_zone")
            let zone = zones.zone(zoneName, asOf: selection.asOf)
            members.append(ShardMember(id: id, timeZoneName: zoneName, zone: zone?.zone, localDate: zone?.localDate))
        }
        guard !members.isEmpty else { return [] }
        var position: [UserID: Int] = [:]
        position.reserveCapacity(members.count)
        for (index, member) in members.enumerated() { position[member.id] = index }

        if work == .summaries {
            try SessionSummaries.refresh(
                ids: members.map(\.id),
                since: RecommendationInputs.workSince(asOf: selection.asOf, recentDays: recentDays),
                asOf: selection.asOf, in: session)
        }
        let statements = RecommendationInputs.memberStatements(
            ids: members.map(\.id), asOf: selection.asOf, backend: session.backend, recentDays: recentDays,
            checkInHours: checkInHours, work: work)
        func each(_ statement: InputQuery, _ body: (Int, Row) throws -> Void) throws {
            try session.forEachRow(statement.sql, statement.binds) { row in
                guard let index = position[try row.id("user_id")] else { return }
                try body(index, row)
            }
        }
        try each(statements[0]) { index, row in members[index].profile = try MemberProfile(row: row) }
        // A value no computation can use leaves its member out (``ShardMember/unusable``).
        var unusable = UnusableInputs()
        func usable<T>(
            _ row: Row, _ column: String, _ index: Int, _ source: String, _ decode: (Row, String) throws -> T
        )
            -> T?
        {
            let id = members[index].id
            return unusable.contains(id) ? nil : unusable.read(row, column, subject: id, source: source, decode)
        }
        try each(statements[1]) { index, row in
            guard let startedAt = usable(row, "started_at", index, "enrollments.started_at", UnusableInputs.instant)
            else { return }
            members[index].enrollments.append(try Enrollment(row: row, startedAt: startedAt))
        }
        // Each member's sessions' ids, in their order, for the rows about one session (its work,
        // its lifts) to find it: those come grouped by session, so the session found last or
        // the next one is almost always it (no dictionary of every window session, 2.75 M a
        // night at 100,000 members).
        var sessionIDs = [[SessionID]](repeating: [], count: members.count)
        var lastFound = [Int](repeating: 0, count: members.count)
        func sessionIndex(_ id: SessionID, of member: Int) -> Int? {
            let count = sessionIDs[member].count
            var index = lastFound[member]
            for _ in 0..<count {
                if sessionIDs[member][index] == id {
                    lastFound[member] = index
                    return index
                }
                index = index + 1 == count ? 0 : index + 1
            }
            return nil
        }
        try each(statements[2]) { index, row in
            let user = members[index].id
            guard !unusable.contains(user), let times = unusable.sessionTimes(row, subject: user) else { return }
            let id: SessionID = try row.id("id")
            sessionIDs[index].append(id)
            let past = try PastSession(row: row, startedAt: times.startedAt, durationMinutes: times.minutes)
            members[index].sessions.append(past)
            if keptStates != nil { members[index].sessionsRead.add(id, past) }
        }
        try each(statements[3]) { index, row in
            guard let recordedAt = usable(row, "recorded_at", index, "check_ins.recorded_at", UnusableInputs.instant)
            else { return }
            members[index].latestCheckIn = try CheckIn(row: row, recordedAt: recordedAt)
        }
        try each(statements[6]) { index, row in
            members[index].firstSessionAt =
                usable(
                    row, "first_session_at", index, "workout_sessions.started_at", UnusableInputs.optionalInstant)
                ?? nil
        }
        // The members whose personal state is replayed from their whole history: those whose
        // kept state cannot be used, or every member without kept states.
        var replayed = members.indices.filter { members[$0].zone != nil }.map { members[$0].id }
        var workStatements = [statements[4]]
        if let keptStates {
            let appended: [SessionID]
            (replayed, appended) = try useKeptStates(
                keptStates, for: &members, position: position,
                windowStart: RecommendationInputs.workSince(asOf: selection.asOf, recentDays: recentDays), in: session)
            workStatements = []
            if !appended.isEmpty {
                workStatements.append(
                    RecommendationInputs.workStatement(sessions: appended, backend: session.backend, work: work))
            }
        }
        for statement in workStatements {
            try each(statement) { index, row in
                guard let at = sessionIndex(try row.id("session_id"), of: index) else { return }
                members[index].sessions[at].work.append(try MuscleWork(row: row))
            }
        }
        if !replayed.isEmpty {
            try readHistories(
                of: replayed, asOf: selection.asOf, work: work, versions: keptStates != nil, into: &members,
                position: position, unusable: &unusable, in: session)
        }
        try each(statements[5]) { index, row in
            guard
                let mentionedAt = usable(
                    row, "last_mentioned_at", index, "facts.last_mentioned_at", UnusableInputs.instant)
            else { return }
            members[index].healthFacts.append(try HealthFact(row: row, mentionedAt: mentionedAt))
        }
        let inferred = members.filter { LogInference.reads($0.profile) }.map(\.id)
        if !inferred.isEmpty {
            let lifts = RecommendationInputs.liftsStatement(
                ids: inferred, asOf: selection.asOf, backend: session.backend, work: work)
            try each(lifts) { index, row in
                guard let at = sessionIndex(try row.id("session_id"), of: index) else { return }
                members[index].sessions[at].lifts.append(try LoggedLift(row: row))
            }
        }
        for (id, outcome) in unusable.outcomes {
            guard let index = position[id] else { continue }
            members[index].unusable = outcome
            members[index].enrollments = []
            members[index].sessions = []
            members[index].history = nil
            members[index].keptTrained = nil
            members[index].keptProgress = nil
        }
        return members
    }

    /// Reads the whole history of the members `ids` (``RecommendationInputs/historyStatements(ids:asOf:backend:work:)``)
    /// into their ``ShardMember/history``, their summaries brought up to date first with `work`
    /// `.summaries`. With `versions`, each one's `work_version` is read again after that refresh
    /// (which raises it for every session it summarises) and before the work: their state is kept
    /// under it.
    private static func readHistories(
        of ids: [UserID], asOf: Date, work: RecommendationInputs.WorkSource, versions: Bool,
        into members: inout [ShardMember], position: [UserID: Int], unusable: inout UnusableInputs,
        in session: DatabaseSession
    ) throws {
        if work == .summaries {
            try SessionSummaries.refresh(ids: ids, since: RecommendationInputs.historySince, asOf: asOf, in: session)
        }
        if versions {
            let statement = InputQuery(PersonalStates.versionStatement(ids: ids), for: session.backend)
            try session.forEachRow(statement.sql, statement.binds) { row in
                guard let index = position[try row.id("user_id")] else { return }
                members[index].replay?.stateVersion = try row.int64("work_version")
            }
        }
        var sessionIDs: [UserID: [SessionID: Int]] = [:]
        for id in ids {
            members[position[id]!].history = []
            sessionIDs[id] = [:]
        }
        let statements = RecommendationInputs.historyStatements(
            ids: ids, asOf: asOf, backend: session.backend, work: work)
        try session.forEachRow(statements.sessions.sql, statements.sessions.binds) { row in
            let user: UserID = try row.id("user_id")
            guard let index = position[user], !unusable.contains(user) else { return }
            guard let times = unusable.sessionTimes(row, subject: user) else { return }
            let count = members[index].history?.count ?? 0
            sessionIDs[user]?[try row.id("id")] = count
            members[index].history?.append(
                try PastSession(row: row, startedAt: times.startedAt, durationMinutes: times.minutes))
        }
        try session.forEachRow(statements.work.sql, statements.work.binds) { row in
            let user: UserID = try row.id("user_id")
            guard let index = position[user], let at = sessionIDs[user]?[try row.id("session_id")] else { return }
            members[index].history?[at].work.append(try MuscleWork(row: row))
        }
        for id in ids {
            let index = position[id]!
            let count = members[index].history?.count ?? 0
            let trained = members[index].trainedWorkouts() ?? []
            members[index].replay?.sessionCount = count
            members[index].replay?.trainedWorkouts = trained
        }
    }

    /// Reads the members' kept personal states (``PersonalStates``), streamed: a member whose
    /// kept state holds the sessions read that started by its latest one gets the state's bytes
    /// (read back once to check them: a state another Spotter wrote, or damaged, is replayed);
    /// every member with a valid zone whose state is replayed or extended gets what to keep it
    /// under. A member with an active enrollment that can be counted neither from the kept
    /// progress nor from the sessions read (from `windowStart`) is replayed
    /// (``PersonalStates/countsEnrollments(_:kept:windowStart:keptLatest:)``). Returns the ids of
    /// the members to replay and of the sessions to append.
    private static func useKeptStates(
        _ kept: KeptStates, for members: inout [ShardMember], position: [UserID: Int], windowStart: Date,
        in session: DatabaseSession
    ) throws -> (replayed: [UserID], appended: [SessionID]) {
        var versions = [Int64?](repeating: nil, count: members.count)
        var heldTotals = [Int](repeating: 0, count: members.count)
        func inputs(_ index: Int) -> String {
            PersonalStates.inputs(
                key: kept.key, level: members[index].profile?.level, zoneName: members[index].timeZoneName,
                replayPeriod: PersonalStates.replayPeriod(of: members[index].id, asOf: kept.asOf))
        }
        let statement = InputQuery(PersonalStates.readStatement(ids: members.map(\.id)), for: session.backend)
        try session.forEachRow(statement.sql, statement.binds) { row in
            guard let index = position[try row.id("user_id")], members[index].zone != nil else { return }
            let stored = try PersonalStates.Kept(row: row)
            versions[index] = stored.workVersion
            guard
                let held = PersonalStates.usablePrefix(
                    of: stored, inputs: inputs(index), sessions: members[index].sessionsRead,
                    firstSessionAt: members[index].firstSessionAt),
                let bytes = stored.state.flatMap(PersonalStates.unsealed)
            else { return }
            let enrollments = members[index].enrollments
            let progress =
                enrollments.contains(where: \.isActive) ? stored.enrollmentProgress.map(PersonalStates.progress) : nil
            guard
                PersonalStates.countsEnrollments(
                    enrollments, kept: progress ?? [], windowStart: windowStart, keptLatest: stored.lastStartedAt)
            else { return }
            members[index].keptProgress = progress
            heldTotals[index] = stored.sessionCount ?? 0
            members[index].keptTrained = stored.trainedWorkouts
            // Kept as bytes, read when the member is computed: a quarter of the state's memory,
            // and a shard's inputs are held until both kinds have used them.
            members[index].keptState = ShardMember.KeptState(
                bytes: bytes, configuration: kept.configuration, sessionsHeld: held)
        }
        var replayed: [UserID] = []
        var appended: [SessionID] = []
        for index in members.indices where members[index].zone != nil {
            let read = members[index].sessionsRead
            let held = members[index].keptState?.sessionsHeld
            guard held != read.count else { continue }
            // A replay's count is its history's (``readHistories``).
            members[index].replay = ShardMember.Replay(
                stateVersion: versions[index] ?? 0, inputs: inputs(index),
                sessionCount: heldTotals[index] + read.count - (held ?? read.count), sessionsHash: read.stored,
                lastStartedAt: read.starts.max(),
                trainedWorkouts: held == nil ? [] : members[index].trainedWorkouts() ?? [])
            guard let held else {
                replayed.append(members[index].id)
                continue
            }
            appended += read.ids[held...]
        }
        return (replayed, appended)
    }
}

/// One selected user and their inputs.
struct ShardMember: Sendable {
    let id: UserID
    let timeZoneName: String
    /// Nil when `users.time_zone` is not a valid IANA zone.
    let zone: TimeZone?
    /// The user's local date as of the run, "YYYY-MM-DD" (nil with an invalid zone).
    let localDate: String?
    var profile: MemberProfile?
    var enrollments: [Enrollment] = []
    var sessions: [PastSession] = []
    var latestCheckIn: CheckIn?
    /// Health facts current at the run's `as_of`.
    var healthFacts: [HealthFact] = []
    /// When the user's first session ever started (``SpotterRanking/MemberContext/firstSessionAt``).
    var firstSessionAt: Date?
    /// The personal state kept from an earlier night that holds the member's sessions, or the
    /// first of them (``PersonalStates/usablePrefix(of:inputs:sessions:)``), checked whole: the
    /// member is not replayed, and the work of the sessions it holds was not read.
    var keptState: KeptState?
    /// What tonight's state is kept under when it is replayed or extended; nil when the kept
    /// state is used as it is (``keptState``) or the shard keeps none.
    var replay: Replay?
    /// Every session the member logged up to the run, with its work, in order: read only when
    /// the member's personal state is replayed (``PersonalStates``).
    var history: [PastSession]?
    /// The workouts the member's kept personal state has seen, as stored
    /// (``PersonalStates/trainedText(_:)``), when the state is used.
    var keptTrained: String?
    /// The enrollments' progress kept with the state (``PersonalStates/progress(_:)``), when the
    /// state is used and the member has an active enrollment.
    var keptProgress: [EnrollmentProgress]?
    /// The sessions read, hashed in order (``PersonalStates/SessionsRead``).
    var sessionsRead = PersonalStates.SessionsRead()
    /// Set when one of the member's input values cannot be used: the member gets this
    /// `unusable_input` outcome instead of a result (see ``UnusableInputs``).
    var unusable: SubjectOutcome?

    /// A kept personal state's bytes (``SpotterRanking/PersonalState/stored()``), read when the
    /// member is computed.
    struct KeptState: Sendable {
        let bytes: [UInt8]
        let configuration: RankingConfiguration
        /// How many of the sessions read (the first ones) the state holds; the others are
        /// appended to it.
        let sessionsHeld: Int

        /// The state. The bytes are whole (their hash matched when the shard was loaded, see
        /// ``PersonalStates/sealed(_:)``) and were written by this replay version (it is in the
        /// inputs their fingerprint matched), so they read back; a failure is a fault in the
        /// stored layout, which `PersonalStateStoredTests` checks.
        func state(profileLevel: Level?, zone: TimeZone) -> PersonalState {
            do {
                return try PersonalState(
                    stored: bytes, profileLevel: profileLevel, zone: zone, configuration: configuration)
            } catch {
                preconditionFailure("a whole kept personal state of this replay version does not read: \(error)")
            }
        }
    }

    /// What a state replayed or extended tonight is kept under (``PersonalStates/Replayed``).
    struct Replay: Sendable {
        /// The member's `work_version` when their inputs were read.
        var stateVersion: Int64
        var inputs: String
        var sessionCount: Int
        var sessionsHash: String
        var lastStartedAt: Date?
        /// The workouts of every session the state holds (``ShardMember/trainedWorkouts``).
        var trainedWorkouts: Set<WorkoutID>
        /// The active enrollments' progress over every session the state holds
        /// (``ShardMember/enrollmentProgress(asOf:library:)``).
        var enrollmentProgress: [EnrollmentProgress] = []
    }

    /// The ranking's view of the member, or nil when the zone is invalid or an input unusable.
    func context(asOf: Date) -> MemberContext? {
        guard let zone, let localDate, unusable == nil else { return nil }
        return MemberContext(
            userID: id, profile: profile, enrollments: enrollments, sessions: sessions, latestCheckIn: latestCheckIn,
            now: asOf, localDate: localDate, timeZone: zone, healthFacts: healthFacts, firstSessionAt: firstSessionAt)
    }

    /// The workouts of every session the member logged up to the run
    /// (``SpotterRanking/MemberContext/trainedWorkouts``): their history's when it was read, else
    /// those their kept state has seen and the window's; nil when neither was read. Parsed when
    /// asked for: only the program recommendations use them.
    func trainedWorkouts() -> Set<WorkoutID>? {
        if let history { return Set(history.compactMap(\.workoutID)) }
        guard let keptTrained else { return nil }
        return PersonalStates.trained(keptTrained).union(sessions.compactMap(\.workoutID))
    }

    /// Each active enrollment's progress over every session up to `asOf`
    /// (``SpotterRanking/MemberContext/enrollmentProgress``): counted over the history when it was
    /// read; else the kept count and the sessions logged since, or, for an enrollment with no kept
    /// count, the sessions read, which reach its start (``PersonalStates/countsEnrollments(_:kept:windowStart:keptLatest:)``
    /// made sure of it when the state was read). Nil when neither the history nor a kept state
    /// was read.
    func enrollmentProgress(asOf: Date, library: TrainingLibrary) -> [EnrollmentProgress]? {
        let active = enrollments.filter(\.isActive)
        if let history {
            guard !active.isEmpty else { return [] }
            return EnrollmentProgress.counting(
                active, over: history.sorted(by: PersonalState.ordered), through: asOf, library: library)
        }
        guard let keptState else { return nil }
        guard !active.isEmpty else { return [] }
        let logged = sessions[keptState.sessionsHeld...].sorted(by: PersonalState.ordered)
        var read: [PastSession]?  // every session read, in order: sorted once, when a count is not kept
        return active.map { enrollment in
            guard let count = keptProgress?.first(where: { $0.isProgress(of: enrollment) }) else {
                let ordered = read ?? sessions.sorted(by: PersonalState.ordered)
                read = ordered
                return EnrollmentProgress.counting([enrollment], over: ordered, through: asOf, library: library)[0]
            }
            var progress = EnrollmentProgress(
                programID: enrollment.programID, startedAt: enrollment.startedAt, lastOrderIndex: count.lastOrderIndex,
                done: count.done)
            progress.count(logged, through: asOf, library: library)
            return progress
        }
    }

    /// `context` with the member's whole history as its sessions (``history``), what their
    /// personal state is replayed from; `context` itself when the history was not read.
    func whole(_ context: MemberContext) -> MemberContext {
        guard let history else { return context }
        var whole = context
        whole.sessions = history
        return whole
    }

    /// The `invalid_time_zone` outcome of a member whose zone does not parse.
    var invalidZoneOutcome: SubjectOutcome {
        SubjectOutcome(
            subjectID: id, reason: "invalid_time_zone",
            detail: "time zone \"\(timeZoneName.prefix(64))\" is not an IANA zone (e.g. Europe/Berlin)")
    }
}

/// Zones and local dates, parsed once per distinct zone name in a shard.
struct ZoneCache {
    private var cache: [String: (zone: TimeZone, localDate: String)?] = [:]

    mutating func zone(_ name: String, asOf: Date) -> (zone: TimeZone, localDate: String)? {
        if let cached = cache[name] { return cached }
        var value: (zone: TimeZone, localDate: String)?
        if let zone = TimeZoneName.zone(name) {
            value = (zone, LocalDate(of: asOf, in: zone).description)
        }
        cache[name] = .some(value)
        return value
    }
}
