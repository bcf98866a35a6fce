/// "I'm out of work right now", "I just retired", "since I retired", "I got laid off": whether
/// the speaker works, written the way readers write it down ("Is out of work", "Is retired",
/// "Was laid off", "Was fired"), in a slot of its own (`self|personal|work-status`): in the job
/// slot, a retirement superseded the job the speaker had had ("I was a gym teacher" and "I'm
/// retired" are both written down), and a joke about being fired the job they have.
///
/// Readers of real chat write a retirement down as "I am retired" whatever its verb ("I just
/// retired", "I have retired", "since I retired"), so a past "retired" is a present state. Not a
/// wish or a prospect ("I wish I was retired", "once I'm retired", "if I get fired"), another
/// person's ("before you retired", "my dad retired"), or a thing retired ("I retired from the
/// games" keeps its own words).
enum WorkStatus {
    /// The fact, and whether it is the whole clause (then it replaces the clause's own reading:
    /// "I'm retired now" is "Is retired"; else it is one more fact of the clause).
    static func draft(in words: [Token], writer: ContentWriter) -> (draft: FactDraft, wholeClause: Bool)? {
        guard !words.contains(where: \.isQuoted) else { return nil }
        for index in words.indices where Anchor.startsSubject(words[index]) {
            guard isSpeaker(words, index) else { continue }
            guard !words[..<index].contains(where: { wishes.contains($0.key) }),
                let (content, end, past, copula) = status(in: words, after: index)
            else { continue }
            // "once I'm retired" is a prospect; "when I retired", "when I got laid off" happened.
            if index > 0, prospects.contains(words[index - 1].key), copula || words[index - 1].key != Words.when {
                continue
            }
            let opens = words[..<index].allSatisfy { $0.flags.intersects([.discourse, .filler]) }
            let rest = words[end...]
            // An event takes its own modifiers ("… from my job in May"); a state only filler.
            let whole = opens && (past || rest.allSatisfy { trailing.contains($0.key) })
            var written = content
            // An event keeps its date ("Was fired in the week of …"); a state drops "now".
            if whole, past, end < words.count {
                let rest = writer.write(words, from: end, to: words.count)
                written += " " + (words[end].isCapitalized ? rest : rest.prefix(1).lowercased() + rest.dropFirst())
            }
            let draft = FactDraft(
                subject: "self", category: .personal, polarity: .positive, temporal: past ? .past : .current,
                confidence: opens ? 0.85 : 0.7, topic: "work-status", content: written)
            return (draft, whole)
        }
        return nil
    }

    private static func isSpeaker(_ words: [Token], _ index: Int) -> Bool {
        let key = words[index].key
        return key == Words.i || key == Words.im || key == Words.iAm || key == Words.ive || key == Words.iHave
    }

    /// What follows the speaker's "I" at `index`: the content, where the phrase ends, and
    /// whether it is an event (fired, laid off) rather than a state.
    private static func status(in words: [Token], after index: Int) -> (String, Int, Bool, Bool)? {
        func key(_ position: Int) -> WordKey? { position < words.count ? words[position].key : nil }
        var position = index + 1
        var copula = words[index].key == Words.im || words[index].key == Words.iAm
        var perfect = words[index].key == Words.ive || words[index].key == Words.iHave
        if words[index].key == Words.i {
            if key(position) == Words.am || key(position) == WordKey("m") {
                copula = true
                position += 1
            } else if key(position) == Words.have {
                perfect = true
                position += 1
            }
        }
        while let word = key(position), adverbs.contains(word) { position += 1 }
        if perfect, key(position) == Words.been {
            copula = true
            position += 1
            while let word = key(position), adverbs.contains(word) { position += 1 }
        }
        guard let word = key(position) else { return nil }
        if copula {
            if word == WordKey("retired"), !followsWithObject(words, position + 1) {
                return ("Is retired", position + 1, false, true)
            }
            if word == WordKey("unemployed") { return ("Is unemployed", position + 1, false, true) }
            if word == WordKey("out"), key(position + 1) == Words.of {
                if key(position + 2) == Words.work { return ("Is out of work", position + 3, false, true) }
                if key(position + 2) == Words.a, key(position + 3) == Words.job {
                    return ("Is out of work", position + 4, false, true)
                }
            }
            if word == Words.in, key(position + 1) == WordKey("between"), key(position + 2) == WordKey("jobs") {
                return ("Is between jobs", position + 3, false, true)
            }
            if word == WordKey("between"), key(position + 1) == WordKey("jobs") {
                return ("Is between jobs", position + 2, false, true)
            }
            return nil
        }
        // "I retired", "I just retired", "I've retired": a state now.
        if word == WordKey("retired"), !followsWithObject(words, position + 1) {
            return ("Is retired", position + 1, false, false)
        }
        // "I got fired", "I got laid off", "I was laid off", "I was let go".
        if word == Words.got || word == Words.was {
            var next = position + 1
            while let adverb = key(next), adverbs.contains(adverb) { next += 1 }
            if key(next) == WordKey("fired") { return ("Was fired", next + 1, true, false) }
            if key(next) == WordKey("laid"), key(next + 1) == WordKey("off") {
                return ("Was laid off", next + 2, true, false)
            }
        }
        return nil
    }

    /// "I retired from the games", "I retired my old shoes": something other than work retired.
    private static func followsWithObject(_ words: [Token], _ index: Int) -> Bool {
        guard index < words.count else { return false }
        let next = words[index]
        // "retired from the air force" keeps its own words ("Retired from the air force").
        if next.key == Words.from { return true }
        return next.flags.intersects([.determiner, .objectPronoun]) && next.key != Words.a && next.key != Words.an
            || next.key == Words.my
    }

    /// True when `content` (the clause's own fact) already says it ("Got fired at Petsmart").
    static func isSaid(in content: String) -> Bool {
        content.split(separator: " ").prefix(3).contains { $0 == "fired" || $0 == "retired" || $0 == "laid" }
    }

    /// Words between "I" and the status that change nothing ("I'm currently unemployed").
    private static let adverbs: Set<WordKey> = Lexicon.keys(
        ("just now currently recently finally officially already basically technically still kinda sort "
            + "semi fully happily actually also"))
    /// Words that may end a clause that says nothing but the status ("I'm retired now", "right now").
    private static let trailing: Set<WordKey> = Lexicon.keys(
        ("now right currently at the moment lol haha though too anyway actually already so for years a few "
            + "couple of months since recently ago last year month week yet"))
    /// A prospect, a condition or someone else's time: "once I'm retired", "if I get fired".
    private static let prospects: Set<WordKey> = Lexicon.keys(
        "once if unless until till before whenever wish hope when")
    private static let wishes: Set<WordKey> = Lexicon.keys(
        "wish hope hoping wishing want wanna would could should might if unless")
}
