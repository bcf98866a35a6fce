import Foundation
import SpotterCalendar
public import SpotterDB
import SpotterIDs
import SpotterJobs
import SpotterStats

/// Renders what `profile_stats` and `inactive_clients` wrote as a person would see it, for
/// `spotter demo` and `spotter context`. Reads only the result tables (and display names).
///
/// ```
/// Ana (pt-BR, America/Sao_Paulo) — streak 4 days (best 12) · this week 3 workouts, 135 min
///   D S T Q Q S S
///   ● ● ○ ●[○]· ·
/// Lee (trainer) — 3 clients need attention:
///   Sam (14+ days: no message for 16 days and no workout for 15 days)
/// ```
/// In the week row ● is a day with a workout, ○ one without, · a day still to come, and the
/// brackets mark the user's today.
public enum AnalyticsDemo {
    /// Clients listed per trainer before "… and N more".
    static let clientsShown = 5

    /// The streak and week row of up to `users` users (longest current streaks first), then the
    /// inactive clients of up to `trainers` trainers (longest lists first).
    public static func render(in session: DatabaseSession, users: Int = 3, trainers: Int = 2) throws -> String {
        var lines: [String] = []
        let stats = try session.query(
            """
            SELECT ps.*, u.display_name, u.locale
            FROM spotter.profile_stats ps LEFT JOIN spotter.users u ON u.id = ps.user_id
            ORDER BY ps.current_streak DESC, ps.week_workouts DESC, ps.user_id
            LIMIT \(bind: max(0, users))
            """)
        if stats.isEmpty, users > 0 { lines.append("No profile statistics yet: run profile_stats first.") }
        for row in stats { lines.append(contentsOf: try userLines(row)) }

        let lists = try session.query(
            """
            SELECT ic.trainer_id, u.display_name, count(*) AS flagged
            FROM spotter.inactive_clients ic LEFT JOIN spotter.users u ON u.id = ic.trainer_id
            GROUP BY ic.trainer_id, u.display_name
            ORDER BY count(*) DESC, ic.trainer_id
            LIMIT \(bind: max(0, trainers))
            """)
        if lists.isEmpty, trainers > 0 { lines.append("No trainer has clients needing attention.") }
        for list in lists { lines.append(contentsOf: try trainerLines(list, in: session)) }
        return lines.joined(separator: "\n")
    }

    private static func userLines(_ row: Row) throws -> [String] {
        let stats = try row.decode(ProfileStatsRow.self)
        let name = try row.optionalString("display_name") ?? "user \(stats.user_id)"
        let locale = try row.optionalString("locale") ?? "?"
        let header =
            "\(name) (\(locale), \(stats.time_zone)) — streak \(count(stats.current_streak, "day"))"
            + " (best \(stats.longest_streak)) · this week \(count(stats.week_workouts, "workout")),"
            + " \(stats.week_minutes) min"
        let (days, labels) = (stats.week_days, stats.week_labels)
        guard days.count == 7, labels.count == 7 else { return [header] }
        let today = stats.local_date.days(since: stats.week_start)
        return [header, "  " + labels.joined(separator: " "), weekRow(days, todayIndex: today)]
    }

    /// `  ● ● ○ ●[○]· ·`: each day at the same column as its label, today in brackets.
    static func weekRow(_ days: [Bool], todayIndex: Int) -> String {
        var cells: [Character] = [" ", " "]
        for (index, worked) in days.enumerated() {
            if index > 0 { cells.append(" ") }
            cells.append(index > todayIndex ? "·" : worked ? "●" : "○")
        }
        cells.append(" ")
        if days.indices.contains(todayIndex) {
            let column = 2 + 2 * todayIndex
            cells[column - 1] = "["
            cells[column + 1] = "]"
        }
        while cells.last == " " { cells.removeLast() }
        return String(cells)
    }

    private static func trainerLines(_ list: Row, in session: DatabaseSession) throws -> [String] {
        let trainerID = try list.id("trainer_id", as: UserID.self)
        let name = try list.optionalString("display_name") ?? "trainer \(trainerID)"
        let flagged = try list.int("flagged")
        var lines = ["\(name) (trainer) — \(count(flagged, "client")) \(flagged == 1 ? "needs" : "need") attention:"]
        let clients = try session.query(
            """
            SELECT ic.*, u.display_name
            FROM spotter.inactive_clients ic LEFT JOIN spotter.users u ON u.id = ic.client_id
            WHERE ic.trainer_id = \(id: trainerID)
            ORDER BY ic.days_inactive IS NULL DESC, ic.days_inactive DESC, ic.client_id
            LIMIT \(bind: clientsShown)
            """)
        for row in clients {
            let client = try row.decode(InactiveClientRow.self)
            let clientName = try row.optionalString("display_name") ?? "user \(client.client_id)"
            lines.append("  \(clientName) (\(client.tier > 0 ? "\(client.tier)+ days: " : "")\(client.reason))")
        }
        if flagged > clients.count { lines.append("  … and \(flagged - clients.count) more") }
        return lines
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}
