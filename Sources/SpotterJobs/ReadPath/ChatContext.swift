import Foundation
import SpotterCalendar
public import SpotterDB
public import SpotterIDs
public import SpotterReasons

/// The read path of chat services: `spotter.chat_context`'s document for one user, and the
/// prompt-ready text an assistant is given.
public enum ChatContext {
    /// The JSON document of `user` with its reasons in the user's language (``localized(document:catalog:)``),
    /// or nil for an unknown or deactivated user.
    public static func document(user: UserID, in session: DatabaseSession) throws -> String? {
        try session.query("SELECT document FROM spotter.chat_context WHERE user_id = \(id: user)" as SQLQuery)
            .first.map { try localized(document: try $0.json("document")) }
    }

    /// Renders a document as the text an assistant reads before answering, every line in the
    /// language of the document's user (`user.locale`, as ``localized(document:catalog:)`` renders
    /// the reasons): headings and lines from the catalog's `context_*` codes, dates and times in the
    /// reader's format and the user's time zone. Other locales read the reference English.
    public static func render(document: String, catalog: ReasonCatalog = .standard) throws -> String {
        guard let object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any],
            let user = object["user"] as? [String: Any]
        else { throw DatabaseError(.decoding, "chat_context document is not a JSON object with a user") }
        let language = catalog.language(for: user["locale"] as? String ?? "")
        let text = Text(
            catalog: catalog, language: language,
            timeZone: (user["time_zone"] as? String).flatMap { TimeZone(identifier: $0) })
        var lines: [String] = []
        let name = user["name"] as? String ?? text(.contextUnnamedUser, ["id": .text("\(user["id"] ?? "?")")])
        lines.append(
            "# "
                + text(
                    .contextUserHeading,
                    [
                        "name": .text(name), "role": .term(user["role"] as? String ?? "member"),
                        "time_zone": .text(user["time_zone"] as? String ?? "?"),
                        "locale": .text(user["locale"] as? String ?? "?"),
                    ]))
        if let stats = object["stats"] as? [String: Any] {
            lines.append("")
            lines.append("## " + text(.contextActivityHeading, ["date": text.date(stats["local_date"])]))
            lines.append(
                "- "
                    + text(
                        .contextStreak,
                        [
                            "current": .count(count(stats["current_streak"])),
                            "longest": .count(count(stats["longest_streak"])),
                        ]))
            lines.append(
                "- "
                    + text(
                        .contextWeek,
                        [
                            "workouts": .count(count(stats["week_workouts"])),
                            "minutes": .count(count(stats["week_minutes"])),
                            "days": .text(weekRow(stats)),
                        ]))
            if let last = text.time(stats["last_workout_at"]) {
                lines.append(
                    "- " + text(.contextLastWorkout, ["time": last, "total": .count(count(stats["total_workouts"]))]))
            } else {
                lines.append("- " + text(.contextNoWorkout))
            }
        }
        lines += checkInLines(object, name: name, text: text)
        if let suggestion = object["suggestion"] as? [String: Any] {
            lines.append("")
            lines.append("## " + text(.contextSuggestionHeading, ["date": text.date(suggestion["local_date"])]))
            lines.append("- \(suggestion["title"] ?? "?"): \(strings(suggestion["reasons"]).joined(separator: "; "))")
        }
        let recommendations = object["recommendations"] as? [[String: Any]] ?? []
        if !recommendations.isEmpty {
            lines.append("")
            lines.append("## " + text(.contextRecommendationsHeading))
            for item in recommendations.prefix(5) {
                lines.append(
                    "\(item["rank"] ?? "?"). \(item["title"] ?? "?") — \(strings(item["reasons"]).joined(separator: "; "))"
                )
            }
        }
        let facts = object["facts"] as? [[String: Any]] ?? []
        if !facts.isEmpty {
            lines.append("")
            var heading = shown(facts.count, of: object["facts_total"])
            heading["name"] = .text(name)
            lines.append("## " + text(.contextFactsHeading, heading))
            for fact in facts {
                let subject = fact["subject"] as? String ?? "self"
                var arguments: [String: ReasonValue] = [
                    "category": .term(fact["category"] as? String ?? "other"),
                    "content": .text(fact["content"] as? String ?? "?"),
                    "confidence": .count(Int((((fact["confidence"] as? Double) ?? 0) * 100).rounded())),
                    "mentions": .count((fact["mentions"] as? Int) ?? 1),
                    "last": text.time(fact["last_mentioned_at"]) ?? .text("?"),
                    "messages": .text((fact["sources"] as? [Any] ?? []).map { "\($0)" }.joined(separator: ",")),
                ]
                if subject != "self" { arguments["subject"] = .text(subject) }
                lines.append("- " + text(subject == "self" ? .contextFact : .contextFactAbout, arguments))
            }
        }
        if let inactive = object["inactive_clients"] as? [[String: Any]] {
            lines.append("")
            lines.append(
                "## " + text(.contextInactiveHeading, shown(inactive.count, of: object["inactive_clients_total"])))
            for client in inactive {
                let arguments: [String: ReasonValue] = [
                    "name": .text(client["name"] as? String ?? "?"), "tier": .count(count(client["tier"])),
                    "reason": .text(client["reason"] as? String ?? ""),
                ]
                lines.append("- " + text(.contextInactiveClient, arguments))
            }
        }
        if let quiet = object["not_messaging"] as? [[String: Any]] {
            lines.append("")
            lines.append(
                "## " + text(.contextNotMessagingHeading, shown(quiet.count, of: object["not_messaging_total"])))
            for client in quiet {
                lines.append("- \(client["name"] ?? "?"): \(client["reason"] ?? "")")
            }
        }
        if let clients = object["clients"] as? [[String: Any]], !clients.isEmpty {
            lines.append("")
            lines.append("## " + text(.contextClientsHeading, shown(clients.count, of: object["clients_total"])))
            for client in clients {
                let facts = strings(client["key_facts"])
                lines.append("- \(client["name"] ?? "?")\(facts.isEmpty ? "" : ": " + facts.joined(separator: "; "))")
            }
        }
        if object["truncated"] as? Bool == true {
            lines.append("")
            lines.append(text(.contextTruncated))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The lines of the chat context in the reader's language: a catalog code with its arguments
    /// as text, and the document's dates and timestamps as arguments (timestamps as the wall time
    /// of the user's time zone).
    struct Text {
        let catalog: ReasonCatalog
        let language: ReasonLanguage
        let timeZone: TimeZone?

        func callAsFunction(_ code: ReasonCode, _ arguments: [String: ReasonValue] = [:]) -> String {
            catalog.text(of: Reason(code, arguments), in: language)
        }

        /// A `YYYY-MM-DD` date of the document (shown as it is when it is not one).
        func date(_ value: Any?) -> ReasonValue { .date(value as? String ?? "?") }

        /// A timestamp of the document as the wall time in the user's time zone (UTC when the
        /// document has none), or nil when there is none.
        func time(_ value: Any?) -> ReasonValue? {
            guard let text = value as? String else { return nil }
            return .date(ChatContext.wallTime(text, in: timeZone ?? TimeZone(secondsFromGMT: 0)!) ?? text)
        }
    }

    /// An ISO 8601 timestamp as the documents carry it ("2026-11-08T02:40:00.000000Z", or
    /// PostgreSQL's "2026-11-08 02:40:00+00") as the wall time in `timeZone`, `YYYY-MM-DDTHH:MM`;
    /// nil when it is not one.
    static func wallTime(_ text: String, in timeZone: TimeZone) -> String? {
        guard let moment = TimestampFormat.parse(text), moment != .distantFuture, moment != .distantPast else {
            return nil
        }
        var local = Calendar(identifier: .gregorian)
        local.timeZone = timeZone
        let wall = local.dateComponents([.year, .month, .day, .hour, .minute], from: moment)
        guard let year = wall.year, let month = wall.month, let day = wall.day, let hour = wall.hour,
            let minute = wall.minute
        else { return nil }
        return String(format: "%04d-%02d-%02dT%02d:%02d", year, month, day, hour, minute)
    }

    /// The `count` and `total` arguments of a section heading: total 0 when the section shows
    /// its whole list, else the length of the list it shows the top of (documents are bounded:
    /// top N per section, with the section's total).
    static func shown(_ count: Int, of total: Any?) -> [String: ReasonValue] {
        guard let total = total as? Int, total > count else { return ["count": .count(count), "total": .count(0)] }
        return ["count": .count(count), "total": .count(total)]
    }

    /// A JSON number as a whole number (0 when absent).
    static func count(_ value: Any?) -> Int {
        (value as? Int) ?? (value as? NSNumber)?.intValue ?? 0
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
