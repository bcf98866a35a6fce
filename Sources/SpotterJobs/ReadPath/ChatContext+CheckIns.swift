import Foundation
import SpotterReasons

extension ChatContext {
    /// The `checkins` section as prompt lines ("How has Sarah been feeling?"), in the reader's
    /// language, or none when the document has no check-in trends yet. The measures and the
    /// low-energy run are the section's `reasons` of a localized document (see
    /// ``localized(document:catalog:)``), else rendered here from the trends.
    static func checkInLines(_ object: [String: Any], name: String, text: Text) -> [String] {
        guard let checkIns = object["checkins"] as? [String: Any] else { return [] }
        var lines = [
            "",
            "## " + text(.contextCheckInsHeading, ["name": .text(name), "date": text.date(checkIns["local_date"])]),
        ]
        let week = checkIns["check_ins_7d"] as? Int ?? 0
        let month = checkIns["check_ins_28d"] as? Int ?? 0
        let last = text.time(checkIns["last_check_in_at"])
        guard month > 0 else {
            lines.append("- " + (last.map { text(.contextNoRecentCheckIns, ["last": $0]) } ?? text(.contextNoCheckIns)))
            return lines
        }
        var reasons = strings(checkIns["reasons"])
        if reasons.isEmpty { reasons = checkInReasons(checkIns).map { text.catalog.text(of: $0, in: text.language) } }
        for line in reasons { lines.append("- \(line)") }
        lines.append(
            "- "
                + text(
                    .contextCheckInCount, ["week": .count(week), "month": .count(month), "last": last ?? .text("?")]))
        return lines
    }
}
