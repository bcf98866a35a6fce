/// Picks the candidate closest to a misspelled word, for "did you mean" hints.
///
/// Returns nil when nothing is close enough to be a plausible typo: the allowed edit distance grows
/// with the word's length (1 edit for short words, up to a third of the length for long ones).
public func closestMatch(to word: String, among candidates: some Sequence<String>) -> String? {
    let needle = Array(word.lowercased())
    let allowed = max(1, min(needle.count / 3, 4))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
        let distance = editDistance(needle, Array(candidate.lowercased()))
        guard distance <= allowed else { continue }
        if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    return best?.candidate
}

/// The optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbours each cost one edit.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var twoRowsUp = [Int](repeating: 0, count: b.count + 1)
    var rowUp = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(rowUp[j] + 1, row[j - 1] + 1, rowUp[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                row[j] = min(row[j], twoRowsUp[j - 2] + 1)
            }
        }
        (twoRowsUp, rowUp, row) = (rowUp, row, twoRowsUp)
    }
    return rowUp[b.count]
}

/// The hint appended to an "unknown name" message: ` (did you mean "x"?)`, or the list of names
/// that are allowed when the list is short and nothing is close.
func suggestionHint(for word: String, among candidates: [String]) -> String {
    if let match = closestMatch(to: word, among: candidates) {
        return " (did you mean \"\(match)\"?)"
    }
    if candidates.isEmpty { return "" }
    if candidates.count <= 12 {
        return "; expected one of: " + candidates.sorted().joined(separator: ", ")
    }
    return ""
}
