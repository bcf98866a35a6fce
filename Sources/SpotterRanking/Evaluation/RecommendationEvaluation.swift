import Foundation
import SpotterCalendar

/// The offline evaluation of the daily suggestion (`spotter eval recommendations`).
///
/// For each member, the last `holdOut` sessions of catalog workouts are held out. Each one is
/// replayed as the nightly run would have seen it: at local midnight of its day (or just after an
/// earlier session that day), with the sessions and check-ins before it, and with the most recent
/// enrollment started by then taken as the active one (the final statuses would leak the future).
/// The model ranks every catalog workout with ``Recommender/rankWorkouts(for:)``; baselines rank
/// by popularity, by repeating the last workouts, by what followed the last workout in the
/// member's own history, and by the least recently trained muscle groups. Every top pick is
/// audited with ``HardConstraintAudit``.
public enum RecommendationEvaluation {
    /// Runs the evaluation; deterministic for the same inputs.
    public static func run(
        histories: [EvaluationHistory], catalog: Catalog, holdOut: Int = 1,
        configuration: RankingConfiguration = .init()
    ) -> EvaluationReport {
        let prepared = histories.sorted { $0.userID < $1.userID }.map {
            Prepared($0, catalog: catalog, holdOut: holdOut)
        }

        var counts = Array(repeating: 0, count: catalog.workouts.count)
        var records: [SimilarUserRecord] = []
        for user in prepared {
            for session in user.sessions[..<user.cutoff] {
                if let id = session.workoutID, let index = catalog.workoutIndexByID[id] { counts[index] += 1 }
            }
            let cutoffDate = user.cutoff < user.sessions.count ? user.sessions[user.cutoff].startedAt : .distantFuture
            let enrolled = user.history.enrollments.filter { $0.startedAt <= cutoffDate }.map(\.programID)
            records.append(
                SimilarUserRecord(
                    userID: user.history.userID, profile: user.history.profile,
                    completedProgramIDs: [], enrolledProgramIDs: enrolled))
        }
        let popular = catalog.workouts.indices.sorted {
            counts[$0] != counts[$1]
                ? counts[$0] > counts[$1] : catalog.workouts[$0].workout.id < catalog.workouts[$1].workout.id
        }.map { catalog.workouts[$0].workout.id }
        let recommender = Recommender(
            catalog: catalog, similar: SimilarUsersIndex(records: records), configuration: configuration)
        let baselines = EvaluationBaselines(catalog: catalog, popular: popular, depth: 10)

        var tallies = Array(repeating: Tally(), count: 1 + EvaluationBaselines.names.count)
        // The same, over the held-out sessions that break no hard constraint themselves.
        var safeTallies = tallies
        var users = 0
        var unsafeByConstraint: [String: Int] = [:]
        var abstentions = 0
        var inconsistencies = 0
        for user in prepared where !user.heldOut.isEmpty {
            users += 1
            for target in user.heldOut {
                let member = user.context(before: target)
                let actual = user.sessions[target].workoutID!
                func broken(_ id: Int64) -> [String] {
                    HardConstraintAudit.violations(
                        workoutID: id, member: member, catalog: catalog, configuration: configuration)
                }
                func audit(_ id: Int64?) -> Bool { id.map { !broken($0).isEmpty } ?? false }
                let ranking = recommender.rankWorkouts(for: member).map(\.workoutID)
                let daily = recommender.dailySuggestion(for: member).suggestion?.workoutID
                if daily == nil { abstentions += 1 }
                if daily != ranking.first { inconsistencies += 1 }
                let targetBreaks = broken(actual)
                let safeTarget = targetBreaks.isEmpty
                for name in Set(targetBreaks) { unsafeByConstraint[name, default: 0] += 1 }
                tallies[0].add(ranking: ranking, actual: actual, violates: audit(daily))
                if safeTarget { safeTallies[0].add(ranking: ranking, actual: actual, violates: audit(daily)) }
                let lists = baselines.rankings(
                    prior: Array(user.sessions[..<target]), now: member.now.timeIntervalSince1970)
                for (i, list) in lists.enumerated() {
                    let violates = audit(list.first)
                    tallies[i + 1].add(ranking: list, actual: actual, violates: violates)
                    if safeTarget { safeTallies[i + 1].add(ranking: list, actual: actual, violates: violates) }
                }
            }
        }
        let names = ["daily suggestion (model)"] + EvaluationBaselines.names
        return EvaluationReport(
            users: users, cases: tallies[0].cases, holdOut: holdOut, catalogWorkouts: catalog.workouts.count,
            rows: zip(names, tallies).map { $1.row(name: $0) }, safeCases: safeTallies[0].cases,
            safeRows: zip(names, safeTallies).map { $1.row(name: $0) }, unsafeCasesByConstraint: unsafeByConstraint,
            modelAbstentions: abstentions, inconsistencies: inconsistencies)
    }

