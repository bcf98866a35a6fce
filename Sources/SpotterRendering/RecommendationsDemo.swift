import Foundation
public import SpotterDB
import SpotterJobs
import SpotterIDs

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
        let kinds = [
            "EXISTS (SELECT 1 FROM spotter.enrollments e WHERE CAST(e.user_id AS text) = ds.user_id AND e.status = 'active')",
            """
            NOT EXISTS (SELECT 1 FROM spotter.enrollments e WHERE CAST(e.user_id AS text) = ds.user_id AND e.status = 'active')
                AND EXISTS (SELECT 1 FROM spotter.profiles p WHERE CAST(p.user_id AS text) = ds.user_id)
            """,
            "NOT EXISTS (SELECT 1 FROM spotter.profiles p WHERE CAST(p.user_id AS text) = ds.user_id)",
        ]
        let perKind = try kinds.map { condition in
            try session.query(
                """
                SELECT ds.user_id, u.display_name, ds.local_date, ds.title, ds.score, ds.reasons
                FROM spotter.daily_suggestions ds LEFT JOIN spotter.users u ON CAST(u.id AS text) = ds.user_id
                WHERE \(condition) AND ds.local_date =
                    (SELECT max(d.local_date) FROM spotter.daily_suggestions d WHERE d.user_id = ds.user_id)
                ORDER BY ds.user_id LIMIT $1
                """, [.int(Int64(max(0, users)))])
        }
        let picked = spread(perKind, count: users)
        if picked.isEmpty, users > 0 { lines.append("No daily suggestions yet: run daily_suggestion first.") }
        for row in picked {
            let id = try row.id(at: 0, as: UserID.self)
            let name = try row.optionalString(at: 1) ?? "user \(id)"
            let reasons = decode(try row.json(at: 5))
            lines.append(
                "\(name) — today (\(try row.string(at: 2))): \(try row.string(at: 3))"
                    + " (score \(String(format: "%.2f", try row.double(at: 4))))")
            if !reasons.isEmpty { lines.append("  why: " + reasons.joined(separator: " · ")) }
            lines.append(contentsOf: try programLines(userID: id, in: session))
        }
        let nothing = try session.query(
            """
            SELECT count(*), min(subject_id) FROM spotter.result_errors
            WHERE kind = 'daily_suggestion' AND reason = 'nothing_fits'
            """)
        if let row = nothing.first, try row.int(at: 0) > 0, let first = try row.optionalID(at: 1, as: UserID.self) {
            let detail =
                try session.query(
                    "SELECT detail FROM spotter.result_errors WHERE kind = 'daily_suggestion' AND subject_id = $1",
                    [SQLValue(first)]
                ).first?.string(at: 0) ?? ""
            let count = try row.int(at: 0)
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
            SELECT rank, title, reasons FROM spotter.program_recommendations
            WHERE user_id = $1 ORDER BY rank LIMIT $2
            """, [SQLValue(userID), .int(Int64(programsShown))])
        let head = "  programs for you: "
        return try rows.enumerated().map { offset, row in
            let reasons = decode(try row.json(at: 2)).prefix(3).joined(separator: ", ")
            let prefix = offset == 0 ? head : String(repeating: " ", count: head.count)
            return "\(prefix)\(try row.int(at: 0)). \(try row.string(at: 1))" + (reasons.isEmpty ? "" : " (\(reasons))")
        }
    }

    private static func decode(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }
}
