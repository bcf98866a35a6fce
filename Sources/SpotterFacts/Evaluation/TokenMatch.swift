/// The real-data scorer's notion of "the same fact": token F1 ≥ 0.5 after normalisation, matched
/// one-to-one. It mirrors `facts_msc.py` (lower-cased, contractions expanded, stop words and
/// pronouns dropped, plural and tense suffixes cut), so "Works in marketing" matches "I have a
/// marketing job" and the figures printed by `spotter eval facts --msc` equal the script's.
public enum TokenMatch {
    /// The threshold above which two statements count as the same fact.
    public static let threshold = 0.5

    private static let contractions: [String: [String]] = [
        "i'm": ["i", "am"], "i've": ["i", "have"], "i'd": ["i", "would"], "i'll": ["i", "will"],
        "don't": ["do", "not"], "doesn't": ["does", "not"], "didn't": ["did", "not"], "can't": ["can", "not"],
        "cannot": ["can", "not"], "won't": ["will", "not"], "isn't": ["is", "not"], "aren't": ["are", "not"],
        "wasn't": ["was", "not"], "it's": ["it", "is"], "that's": ["that", "is"], "im": ["i", "am"],
        "ive": ["i", "have"], "dont": ["do", "not"],
    ]

    private static let stopWords: Set<String> = Set(
        ("a an the and or but so to of in on at for with is am are was were be been being it that this "
            + "i me my mine myself he him his she her hers they them their we our you your user person "
            + "has have had do does did very really also just").split(separator: " ").map(String.init))

    /// The normalised tokens of `text`.
    public static func tokens(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            let value = scalar.value
            if (value >= 0x61 && value <= 0x7A) || (value >= 0x30 && value <= 0x39) || value == 0x27 {
                current.unicodeScalars.append(scalar)
            } else if value == 0x2019 {
                current.append("'")
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        var out: [String] = []
        for word in words {
            for part in contractions[word] ?? [word] where !stopWords.contains(part) { out.append(stem(part)) }
        }
        return out
    }

    private static func stem(_ token: String) -> String {
        for suffix in ["ing", "ed", "es", "s"] where token.count > suffix.count + 2 && token.hasSuffix(suffix) {
            return String(token.dropLast(suffix.count))
        }
        return token
    }

    /// Token F1 of two token lists (multiset overlap).
    public static func f1(_ a: [String], _ b: [String]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var counts: [String: Int] = [:]
        for token in a { counts[token, default: 0] += 1 }
        var common = 0
        for token in b where (counts[token] ?? 0) > 0 {
            counts[token]! -= 1
            common += 1
        }
        guard common > 0 else { return 0 }
        let precision = Double(common) / Double(a.count)
        let recall = Double(common) / Double(b.count)
        return 2 * precision * recall / (precision + recall)
    }

    /// One-to-one pairs (prediction index, gold index), best scores first, each ≥ the threshold.
    public static func pairs(_ predicted: [String], _ gold: [String]) -> [(Int, Int)] {
        let p = predicted.map(tokens)
        let g = gold.map(tokens)
        var scored: [(Double, Int, Int)] = []
        for i in p.indices {
            for j in g.indices {
                let score = f1(p[i], g[j])
                if score >= threshold { scored.append((score, i, j)) }
            }
        }
        // Python sorts the tuples descending: score, then prediction index, then gold index.
        scored.sort { a, b in a.0 != b.0 ? a.0 > b.0 : (a.1 != b.1 ? a.1 > b.1 : a.2 > b.2) }
        var usedP: Set<Int> = []
        var usedG: Set<Int> = []
        var result: [(Int, Int)] = []
        for (_, i, j) in scored where !usedP.contains(i) && !usedG.contains(j) {
            usedP.insert(i)
            usedG.insert(j)
            result.append((i, j))
        }
        return result
    }
}
