import Foundation
import MCP
import SpotterCalendar
import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterReasons

/// member_context, daily_suggestion and recommended_programs: one person's results.
extension SpotterTools {
    struct Stats: Codable {
        var localDate: String, currentStreak: Int, longestStreak: Int, weekStart: String
        var weekWorkouts: Int, weekMinutes: Int, weekDays: [Bool], weekLabels: [String], weekRow: String
        var lastWorkoutAt: Date?, totalWorkouts: Int, computedAt: Date
    }

    /// `reasons` are in the reader's language (`reasonsLocale`), rendered from `reasonCodes`
    /// (nil for a row written before migration 032, whose English text is shown as it is).
    struct Suggestion: Encodable {
        var localDate: String, workoutId: WorkoutID, programId: ProgramID, title: String, score: Double,
            reasons: [String], reasonCodes: [Reason]?
        var computedAt: Date
    }

    struct Program: Encodable {
        var rank: Int, programId: ProgramID, title: String, score: Double, reasons: [String], reasonCodes: [Reason]?
    }

    struct KeyFact: Codable {
        var factId: Int64, category: String, subject: String, content: String, temporal: String
        var confidence: Double, mentions: Int, lastMentionedAt: Date
    }

    struct MemberContext: Encodable {
        var person: ReadScope.Person
        var reasonsLocale: ReasonLanguage
        var stats: Stats?
        var suggestion: Suggestion?
        var programs: [Program]
        var programsTotal: Int
        var facts: [KeyFact]
        var factsPage: Page
    }

    func memberContext(_ arguments: ToolArguments) async throws -> ToolAnswer {
        let client = try arguments.userID("client")
        let (limit, offset) = try Self.page(arguments, default: 10)
        let userID = self.userID
        let context = try await connection.withSession { session -> MemberContext in
            let scope = try ReadScope.load(viewer: userID, in: session)
            let person = try scope.person(client ?? userID, in: session)
            let language = try ReaderLanguage.of(userID, in: session)
            let programs = try Self.programs(of: person.id, limit: 3, offset: 0, language: language, in: session)
            let factsTotal = try session.query(
                "SELECT count(*) AS n FROM spotter.current_facts WHERE user_id = \(id: person.id)")[0].int("n")
            let facts = try session.query(
                """
                SELECT id, category, subject, content, temporal, confidence, mention_count, last_mentioned_at
                FROM spotter.current_facts WHERE user_id = \(id: person.id)
                ORDER BY confidence DESC, last_mentioned_at DESC, id LIMIT \(bind: limit) OFFSET \(bind: offset)
                """
            ).map { row in
                KeyFact(
                    factId: try row.int64("id"), category: try row.string("category"),
                    subject: try row.string("subject"),
                    content: try row.string("content"), temporal: try row.string("temporal"),
                    confidence: try row.double("confidence"), mentions: try row.int("mention_count"),
                    lastMentionedAt: try row.date("last_mentioned_at"))
            }
            return MemberContext(
                person: person, reasonsLocale: language, stats: try Self.stats(of: person.id, in: session),
                suggestion: try Self.suggestion(of: person.id, date: nil, language: language, in: session),
                programs: programs.items,
                programsTotal: programs.total, facts: facts,
                factsPage: Page(offset: offset, limit: limit, total: factsTotal))
        }
        let say = Self.say(in: context.reasonsLocale)
        var lines = [Self.heading(of: context.person, in: context.reasonsLocale)]
        if let stats = context.stats {
            lines.append(
                say(.contextStreak, ["current": .count(stats.currentStreak), "longest": .count(stats.longestStreak)]))
            lines.append(
                say(
                    .contextWeek,
                    [
                        "workouts": .count(stats.weekWorkouts), "minutes": .count(stats.weekMinutes),
                        "days": .text(stats.weekRow),
                    ]))
        } else {
            lines.append(say(.mcpNoStats, [:]))
        }
        if let suggestion = context.suggestion {
            lines.append(
                say(
                    .mcpSuggested,
                    [
                        "date": .date(suggestion.localDate), "title": .text(suggestion.title),
                        "reasons": .text(suggestion.reasons.joined(separator: "; ")),
                    ]))
        }
        for program in context.programs {
            lines.append(say(.mcpProgram, ["rank": .count(program.rank), "title": .text(program.title)]))
        }
        for fact in context.facts {
            lines.append(say(.mcpFact, ["category": .term(fact.category), "content": .text(fact.content)]))
        }
        if let next = context.factsPage.nextOffset {
            lines.append(say(.mcpMoreFacts, ["count": .count(context.factsPage.total - next), "offset": .count(next)]))
        }
        return try ToolAnswer(context, text: lines.joined(separator: "\n"))
    }

