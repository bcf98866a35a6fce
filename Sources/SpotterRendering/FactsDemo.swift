public import SpotterDB
import SpotterIDs
import SpotterJobs

/// The facts part of `spotter demo`: the sheets of the users with the most current facts.
public enum FactsDemo {
    /// Renders up to `users` fact sheets (one source per fact, two replaced statements), or a
    /// line saying nothing was extracted.
    public static func render(in session: DatabaseSession, users: Int = 2) throws -> String {
        let top = try session.query(
            """
            SELECT user_id, count(*) AS facts FROM spotter.current_facts
            GROUP BY user_id ORDER BY count(*) DESC, user_id LIMIT \(bind: max(0, users))
            """
        ).map { try $0.id("user_id", as: UserID.self) }
        guard !top.isEmpty else { return "No facts extracted yet." }
        let total = try session.query("SELECT count(*) AS n FROM spotter.current_facts").first?.int("n") ?? 0
        var parts = ["\(total) current facts; the \(top.count == 1 ? "person" : "\(top.count) people") with the most:"]
        for user in top {
            if let sheet = try FactSheet.load(userID: user, in: session) {
                parts.append(sheet.render(maxSources: 1, maxReplaced: 2))
            }
        }
        return parts.joined(separator: "\n\n")
    }
}
