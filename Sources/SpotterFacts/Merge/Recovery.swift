/// Whether a statement about a body part says it is well again: "knee is fine now", "no more
/// pain in my knee", "doesn't hurt anymore", "the pain is gone", "feels much better, no pain".
/// "back's good again", "knee feels good now" are recoveries too, stored exactly as "fine now":
/// polarity `negative`, temporal `current`, whatever the wording.
/// "Getting better" and "recovering from" are not recoveries: the problem still holds.
enum Recovery {
    static func says(_ words: [String]) -> Bool {
        if negatedWell.contains(where: { words.contains(phrase: $0) }) { return false }
        if phrases.contains(where: { words.contains(phrase: $0) }) { return true }
        // "the pain in my ankle is gone", "the soreness went away"
        return gone.contains(where: { words.contains(phrase: $0) }) && problems.contains(where: words.contains)
    }

    /// Whether a statement about a body part says it is not well ("my back is not good at all",
    /// "knee still isn't fine"): the problem holds, whatever negation the sentence carries.
    static func denies(_ words: [String]) -> Bool {
        negatedWell.contains(where: { words.contains(phrase: $0) })
    }

    /// The phrases as word sequences: every merge asks about every fact that names a body part,
    /// and matching words costs far less than searching the joined text for each phrase.
    private static func wordSequences(_ phrases: [String]) -> [[String]] {
        phrases.map { $0.split(separator: " ").map(String.init) }
    }

    private static let gone = wordSequences(["gone", "went away", "gone away", "disappeared"])
    private static let problems: Set<String> = ["pain", "ache", "soreness", "swelling", "hurt", "hurting"]

    private static let phrases = wordSequences([
        "fine", "ok now", "okay now", "better now", "much better", "all better", "healed",
        "recovered", "no more pain", "no pain", "pain is gone", "pain's gone", "pain free",
        "doesn't hurt", "does not hurt", "don't hurt", "do not hurt", "not hurting", "stopped hurting",
        "no longer hurts", "no longer hurt", "no longer sore", "not sore", "back to normal",
        "good as new", "100", "all good", "cleared", "pain has gone", "hurts no more",
        // "back's good again", "knee feels good now": the same recovery as "fine now", stored the same way
        "good again", "good now", "is good", "are good", "feels good", "feel good", "better again",
        "okay again", "ok again", "fine again",
    ])

    private static let negatedWell = wordSequences([
        "not fine", "isn't fine", "not ok", "not okay", "never fine", "not better", "no better",
        "isn't better", "not healed", "not recovered", "hasn't healed", "not fully", "not 100", "isn't 100",
        "not at 100", "not quite 100",
        "not good", "isn't good", "aren't good", "no good", "not feeling good", "not feel good",
        // "doesn't hurt as much as it did": less, not gone
        "hurt as much", "hurts as much", "hurt that much", "hurt as bad", "hurt as badly", "hurt so much",
        "as sore as", "as painful as", "as bad as",
    ])
}

extension [String] {
    /// Whether `phrase` occurs here as consecutive words.
    func contains(phrase: [String]) -> Bool {
        guard let first = phrase.first, phrase.count <= count else { return false }
        var start = startIndex
        while start <= endIndex - phrase.count {
            if self[start] == first, self[start..<(start + phrase.count)].elementsEqual(phrase) { return true }
            start += 1
        }
        return false
    }
}