    struct DailySuggestionAnswer: Encodable {
        var person: ReadScope.Person
        var reasonsLocale: ReasonLanguage
        var date: String?
        var suggestion: Suggestion?
    }

    func dailySuggestion(_ arguments: ToolArguments) async throws -> ToolAnswer {
        guard let client = try arguments.userID("client") else {
            throw ReadScopeError(.invalidArgument, "daily_suggestion: 'client' is required")
        }
        let date: String? =
            arguments.values["date"] == nil || arguments.values["date"]?.isNull == true
            ? nil : try arguments.string("date", maxLength: 10)
        if let date, !Self.isDate(date) {
            throw ReadScopeError(.invalidArgument, "daily_suggestion: 'date' must be a date YYYY-MM-DD, got '\(date)'")
        }
        let userID = self.userID
        let answer = try await connection.withSession { session -> DailySuggestionAnswer in
            let person = try ReadScope.load(viewer: userID, in: session).person(client, in: session)
            let language = try ReaderLanguage.of(userID, in: session)
            return DailySuggestionAnswer(
                person: person, reasonsLocale: language, date: date,
                suggestion: try Self.suggestion(of: person.id, date: date, language: language, in: session))
        }
        let say = Self.say(in: answer.reasonsLocale)
        let name = ReasonValue.text(answer.person.name)
        let text =
            answer.suggestion.map {
                say(
                    .mcpDailySuggestion,
                    [
                        "name": name, "date": .date($0.localDate), "title": .text($0.title),
                        "score": .decimal($0.score),
                        "reasons": .text($0.reasons.joined(separator: "; ")),
                    ])
            }
            ?? date.map { say(.mcpNoSuggestionOn, ["name": name, "date": .date($0)]) }
            ?? say(.mcpNoSuggestion, ["name": name])
        return try ToolAnswer(answer, text: text)
    }

    struct ProgramsAnswer: Encodable {
        var person: ReadScope.Person
        var reasonsLocale: ReasonLanguage
        var programs: [Program]
        var page: Page
    }

    func recommendedPrograms(_ arguments: ToolArguments) async throws -> ToolAnswer {
        guard let client = try arguments.userID("client") else {
            throw ReadScopeError(.invalidArgument, "recommended_programs: 'client' is required")
        }
        let (limit, offset) = try Self.page(arguments, default: 5, max: 10)
        let userID = self.userID
        let answer = try await connection.withSession { session -> ProgramsAnswer in
            let person = try ReadScope.load(viewer: userID, in: session).person(client, in: session)
            let language = try ReaderLanguage.of(userID, in: session)
            let programs = try Self.programs(
                of: person.id, limit: limit, offset: offset, language: language, in: session)
            return ProgramsAnswer(
                person: person, reasonsLocale: language, programs: programs.items,
                page: Page(offset: offset, limit: limit, total: programs.total))
        }
        let say = Self.say(in: answer.reasonsLocale)
        var lines = [say(.mcpProgramsHeading, ["name": .text(answer.person.name), "total": .count(answer.page.total)])]
        for program in answer.programs {
            lines.append("\(program.rank). \(program.title) — \(program.reasons.joined(separator: "; "))")
        }
        if answer.programs.isEmpty { lines.append(say(.mcpNoPrograms, [:])) }
        return try ToolAnswer(answer, text: lines.joined(separator: "\n"))
    }

