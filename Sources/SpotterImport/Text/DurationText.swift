import Foundation

/// Session durations as Strong writes them, in any language: `1h 5m`, `45m`, `1 h 5 min`,
/// `1小时13分钟`, `1 Std. 5 Min.`, `1:05:00`, or a bare number of minutes.
enum DurationText {
    /// Whole minutes (seconds rounded), nil when the text is empty or holds no duration.
    static func minutes(_ text: String) -> Int? {
        let folded = TextFolding.fold(text)
        if folded.isEmpty { return nil }
        if folded.contains(":") {
            let parts = folded.split(separator: ":").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            let values = parts.map { $0! }
            switch values.count {
            case 2: return values[0] * 60 + values[1]
            case 3: return values[0] * 60 + values[1] + (values[2] >= 30 ? 1 : 0)
            default: return nil
            }
        }
        var seconds = 0.0
        var found = false
        var scanner = folded.unicodeScalars[...]
        while !scanner.isEmpty {
            guard let first = scanner.first, ("0"..."9").contains(first) else {
                scanner = scanner.dropFirst()
                continue
            }
            var digits = scanner.prefix { ("0"..."9").contains($0) }
            let rest = scanner.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ",", let next = rest.dropFirst().first,
                ("0"..."9").contains(next)
            {
                digits = scanner.prefix(digits.count + 1 + rest.dropFirst().prefix { ("0"..."9").contains($0) }.count)
            }
            scanner = scanner.dropFirst(digits.count)
            guard let amount = Double(String(String.UnicodeScalarView(digits)).replacingOccurrences(of: ",", with: "."))
            else { return nil }
            let unitScalars = scanner.drop { $0 == " " }.prefix { !("0"..."9").contains($0) && $0 != " " }
            let unit = String(String.UnicodeScalarView(unitScalars))
            seconds += amount * unitSeconds(unit)
            found = true
        }
        return found ? Int((seconds / 60).rounded()) : nil
    }

    /// Seconds in one of `unit` ("h", "小时", "std.", "min", "分钟", "s", "秒"); a bare number is
    /// minutes.
    private static func unitSeconds(_ unit: String) -> Double {
        let hours = [
            "h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "hora", "horas",
            "ora", "ore", "uur", "u", "t", "timer", "tim", "godz", "ч", "час", "小时", "時間", "时", "時", "시간",
        ]
        let seconds = ["s", "sec", "secs", "second", "seconds", "sek", "seg", "秒", "초", "с", "сек"]
        let word = unit.trimmingCharacters(in: CharacterSet.punctuationCharacters.union(.whitespaces))
        if hours.contains(word) { return 3600 }
        if seconds.contains(word) { return 1 }
        if word.hasPrefix("hour") || word.hasPrefix("heure") || word.hasPrefix("hora") || word.hasPrefix("stund") {
            return 3600
        }
        return 60
    }
}
