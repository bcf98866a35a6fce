import Foundation
public import SpotterDB
import SpotterIDs
import SpotterJobs

/// Renders what `daily_suggestion` and `program_recommendations` wrote as a member would see
/// it, for `spotter demo`. Reads only the result tables (and display names).
///
/// ```
/// Ana — today (2026-11-21): Upper A — Upper/Lower Intermediate (score 4.21)
///   why: next in Upper/Lower Intermediate, week 3 · chest, back and shoulders rested 72 h · fits 60 minutes
///   programs for you: 1. Strength Foundations (matches your goal: strength, new to you)
///                     2. …
/// 3 members: nothing fits today (e.g. user 17: nothing fits today: of 96 workouts, …)
/// ```
public enum RecommendationsDemo {
    /// Programs listed per member.
    static let programsShown = 3

    /// Today's suggestion and the top programs of up to `users` members (one enrolled member,
    /// one without enrollment and one cold start first when there are such), then how many
    /// members got no suggestion and why for one of them.
    public static func render(in session: DatabaseSession, users: Int = 3) throws -> String {
        var lines: [String] = []
        let kinds: [SQLQuery] = [
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
                SELECT ds.*, u.display_name
                FROM spotter.daily_suggestions ds LEFT JOIN spotter.users u ON u.id = ds.user_id
                WHERE \(fragment: condition) AND ds.local_date =
                    (SELECT max(d.local_date) FROM spotter.daily_suggestions d WHERE d.user_id = ds.user_id)
                ORDER BY ds.user_id LIMIT \(bind: max(0, users))
                """)
        }
        let picked = spread(perKind, count: users)
        if picked.isEmpty, users > 0 { lines.append("No daily suggestions yet: run daily_suggestion first.") }
        for row in picked {
            let suggestion = try row.decode(DailySuggestionRow.self)
            let name = try row.optionalString("display_name") ?? "user \(suggestion.user_id)"
            lines.append(
                "\(name) — today (\(suggestion.local_date)): \(suggestion.title)"
                    + " (score \(String(format: "%.2f", suggestion.score)))")
            if !suggestion.reasons.isEmpty { lines.append("  why: " + suggestion.reasons.joined(separator: " · ")) }
            lines.append(contentsOf: try programLines(userID: suggestion.user_id, in: session))
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

    private static func programLines(userID: UserID, in session: DatabaseSession) throws -> [String] {
        let rows = try session.query(
            """
            SELECT * FROM spotter.program_recommendations
            WHERE user_id = \(id: userID) ORDER BY rank LIMIT \(bind: programsShown)
            """)
        let head = "  programs for you: "
        return try rows.enumerated().map { offset, row in
            let program = try row.decode(ProgramRecommendationRow.self)
            let reasons = program.reasons.prefix(3).joined(separator: ", ")
            let prefix = offset == 0 ? head : String(repeating: " ", count: head.count)
            return "\(prefix)\(program.rank). \(program.title)" + (reasons.isEmpty ? "" : " (\(reasons))")
        }
    }
}
