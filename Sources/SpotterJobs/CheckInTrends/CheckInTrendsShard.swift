import Foundation
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterQueue
import SpotterStats

/// One `checkin_trends` run over a selection, on one session: load, compute, write.
enum CheckInTrendsShard {
    /// The check-ins read: enough for 28 local dates in any zone (±14 hours) before `as_of`.
    static let window: TimeInterval = 30 * 86_400

    private struct Subject {
        var id: UserID
        var timeZone: String
        var clock: UserClock?
        var checkIns: [CheckIn] = []
        var lastCheckInAt: Date?
    }

    /// Runs the shard; with `context`, the job is completed in the transaction that writes the results.
    static func run(
        _ selection: UserSelection, policy: CheckInPolicy, jobID: Int64, completing context: JobContext? = nil,
        in session: DatabaseSession
    ) throws -> ShardSummary {
        let users = selection.predicate(alias: "u")
        var subjects: [Subject] = []
        var outcomes: [SubjectOutcome] = []
        let clocks = UserClockCache()
        try session.forEachRow("SELECT u.id, u.time_zone FROM spotter.users u WHERE \(fragment: users) ORDER BY u.id") {
            row in
            let id = try row.id("id", as: UserID.self)
            let zone = try row.string("time_zone")
            var clock: UserClock?
            do throws(StatsError) {
                // The week does not matter here: any valid locale gives the same local dates.
                clock = try clocks.clock(timeZone: zone, locale: "en-US")
            } catch {
                outcomes.append(SubjectOutcome(subjectID: id, reason: error.code.description, detail: error.message))
            }
            subjects.append(Subject(id: id, timeZone: zone, clock: clock))
        }
        let ids = subjects.map(\.id)
        try selection.requireFound(Set(ids))
        // A value no computation can use (a check-in before year 1) leaves its person out.
        var unusable = UnusableInputs()
        try load(&subjects, unusable: &unusable, asOf: selection.asOf, in: session)
        outcomes += unusable.sorted

        var rows: [CheckInTrendsRow] = []
        var ignored = 0
        for subject in subjects {
            guard let clock = subject.clock, !unusable.contains(subject.id) else { continue }
            let trends = CheckInTrendsCalculator.compute(
                checkIns: subject.checkIns, clock: clock, now: selection.asOf, policy: policy)
            ignored += trends.ignoredCheckIns
            rows.append(row(subject, trends, last: trends.lastCheckInAt ?? subject.lastCheckInAt, jobID: jobID))
        }

        return try ShardSummary.commit(completing: context, in: session) {
            // A row for a later as_of stays: an earlier date never replaces a newer one.
            let replacement = try ResultWriter.replace(rows, subjects: ids, asOf: selection.asOf, in: session)
            try ResultWriter.recordOutcomes(
                kind: CheckInTrendsHandler.name, subjects: ids, outcomes: outcomes, jobID: jobID, in: session)
            return ShardSummary(
                users: subjects.count, rowsWritten: replacement.written, failures: outcomes.count,
                extra: ["kept_newer": replacement.keptNewer.count, "ignored_check_ins": ignored])
        }
    }

    /// The check-ins of the last ``window`` before `asOf`, and the last check-in time of users
    /// without any there. Every row passes through `unusable` (``UnusableInputs/forEachRow(_:_:subject:table:in:_:)``).
    private static func load(
        _ subjects: inout [Subject], unusable: inout UnusableInputs, asOf: Date, in session: DatabaseSession
    ) throws {
        var position: [UserID: Int] = [:]
        for (index, subject) in subjects.enumerated() where subject.clock != nil { position[subject.id] = index }
        guard !position.isEmpty else { return }
        let ids = position.keys.sorted()
        try unusable.forEachRow(
            """
            SELECT c.id, c.energy, c.mood, c.clarity, c.recorded_at
            FROM (SELECT user_id AS id, energy, mood, clarity, recorded_at FROM spotter.check_ins) c
            WHERE c.id \(oneOf: ids) AND c.recorded_at > \(timestamp: asOf.addingTimeInterval(-window))
              AND c.recorded_at <= \(timestamp: asOf)
            ORDER BY c.id, c.recorded_at
            """, subject: "id", table: "check_ins", in: session
        ) { row in
            guard let index = position[row.subject] else { return }
            subjects[index].checkIns.append(
                CheckIn(
                    energy: try row.int("energy"), mood: try row.int("mood"), clarity: try row.int("clarity"),
                    recordedAt: try row.instant("recorded_at")))
        }
        let quiet = position.filter { subjects[$0.value].checkIns.isEmpty && !unusable.contains($0.key) }.keys.sorted()
        guard !quiet.isEmpty else { return }
        try unusable.forEachRow(
            """
            SELECT c.id, max(c.recorded_at) AS recorded_at
            FROM (SELECT user_id AS id, recorded_at FROM spotter.check_ins) c
            WHERE c.id \(oneOf: quiet) AND c.recorded_at <= \(timestamp: asOf)
            GROUP BY c.id
            """, subject: "id", table: "check_ins", in: session
        ) { row in
            guard let index = position[row.subject] else { return }
            subjects[index].lastCheckInAt = try row.optionalInstant("recorded_at")
        }
    }

    private static func row(_ subject: Subject, _ trends: CheckInTrends, last: Date?, jobID: Int64) -> CheckInTrendsRow
    {
        CheckInTrendsRow(
            user_id: subject.id, local_date: trends.localDate, time_zone: subject.timeZone,
            check_ins_7d: trends.checkIns7, check_ins_28d: trends.checkIns28, energy_7d: trends.energy.average7,
            mood_7d: trends.mood.average7, clarity_7d: trends.clarity.average7, energy_28d: trends.energy.average28,
            mood_28d: trends.mood.average28, clarity_28d: trends.clarity.average28, energy_trend: trends.energy.trend,
            mood_trend: trends.mood.trend, clarity_trend: trends.clarity.trend, low_energy_days: trends.lowEnergyDays,
            low_energy: trends.lowEnergy, last_check_in_at: last, job_id: jobID)
    }
}
