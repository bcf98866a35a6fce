import SpotterFacts

/// Slot keys for facts that came from the model, shaped like the rules' keys:
/// `subject|category|topic`, where the topic is the first three content words of the statement,
/// lower-cased and crudely stemmed, joined with "-" ("self|health|left-knee-hurt").
///
/// SpotterFacts keeps its topic builder internal (its topics come from the parse: "knee-left",
/// "job"), so an LLM fact and a rules fact about the same thing may land in different slots;
/// within the LLM's own facts, grammar, negation and trigger words ("no longer", "hates",
/// "wants to") are dropped so that "Left knee hurts" and "Left knee no longer hurts" share a
/// slot and the merger sees the contradiction.
enum LLMSlotKey {
    /// The most content words kept in a topic.
    static let topicWords = 3

    /// `subject|category|topic` for a statement; the subject's own words ("Wife is vegan") are
    /// not part of the topic.
    static func slot(subject: String, category: String, content: String) -> String {
        "\(subject)|\(category)|\(topic(content, besides: subject == "self" ? [] : Set(words(subject))))"
    }

    /// The topic part: up to ``topicWords`` stemmed content words, or, when the statement has
    /// none, its first words as they are.
    static func topic(_ content: String, besides subjectWords: Set<String> = []) -> String {
        let all = words(content)
        let kept = all.filter { !ignored.contains($0) && !subjectWords.contains($0) && !$0.allSatisfy(\.isNumber) }
            .prefix(topicWords).map(stem)
        if !kept.isEmpty { return kept.joined(separator: "-") }
        let fallback = all.prefix(6)
        return fallback.isEmpty ? "statement" : fallback.joined(separator: "-")
    }

    /// Lower-cased runs of letters, digits and apostrophes: the facts' one word splitter.
    private static func words(_ text: String) -> [String] { FactIdentity.words(text) }

    /// The rules' crude stem: -ies → -y or -s, then -ing or -ed, then a final e (not after
    /// another e), then a doubled final consonant ("running" → "run", "smokes" → "smok",
    /// "knees" → "knee").
    private static func stem(_ word: String) -> String {
        var stemmed = Array(word)
        func ends(_ suffix: String) -> Bool {
            stemmed.count > suffix.count + 2 && stemmed.suffix(suffix.count).elementsEqual(suffix)
        }
        if ends("ies") {
            stemmed.removeLast(3)
            stemmed.append("y")
        } else if ends("s") && !ends("ss") && !ends("is") && !ends("us") {
            stemmed.removeLast()
        }
        if ends("ing") {
            stemmed.removeLast(3)
        } else if ends("ed") {
            stemmed.removeLast(2)
        }
        if ends("e") && stemmed[stemmed.count - 2] != "e" { stemmed.removeLast() }
        if stemmed.count > 3, let last = stemmed.last, stemmed[stemmed.count - 2] == last, !"aeioulsz".contains(last) {
            stemmed.removeLast()
        }
        return String(stemmed)
    }

    /// Grammar, negation, time and trigger words: they carry polarity and temporal status,
    /// which the fact holds in its own fields, not what the fact is about.
    private static let ignored: Set<String> = Set(
        ("a an the some any this that these those it its it's they them their he him his she her hers "
            + "i i'm i've me my mine myself we our you your self "
            + "is are am was were be been being has have had having do does did done doing "
            + "not no never none nor don't doesn't didn't isn't aren't wasn't weren't can't cannot couldn't won't "
            + "wouldn't hasn't haven't hadn't anymore longer used quit stopped gave give up "
            + "to of in on at for with from by about into over than as out off down back around before after "
            + "and or but so if when while because then also still just really very too quite always usually "
            + "often sometimes currently now again ago recently lately "
            + "can could will would should must may might able "
            + "want wants wanted wanting need needs plan plans planning hope hopes hoping aim aims aiming "
            + "intend intends goal like likes liked love loves loved enjoy enjoys enjoyed hate hates hated "
            + "dislike dislikes disliked prefer prefers preferred think thinks believe believes "
            + "get gets got getting go goes going went make makes start starts started try tries trying "
            + "lot lots bit much many more most less few every each per one").split(separator: " ").map(String.init))
}
