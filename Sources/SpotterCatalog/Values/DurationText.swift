/// Parses a catalog duration: one or more `<number><unit>` parts with no spaces, where the unit is
/// `ms`, `s`, `m`, `h` or `d` (a day is 24 hours here: durations are elapsed time, not calendar
/// days). Examples: `500ms`, `30s`, `5m`, `2h`, `1d`, `1h30m`, `1.5h`.
///
/// Returns nil for anything else, including negative values, a bare number, spaces, and values
/// too large to represent. The result is rounded to whole milliseconds.
public func parseDuration(_ text: String) -> Duration? {
    var milliseconds: Int64 = 0
    var index = text.unicodeScalars.startIndex
    let scalars = text.unicodeScalars
    guard !scalars.isEmpty else { return nil }
    while index < scalars.endIndex {
        var number = ""
        while index < scalars.endIndex, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
            number.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        var unit = ""
        while index < scalars.endIndex, ("a"..."z").contains(scalars[index]) {
            unit.unicodeScalars.append(scalars[index])
            index = scalars.index(after: index)
        }
        guard let unitMilliseconds = durationUnits[unit], let part = partMilliseconds(number, unitMilliseconds) else {
            return nil
        }
        let (sum, overflow) = milliseconds.addingReportingOverflow(part)
        guard !overflow else { return nil }
        milliseconds = sum
    }
    return .milliseconds(milliseconds)
}

/// Formats a duration the way the catalog writes them: `1h30m`, `45s`, `250ms`, `0s`.
public func formatDuration(_ duration: Duration) -> String {
    var milliseconds = duration.catalogMilliseconds
    guard milliseconds != 0 else { return "0s" }
    var text = milliseconds < 0 ? "-" : ""
    milliseconds = abs(milliseconds)
    for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1_000), ("ms", 1)] {
        let count = milliseconds / size
        if count > 0 {
            text += "\(count)\(unit)"
            milliseconds -= count * size
        }
    }
    return text
}

extension Duration {
    /// The duration in seconds as a floating-point number (attosecond precision is not needed here).
    var catalogSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// The duration rounded to whole milliseconds.
    var catalogMilliseconds: Int64 {
        let parts = components
        return parts.seconds * 1_000 + (parts.attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    }
}

private let durationUnits: [String: Int64] = [
    "ms": 1, "s": 1_000, "m": 60_000, "h": 3_600_000, "d": 86_400_000,
]

/// One `<number><unit>` part in milliseconds; nil when the number is malformed or overflows.
private func partMilliseconds(_ number: String, _ unit: Int64) -> Int64? {
    guard !number.isEmpty else { return nil }
    let pieces = number.split(separator: ".", omittingEmptySubsequences: false)
    guard pieces.count <= 2, !pieces[0].isEmpty, let whole = Int64(pieces[0]) else { return nil }
    let (wholePart, overflow) = whole.multipliedReportingOverflow(by: unit)
    guard !overflow else { return nil }
    guard pieces.count == 2 else { return wholePart }
    guard !pieces[1].isEmpty, pieces[1].count <= 9, let fraction = Int64(pieces[1]) else { return nil }
    var scale: Int64 = 1
    for _ in 0..<pieces[1].count { scale *= 10 }
    let fractionPart = (fraction * unit + scale / 2) / scale
    let (sum, sumOverflow) = wholePart.addingReportingOverflow(fractionPart)
    return sumOverflow ? nil : sum
}
