import Foundation
import SpotterDB
public import SpotterReasons

extension ChatContext {
    /// `document` (as `spotter.chat_context` holds it) with every reason in the language of its
    /// user (`user.locale`; a trainer's clients in the trainer's): the suggestion's and each
    /// recommendation's `reasons` and each client's `reason` rendered from their codes, the
    /// check-in trends as `checkins.reason_codes` and `checkins.reasons`, and `reasons_locale`
    /// saying which language was used and whether it was a fallback. Rows without codes (written
    /// before migration 032) keep their text.
    public static func localized(document: String, catalog: ReasonCatalog = .standard) throws -> String {
        guard var object = try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any],
            let user = object["user"] as? [String: Any]
        else { throw DatabaseError(.decoding, "chat_context document is not a JSON object with a user") }
        let language = catalog.language(for: user["locale"] as? String ?? "")
        func localizedList(_ item: [String: Any]) -> [String: Any] {
            var item = item
            let codes = (item["reason_codes"] as? [Any]).flatMap { catalog.reasons(jsonArray: $0) }
            item["reasons"] = ReaderLanguage.texts(stored: strings(item["reasons"]), codes: codes, in: language)
            return item
        }
        func localizedOne(_ item: [String: Any]) -> [String: Any] {
            var item = item
            if let code = item["reason_code"] as? [String: Any], let reason = catalog.reasons(jsonArray: [code])?.first
            {
                item["reason"] = String(catalog.text(of: reason, in: language).prefix(160))
            }
            return item
        }
        if let suggestion = object["suggestion"] as? [String: Any] { object["suggestion"] = localizedList(suggestion) }
        if let items = object["recommendations"] as? [[String: Any]] {
            object["recommendations"] = items.map(localizedList)
        }
        for key in ["inactive_clients", "not_messaging"] {
            if let items = object[key] as? [[String: Any]] { object[key] = items.map(localizedOne) }
        }
        if var checkIns = object["checkins"] as? [String: Any] {
            let reasons = checkInReasons(checkIns)
            checkIns["reason_codes"] = try reasons.map { try JSONSerialization.jsonObject(with: Data($0.json.utf8)) }
            checkIns["reasons"] = reasons.map { catalog.text(of: $0, in: language) }
            object["checkins"] = checkIns
        }
        object["reasons_locale"] = [
            "locale": language.requested, "language": language.language, "fallback": language.fallback,
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// The check-in trends of a `checkins` section as reasons: each measure's averages and trend,
    /// and the run of low-energy days. None without a check-in in 28 days.
    static func checkInReasons(_ checkIns: [String: Any]) -> [Reason] {
        guard (checkIns["check_ins_28d"] as? Int ?? 0) > 0 else { return [] }
        var reasons: [Reason] = []
        for measure in ["energy", "mood", "clarity"] {
            guard let figures = checkIns[measure] as? [String: Any], let month = number(figures["avg_28d"]) else {
                continue
            }
            let name = ReasonValue.term(measure)
            guard let week = number(figures["avg_7d"]) else {
                reasons.append(Reason(.checkInQuietWeek, ["measure": name, "month_average": .decimal(month)]))
                continue
            }
            var arguments: [String: ReasonValue] = [
                "measure": name, "week_average": .decimal(week), "month_average": .decimal(month),
            ]
            if let trend = figures["trend"] as? String, ["rising", "falling", "steady"].contains(trend) {
                arguments["trend"] = .term(trend)
                reasons.append(Reason(.checkInTrend, arguments))
            } else {
                reasons.append(Reason(.checkInAverage, arguments))
            }
        }
        let lowDays = checkIns["low_energy_days"] as? Int ?? 0
        if lowDays > 0 {
            let flagged = checkIns["low_energy"] as? Bool ?? ((checkIns["low_energy"] as? Int) == 1)
            reasons.append(Reason(flagged ? .lowEnergyFlagged : .lowEnergyDays, ["days": .count(lowDays)]))
        }
        return reasons
    }

    private static func number(_ value: Any?) -> Double? {
        if let value = value as? Double { return value }
        return (value as? Int).map(Double.init)
    }
}
