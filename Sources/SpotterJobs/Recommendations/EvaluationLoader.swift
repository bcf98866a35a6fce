import Foundation
public import SpotterCatalog
public import SpotterDB
import SpotterIDs
public import SpotterRanking
import SpotterStats

/// Reads whole histories for the offline evaluation (`spotter eval recommendations`): the
/// library, then every member's profile, enrollments, sessions (with their sets per muscle
/// group and what was lifted per exercise), check-ins and health facts in seven set-based statements, grouped in Swift. Trainers and members with an invalid zone are left out.
public enum EvaluationLoader {
    /// The library and the histories of members (and clients), by id.
    public static func load(in session: DatabaseSession) throws -> (
        library: TrainingLibrary, histories: [EvaluationHistory]
    ) {
        let library = try LibraryLoader.load(in: session).library
        var histories: [EvaluationHistory] = []
        var zones = ZoneCache()
        try session.forEachRow(
            """
            SELECT u.id, u.time_zone, p.user_id IS NOT NULL AS has_profile, p.goal, p.level, p.equipment, p.days_per_week,
                   p.session_minutes
            FROM spotter.users u LEFT JOIN spotter.profiles p ON p.user_id = u.id
            WHERE u.role <> 'trainer'
            ORDER BY u.id
            """
        ) { row in
            guard let zone = zones.zone(try row.string("time_zone"), asOf: Date())?.zone else { return }
            let profile = try row.bool("has_profile") ? try MemberProfile(row: row) : nil
            histories.append(
                EvaluationHistory(
                    userID: try row.id("id"), profile: profile, enrollments: [], sessions: [], timeZone: zone))
        }
        var position: [UserID: Int] = [:]
        for (index, history) in histories.enumerated() { position[history.userID] = index }
        try session.forEachRow("SELECT user_id, program_id, started_at, status FROM spotter.enrollments") { row in
            guard let index = position[try row.id("user_id")] else { return }
            histories[index].enrollments.append(try Enrollment(row: row, startedAt: try row.date("started_at")))
        }
        var sessionPosition: [SessionID: (history: Int, session: Int)] = [:]
        try session.forEachRow(
            "SELECT user_id, workout_id, started_at, duration_minutes, id, title FROM spotter.workout_sessions"
        ) { row in
            guard let index = position[try row.id("user_id")] else { return }
            sessionPosition[try row.id("id")] = (index, histories[index].sessions.count)
            histories[index].sessions.append(
                try PastSession(
                    row: row, startedAt: try row.date("started_at"), durationMinutes: try row.int("duration_minutes")))
        }
        try session.forEachRow(SessionWorkSQL.statement(filter: "1 = 1")) { row in
            guard let at = sessionPosition[try row.id("session_id")] else { return }
            histories[at.history].sessions[at.session].work.append(try MuscleWork(row: row))
        }
        try session.forEachRow(LoggedLiftSQL.statement(filter: "1 = 1")) { row in
            guard let at = sessionPosition[try row.id("session_id")] else { return }
            histories[at.history].sessions[at.session].lifts.append(try LoggedLift(row: row))
        }
        try session.forEachRow(
            """
            SELECT f.user_id, f.subject, f.slot, f.content, f.polarity, f.temporal, f.last_mentioned_at,
                   f.valid_from, f.valid_to
            FROM spotter.facts f
            WHERE f.category = 'health'
              AND EXISTS (SELECT 1 FROM spotter.fact_sources fs JOIN spotter.messages m ON m.id = fs.message_id
                          WHERE fs.fact_id = f.id AND m.deleted_at IS NULL)
            ORDER BY f.user_id, f.id
            """
        ) { row in
            guard let index = position[try row.id("user_id")] else { return }
            let fact = try HealthFact(row: row, mentionedAt: try row.date("last_mentioned_at"))
            histories[index].healthFacts.append(
                DatedHealthFact(
                    fact: fact, validFrom: try row.date("valid_from"), validTo: try row.optionalDate("valid_to")))
        }
        try session.forEachRow("SELECT user_id, energy, mood, clarity, recorded_at FROM spotter.check_ins") { row in
            guard let index = position[try row.id("user_id")] else { return }
            histories[index].checkIns.append(try CheckIn(row: row, recordedAt: try row.date("recorded_at")))
        }
        return (library, histories)
    }

    /// The ranking thresholds of the `daily_suggestion` kind as `jobs/kinds.yaml` declares them,
    /// so the evaluation measures what the nightly run computes.
    public static func configuration(for spec: KindSpec?) -> RankingConfiguration {
        var configuration = RankingConfiguration()
        guard let spec,
            let parameters = try? KindParameterCoding.decode(
                DailySuggestionHandler.Parameters.self, from: spec.parameters)
        else { return configuration }
        configuration.recoveryHours = parameters.recovery_hours
        configuration.preferredRecoveryHours = parameters.preferred_recovery_hours
        configuration.noRepeatDays = parameters.no_repeat_days
        return configuration
    }
}
