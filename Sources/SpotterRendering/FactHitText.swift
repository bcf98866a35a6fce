import Foundation
public import SpotterJobs

/// Search hits as text a person (or an assistant) reads: one numbered block per fact with its
/// tense, whether it still holds, its dates and the quoted sources.
public enum FactHitText {
    /// The hits of `query`, numbered from `offset + 1`.
    public static func render(_ hits: [FactHit], query: String, offset: Int = 0) -> String {
        guard !hits.isEmpty else { return "No facts match \"\(query.prefix(200))\".\n" }
        var lines: [String] = []
        for (index, hit) in hits.enumerated() {
            let state = hit.isCurrent ? "holds now" : "superseded \(day(hit.validTo))"
            let about = hit.subject == "self" ? "" : " (about their \(hit.subject))"
            lines.append(
                "\(offset + index + 1). \(hit.name) (user \(hit.userID)): \(hit.content)\(about)")
            lines.append(
                "   \(hit.category), \(hit.temporal), \(state); mentioned \(hit.mentionCount)× from \(day(hit.firstMentionedAt)) to \(day(hit.lastMentionedAt))"
            )
            for source in hit.sources {
                lines.append("   > \"\(oneLine(source.text))\" (message \(source.messageID), \(day(source.sentAt)))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func day(_ date: Date?) -> String {
        guard let date else { return "?" }
        return String(date.ISO8601Format().prefix(10))
    }

    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || ($0.asciiValue.map { $0 < 32 } ?? false) ? " " : $0 })
    }
}