    /// The text of an interface entry of the catalog in the reader's language (the same catalog
    /// and fallback as the reasons).
    static func say(in language: ReasonLanguage) -> (ReasonCode, [String: ReasonValue]) -> String {
        { code, arguments in ReasonCatalog.standard.text(of: Reason(code, arguments), in: language) }
    }

    /// "Juliana Ferreira (user 117, member)", in the reader's language.
    static func heading(of person: ReadScope.Person, in language: ReasonLanguage) -> String {
        say(in: language)(
            .mcpPerson, ["name": .text(person.name), "id": .text("\(person.id)"), "role": .term(person.role)])
    }

    static func isDate(_ text: String) -> Bool {
        // A real calendar date (no 2026-02-30), by the one date rule every job uses.
        LocalDate(iso: text) != nil
    }

    static func stats(of user: UserID, in session: DatabaseSession) throws -> Stats? {
        try session.query(
            """
            SELECT * FROM spotter.profile_stats WHERE user_id = \(id: user)
            """
        ).first.map { row in
            let stats = try row.decode(ProfileStatsRow.self)
            let (days, labels) = (stats.week_days, stats.week_labels)
            let weekRow =
                days.count == labels.count
                ? zip(labels, days).map { $1 ? $0.uppercased() : "·" }.joined(separator: " ") : ""
            return Stats(
                localDate: "\(stats.local_date)", currentStreak: stats.current_streak,
                longestStreak: stats.longest_streak, weekStart: "\(stats.week_start)",
                weekWorkouts: stats.week_workouts, weekMinutes: stats.week_minutes, weekDays: days, weekLabels: labels,
                weekRow: weekRow, lastWorkoutAt: stats.last_workout_at, totalWorkouts: stats.total_workouts,
                computedAt: try row.date("computed_at"))
        }
    }

    static func suggestion(
        of user: UserID, date: String?, language: ReasonLanguage, in session: DatabaseSession
    ) throws -> Suggestion? {
        let onDate: SQLQuery = date.map { "AND CAST(local_date AS text) = \(bind: $0)" } ?? ""
        return try session.query(
            """
            SELECT * FROM spotter.daily_suggestions WHERE user_id = \(id: user) \(fragment: onDate)
            ORDER BY local_date DESC LIMIT 1
            """
        ).first.map { row in
            let suggestion = try row.decode(DailySuggestionRow.self)
            return Suggestion(
                localDate: suggestion.local_date, workoutId: suggestion.workout_id, programId: suggestion.program_id,
                title: suggestion.title, score: suggestion.score,
                reasons: ReaderLanguage.texts(
                    stored: suggestion.reasons, codes: suggestion.reason_codes?.reasons, in: language, limit: .max),
                reasonCodes: suggestion.reason_codes?.reasons, computedAt: try row.date("computed_at"))
        }
    }

    static func programs(
        of user: UserID, limit: Int, offset: Int, language: ReasonLanguage, in session: DatabaseSession
    ) throws -> (
        items: [Program], total: Int
    ) {
        let total = try session.query(
            "SELECT count(*) AS n FROM spotter.program_recommendations WHERE user_id = \(id: user)")[0].int("n")
        let items = try session.query(
            """
            SELECT * FROM spotter.program_recommendations
            WHERE user_id = \(id: user) ORDER BY rank LIMIT \(bind: limit) OFFSET \(bind: offset)
            """
        ).map { row in
            let program = try row.decode(ProgramRecommendationRow.self)
            return Program(
                rank: program.rank, programId: program.program_id, title: program.title, score: program.score,
                reasons: ReaderLanguage.texts(
                    stored: program.reasons, codes: program.reason_codes?.reasons, in: language, limit: .max),
                reasonCodes: program.reason_codes?.reasons)
        }
        return (items, total)
    }
}
