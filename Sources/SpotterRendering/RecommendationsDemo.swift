import Foundation
public import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterReasons

/// Renders what `daily_suggestion` and `program_recommendations` wrote as a member would see
/// it, in the member's language (their reasons rendered from the stored codes), for `spotter
/// demo`. Reads only the result tables (and display names and locales).
///
/// ```
/// Ana (pt-BR) — today (2026-11-21): Upper A — Upper/Lower Intermediate (score 4.21)
///   why: próximo treino de Upper/Lower Intermediate, semana 3 · peito, costas e ombros descansados há 72 h
/// Ben (en-GB) — today (2026-11-21): Upper A — Upper/Lower Intermediate (score 4.21)
///   why: next in Upper/Lower Intermediate, week 3 · chest, back and shoulders rested 72 h · fits 60 minutes
///   programs for you: 1. Strength Foundations (matches your goal: strength, new to you)
///                     2. …
/// 3 members: nothing fits today (e.g. user 17: nothing fits today: of 96 workouts, …)
/// ```
public enum RecommendationsDemo {
    /// Programs listed per member.
    static let programsShown = 3

    /// Today's suggestion and the top programs of up to `users` members: a pt-BR member and an
    /// English-speaking one first, then one enrolled member, one without enrollment and one cold
    /// start when there are such; then how many members got no suggestion and why for one of them.
    public static func render(in session: DatabaseSession, users: Int = 3) throws -> String {
        var lines: [String] = []
        let kinds: [SQLQuery] = [
            "u.locale = 'pt-BR'",
            "u.locale LIKE 'en-%'",
            "EXISTS (SELECT 1 FROM spotter.enrollments e WHERE e.user_id = ds.user_id AND e.status = 'active')",
            """
            NOT EXISTS (SELECT 1 FROM spotter.enrollments e WHERE e.user_id = ds.user_id AND e.status = 'active')
                AND EXISTS (SELECT 1 FROM spotter.profiles p WHERE p.user_id = ds.user_id)
            """,
            "NOT EXISTS (SELECT 1 FROM spotter.profiles p WHERE p.user_id = ds.user_id)",
        ]
        let perKind = try kinds.map { condition in
            try session.query(
                """
                SELECT ds.*, u.display_name, u.locale
                FROM spotter.daily_suggestions ds LEFT JOIN spotter.users u ON u.id = ds.user_id
                WHERE \(fragment: condition) AND ds.local_date =
                    (SELECT max(d.local_date) FROM spotter.daily_suggestions d WHERE d.user_id = ds.user_id)
                ORDER BY ds.user_id LIMIT \(bind: max(0, users))
                """)
        }
        // One member of each language first, then the usual spread of the three situations.
        var picked = Array(perKind.prefix(2).compactMap(\.first).prefix(users))
        for row in spread(Array(perKind.dropFirst(2)), count: users + picked.count)
        where picked.count < users && !picked.contains(where: { sameUser($0, row) }) {
            picked.append(row)
        }
        if picked.isEmpty, users > 0 { lines.append("No daily suggestions yet: run daily_suggestion first.") }
        for row in picked {
            let suggestion = try row.decode(DailySuggestionRow.self)
            let name = try row.optionalString("display_name") ?? "user \(suggestion.user_id)"
            let locale = try row.optionalString("locale") ?? ""
            let language = ReasonCatalog.standard.language(for: locale)
            lines.append(
                "\(name) (\(locale)) — today (\(suggestion.local_date)): \(suggestion.title)"
                    + " (score \(String(format: "%.2f", suggestion.score)))")
            let reasons = ReaderLanguage.texts(
                stored: suggestion.reasons, codes: suggestion.reason_codes?.reasons, in: language, limit: .max)
            if !reasons.isEmpty { lines.append("  why: " + reasons.joined(separator: " · ")) }
            lines.append(contentsOf: try programLines(userID: suggestion.user_id, language: language, in: session))
        }
        let nothing = try session.query(
            """
            SELECT count(*) AS n, min(subject_id) AS first_id FROM spotter.result_errors
            WHERE kind = \(bind: DailySuggestionHandler.name) AND reason = 'nothing_fits'
            """)
        if let row = nothing.first, try row.int("n") > 0, let first = try row.optionalID("first_id", as: UserID.self) {
            let detail =
                try session.query(
                    "SELECT * FROM spotter.result_errors WHERE kind = \(bind: DailySuggestionHandler.name) AND subject_id = \(id: first)"
                ).first?.decode(ResultErrorRow.self).detail ?? ""
            let count = try row.int("n")
            lines.append(
                "\(count) member\(count == 1 ? "" : "s"): no suggestion, never a wrong one (e.g. user \(first): \(detail))"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// Up to `count` rows taken from each list in turn (enrolled, not enrolled, cold start).
    private static func spread(_ lists: [[Row]], count: Int) -> [Row] {
        var chosen: [Row] = []
        var depth = 0
        while chosen.count < count, lists.contains(where: { $0.count > depth }) {
            for list in lists where list.count > depth && chosen.count < count { chosen.append(list[depth]) }
            depth += 1
        }
        return chosen
    }

    private static func sameUser(_ a: Row, _ b: Row) -> Bool {
        (try? a.string("user_id")) == (try? b.string("user_id"))
    }

    private static func programLines(
        userID: UserID, language: ReasonLanguage, in session: DatabaseSession
    ) throws -> [String] {
        let rows = try session.query(
            """
            SELECT * FROM spotter.program_recommendations
            WHERE user_id = \(id: userID) ORDER BY rank LIMIT \(bind: programsShown)
            """)
        let head = "  programs for you: "
        return try rows.enumerated().map { offset, row in
            let program = try row.decode(ProgramRecommendationRow.self)
            let reasons = ReaderLanguage.texts(
                stored: program.reasons, codes: program.reason_codes?.reasons, in: language, limit: .max
            ).prefix(3).joined(separator: ", ")
            let prefix = offset == 0 ? head : String(repeating: " ", count: head.count)
            return "\(prefix)\(program.rank). \(program.title)" + (reasons.isEmpty ? "" : " (\(reasons))")
        }
    }
}
