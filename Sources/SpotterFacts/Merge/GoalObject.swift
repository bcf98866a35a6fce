/// What a goal is about, whatever the aim is worded with: "Wants to walk the Camino de Santiago
/// in summer 2027" and "Planning to hike the Camino in summer 2027" are both about `camino`, so
/// they share the slot `self|goal|aim-camino` and the second merges into the first (which keeps
/// the more specific content, ``FactAgreement/moreSpecific(_:_:)``).
///
/// The object is the first content word after the aim (want, plan, hope, going to, would love
/// to, trying to, …), its verb and any determiner; the verb itself when the aim has no object
/// ("Wants to travel" → `travel`). A thing the tables name after the verb keeps its table topic
/// ("pull-up", "half-marathon"), whatever the verb: "hike" alone does not make the Camino a
/// hiking goal. Two goals about one object with another verb ("wants to run
/// a marathon", "wants to watch a marathon") share the slot too: a goal is re-mentioned in other
/// words far more often than a person holds two about one thing.
enum GoalObject {
    /// Words that state the aim, not what it is about.
    private static let aimWords: Set<String> = Set(
        ("want wants wanted wanna planning plan plans planned hoping hope hopes going gonna would 'd like love "
            + "trying try tries aiming aim aims thinking considering intend intends intending wish wishes "
            + "dream dreams dreaming really still eventually someday one day to on of about for "
            + "is am are be been has have goal goals my their next")
            .split(separator: " ").map(String.init))
    /// Words that never name the object.
    private static let skipped: Set<String> = Set(
        ("a an the some more my their this that these those it up out in at with into by before "
            + "again get do go make start take finally actually").split(separator: " ").map(String.init))

    /// The slot topic of a goal's words: a ``FactTopic`` named by what follows the aim's verb
    /// ("wants to do 7 pull-ups" → `pull-up`, "planning to go hiking" → `hiking`), else `aim-`
    /// and the object ("aim-camino"); nil when the words state no aim.
    static func topic(of words: [String]) -> String? {
        var index = 0
        while index < words.count, aimWords.contains(words[index]) { index += 1 }
        guard index > 0, index < words.count else { return nil }
        let verb = words[index]
        if !isNumber(verb) { index += 1 }  // "my goal is 7 pull-ups": no verb
        while index < words.count, skipped.contains(words[index]) || isNumber(words[index]) { index += 1 }
        let rest = Array(words[index...])
        if let named = FactTopic.find(in: rest, category: .goal) { return named.name }
        guard let object = rest.first(where: { !aimWords.contains($0) }) ?? (isNumber(verb) ? nil : verb) else {
            return nil
        }
        return "aim-" + FactTopic.singular(object)
    }

    private static func isNumber(_ word: String) -> Bool { word.first?.isNumber == true }
}
