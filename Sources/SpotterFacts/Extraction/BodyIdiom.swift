/// Figurative uses of a body part: "I like to stay on my toes", "I'll keep my fingers crossed",
/// "my commute is a pain in the neck", "it cost an arm and a leg". The part is no part of the
/// speaker's body there, so neither the injury reading (``InjuryStatement``) nor the clause
/// rules' health rule may read a problem or a restriction from it.
///
/// Only whole phrases count: "my toes hurt", "I have a pain in my neck", "I hurt my neck" and "I
/// dropped a plate on my toes" stay literal (staying or kept "on my toes" is the idiom). "a pain in the neck" is figurative only after a copula ("he is a pain in the
/// neck"), never after "have" or "feel": a literal pain is never masked.
enum BodyIdiom {
    /// The word positions of `words` (lower case, as written) that lie inside a figurative
    /// phrase; empty when there is none.
    static func figurative(_ words: [String]) -> Set<Int> {
        var inside: Set<Int> = []
        guard words.contains(where: { partWords.contains($0) }) else { return inside }
        for start in words.indices {
            for phrase in phrases where matches(phrase, in: words, at: start) {
                inside.formUnion(start..<start + phrase.count)
            }
            if words[start] == "pain", isFigurativePain(words, at: start) { inside.formUnion(start..<start + 4) }
        }
        return inside
    }

    /// `words` with every word of a figurative phrase replaced by "_".
    static func masked(_ words: [String]) -> [String] {
        let inside = figurative(words)
        guard !inside.isEmpty else { return words }
        return words.indices.map { inside.contains($0) ? "_" : words[$0] }
    }

    /// "~" stands for a possessive ("my", "your", "their" …).
    private static let phrases: [[String]] = [
        "stay on ~ toes", "stays on ~ toes", "stayed on ~ toes", "staying on ~ toes", "be on ~ toes",
        "keep ~ on ~ toes",
        "keeps ~ on ~ toes", "keeping ~ on ~ toes", "kept ~ on ~ toes", "fingers crossed", "cross ~ fingers",
        "crossing ~ fingers", "crossed ~ fingers",
        "landed on ~ feet", "land on ~ feet", "lands on ~ feet", "landing on ~ feet", "back on ~ feet",
        "break a leg", "arm and a leg", "keep an eye", "keeping an eye", "an eye on", "an eye out", "~ eye on",
        "~ eyes on", "eye opening", "eye-opening", "head over heels", "cold feet", "pulling ~ leg", "pull ~ leg",
        "sweet tooth", "green thumb", "off ~ chest", "shoulder to cry on", "by heart", "heart set on",
        "change of heart", "broke ~ heart", "broken heart", "heart broken", "bottom of ~ heart", "heart of gold",
        "heart goes out", "all ears", "elbow grease", "neck of the woods", "foot the bill", "put ~ foot down",
        "hands full", "hand in hand", "other hand", "lend a hand", "give a hand", "give you a hand", "first hand",
        "second hand", "thumbs up", "chin up", "stick ~ neck out", "neck and neck", "back of ~ mind",
        "tongue in cheek", "bite ~ tongue", "skin of ~ teeth", "head start", "heads up", "over ~ head",
        "keep ~ head up", "head above water", "kick ~ butt", "kicked ~ butt", "kicking ~ butt", "kicks ~ butt",
        "kicked ~ ass", "get off ~ back", "behind ~ back", "on ~ own two feet", "two left feet", "land on ~ feet",
        "face to face", "hands down", "~ hands on", "on hand", "out of hand", "good hands", "dip ~ toes",
        "toe the line", "step on ~ toes", "stepping on ~ toes", "butterflies in ~ stomach", "pick ~ brain",
        "wrap ~ head around", "cold shoulder", "chip on ~ shoulder", "knee deep", "knee-deep", "rule of thumb",
        "under ~ thumb", "all thumbs", "elbow room", "upper hand", "hand it to", "off the top of ~ head",
        "get ~ feet wet", "sweep ~ off ~ feet", "swept ~ off ~ feet",
    ].map { $0.split(separator: " ").map(String.init) }

    private static let possessives: Set<String> = [
        "my", "your", "our", "their", "his", "her", "its", "one's", "someone's", "me", "you", "him", "them", "us",
    ]

    /// The body words the phrases hold: a text without any is skipped at one look-up a word.
    private static let partWords: Set<String> = Set(
        phrases.joined().filter { BodyPart.byPhrase[$0] != nil || BodyPart.unslotted.contains($0) }
            + ["neck", "butt", "ass", "backside"])

    private static func matches(_ phrase: [String], in words: [String], at start: Int) -> Bool {
        guard start + phrase.count <= words.count else { return false }
        for (offset, wanted) in phrase.enumerated() {
            let word = words[start + offset]
            if wanted == "~" ? !possessives.contains(word) : word != wanted { return false }
        }
        return true
    }

    private static let copulas: Set<String> = [
        "is", "was", "are", "were", "be", "been", "being", "it's", "that's", "he's", "she's", "they're", "s",
    ]
    private static let having: Set<String> = [
        "have", "has", "had", "having", "got", "get", "getting", "feel", "feeling", "felt", "with", "i've",
    ]

    /// "a pain in the neck/butt/ass" after a copula, with no "have" or "feel" nearer.
    private static func isFigurativePain(_ words: [String], at index: Int) -> Bool {
        guard index + 3 < words.count, words[index + 1] == "in", words[index + 2] == "the",
            ["neck", "butt", "ass", "backside", "rear"].contains(words[index + 3])
        else { return false }
        for back in stride(from: index - 1, through: max(0, index - 4), by: -1) {
            if having.contains(words[back]) { return false }
            if copulas.contains(words[back]) { return true }
        }
        return false
    }
}
