import Foundation
public import SpotterDB
public import SpotterIDs

/// The read path of chat services: `spotter.chat_context`'s document for one user, and the
/// prompt-ready text an assistant is given.
public enum ChatContext {
    /// The JSON document of `user`, or nil for an unknown or deactivated user.
    public static func document(user: UserID, in session: DatabaseSession) throws -> String? {
        try session.query("SELECT document FROM spotter.chat_context WHERE user_id = \(id: user)")
            .first.map { try $0.json("document") }
    }

    /// Renders a document as the text an assistant reads before answering.
    public static func render(document: String) throws -> String {
        guard let object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any],
            let user = object["user"] as? [String: Any]
        else { throw DatabaseError(.decoding, "chat_context document is not a JSON object with a user") }
        var lines: [String] = []
        let name = user["name"] as? String ?? "user \(user["id"] ?? "?")"
        let role = user["role"] as? String ?? "member"
        lines.append("# \(name) (\(role); \(user["time_zone"] as? String ?? "?"), \(user["locale"] as? String ?? "?"))")
        if let stats = object["stats"] as? [String: Any] {
            lines.append("")
            lines.append("## Activity (as of \(stats["local_date"] ?? "?"))")
            lines.append(
                "- Current streak: \(days(stats["current_streak"])) (longest \(days(stats["longest_streak"])))")
            lines.append(
                "- This week: \(stats["week_workouts"] ?? 0) workouts, \(stats["week_minutes"] ?? 0) minutes — \(weekRow(stats))"
            )
            lines.append(
                "- Last workout: \(stats["last_workout_at"] as? String ?? "never"); total \(stats["total_workouts"] ?? 0)"
            )
        }
        lines += checkInLines(object, name: name)
        if let suggestion = object["suggestion"] as? [String: Any] {
            lines.append("")
            lines.append("## Today's suggested workout (\(suggestion["local_date"] ?? "?"))")
            lines.append("- \(suggestion["title"] ?? "?"): \(strings(suggestion["reasons"]).joined(separator: "; "))")
        }
        let recommendations = object["recommendations"] as? [[String: Any]] ?? []
        if !recommendations.isEmpty {
            lines.append("")
            lines.append("## Recommended programs")
            for item in recommendations.prefix(5) {
                lines.append(
                    "\(item["rank"] ?? "?"). \(item["title"] ?? "?") — \(strings(item["reasons"]).joined(separator: "; "))"
                )
            }
        }
        let facts = object["facts"] as? [[String: Any]] ?? []
        if !facts.isEmpty {
            lines.append("")
            let count = shown(facts.count, of: object["facts_total"])
            lines.append("## What \(name) has said (\(count) current facts, with source message ids)")
            for fact in facts {
                let subject = fact["subject"] as? String ?? "self"
                let about = subject == "self" ? "" : " [about their \(subject)]"
                let confidence = (fact["confidence"] as? Double).map { String(format: "%.2f", $0) } ?? "?"
                let sources = (fact["sources"] as? [Any] ?? []).map { "\($0)" }.joined(separator: ",")
                lines.append(
                    "- (\(fact["category"] ?? "?")) \(fact["content"] ?? "?")\(about); confidence \(confidence), mentioned \(fact["mentions"] ?? 1)×, last \(fact["last_mentioned_at"] ?? "?"); messages \(sources)"
                )
            }
        }
        if let inactive = object["inactive_clients"] as? [[String: Any]] {
            lines.append("")
            let count = shown(inactive.count, of: object["inactive_clients_total"])
            lines.append("## Clients who need attention (\(count))")
            for client in inactive {
                lines.append("- \(client["name"] ?? "?") (tier \(client["tier"] ?? "?")): \(client["reason"] ?? "")")
            }
        }
        if let quiet = object["not_messaging"] as? [[String: Any]] {
            lines.append("")
            let count = shown(quiet.count, of: object["not_messaging_total"])
            lines.append("## Clients who haven't messaged recently (\(count))")
            for client in quiet {
                lines.append("- \(client["name"] ?? "?"): \(client["reason"] ?? "")")
            }
        }
        if let clients = object["clients"] as? [[String: Any]], !clients.isEmpty {
            lines.append("")
            lines.append("## Clients and what they said (\(shown(clients.count, of: object["clients_total"])))")
            for client in clients {
                let facts = strings(client["key_facts"])
                lines.append("- \(client["name"] ?? "?")\(facts.isEmpty ? "" : ": " + facts.joined(separator: "; "))")
            }
        }
        if object["truncated"] as? Bool == true {
            lines.append("")
            lines.append("(The lists were left out: the document would exceed its 64 KiB bound.)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "25 of 5000" when a section shows the top of a longer list, else "25" (documents are
    /// bounded: top N per section, with the section's total).
    static func shown(_ count: Int, of total: Any?) -> String {
        guard let total = total as? Int, total > count else { return "\(count)" }
        return "\(count) of \(total)"
    }

    /// "1 day", "3 days" for a JSON number (0 days when absent).
    static func days(_ value: Any?) -> String {
        let count = (value as? Int) ?? (value as? NSNumber)?.intValue ?? 0
        return count == 1 ? "1 day" : "\(count) days"
    }

    static func strings(_ value: Any?) -> [String] {
        (value as? [Any] ?? []).compactMap { $0 as? String }
    }

    static func weekRow(_ stats: [String: Any]) -> String {
        let labels = strings(stats["week_labels"])
        let days = stats["week_days"] as? [Any] ?? []
        guard labels.count == 7, days.count == 7 else { return "" }
        return zip(labels, days).map { label, day in
            ((day as? Bool) ?? ((day as? Int) == 1)) ? label.uppercased() : "·"
        }.joined(separator: " ")
    }
}
