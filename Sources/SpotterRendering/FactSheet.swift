public import Foundation
import SpotterCalendar
public import SpotterDB
import SpotterFacts
public import SpotterIDs
import SpotterJobs
import SpotterStats

/// A person's facts as a trainer would read them (`spotter facts show`, the demo): the current
/// facts grouped by category, each with its confidence, mentions and source excerpts, and the
/// statements they replaced.
///
/// It follows the `current_facts` view: a fact none of whose source messages is still there
/// (and not soft-deleted) is not shown, and a deleted message's text is never shown.
public struct FactSheet: Sendable {
    /// One live source message: id, when sent, and the start of its text.
    public struct Source: Sendable, Hashable {
        /// The message id.
        public var id: MessageID
        /// When it was sent.
        public var sentAt: Date
        /// Its first ``FactSheet/excerptLength`` characters, on one line.
        public var excerpt: String
    }

    /// One fact with its readable sources.
    public struct Entry: Sendable, Hashable {
        /// The row id.
        public var id: Int64
        /// The category.
        public var category: String
        /// The statement.
        public var content: String
        /// `current`, `past` or `intended`.
        public var temporal: String
        /// 0…1.
        public var confidence: Double
        /// Distinct messages that state it.
        public var mentionCount: Int
        /// First and latest mention.
        public var firstMentionedAt: Date, lastMentionedAt: Date
        /// Start and (for replaced facts) end of validity.
        public var validFrom: Date, validTo: Date?
        /// The live source messages, oldest first.
        public var sources: [Source]
    }

    /// The user.
    public var userID: UserID
    /// Their display name.
    public var displayName: String
    /// Their time zone (dates are shown in it; UTC when invalid).
    public var timeZone: TimeZone
    /// Open facts, by category order then first mention.
    public var current: [Entry]
    /// Closed facts (replaced by a later statement), newest first.
    public var replaced: [Entry]

    /// Characters of a source message shown.
    public static let excerptLength = 80

    /// Loads the sheet of `userID`; nil when no such user exists. Throws
    /// ``UnreadableID`` when the users' id type cannot hold `userID` at all.
    public static func load(userID: UserID, in session: DatabaseSession) throws -> FactSheet? {
        if let refusal = try InputKey.user.refusal(of: userID, in: session) {
            throw UnreadableID(message: refusal)
        }
        guard
            let user = try session.query(
                "SELECT display_name, time_zone FROM spotter.users WHERE id = \(id: userID)"
            ).first
        else { return nil }
        var entries: [Entry] = []
        try session.forEachRow(
            """
            SELECT f.id, f.category, f.content, f.temporal, f.confidence, f.mention_count, f.first_mentioned_at,
                   f.last_mentioned_at, f.valid_from, f.valid_to, m.id AS message_id, m.sent_at,
                   substr(m.body, 1, 400) AS body
            FROM spotter.facts f
            JOIN spotter.fact_sources s ON s.fact_id = f.id
            JOIN spotter.messages m ON m.id = s.message_id AND m.deleted_at IS NULL
            WHERE f.user_id = \(id: userID)
            ORDER BY f.id, m.sent_at, m.id
            """ as SQLQuery
        ) { row in
            let id = try row.int64("id")
            let source = Source(
                id: try row.id("message_id"), sentAt: try row.date("sent_at"),
                excerpt: excerpt(try row.string("body")))
            if entries.last?.id == id {
                entries[entries.count - 1].sources.append(source)
                return
            }
            entries.append(
                Entry(
                    id: id, category: try row.string("category"), content: try row.string("content"),
                    temporal: try row.string("temporal"), confidence: try row.double("confidence"),
                    mentionCount: try row.int("mention_count"), firstMentionedAt: try row.date("first_mentioned_at"),
                    lastMentionedAt: try row.date("last_mentioned_at"), validFrom: try row.date("valid_from"),
                    validTo: try row.optionalDate("valid_to"), sources: [source]))
        }
        let order = Dictionary(uniqueKeysWithValues: FactCategory.allCases.enumerated().map { ($1.rawValue, $0) })
        return FactSheet(
            userID: userID, displayName: try user.string("display_name"),
            timeZone: TimeZoneName.zone(try user.string("time_zone")) ?? TimeZone(identifier: "UTC")!,
            current: entries.filter { $0.validTo == nil }.sorted {
                (order[$0.category] ?? 99, $0.firstMentionedAt, $0.id) < (
                    order[$1.category] ?? 99, $1.firstMentionedAt, $1.id
                )
            },
            replaced: entries.filter { $0.validTo != nil }.sorted {
                ($0.validTo ?? .distantPast) > ($1.validTo ?? .distantPast)
            })
    }

    /// The sheet as text: a heading, then per category each current fact with a details line
    /// and up to `maxSources` source excerpts, then up to `maxReplaced` replaced statements.
    public func render(maxSources: Int = 3, maxReplaced: Int = 3) -> String {
        let count = current.count
        var lines = ["\(displayName) (user \(userID)) — \(count) current fact\(count == 1 ? "" : "s")"]
        if current.isEmpty { lines.append("  nothing extracted yet") }
        var category = ""
        for entry in current {
            if entry.category != category {
                category = entry.category
                lines.append("")
                lines.append(category.prefix(1).uppercased() + category.dropFirst())
            }
            lines.append("  • \(entry.content)")
            var details = entry.temporal == "current" ? [] : [entry.temporal]
            details.append(String(format: "confidence %.2f", entry.confidence))
            details.append(entry.mentionCount == 1 ? "mentioned once" : "mentioned \(entry.mentionCount)×")
            let first = day(entry.firstMentionedAt), last = day(entry.lastMentionedAt)
            details.append(first == last ? "on \(first)" : "\(first) → \(last)")
            lines.append("    " + details.joined(separator: " · "))
            for source in entry.sources.suffix(maxSources) {
                lines.append("    #\(source.id) \(day(source.sentAt))  “\(source.excerpt)”")
            }
            if entry.sources.count > maxSources {
                lines.append("    … and \(entry.sources.count - maxSources) earlier message(s)")
            }
        }
        if !replaced.isEmpty && maxReplaced > 0 {
            lines.append("")
            lines.append("Replaced by a later statement")
            for entry in replaced.prefix(maxReplaced) {
                lines.append(
                    "  ◦ \(entry.content) (\(day(entry.validFrom)) → \(day(entry.validTo ?? entry.validFrom)))")
            }
            if replaced.count > maxReplaced { lines.append("  … and \(replaced.count - maxReplaced) more") }
        }
        return lines.joined(separator: "\n")
    }

    private func day(_ date: Date) -> String {
        LocalDate(of: date, in: timeZone).description
    }

    private static func excerpt(_ body: String) -> String {
        let flat = body.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        return flat.count > excerptLength ? String(flat.prefix(excerptLength - 1)) + "…" : flat
    }
}

/// An id that the input relation's id type cannot hold (`ana` where users are keyed by bigint): it
/// names nobody, and is the caller's mistake rather than a missing row.
public struct UnreadableID: Error, Sendable {
    public var message: String
}
