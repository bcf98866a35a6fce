/// Whether two statements in the same slot say the same thing: their content words (stemmed,
/// without grammar and trigger words, which polarity and temporal status already carry)
/// overlap by half or more, or one contains the other ("Left knee hurts" and "Left knee hurts
/// when running"; "Used to smoke" and "No longer smokes").
enum ContentSimilarity {
    private static let ignored: Set<String> = Set(
        ("a an the their they them is are am was were be been has have had do does did not no never "
            + "doesn't don't didn't isn't can't cannot used to longer anymore any more quit stopped gave up "
            + "really very so just now again still also always usually about of in on at for with and or "
            + "but it this that these those lol").split(separator: " ").map(String.init))

    static func nearlyIdentical(_ first: String, _ second: String) -> Bool {
        if first == second { return true }  // a re-mention's usual case; the same answer as below
        let a = words(first)
        let b = words(second)
        if a.isEmpty || b.isEmpty { return a.isEmpty && b.isEmpty }
        if a.isSubset(of: b) || b.isSubset(of: a) { return true }
        return Double(a.intersection(b).count) * 2 >= Double(a.union(b).count)
    }

    private static func words(_ text: String) -> Set<String> {
        var result: Set<String> = []
        var current = ""
        func flush() {
            defer { current = "" }
            guard !current.isEmpty, !ignored.contains(current) else { return }
            result.insert(stem(current))
        }
        for scalar in text.lowercased().unicodeScalars {
            let isWordScalar =
                scalar.isASCII
                ? (0x61...0x7A).contains(scalar.value) || (0x41...0x5A).contains(scalar.value)
                    || (0x30...0x39).contains(scalar.value) || scalar == "'"
                : scalar.properties.isAlphabetic
            if isWordScalar {
                current.unicodeScalars.append(scalar)
            } else {
                flush()
            }
        }
        flush()
        return result
    }

    private static func stem(_ word: String) -> String {
        var word = Substring(word)
        for suffix in ["ing", "ed", "es", "s", "e"] where word.count > suffix.count + 2 && word.hasSuffix(suffix) {
            word = word.dropLast(suffix.count)
            break
        }
        return String(word)
    }
}
