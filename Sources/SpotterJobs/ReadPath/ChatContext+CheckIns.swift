import Foundation

extension ChatContext {
    /// The `checkins` section as prompt lines ("How has Sarah been feeling?"), or none when the
    /// document has no check-in trends yet. A localized document's `checkins.reasons` (see
    /// ``localized(document:catalog:)``) are the lines of the measures and the low-energy run.
    static func checkInLines(_ object: [String: Any], name: String) -> [String] {
        guard let checkins = object["checkins"] as? [String: Any] else { return [] }
        var lines = ["", "## How \(name) has been feeling (check-ins, 1–5, as of \(checkins["local_date"] ?? "?"))"]
        let week = checkins["check_ins_7d"] as? Int ?? 0
        let month = checkins["check_ins_28d"] as? Int ?? 0
        guard month > 0 else {
            lines.append(
                "- No check-ins in the last 28 days; last one: \(checkins["last_check_in_at"] as? String ?? "never")")
            return lines
        }
        let reasons = strings(checkins["reasons"])
        for text in reasons { lines.append("- \(text)") }
        for measure in ["energy", "mood", "clarity"] where reasons.isEmpty {
            guard let figures = checkins[measure] as? [String: Any] else { continue }
            let recent = (figures["avg_7d"] as? Double).map { String(format: "%.1f", $0) } ?? "no check-ins"
            let longer = (figures["avg_28d"] as? Double).map { String(format: "%.1f", $0) } ?? "?"
            let trend = (figures["trend"] as? String).map { ", \($0)" } ?? ""
            lines.append("- \(measure.capitalized): \(recent) over 7 days (\(longer) over 28)\(trend)")
        }
        let lowDays = checkins["low_energy_days"] as? Int ?? 0
        if lowDays > 0 && reasons.isEmpty {
            let flag = (checkins["low_energy"] as? Bool ?? false) ? " — low energy" : ""
            lines.append("- Low energy \(lowDays) day\(lowDays == 1 ? "" : "s") in a row\(flag)")
        }
        lines.append(
            "- \(week) check-in\(week == 1 ? "" : "s") this week, \(month) in 28 days; last \(checkins["last_check_in_at"] ?? "?")"
        )
        return lines
    }
}