    /// Running sums of one ranker's metrics.
    struct Tally {
        var cases = 0
        var hit1 = 0
        var hit3 = 0
        var ndcg = 0.0
        var violations = 0

        mutating func add(ranking: [Int64], actual: Int64, violates: Bool) {
            cases += 1
            if violates { violations += 1 }
            guard let rank = ranking.prefix(10).firstIndex(of: actual) else { return }
            if rank == 0 { hit1 += 1 }
            if rank < 3 { hit3 += 1 }
            ndcg += 1 / log2(Double(rank) + 2)
        }

        func row(name: String) -> EvaluationReport.Row {
            let n = Double(max(cases, 1))
            return EvaluationReport.Row(
                name: name, hitAt1: Double(hit1) / n, hitAt3: Double(hit3) / n, ndcgAt10: ndcg / n,
                violationsAt1: violations)
        }
    }

    /// One member's sorted history and where the hold-out starts.
    struct Prepared {
        let history: EvaluationHistory
        let sessions: [PastSession]
        /// Index of the first held-out session (`sessions.count` when none).
        let cutoff: Int
        let calendar: Calendar
        /// Indexes of the held-out sessions, in time order.
        let heldOut: [Int]

        init(_ history: EvaluationHistory, catalog: Catalog, holdOut: Int) {
            self.history = history
            let sorted = history.sessions.sorted {
                ($0.startedAt, $0.workoutID ?? .min) < ($1.startedAt, $1.workoutID ?? .min)
            }
            sessions = sorted
            let evaluable = sorted.indices.filter {
                sorted[$0].workoutID.map { catalog.workoutIndexByID[$0] != nil } ?? false
            }
            // Only catalog sessions are held out; a free-form session after the first held-out
            // one stays in the replayed history of the later ones.
            let held = Array(evaluable.suffix(max(0, holdOut)))
            cutoff = held.first ?? sorted.count
            heldOut = held
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = history.timeZone
            self.calendar = calendar
        }

        /// The context the nightly run would have had for the day of session `target`.
        func context(before target: Int) -> MemberContext {
            let day = calendar.startOfDay(for: sessions[target].startedAt)
            let prior = Array(sessions[..<target])
            var now = day
            if let last = prior.last, last.startedAt >= day { now = last.startedAt.addingTimeInterval(1) }
            var enrollments = history.enrollments.filter { $0.startedAt <= now }
                .sorted { ($0.startedAt, $0.programID) < ($1.startedAt, $1.programID) }
            if !enrollments.isEmpty { enrollments[enrollments.count - 1].status = "active" }
            let checkIn = history.checkIns.filter { $0.recordedAt <= now }
                .max { ($0.recordedAt, $0.energy) < ($1.recordedAt, $1.energy) }
            let localDate = LocalDate(of: now, in: calendar.timeZone).description
            return MemberContext(
                userID: history.userID, profile: history.profile, enrollments: enrollments, sessions: prior,
                latestCheckIn: checkIn, now: now, localDate: localDate, timeZone: history.timeZone)
        }
    }
}
